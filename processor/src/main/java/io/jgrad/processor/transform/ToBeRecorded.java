package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.analysis.Assignments;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The to-be-recorded analysis of a reverse rule: which variables and array elements the reverse
 * sweep reads, and where, so that the forward sweep keeps an old value only where a derivative
 * (or a callee's reverse part) reads it before the value is overwritten.
 *
 * <p>Some values are computed again instead of kept ({@link #rematerialized}): a value assigned
 * once inside a loop, by operators over variables, elements and fields of memory that nothing
 * writes from there on ({@code double w = w1[i][k];}, {@code double d = x[i] - x[j];}, a record
 * or row with its shadow: {@code Particle p = ps[i];}), whose readers all follow it in its block
 * and before anything it reads changes, is assigned again in the reverse sweep just before the
 * reverse of its last reader, where what it reads has its values again.
 *
 * <p>A record or row whose value no reverse statement reads needs only its adjoint reference
 * there, which element stores and field writes put back on the way: {@code Vec3 a = acc[i];
 * ...; acc[i] = next;} takes {@code aBar = accBar[i]} again after the store's reverse, and
 * {@code next}'s adjoint is taken from {@code accBar[i]} just before it (nothing pushed for
 * either).
 */
final class ToBeRecorded {
  private final Function function;
  private final CalleeTable callees;
  private final Activity activity;
  private final ArrayEffects effects;
  /** Program order of statements, the loops around each, and who reads what on the way back. */
  private final Map<Stmt, Integer> position = new IdentityHashMap<>();
  private final Map<Stmt, List<Stmt.Loop>> enclosingLoops = new IdentityHashMap<>();
  private final Map<Var, List<Stmt>> readers = new HashMap<>();
  /** Per statement: the block it is in, the statement around it, its last nested position. */
  private final Map<Stmt, Block> blockOf = new IdentityHashMap<>();
  private final Map<Stmt, Stmt> parent = new IdentityHashMap<>();
  private final Map<Stmt, Integer> end = new IdentityHashMap<>();
  /**
   * Statements that may write memory, with the roots of what they write (an element store's
   * array, a field write's object, the memory arguments of a call to a writing callee).
   */
  private final Map<Stmt, Set<Var>> memoryWrites = new IdentityHashMap<>();

  /**
   * Counting loops whose counter ends at a value the reverse sweep computes ({@code max(start,
   * bound)}), by loop: the bound; and the assignments that start their counters.
   */
  private final Map<Stmt.Loop, Expr> loopEnds = new IdentityHashMap<>();
  private final boolean iteration;
  private final Map<Stmt, Stmt.Loop> initOf = new IdentityHashMap<>();
  private final Set<Var> assignedAnywhere = new HashSet<>();
  /** How many plain assignments each variable has, and which are assigned inside a loop. */
  private final Map<Var, Integer> assignments = new HashMap<>();
  private final Set<Var> assignedInLoops = new HashSet<>();

  /** Per variable: the statements whose own expressions name it (not nested statements'). */
  private final Map<Var, List<Stmt>> mentions = new HashMap<>();
  /** Per variable: the statements that assign it (assignments, increments). */
  private final Map<Var, List<Stmt>> writers = new java.util.LinkedHashMap<>();
  /**
   * Per statement before whose reverse values are read again, the memory variables it reads
   * there only through elements, with the classes of the levels read ({@code y[i]}: y's outer
   * array, not its rows): a store into another level keeps no old element for it.
   */
  private final Map<Stmt, Map<Var, Set<Var>>> levelReads = new IdentityHashMap<>();
  /** Rematerialized variables: the assignment, and the statement before whose reverse it runs. */
  private final Map<Var, Stmt.Assign> rematerialized = new java.util.LinkedHashMap<>();
  private final Map<Stmt, List<Stmt.Assign>> rematerializedBefore = new IdentityHashMap<>();
  /** Of those, the records and rows assigned again without their values, adjoints only. */
  private final Set<Var> shadowsOnly = new HashSet<>();
  /** Adjoints taken from the shadow element an element store overwrites, by store. */
  private final Map<Stmt.Store, List<Var>> takenAtStore = new IdentityHashMap<>();

  ToBeRecorded(Function function, CalleeTable callees, Activity activity, ArrayEffects effects) {
    this(function, callees, activity, effects, false);
  }

  /**
   * {@code iteration}: the function is one iteration of a loop, whose reverse runs after the
   * iterations that follow it: the counters of its loops are computed where those loops end, as
   * inside any loop, not kept ({@link ExpandedArrays}).
   */
  ToBeRecorded(Function function, CalleeTable callees, Activity activity, ArrayEffects effects,
      boolean iteration) {
    this.iteration = iteration;
    this.function = function;
    this.callees = callees;
    this.activity = activity;
    this.effects = effects;
    List<Stmt.Assign> assigns = new ArrayList<>();
    Assignments.collectAll(function.body(), assigns);
    assigns.forEach(a -> assignedAnywhere.add(a.target()));
    assigns.forEach(a -> assignments.merge(a.target(), 1, Integer::sum));
    collectAssignedInLoops(function.body(), false);
    collectNeeded(function.body(), new ArrayDeque<>(), null);
    findRematerialized();
  }

  /** Every variable a derivative reads on the reverse sweep, and where it is read. */
  private void collectNeeded(Block block, Deque<Stmt.Loop> loops, Stmt around) {
    Stmt previous = null;
    for (Stmt s : block.stmts()) {
      // inside another loop (outside, the counter is kept once, at the end of the forward sweep)
      if (s instanceof Stmt.Loop l && (!loops.isEmpty() || iteration) && endBound(l) != null) {
        loopEnds.put(l, endBound(l));
        if (previous instanceof Stmt.Assign init && init.target() == countingVariable(l)) {
          initOf.put(init, l);
        }
      }
      if (!(s instanceof Stmt.Comment)) {
        previous = s;
      }
      position.put(s, position.size());
      enclosingLoops.put(s, List.copyOf(loops));
      blockOf.put(s, block);
      if (around != null) {
        parent.put(s, around);
      }
      if (s instanceof Stmt.Assign a) {
        writers.computeIfAbsent(a.target(), k -> new ArrayList<>()).add(s);
      } else if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Ref r) {
        writers.computeIfAbsent(r.var(), k -> new ArrayList<>()).add(s);
      }
      collectMemoryWrites(s);
      if (!(s instanceof Stmt.If || s instanceof Stmt.Loop)) {
        Set<Var> named = new HashSet<>();
        Blocks.visitExprs(new Block().add(s), x -> named.addAll(Exprs.vars(x)));
        if (s instanceof Stmt.Assign a) {
          named.add(a.target());
        }
        for (Var v : named) {
          mentions.computeIfAbsent(v, k -> new ArrayList<>()).add(s);
        }
      } else if (s instanceof Stmt.If i) {
        Exprs.vars(i.condition()).forEach(v ->
            mentions.computeIfAbsent(v, k -> new ArrayList<>()).add(s));
      } else if (((Stmt.Loop) s).condition() != null) {
        Exprs.vars(((Stmt.Loop) s).condition()).forEach(v ->
            mentions.computeIfAbsent(v, k -> new ArrayList<>()).add(s));
      }
      Set<Var> reads = new HashSet<>();
      collectReads(s, reads);
      for (Var v : reads) {
        readers.computeIfAbsent(v, k -> new ArrayList<>()).add(s);
      }
      if (s instanceof Stmt.If i) {
        collectNeeded(i.then(), loops, s);
        collectNeeded(i.otherwise(), loops, s);
      } else if (s instanceof Stmt.Loop l) {
        loops.push(l);
        collectNeeded(l.body(), loops, s);
        collectNeeded(l.update(), loops, s);
        loops.pop();
      }
      end.put(s, position.size() - 1);
    }
  }

  /**
   * Finds the values computed again in the reverse sweep instead of kept (see the class
   * comment), and counts what they read as read where they are computed again.
   */
  private void findRematerialized() {
    // last assignment first: a value computed again reads others where it is computed, which
    // may then be computed again there too, first (t6 = t5 * x after t5 = 0.5 * k)
    List<Map.Entry<Var, List<Stmt>>> all = new ArrayList<>(writers.entrySet());
    java.util.Collections.reverse(all);
    for (Map.Entry<Var, List<Stmt>> e : all) {
      Var v = e.getKey();
      boolean reference = isReference(v.type());
      // outside loops a value is kept once, at the end of the forward sweep: nothing to gain
      if (v.isParam() || !v.type().isPrimitive() && !reference || e.getValue().size() != 1
          || !(e.getValue().get(0) instanceof Stmt.Assign a) || enclosingLoops.get(a).isEmpty()
          || Exprs.vars(a.value()).contains(v)
          || !(reference ? mentions : readers).containsKey(v)) {
        continue;
      }
      // a record or row whose value no reverse statement reads: only its shadow is needed; not
      // one the method writes through, whose stores' reverses may put old elements back
      // through it (seed 3097, program 350: t2 = Arrays.copyOf(...) per iteration, stored into
      // w[i]; the restores went into the last copy)
      boolean shadowOnly = reference && !readers.containsKey(v) && !writtenThrough(v);
      // a record or row is read through its shadow too: every statement naming it counts
      Stmt anchor = lastReaderIn(a, (reference ? mentions : readers).get(v));
      if (anchor != null && !changedBetween(Exprs.vars(a.value()), position.get(a),
          end.get(anchor)) && (isReread(a, null) || shadowOnly && isReread(a, anchor))) {
        rematerialized.put(v, a);
        rematerializedBefore.computeIfAbsent(anchor, k -> new ArrayList<>()).add(a);
        boolean valueToo = !shadowOnly || isReread(a, null);
        if (!valueToo) {
          shadowsOnly.add(v);
          debug(v, "its adjoint is read again after the stores' reverses");
        }
        for (Var u : Exprs.vars(a.value())) {
          // the shadow of memory written later comes back in the reverse sweep without its
          // values (the stores' old elements are not read): only counters and indices count
          if (valueToo || u.type().isPrimitive()) {
            List<Stmt> uReaders = readers.computeIfAbsent(u, k -> new ArrayList<>());
            Set<Var> levels = levelsRead(a.value(), u);
            Map<Var, Set<Var>> onlyLevels = levelReads.computeIfAbsent(anchor,
                k -> new HashMap<>());
            if (levels != null && (!uReaders.contains(anchor) || onlyLevels.containsKey(u))) {
              onlyLevels.computeIfAbsent(u, k -> new HashSet<>()).addAll(levels);
            } else {
              onlyLevels.remove(u);
            }
            uReaders.add(anchor);
          }
          mentions.computeIfAbsent(u, k -> new ArrayList<>()).add(anchor);
        }
      } else if (shadowOnly && ownsItsAdjoint(a.value())) {
        Stmt.Store holder = storeHolding(v, a);
        if (holder != null) {
          rematerialized.put(v, a);
          shadowsOnly.add(v);
          takenAtStore.computeIfAbsent(holder, k -> new ArrayList<>()).add(v);
          debug(v, "its adjoint is taken from the element it was stored into");
        }
      }
    }
    // in the order of the forward sweep: a value before those computed from it
    rematerializedBefore.values().forEach(list -> list.sort(
        java.util.Comparator.comparingInt(position::get)));
  }

  /**
   * True if a record or row computed by {@code value} gets an adjoint object of its own (a new
   * record or array, a call's result), which its slot can hold instead. Not one read from
   * memory or another variable ({@code t = os[Math.floorMod(i, n)]}): its adjoint object is the
   * element's, which the reverse must reach (seed 3114, program 621: the slot's fresh object
   * dropped the adjoint of {@code os[...]}).
   */
  private static boolean ownsItsAdjoint(Expr value) {
    return value instanceof Expr.New || value instanceof Expr.NewArray
        || value instanceof Expr.NewArrayOf || value instanceof Expr.Call
        || value instanceof Expr.Invoke || value instanceof Expr.Lit;
  }

  /** True if some statement may write memory through {@code v} itself ({@code v[k] = e}). */
  private boolean writtenThrough(Var v) {
    return memoryWrites.values().stream().anyMatch(roots -> roots.contains(v));
  }

  private void collectMemoryWrites(Stmt s) {
    Set<Var> roots = new HashSet<>();
    if (s instanceof Stmt.Store st) {
      roots.add(Exprs.root(st.array()));
    } else if (s instanceof Stmt.SetField f) {
      roots.add(Exprs.root(f.field().target()));
    } else if (s instanceof Stmt.Accumulate ac && !(ac.target() instanceof Expr.Ref)) {
      roots.add(Exprs.root(ac.target()));
    } else if ((s instanceof Stmt.Assign || s instanceof Stmt.Eval)
        && callOf(s) instanceof Expr.Call call
        && !io.jgrad.processor.rules.MathRules.OWNERS.contains(call.owner())) {
      // a callee with rules that writes an argument, or a call jgrad knows nothing of (Math
      // writes nothing: Math.exp(xi[j]) leaves the row xi as it was)
      io.jgrad.processor.rules.GradCallee callee = callees.of(call);
      for (int k = 0; k < call.args().size(); k++) {
        if (callee == null || callees.writes(callee, k)) {
          Exprs.vars(call.args().get(k)).stream()
              .filter(v -> ArrayEffects.holdsMemory(v.type())).forEach(roots::add);
        }
      }
    }
    roots.remove(null);
    if (!roots.isEmpty()) {
      memoryWrites.put(s, roots);
    }
  }

  /**
   * True if the memory {@code m} leads to keeps, from {@code a} on, the contents it has at
   * {@code a}: nothing writes it later in the method, nor in a loop around {@code a} (whose next
   * iterations would), so the reverse sweep finds it as {@code a} read it.
   */
  private boolean unchangedFrom(Var m, Stmt a) {
    for (Map.Entry<Stmt, Set<Var>> w : memoryWrites.entrySet()) {
      if (hits(w.getValue(), m)
          && (position.get(w.getKey()) > position.get(a) || shareLoop(w.getKey(), a))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The classes of the levels {@code e} reads of the memory {@code u}, if it reads it only
   * through elements ({@code u[i]}, {@code u[i][j]}) and lengths; else null.
   */
  private Set<Var> levelsRead(Expr e, Var u) {
    Set<Expr> reached = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Var> levels = new HashSet<>();
    boolean[] ok = {true};
    Exprs.visit(e, x -> {
      if (x instanceof Expr.Index i && Exprs.root(i.array()) == u) {
        reached.add(i.array());
        Var cls = effects.elementClass(i.array());
        ok[0] &= cls != null;
        levels.add(cls);
      } else if (x instanceof Expr.Length l) {
        reached.add(l.array());
      }
    });
    Exprs.visit(e, x -> ok[0] &= !(x instanceof Expr.Ref r && r.var() == u)
        || reached.contains(x));
    return ok[0] ? levels : null;
  }

  /**
   * True if {@code e} reads the memory {@code u} only through elements and lengths ({@code
   * y[i]}, {@code x[i][j]}) of levels nothing writes from {@code a} on: stores into the rows of
   * y leave the row references y holds.
   */
  private boolean levelsKept(Expr e, Var u, Stmt a) {
    Set<Var> levels = levelsRead(e, u);
    return levels != null && levels.stream().allMatch(c -> levelUnchangedFrom(c, a));
  }

  /**
   * True if no statement after {@code a}, nor one in a loop around it, may write elements of
   * the array class {@code cls} (null: unknown, false).
   */
  private boolean levelUnchangedFrom(Var cls, Stmt a) {
    if (cls == null) {
      return false;
    }
    for (Map.Entry<Stmt, Set<Var>> w : memoryWrites.entrySet()) {
      if ((position.get(w.getKey()) > position.get(a) || shareLoop(w.getKey(), a))
          && writesLevel(w.getKey(), w.getValue(), cls)) {
        return false;
      }
    }
    return true;
  }

  /** True if {@code w}, writing memory of {@code roots}, may write elements of {@code cls}. */
  private boolean writesLevel(Stmt w, Set<Var> roots, Var cls) {
    Expr array = w instanceof Stmt.Store st ? st.array()
        : w instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Index i ? i.array()
        : null;
    if (array != null) {
      Var written = effects.elementClass(array);
      return written == null || effects.classOf(written) == effects.classOf(cls);
    }
    return roots.stream().anyMatch(root -> effects.reaches(root, cls));
  }

  private void debug(Var v, String what) {
    if (Boolean.getBoolean("jgrad.debug")) {
      System.err.println("jgrad: " + function.name() + ": " + v.name() + " is not taped: "
          + what);
    }
  }

  private boolean hits(Set<Var> roots, Var m) {
    for (Var root : roots) {
      if (root == m || effects.reaches(m, effects.classOf(root))
          || effects.reaches(root, effects.classOf(m))) {
        return true;
      }
    }
    return false;
  }

  /**
   * True if the references and adjoint references that the memory {@code m} leads to are, in
   * the reverse sweep after position {@code to}, what they were at {@code a}: nothing writes
   * them in {@code (a, to]}, and every later write (later in the method or in a later iteration
   * of a loop around {@code a}) is an element store or a field write, whose reverse puts the
   * old reference and its adjoint back before the reverse sweep gets back to {@code to}. A
   * callee that writes the memory may not.
   */
  private boolean restoredAround(Var m, Stmt a, int to) {
    for (Map.Entry<Stmt, Set<Var>> w : memoryWrites.entrySet()) {
      int at = position.get(w.getKey());
      if (!hits(w.getValue(), m) || at <= position.get(a) && !shareLoop(w.getKey(), a)) {
        continue;
      }
      if (at > position.get(a) && at <= to
          || !(w.getKey() instanceof Stmt.Store || w.getKey() instanceof Stmt.SetField)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The element store of {@code a}'s block that puts the record or row {@code v} that {@code a}
   * assigned into memory ({@code acc[i] = next}) and is the last statement naming it, with no
   * jump between them, or null. Until the reverse of that store puts the old adjoint reference
   * back, the shadow element holds {@code v}'s adjoint, if nothing but element stores and field
   * writes (which come back in the reverse sweep before it) writes that memory later.
   */
  private Stmt.Store storeHolding(Var v, Stmt.Assign a) {
    Block block = blockOf.get(a);
    List<Stmt> stmts = block.stmts();
    int from = stmts.indexOf(a);
    Stmt.Store holder = null;
    for (int k = from + 1; k < stmts.size() && holder == null; k++) {
      Stmt s = stmts.get(k);
      if (s instanceof Stmt.Store st && st.value() instanceof Expr.Ref r && r.var() == v
          && !Exprs.vars(st.array()).contains(v) && !Exprs.vars(st.index()).contains(v)) {
        holder = st;
      } else if (jumps(new Block().add(s))) {
        return null;
      }
    }
    if (holder == null || lastReaderIn(a, mentions.get(v)) != holder) {
      return null;
    }
    Var array = Exprs.root(holder.array());
    return array != null && restoredAround(array, holder, position.get(holder)) ? holder : null;
  }

  /**
   * True for a value computed again cheaply and exactly: variables, literals, element and field
   * reads of memory that keeps its contents from there on (with an {@code anchor}: whose
   * references come back in the reverse sweep before the reverse of the anchor, {@link
   * #restoredAround}), and operators and exact Math functions over them (no other calls, no
   * allocation).
   */
  private boolean isReread(Stmt.Assign a, Stmt anchor) {
    Expr e = a.value();
    if (e instanceof Expr.Lit || e instanceof Expr.Ref) {
      return false; // a copy: keeping it costs what reading it again does
    }
    boolean[] ok = {true};
    Exprs.visit(withoutLengths(e), x -> {
      if (x instanceof Expr.Call c && !isExactMath(c) || x instanceof Expr.Invoke
          || x instanceof Expr.New
          || x instanceof Expr.NewArray || x instanceof Expr.NewArrayOf
          || x instanceof Expr.Conditional
          || x instanceof Expr.StaticField sf && sf.mirrored()
          || x instanceof Expr.Ref r && ArrayEffects.holdsMemory(r.var().type())
              && !(anchor == null && levelsKept(e, r.var(), a))
              && (anchor == null ? !unchangedFrom(r.var(), a)
                  : !restoredAround(r.var(), a, end.get(anchor)))) {
        ok[0] = false;
      }
    });
    return ok[0];
  }

  /**
   * {@code e} with its lengths replaced by 0: writing elements does not change an array's
   * length, only reassigning the variable does. Not told apart by identity: an inlined callee's
   * {@code x.length} and {@code x[0]} may share one {@code Ref} (seed 3123, program 566: the
   * index {@code max(0, min(x.length - 1, (int) x[0]))} was computed again after a store into
   * {@code x[0]} had changed it).
   */
  private static Expr withoutLengths(Expr e) {
    return e instanceof Expr.Length ? Expr.Lit.ofInt(0)
        : Exprs.mapChildren(e, ToBeRecorded::withoutLengths);
  }

  /**
   * The {@code Math} functions whose results the JLS fixes to the bit ({@code sqrt} is
   * correctly rounded; the others are exact): computed again, they give what the forward sweep
   * saw. ({@code sin}, {@code exp}... may differ by an ulp between the interpreter and compiled
   * code, and cost more than a push.)
   */
  private static final Set<String> EXACT_MATH = Set.of("sqrt", "abs", "min", "max", "floor",
      "ceil", "rint", "signum", "copySign");

  private static boolean isExactMath(Expr.Call c) {
    return (c.owner().equals("java.lang.Math") || c.owner().equals("java.lang.StrictMath"))
        && EXACT_MATH.contains(c.name());
  }

  /**
   * The statement of {@code a}'s block that holds the last of {@code readers} (each must be in
   * a statement after {@code a} there), or null.
   */
  private Stmt lastReaderIn(Stmt.Assign a, List<Stmt> readers) {
    Block block = blockOf.get(a);
    Stmt last = null;
    for (Stmt r : readers) {
      if (r == a) {
        continue; // the assignment names what it assigns
      }
      Stmt s = r;
      while (s != null && blockOf.get(s) != block) {
        s = parent.get(s);
      }
      if (s == null || position.get(s) <= position.get(a)) {
        return null;
      }
      if (last == null || position.get(s) > position.get(last)) {
        last = s;
      }
    }
    return last;
  }

  /** True if one of {@code vars} is assigned at a position in (from, to]. */
  private boolean changedBetween(Set<Var> vars, int from, int to) {
    for (Var u : vars) {
      for (Stmt w : writers.getOrDefault(u, List.of())) {
        if (position.get(w) > from && position.get(w) <= to) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A record with a derivative or an array of numbers: assigned with its shadow, which the
   * reverse sweep reads through (fields, elements) without naming the variable itself.
   */
  private static boolean isReference(Type type) {
    return type.hasShadow() && (type.isRecord() || type.isArray());
  }

  /** True if the reverse sweep assigns {@code v} again rather than taking its old values back. */
  boolean isRematerialized(Var v) {
    return rematerialized.containsKey(v);
  }

  /**
   * True if the reverse sweep assigns only the adjoint of the record or row {@code v} again:
   * no reverse statement reads its value, which the memory it came from may no longer hold.
   */
  boolean rematerializesShadowOnly(Var v) {
    return shadowsOnly.contains(v);
  }

  /**
   * The records and rows whose adjoints the reverse of {@code st} takes from the shadow element
   * before it puts the old one back ({@link #storeHolding}).
   */
  List<Var> takenAtStore(Stmt.Store st) {
    return takenAtStore.getOrDefault(st, List.of());
  }

  /** The assignments to repeat just before the reverse of {@code s} (none: empty). */
  List<Stmt.Assign> rematerializedBefore(Stmt s) {
    return rematerializedBefore.getOrDefault(s, List.of());
  }

  /** The variables the reverse sweep of statement {@code s} itself reads. */
  private void collectReads(Stmt s, Set<Var> reads) {
    if ((s instanceof Stmt.Assign || s instanceof Stmt.Eval) && callees.of(callOf(s)) != null) {
      // the callee's reverse part reads its arguments (arrays: as the call left them)
      for (Expr arg : ((Expr.Call) callOf(s)).args()) {
        reads.addAll(Exprs.vars(arg));
      }
    } else if (s instanceof Stmt.Assign a && activity.isActive(a.target())
        && !a.target().type().isArray() && !a.target().type().hasShadow()) {
      for (LocalDerivatives.Partial p :
          LocalDerivatives.of(a.value(), ref(a.target()), activity)) {
        reads.addAll(Exprs.vars(p.derivative()));
        reads.addAll(Exprs.indexVars(p.operand()));
      }
    } else if (s instanceof Stmt.Store st) {
      reads.addAll(Exprs.indexVars(new Expr.Index(st.array(), st.index(), Type.DOUBLE)));
    } else if (s instanceof Stmt.SetField f) {
      // the reverse sweep puts the old value back into the same object (seed 2501, program 64)
      reads.addAll(Exprs.indexVars(f.field()));
    } else if (s instanceof Stmt.Loop l && countingVariable(l) != null) {
      reads.add(countingVariable(l)); // the reverse loop counts it back down
      if (loopEnds.get(l) instanceof Expr.Ref bound) {
        reads.add(bound.var()); // from where it computes (a parameter's length needs nothing)
      } else if (loopEnds.get(l) instanceof Expr.Length len && len.array() instanceof Expr.Ref r
          && !holdsOneArray(r.var())) {
        reads.add(r.var()); // the reference only: the loop reads no element of it
        levelReads.computeIfAbsent(s, k -> new HashMap<>()).put(r.var(), new HashSet<>());
      } else if (loopEnds.get(l) instanceof Expr.Length len
          && len.array() instanceof Expr.Index row) {
        Var m = ((Expr.Ref) row.array()).var();
        reads.add(((Expr.Ref) row.index()).var());
        reads.add(m); // its row references only
        levelReads.computeIfAbsent(s, k -> new HashMap<>())
            .put(m, new HashSet<>(Set.of(effects.elementClass(row.array()))));
      }
    }
  }

  /** Per variable, the statements whose reverse reads it (rematerialized readers included). */
  Map<Var, List<Stmt>> reverseReaders() {
    return java.util.Collections.unmodifiableMap(readers);
  }

  /**
   * True if the reverse sweep reads the value {@code a} overwrites: some statement that may run
   * before {@code a} (earlier in the program, or anywhere in a loop around both, {@code a}
   * included) reads the variable in its own reverse. Reads by later statements see the values
   * the forward sweep left.
   */
  boolean oldValueRead(Stmt.Assign a) {
    Stmt.Loop started = initOf.get(a);
    if (started != null && readers.getOrDefault(a.target(), List.of()).stream()
        .allMatch(r -> position.get(r) >= position.get(started)
            && position.get(r) <= end.get(started))) {
      // the counter of a loop whose reverse computes where it ended, read nowhere else
      return false;
    }
    if (overwritesUnreadValues(a)) {
      return false;
    }
    for (Stmt reader : readers.getOrDefault(a.target(), List.of())) {
      // a itself counts inside a loop: its reverse reads the value of its own iteration
      if (position.get(reader) < position.get(a) || shareLoop(reader, a)) {
        return true;
      }
    }
    return false;
  }

  /**
   * True if every value {@code a} overwrites is one no reverse statement reads: {@code a} is in
   * a loop that reads the variable nowhere in its reverse, and just before that loop, in the
   * same block, an assignment that no reverse statement reads from (itself included, whose
   * partials may read the value it wrote) overwrites whatever the variable held
   * ({@code sum = 0.0; for (...) sum += exp(v[i] - max); log(sum)}). Each value {@code a}
   * overwrites was written there or by {@code a} an iteration earlier, and read by no one; the
   * loop's final value stays for the readers after it (the next write before them keeps it).
   * The assignment before the loop must restore from the tape, not by undoing an increment.
   */
  private boolean overwritesUnreadValues(Stmt.Assign a) {
    List<Stmt.Loop> loops = enclosingLoops.get(a);
    if (loops.isEmpty()) {
      return false;
    }
    Stmt.Loop inner = loops.get(0); // innermost first
    int from = position.get(inner);
    int to = end.get(inner);
    List<Stmt> reads = readers.getOrDefault(a.target(), List.of());
    if (reads.stream().anyMatch(r -> position.get(r) >= from && position.get(r) <= to)) {
      return false;
    }
    for (Stmt w : writers.getOrDefault(a.target(), List.of())) {
      int at = position.get(w);
      // w itself counts: its partials may read what it wrote (d = a % b, y = exp(x)); seed 3047.
      // w must put back the value it overwrote from the tape: an n-- undone by n++ would start
      // from the loop's unrestored value (seed 3049, program 918)
      if (w instanceof Stmt.Assign wa && ReverseTransform.inverse(wa) == null
          && blockOf.get(w) == blockOf.get(inner) && at < from
          && reads.stream().noneMatch(r -> position.get(r) >= at && position.get(r) < from)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Like {@link #oldValueRead} for an element: any read of an array that may share memory,
   * except a read of other levels only (a row reference read again, for a store into a row).
   */
  boolean oldElementRead(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    for (Map.Entry<Var, List<Stmt>> e : readers.entrySet()) {
      if (!ArrayEffects.holdsMemory(e.getKey().type()) || !effects.reaches(e.getKey(), written)) {
        continue;
      }
      for (Stmt reader : e.getValue()) {
        Set<Var> levels = levelReads.getOrDefault(reader, Map.of()).get(e.getKey());
        if (levels != null && written != null && levels.stream()
            .noneMatch(c -> effects.classOf(c) == effects.classOf(written))) {
          continue;
        }
        if (position.get(reader) < position.get(st) || shareLoop(reader, st)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * True if the store may write an argument's memory: the reverse part leaves its arguments as
   * they were on entry (its callers rely on it), so it keeps every element it overwrites there.
   */
  boolean reachesParameter(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    return function.params().stream()
        .anyMatch(p -> ArrayEffects.holdsMemory(p.type()) && effects.reaches(p, written));
  }

  private boolean shareLoop(Stmt x, Stmt y) {
    for (Stmt.Loop l : enclosingLoops.get(x)) {
      for (Stmt.Loop m : enclosingLoops.get(y)) {
        if (l == m) {
          return true;
        }
      }
    }
    return false;
  }

  static Expr callOf(Stmt s) {
    return s instanceof Stmt.Assign a ? a.value() : ((Stmt.Eval) s).expr();
  }

  /**
   * The bound {@code n} of a counting loop {@code while (i < n)} whose counter ends at {@code
   * max(start, n)}: no jump out of its body, and {@code n} an int literal, an int variable not
   * assigned in the body, or the length of an array parameter never reassigned; else null.
   */
  private Expr endBound(Stmt.Loop l) {
    Var counter = countingVariable(l);
    if (counter == null || jumps(l.body())) {
      return null;
    }
    Expr bound = ((Expr.Binary) l.condition()).right();
    if (bound instanceof Expr.Lit lit && lit.type().equals(Type.INT)) {
      return bound;
    }
    List<Stmt.Assign> assigns = new ArrayList<>();
    Assignments.collectAll(l.body(), assigns);
    if (bound instanceof Expr.Length len && len.array() instanceof Expr.Ref r) {
      // the same array's length all the way back; or a row the loop does not reassign
      // (double[] xi = x[i] before it), which its reverse reads, kept or read again
      return holdsOneArray(r.var()) || assigns.stream().noneMatch(a -> a.target() == r.var())
          ? bound : null;
    }
    if (bound instanceof Expr.Length len && rowOfOneMatrix(len.array())
        && assigns.stream().noneMatch(a -> a.target() == ((Expr.Ref) ((Expr.Index) len.array())
            .index()).var())) {
      return bound; // x[i].length: the row x[i] stays where it is, i is read where l ends
    }
    if (!(bound instanceof Expr.Ref r) || !r.var().type().equals(Type.INT)) {
      return null;
    }
    return assigns.stream().anyMatch(a -> a.target() == r.var()) ? null : bound;
  }

  /**
   * True for {@code m[i]} with {@code m} an array of rows it {@linkplain #holdsOneArray holds
   * all along} whose row references nothing reassigns, and {@code i} an int variable.
   */
  private boolean rowOfOneMatrix(Expr e) {
    return e instanceof Expr.Index row && row.array() instanceof Expr.Ref m
        && row.index() instanceof Expr.Ref i && i.var().type().equals(Type.INT)
        && holdsOneArray(m.var()) && m.var().type().isArray()
        && m.var().type().elementType().isArray() && !effects.movesRows(m.var())
        && !effects.isPassedToWritingCallee(m.var());
  }

  /**
   * True if {@code v} holds one array from where it is first assigned on: a parameter never
   * reassigned, or a local assigned once, outside any loop.
   */
  private boolean holdsOneArray(Var v) {
    return v.isParam() ? !assignedAnywhere.contains(v)
        : assignments.getOrDefault(v, 0) == 1 && !assignedInLoops.contains(v);
  }

  private void collectAssignedInLoops(Block block, boolean inLoop) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a && inLoop) {
        assignedInLoops.add(a.target());
      } else if (s instanceof Stmt.If i) {
        collectAssignedInLoops(i.then(), inLoop);
        collectAssignedInLoops(i.otherwise(), inLoop);
      } else if (s instanceof Stmt.Loop l) {
        collectAssignedInLoops(l.body(), true);
        collectAssignedInLoops(l.update(), true);
      } else if (s instanceof Stmt.Protected p) {
        collectAssignedInLoops(p.body(), inLoop);
        collectAssignedInLoops(p.onThrow(), inLoop);
      }
    }
  }

  /** The bound from which the reverse sweep computes where loop {@code l} ended, or null. */
  Expr loopEnd(Stmt.Loop l) {
    return loopEnds.get(l);
  }

  /** True if a block may leave early: a break, continue, return or throw anywhere in it. */
  static boolean jumps(Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Break || s instanceof Stmt.Continue || s instanceof Stmt.Return
          || s instanceof Stmt.Throw || s instanceof Stmt.Protected
          || s instanceof Stmt.If i && (jumps(i.then()) || jumps(i.otherwise()))
          || s instanceof Stmt.Loop l && (jumps(l.body()) || jumps(l.update()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The counter of a loop of the form {@code while (i < n) { ...; i = i + 1; }} (no break, the
   * only write to the int {@code i} being that last increment), else null.
   */
  static Var countingVariable(Stmt.Loop l) {
    List<Stmt> body = l.body().stmts();
    if (!l.testFirst() || !l.update().isEmpty() || body.isEmpty()
        || !(l.condition() instanceof Expr.Binary c) || !c.op().equals("<")
        || !(c.left() instanceof Expr.Ref r) || !r.var().type().equals(Type.INT)
        || !(body.get(body.size() - 1) instanceof Stmt.Assign last) || last.target() != r.var()
        || !(last.value() instanceof Expr.Binary inc) || !inc.op().equals("+")
        || !(inc.left() instanceof Expr.Ref self) || self.var() != r.var()
        || !(inc.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
      return null;
    }
    List<Stmt.Assign> assigns = new ArrayList<>();
    Assignments.collectAll(l.body(), assigns);
    long writes = assigns.stream().filter(a -> a.target() == r.var()).count();
    return writes == 1 ? r.var() : null;
  }
}
