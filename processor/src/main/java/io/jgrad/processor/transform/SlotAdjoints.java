package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Arrays of records of numbers whose elements' adjoint objects stay in their slots. Normally a
 * store {@code acc[i] = next} pushes the old adjoint object, puts a new zero one in the slot and
 * the reverse sweep pops the old one back: an allocation and a push per store, all alive until
 * the reverse sweep (n-body: two per pair of bodies). Every adjoint holds zero going forward, so
 * the slot's object can serve the new element as well; its reverse then reads the slot (the new
 * element's adjoint) and puts a fresh zero object there for the element overwritten, as {@code
 * aBar[i] = 0} does for a number. Going backwards the slot then holds, at each point, the adjoint
 * of the element the primal held there.
 *
 * <p>That is only right where nothing but the slot holds an element's adjoint object: the
 * adjoint objects met going forward are then never used on the way back. So, for every array of
 * the alias class: no argument's memory (its objects are the caller's buffers); the arrays are
 * only indexed, stored into, measured, copied to other variables and returned, never passed or
 * stored elsewhere; an element is read only through its components ({@code acc[i].x()}) or into a
 * local that is read only through its components and assigned again in the reverse sweep ({@code
 * Vec3 a = acc[i]}: {@link ToBeRecorded#isRematerialized}); each stored value is a new record
 * whose adjoint is taken from the slot ({@link ToBeRecorded#takenAtStore}) and read only through
 * its components, or has no derivative; and no store is inside a loop whose iterations are
 * computed again (their sweeps have their own analysis).
 */
final class SlotAdjoints {
  private final Set<Stmt.Store> stores = Collections.newSetFromMap(new IdentityHashMap<>());
  /** The values whose adjoint is the slot's: no adjoint object of their own going forward. */
  private final Set<Var> storedValues = new HashSet<>();

  private SlotAdjoints() {}

  boolean keepsSlot(Stmt.Store st) {
    return stores.contains(st);
  }

  /** True if {@code v} is stored by such a store: its adjoint object is the slot's. */
  boolean isStoredValue(Var v) {
    return storedValues.contains(v);
  }

  static SlotAdjoints of(Function function, ArrayEffects effects, ToBeRecorded recorded,
      Activity activity, Set<Stmt.Loop> recomputedLoops) {
    SlotAdjoints out = new SlotAdjoints();
    new Finder(function, effects, recorded, activity, recomputedLoops).find(out);
    return out;
  }

  /** A 1-D array of immutable records whose components are all numbers. */
  static boolean isFlatRecordArray(Type type) {
    if (type.dimensions() != 1 || !type.elementType().isRecord()) {
      return false;
    }
    Type element = type.elementType();
    return !element.isMutableObject() && element.hasShadow()
        && element.shape().components().stream().allMatch(c -> c.type().isPrimitive());
  }

  private static final class Finder {
    private final Function function;
    private final ArrayEffects effects;
    private final ToBeRecorded recorded;
    private final Activity activity;
    private final Set<Stmt.Loop> recomputedLoops;
    /** Candidate classes and their stores; classes found unfit. */
    private final Map<Var, List<Stmt.Store>> candidates = new HashMap<>();
    private final Set<Var> unfit = new HashSet<>();
    /** Locals loaded from an element ({@code Vec3 a = acc[i]}), with the element's class. */
    private final Map<Var, Var> loaded = new HashMap<>();
    /** Locals stored into an element whose adjoint is taken there, with the classes. */
    private final Map<Var, Set<Var>> stored = new HashMap<>();

    Finder(Function function, ArrayEffects effects, ToBeRecorded recorded, Activity activity,
        Set<Stmt.Loop> recomputedLoops) {
      this.function = function;
      this.effects = effects;
      this.recorded = recorded;
      this.activity = activity;
      this.recomputedLoops = recomputedLoops;
    }

    void find(SlotAdjoints out) {
      collectStores(function.body(), false);
      if (candidates.isEmpty()) {
        return;
      }
      for (Var p : function.params()) {
        if (ArrayEffects.holdsMemory(p.type())) {
          candidates.keySet().stream().filter(c -> effects.reaches(p, c)).forEach(unfit::add);
        }
      }
      Blocks.visitStmts(function.body(), this::collectLoads);
      Blocks.visitStmts(function.body(), this::checkStatement);
      for (Map.Entry<Var, List<Stmt.Store>> e : candidates.entrySet()) {
        if (Boolean.getBoolean("jgrad.debug")) {
          System.err.println("jgrad: " + function.name() + ": the elements of " + e.getKey().name()
              + (unfit.contains(e.getKey()) ? " tape their adjoint objects"
              : " keep their adjoint objects in their slots"));
        }
        if (!unfit.contains(e.getKey())) {
          out.stores.addAll(e.getValue());
          for (Stmt.Store st : e.getValue()) {
            if (st.value() instanceof Expr.Ref r && stored.containsKey(r.var())) {
              out.storedValues.add(r.var());
            }
          }
        }
      }
    }

    private void collectStores(Block block, boolean inRecomputed) {
      for (Stmt s : block.stmts()) {
        if (s instanceof Stmt.Store st && st.value().type().isRecord()) {
          Var cls = effects.elementClass(st.array());
          if (st.array() instanceof Expr.Ref r && isFlatRecordArray(r.var().type())) {
            candidates.computeIfAbsent(cls, k -> new ArrayList<>()).add(st);
            if (inRecomputed || recorded.reachesParameter(st) || !storedValueFits(st, cls)) {
              unfit.add(cls);
            }
          } else if (cls != null) {
            unfit.add(cls); // a row's element (m[i][j] = v): kept the usual way
          }
        } else if (s instanceof Stmt.If i) {
          collectStores(i.then(), inRecomputed);
          collectStores(i.otherwise(), inRecomputed);
        } else if (s instanceof Stmt.Loop l) {
          boolean recomputed = inRecomputed || recomputedLoops.contains(l);
          collectStores(l.body(), recomputed);
          collectStores(l.update(), recomputed);
        } else if (s instanceof Stmt.Protected p) {
          collectStores(p.body(), inRecomputed);
          collectStores(p.onThrow(), inRecomputed);
        }
      }
    }

    /** A local whose adjoint the reverse takes from the slot, or a value with no derivative. */
    private boolean storedValueFits(Stmt.Store st, Var cls) {
      if (!activity.isActive(st.value())) {
        return true;
      }
      if (!(st.value() instanceof Expr.Ref r) || r.var().isParam()
          || !recorded.takenAtStore(st).contains(r.var())) {
        return false;
      }
      stored.computeIfAbsent(r.var(), k -> new HashSet<>()).add(cls);
      return true;
    }

    private void collectLoads(Stmt s) {
      if (s instanceof Stmt.Assign a && a.value() instanceof Expr.Index i
          && i.array() instanceof Expr.Ref r && isCandidateArray(r.var())) {
        Var cls = effects.elementClass(i.array());
        Var before = loaded.put(a.target(), cls);
        if (before != null && before != cls) {
          unfit.add(before);
          unfit.add(cls);
        }
      }
    }

    private boolean isCandidateArray(Var v) {
      return isFlatRecordArray(v.type()) && candidates.containsKey(effects.classOf(v));
    }

    private void checkStatement(Stmt s) {
      if (s instanceof Stmt.Assign a) {
        Var t = a.target();
        Expr v = a.value();
        if (isCandidateArray(t)) {
          // a new array, a callee's result, another variable of the class
          boolean fits = v instanceof Expr.NewArray || v instanceof Expr.Lit
              || v instanceof Expr.Ref || v instanceof Expr.Call;
          if (!fits) {
            unfit.add(effects.classOf(t));
          }
          if (!(v instanceof Expr.Ref)) {
            check(v);
          }
          return;
        }
        if (loaded.containsKey(t)) {
          Var cls = loaded.get(t);
          // loaded from the class only, and loaded again on the way back (nothing kept)
          if (t.isParam() || !recorded.isRematerialized(t) || stored.containsKey(t)
              || !(v instanceof Expr.Index i && i.array() instanceof Expr.Ref r
              && isCandidateArray(r.var()))) {
            unfit.add(cls);
          }
          if (v instanceof Expr.Index i) {
            check(i.index());
          } else {
            check(v);
          }
          return;
        }
        if (stored.containsKey(t) && !(v instanceof Expr.New)) {
          unfit.addAll(stored.get(t)); // its adjoint object would be another's
        }
      }
      if (s instanceof Stmt.Store st && st.array() instanceof Expr.Ref r
          && isCandidateArray(r.var())) {
        check(st.index());
        if (!(st.value() instanceof Expr.Ref v && stored.containsKey(v.var()))) {
          check(st.value());
        }
        return;
      }
      if (s instanceof Stmt.Return ret && ret.value() instanceof Expr.Ref r
          && isCandidateArray(r.var())) {
        return;
      }
      Blocks.ownExprs(s).forEach(this::check);
    }

    /**
     * Checks an expression's arrays of the class (only measured or read through a component)
     * and its local loads and stored values (only read through components).
     */
    private void check(Expr e) {
      if (e instanceof Expr.Length l && l.array() instanceof Expr.Ref) {
        return;
      }
      if (e instanceof Expr.Field f && f.target() instanceof Expr.Index i
          && i.array() instanceof Expr.Ref r && isCandidateArray(r.var())) {
        check(i.index());
        return;
      }
      if (e instanceof Expr.Field f && f.target() instanceof Expr.Ref) {
        return;
      }
      if (e instanceof Expr.Ref r) {
        Var v = r.var();
        if (isCandidateArray(v)) {
          unfit.add(effects.classOf(v));
        }
        if (loaded.containsKey(v)) {
          unfit.add(loaded.get(v));
        }
        if (stored.containsKey(v)) {
          unfit.addAll(stored.get(v));
        }
        return;
      }
      List<Expr> children = new ArrayList<>();
      Exprs.mapChildren(e, c -> {
        children.add(c);
        return c;
      });
      children.forEach(this::check);
    }
  }
}
