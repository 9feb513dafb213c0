package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.MathRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counting loops whose iterations the reverse sweep computes again, instead of keeping on the
 * tape what each iteration overwrites: the reverse of iteration {@code i} runs the iteration's
 * forward sweep (with its pushes) and then its reverse (the pops), so the tape holds one
 * iteration at a time, and the forward sweep runs the loop as the primal does.
 *
 * <p>That gives the iteration its original values only where nothing it reads before writing
 * has changed since it ran: an iteration may read, before writing them, only values that no
 * loop around it (this one included) and no later statement writes; what it writes it must
 * write before reading, each time (a scalar assigned earlier in the iteration; an array filled
 * whole by a loop from 0 to its length, {@code for (j = 0; j < n; j++) a[j] = ...} with {@code a
 * = new double[n]}); and what it writes must be local memory that the method does not return
 * and that no reverse statement outside the loop reads (those would find the values of the
 * iteration computed last, the first, not the ones they need). A scalar the iteration only adds
 * into ({@code total += e}, read by nothing else in it) is an accumulator: the iteration
 * computed again leaves its additions out, so it keeps its final value. The typical case is a sum over data points whose work arrays are overwritten per point (the
 * Gaussian mixture's {@code centered} and {@code qx}).
 */
final class RecomputedIterations {
  private final Function function;
  /** The variable the structured method assigns its result to, or null. */
  private final Var result;
  private final ArrayEffects effects;
  private final CalleeTable callees;
  private final Map<Var, List<Stmt>> reverseReaders;
  private final ToBeRecorded recorded;
  /** Pre-order positions of every statement, the last position nested in it, its loops. */
  private final Map<Stmt, Integer> position = new IdentityHashMap<>();
  private final Map<Stmt, Integer> end = new IdentityHashMap<>();
  private final Map<Stmt, List<Stmt.Loop>> loopsAround = new IdentityHashMap<>();
  /** Where each variable is assigned, and where each element class is stored into. */
  private final Map<Var, List<Stmt>> assigned = new HashMap<>();
  private final Map<Var, List<Stmt>> stored = new HashMap<>();
  private final List<Stmt.Loop> loops = new ArrayList<>();

  private RecomputedIterations(Function function, Var result, ArrayEffects effects,
      CalleeTable callees, ToBeRecorded recorded) {
    this.recorded = recorded;
    this.reverseReaders = recorded.reverseReaders();
    this.function = function;
    this.result = result;
    this.effects = effects;
    this.callees = callees;
    walk(function.body(), new ArrayList<>());
  }

  /**
   * The loops of {@code function} (structured) whose iterations can be computed again, each
   * with its accumulators ({@link #accumulators}); {@code recorded}: what the method's sweeps
   * keep, for who reads what on the way back.
   */
  static Map<Stmt.Loop, Set<Var>> of(Function function, Var result, ArrayEffects effects,
      CalleeTable callees, ToBeRecorded recorded) {
    if (Boolean.getBoolean("jgrad.noRecomputedIterations")) {
      return Map.of();
    }
    RecomputedIterations r = new RecomputedIterations(function, result, effects, callees,
        recorded);
    Map<Stmt.Loop, Set<Var>> out = new IdentityHashMap<>();
    for (Stmt.Loop l : r.loops) {
      Set<Var> accumulators = r.recomputable(l);
      if (accumulators != null) {
        out.put(l, accumulators);
        if (Boolean.getBoolean("jgrad.debug")) {
          System.err.println("jgrad: " + function.name() + ": the iterations of the loop at line "
              + l.origin().line() + " are computed again in the reverse sweep");
        }
      }
    }
    return out;
  }

  private void walk(Block block, List<Stmt.Loop> around) {
    for (Stmt s : block.stmts()) {
      position.put(s, position.size());
      loopsAround.put(s, List.copyOf(around));
      if (s instanceof Stmt.Assign a) {
        assigned.computeIfAbsent(a.target(), k -> new ArrayList<>()).add(s);
      } else if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Ref r) {
        assigned.computeIfAbsent(r.var(), k -> new ArrayList<>()).add(s);
      }
      Var written = writtenClass(s);
      if (written != null) {
        stored.computeIfAbsent(written, k -> new ArrayList<>()).add(s);
      }
      if (s instanceof Stmt.If i) {
        walk(i.then(), around);
        walk(i.otherwise(), around);
      } else if (s instanceof Stmt.Loop l) {
        loops.add(l);
        List<Stmt.Loop> inner = new ArrayList<>(around);
        inner.add(l);
        walk(l.body(), inner);
        walk(l.update(), inner);
      } else if (s instanceof Stmt.Protected p) {
        walk(p.body(), around);
        walk(p.onThrow(), around);
      }
      end.put(s, position.size() - 1);
    }
  }

  /** The element class a statement stores into, or null. */
  private Var writtenClass(Stmt s) {
    if (s instanceof Stmt.Store st) {
      return effects.elementClass(st.array());
    }
    if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Index i) {
      return effects.elementClass(i.array());
    }
    return null;
  }

  /** The loop's accumulators if its iterations can be computed again, else null. */
  private Set<Var> recomputable(Stmt.Loop l) {
    Iteration it = standingAlone(l);
    return it != null && tapesOverwrittenValues(it.body(), it.accumulators())
        ? it.accumulators() : null;
  }

  /**
   * What one iteration of a counting loop writes, where it stands alone: it reads, before
   * writing them, only values that nothing in or after the loop writes, and the rest of the
   * method reads none of what it writes but the {@code accumulators}' final values.
   * {@code scalars} and {@code classes} (element classes) are what it writes besides them and
   * the counter; {@code body} is the iteration without the counter's step.
   */
  record Iteration(Block body, Set<Var> accumulators, Set<Var> scalars, Set<Var> classes) {}

  /**
   * The loop's {@link Iteration} if its iterations stand alone (the conditions in the class
   * comment but the last: whether taping would keep overwritten values), else null.
   */
  Iteration standingAlone(Stmt.Loop l) {
    Var counter = ToBeRecorded.countingVariable(l);
    if (counter == null) {
      return null;
    }
    List<Stmt> body = l.body().stmts().subList(0, l.body().stmts().size() - 1);
    Set<Var> scalars = new HashSet<>();
    Set<Var> classes = new HashSet<>();
    if (body.isEmpty() || !writesOnlyLocals(new Block(body), scalars, classes)) {
      return null;
    }
    scalars.remove(counter);
    Set<Var> accumulators = accumulators(new Block(body), scalars);
    if (!keepNoOldValue(new Block(body), accumulators)) {
      return null;
    }
    scalars.removeAll(accumulators);
    Check check = new Check(l, counter, scalars, accumulators, classes);
    if (!check.block(body, new HashSet<>(), new HashSet<>())
        || readOutside(l, scalars, classes)) {
      return null;
    }
    return new Iteration(new Block(body), accumulators, scalars, classes);
  }

  /** An analysis of {@code function}'s loops, for {@link #standingAlone}. */
  static RecomputedIterations analysis(Function function, Var result, ArrayEffects effects,
      CalleeTable callees, ToBeRecorded recorded) {
    return new RecomputedIterations(function, result, effects, callees, recorded);
  }

  /**
   * True if no reverse statement reads a value the additions into {@code accumulators}
   * overwrite: those stay as the forward sweep left them, so a statement before the loop whose
   * reverse reads an accumulator ({@code d = a % b} before {@code for (...) d--}) would find its
   * final value.
   */
  private boolean keepNoOldValue(Block body, Set<Var> accumulators) {
    boolean[] kept = {true};
    Blocks.visitStmts(body, s -> {
      if (addsInto(s, accumulators)) {
        kept[0] &= s instanceof Stmt.Assign a && !recorded.oldValueRead(a);
      }
    });
    return kept[0];
  }

  /**
   * True if taping the loop would keep values its iterations overwrite (elements, or scalars
   * neither undone nor computed again): what computing the iterations again saves. A loop that
   * keeps none (only re-read values: {@code double r = y[j] - z[j]; s += r * r}) is reversed
   * as it is, without running its iterations twice. Nor is one that would keep only scalars
   * while its iteration calls a transcendental function: a push and a pop per scalar cost less
   * than a second {@code exp} or {@code sin} per element (map_sin_cos_exp, the log density).
   */
  private boolean tapesOverwrittenValues(Block body, Set<Var> accumulators) {
    boolean[] elements = {false};
    boolean[] scalars = {false};
    Blocks.visitStmts(body, s -> {
      if (s instanceof Stmt.Store st) {
        elements[0] |= recorded.oldElementRead(st);
      } else if (s instanceof Stmt.Assign a && !accumulators.contains(a.target())) {
        scalars[0] |= recorded.oldValueRead(a) && ReverseTransform.inverse(a) == null
            && !recorded.isRematerialized(a.target());
      }
    });
    return elements[0] || scalars[0] && !callsTranscendental(body);
  }

  /** The functions of {@code Math} that cost about as much as an arithmetic operation. */
  private static final Set<String> CHEAP_MATH = Set.of("abs", "signum", "floor", "ceil", "rint",
      "max", "min", "fma", "sqrt", "copySign", "toRadians", "toDegrees");

  private static boolean callsTranscendental(Block body) {
    boolean[] found = {false};
    Blocks.visitExprs(body, e -> found[0] |= e instanceof Expr.Call c
        && MathRules.OWNERS.contains(c.owner()) && !CHEAP_MATH.contains(c.name()));
    return found[0];
  }

  /**
   * The scalars of {@code scalars} the loop body only adds into ({@code total += e}, with no
   * other read or write of {@code total} in it): no other value of the iteration depends on
   * them, so the iteration computed again leaves them out and they keep their final values.
   */
  static Set<Var> accumulators(Block body, Set<Var> scalars) {
    Set<Var> out = new HashSet<>();
    for (Var v : scalars) {
      boolean[] onlyAdded = {true};
      Blocks.visitStmts(body, s -> {
        if (addsInto(s, Set.of(v))) {
          return;
        }
        onlyAdded[0] &= !(s instanceof Stmt.Assign a && a.target() == v)
            && !ownReads(s).contains(v);
      });
      if (onlyAdded[0]) {
        out.add(v);
      }
    }
    return out;
  }

  /**
   * True if {@code s} is {@code v += e}, {@code v = v + e} or {@code v = v - e} for a {@code v}
   * of {@code vars}, with {@code e} not reading {@code v}.
   */
  private static boolean addsInto(Stmt s, Set<Var> vars) {
    if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Ref r) {
      return vars.contains(r.var()) && !Exprs.vars(ac.value()).contains(r.var());
    }
    return s instanceof Stmt.Assign a && vars.contains(a.target())
        && a.value() instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))
        && b.left() instanceof Expr.Ref left && left.var() == a.target()
        && !Exprs.vars(b.right()).contains(a.target());
  }

  /**
   * {@code block} (an iteration's forward sweep) without its additions into
   * {@code accumulators}, nested ones included; throws if it writes them otherwise.
   */
  /**
   * The arrays an inner loop of an iteration computed again leaves for the statements after it,
   * if that is all it leaves: the loop's iterations are computed again in its own reverse, so
   * the iteration computed again can take these arrays' contents from the tape instead of
   * running the loop a third time. Null unless they are one-dimensional arrays of doubles that
   * the iteration does not reassign and that nothing before the loop in the iteration names,
   * and no scalar the loop assigns is named after it.
   */
  static List<Var> leftForTheRest(List<Stmt> body, Stmt.Loop inner, ArrayEffects effects) {
    int at = 0;
    while (body.get(at) != inner) {
      at++;
    }
    Block before = new Block(body.subList(0, at));
    Block after = new Block(body.subList(at + 1, body.size()));
    Block loop = new Block().add(inner);
    Var counter = ToBeRecorded.countingVariable(inner);
    if (counter == null || hasProtected(new Block(body)) || ToBeRecorded.jumps(inner.body())
        || !stableBound(((Expr.Binary) inner.condition()).right(), new Block(body))) {
      return null;
    }
    Set<Var> namedAfter = named(after);
    Set<Var> namedBefore = named(before);
    for (Var v : Blocks.assignedAnyhow(loop)) {
      if (namedAfter.contains(v)) {
        return null;
      }
    }
    Set<Var> written = new HashSet<>();
    Blocks.visitStmts(loop, s -> {
      if (s instanceof Stmt.Store st) {
        written.add(effects.elementClass(st.array()));
      } else if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Index i) {
        written.add(effects.elementClass(i.array()));
      }
    });
    Set<Var> reassigned = Blocks.assignedAnyhow(new Block(body));
    List<Var> kept = new ArrayList<>();
    for (Var v : namedAfter) {
      if (!ArrayEffects.holdsMemory(v.type())
          || written.stream().noneMatch(c -> effects.reaches(v, c))) {
        continue;
      }
      if (!v.type().equals(Type.DOUBLE_ARRAY) || reassigned.contains(v)
          || namedBefore.stream().anyMatch(u -> ArrayEffects.holdsMemory(u.type())
              && (effects.reaches(u, effects.classOf(v)) || effects.reaches(v,
                  effects.classOf(u))))) {
        return null;
      }
      kept.add(v);
    }
    return kept.isEmpty() ? null : kept;
  }

  /**
   * True for a loop bound the iteration does not change: an int literal, an int variable or the
   * length of an array variable that nothing in {@code body} assigns, where the counter ends.
   */
  private static boolean stableBound(Expr bound, Block body) {
    Set<Var> assigned = Blocks.assignedAnyhow(body);
    if (bound instanceof Expr.Lit lit) {
      return lit.type().equals(Type.INT);
    }
    if (bound instanceof Expr.Length len && len.array() instanceof Expr.Ref r) {
      return !assigned.contains(r.var());
    }
    return bound instanceof Expr.Ref r && r.var().type().equals(Type.INT)
        && !assigned.contains(r.var());
  }

  /** Every variable a statement of {@code block} reads or assigns. */
  private static Set<Var> named(Block block) {
    Set<Var> out = new HashSet<>(Blocks.reads(block));
    out.addAll(Blocks.assignedAnyhow(block));
    return out;
  }

  private static boolean hasProtected(Block block) {
    boolean[] found = {false};
    Blocks.visitStmts(block, s -> found[0] |= s instanceof Stmt.Protected);
    return found[0];
  }

  static Block withoutAdditionsInto(Block block, Set<Var> accumulators) {
    Block out = additionsLeftOut(block, accumulators);
    Blocks.visitStmts(out, s -> {
      if (s instanceof Stmt.Assign a && accumulators.contains(a.target())
          || s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Ref r
          && accumulators.contains(r.var())) {
        throw new IllegalStateException("an iteration computed again writes " + s);
      }
    });
    return out;
  }

  private static Block additionsLeftOut(Block block, Set<Var> accumulators) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      if (addsInto(s, accumulators)) {
        continue;
      }
      if (s instanceof Stmt.If i) {
        out.add(new Stmt.If(i.condition(), additionsLeftOut(i.then(), accumulators),
            additionsLeftOut(i.otherwise(), accumulators), i.origin()));
      } else if (s instanceof Stmt.Loop l) {
        out.add(new Stmt.Loop(l.label(), l.condition(),
            additionsLeftOut(l.body(), accumulators),
            additionsLeftOut(l.update(), accumulators), l.testFirst(), l.origin()));
      } else {
        out.add(s);
      }
    }
    return out;
  }

  /** The variables a statement reads itself (of a branch or loop, its condition). */
  private static Set<Var> ownReads(Stmt s) {
    if (s instanceof Stmt.If i) {
      return Exprs.vars(i.condition());
    }
    if (s instanceof Stmt.Loop l) {
      return l.condition() == null ? Set.of() : Exprs.vars(l.condition());
    }
    return Blocks.reads(new Block().add(s));
  }

  /**
   * True if the statements are assignments of locals, stores into local memory of one
   * dimension, branches and loops, with no call of a method with rules; collects what they
   * write.
   */
  private boolean writesOnlyLocals(Block block, Set<Var> scalars, Set<Var> classes) {
    for (Stmt s : block.stmts()) {
      boolean[] callsRules = {false};
      Block one = new Block().add(s);
      Blocks.visitExprs(one, e -> callsRules[0] |= callees.of(e) != null
          || e instanceof Expr.Invoke || e instanceof Expr.New
          || e instanceof Expr.Call c && c.owner().equals(ReverseTransform.SELF));
      if (callsRules[0]) {
        return false;
      }
      if (s instanceof Stmt.Assign a) {
        Type t = a.target().type();
        if (a.target().isParam() || t.isRecord() || t.isRecordArray()
            || t.isArray() && !(a.value() instanceof Expr.Index)) {
          return false; // a row read (double[] w = m[i]) is a variable like a number
        }
        scalars.add(a.target());
      } else if (s instanceof Stmt.Store || s instanceof Stmt.Accumulate) {
        Expr target = s instanceof Stmt.Store st ? new Expr.Index(st.array(), st.index(),
            st.array().type().elementType()) : ((Stmt.Accumulate) s).target();
        if (target instanceof Expr.Ref r) {
          if (r.var().isParam()) {
            return false;
          }
          scalars.add(r.var());
          continue;
        }
        Expr.Index element = (Expr.Index) target;
        Var cls = effects.elementClass(element.array());
        if (!(element.array() instanceof Expr.Ref) || cls == null || reachesParameter(cls)
            || isReturned(cls) || !element.type().isPrimitive()) {
          return false; // numbers only: a stored row or record has a shadow to follow
        }
        classes.add(cls);
      } else if (s instanceof Stmt.If i) {
        if (!writesOnlyLocals(i.then(), scalars, classes)
            || !writesOnlyLocals(i.otherwise(), scalars, classes)) {
          return false;
        }
      } else if (s instanceof Stmt.Loop inner) {
        if (!writesOnlyLocals(inner.body(), scalars, classes)
            || !writesOnlyLocals(inner.update(), scalars, classes)) {
          return false;
        }
      } else if (!(s instanceof Stmt.Comment)) {
        return false;
      }
    }
    return true;
  }

  /**
   * True if the method may return memory of class {@code cls}: the reverse sweep leaves work
   * memory as the iteration computed first left it, not the last.
   */
  private boolean isReturned(Var cls) {
    return result != null && ArrayEffects.holdsMemory(result.type())
        && effects.reaches(result, cls);
  }

  private boolean reachesParameter(Var cls) {
    for (Var p : function.params()) {
      if (effects.reaches(p, cls)) {
        return true;
      }
    }
    return false;
  }

  /**
   * True if a reverse statement outside {@code l} reads a variable the loop writes, or an
   * element of memory it writes: it would find the values of the iteration computed last.
   */
  private boolean readOutside(Stmt.Loop l, Set<Var> scalars, Set<Var> classes) {
    for (Map.Entry<Var, List<Stmt>> e : reverseReaders.entrySet()) {
      Var v = e.getKey();
      // a matrix's rows count: the loop may write a row through another variable (seed 3115,
      // program 997: Arrays.fill(w[0], t) wrote t1 = w[0], and the reverse read w[0][0])
      boolean written = scalars.contains(v) || v.type().isArray()
          && classes.stream().anyMatch(c -> effects.reaches(v, c));
      if (!written) {
        continue;
      }
      for (Stmt reader : e.getValue()) {
        Integer at = position.get(reader);
        if (at == null || at < position.get(l) || at > end.get(l)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Walks one iteration in order: every read of what the iteration writes must follow a write
   * of it in the same iteration (scalars assigned, arrays filled whole), every other read must
   * be of a value that stays as it is.
   */
  private final class Check {
    private final Stmt.Loop loop;
    private final Var counter;
    private final Set<Var> scalars;
    private final Set<Var> accumulators;
    private final Set<Var> classes;

    Check(Stmt.Loop loop, Var counter, Set<Var> scalars, Set<Var> accumulators,
        Set<Var> classes) {
      this.loop = loop;
      this.counter = counter;
      this.scalars = scalars;
      this.accumulators = accumulators;
      this.classes = classes;
    }

    /** {@code defined}, {@code covered}: what the iteration has written so far (updated). */
    boolean block(List<Stmt> stmts, Set<Var> defined, Set<Var> covered) {
      for (int k = 0; k < stmts.size(); k++) {
        Stmt s = stmts.get(k);
        if (s instanceof Stmt.If i) {
          if (!reads(i.condition(), defined, covered)) {
            return false;
          }
          Set<Var> thenDefined = new HashSet<>(defined);
          Set<Var> otherwiseDefined = new HashSet<>(defined);
          if (!block(i.then().stmts(), thenDefined, new HashSet<>(covered))
              || !block(i.otherwise().stmts(), otherwiseDefined, new HashSet<>(covered))) {
            return false;
          }
          thenDefined.retainAll(otherwiseDefined);
          defined.addAll(thenDefined);
        } else if (s instanceof Stmt.Loop inner) {
          // a loop may run no iteration: what it writes counts as written only where it fills
          // an array whole; inside, it must read what it writes after writing it, every time
          if (inner.condition() != null && !reads(inner.condition(), defined, covered)) {
            return false;
          }
          Set<Var> innerDefined = new HashSet<>(defined);
          if (!block(inner.body().stmts(), innerDefined, new HashSet<>(covered))
              || !block(inner.update().stmts(), innerDefined, new HashSet<>(covered))
              || inner.condition() != null && !reads(inner.condition(), innerDefined,
                  covered)) {
            return false;
          }
          Var filled = filled(stmts, k, inner);
          if (filled != null) {
            covered.add(filled);
          }
        } else if (!statement(s, defined, covered)) {
          return false;
        }
      }
      return true;
    }

    private boolean statement(Stmt s, Set<Var> defined, Set<Var> covered) {
      if (addsInto(s, accumulators)) {
        return true; // left out when computed again; what it adds is read by nothing else
      }
      if (s instanceof Stmt.Comment) {
        return true;
      }
      if (s instanceof Stmt.Assign a) {
        if (!reads(a.value(), defined, covered)) {
          return false;
        }
        defined.add(a.target());
        return true;
      }
      if (s instanceof Stmt.Accumulate ac) {
        if (!reads(ac.target(), defined, covered) || !reads(ac.value(), defined, covered)) {
          return false; // (it reads its target)
        }
        if (ac.target() instanceof Expr.Ref r) {
          defined.add(r.var());
        }
        return true;
      }
      if (s instanceof Stmt.Store st) {
        return reads(st.array(), defined, covered) && reads(st.index(), defined, covered)
            && reads(st.value(), defined, covered);
      }
      return false;
    }

    /** True if every variable and element {@code e} reads has the value it had. */
    private boolean reads(Expr e, Set<Var> defined, Set<Var> covered) {
      boolean[] ok = {true};
      Exprs.visit(e, x -> {
        if (x instanceof Expr.Ref r) {
          ok[0] &= scalarAvailable(r.var(), defined);
        } else if (x instanceof Expr.Index i) {
          Var cls = effects.elementClass(i.array());
          ok[0] &= cls != null && (classes.contains(cls) ? covered.contains(cls)
              : stable(stored.getOrDefault(cls, List.of())));
        }
      });
      return ok[0];
    }

    private boolean scalarAvailable(Var v, Set<Var> defined) {
      if (v == counter || defined.contains(v)) {
        return true;
      }
      if (scalars.contains(v)) {
        return false; // read before the iteration writes it: the last iteration's value
      }
      // an enclosing loop's counter: the reverse sweep gives it its value of this iteration
      for (Stmt.Loop around : loopsAround.get(loop)) {
        if (ToBeRecorded.countingVariable(around) == v) {
          return true;
        }
      }
      return stable(assigned.getOrDefault(v, List.of()));
    }

    /** True if none of {@code writes} is in a loop around this one, in it, or after it. */
    private boolean stable(List<Stmt> writes) {
      for (Stmt w : writes) {
        if (position.get(w) > position.get(loop) || loopsAround.get(w).stream()
            .anyMatch(l -> l == loop || loopsAround.get(loop).contains(l))) {
          return false;
        }
      }
      return true;
    }

    /**
     * The class of the array {@code inner} fills whole, or null: a counting loop started at 0
     * just before it ({@code stmts[k - 1]}), bounded by the array's length, whose body stores
     * into element {@code j} of one array variable unconditionally.
     */
    private Var filled(List<Stmt> stmts, int k, Stmt.Loop inner) {
      Var j = ToBeRecorded.countingVariable(inner);
      if (j == null || k == 0 || !(stmts.get(k - 1) instanceof Stmt.Assign init)
          || init.target() != j || !(init.value() instanceof Expr.Lit zero)
          || !zero.text().equals("0") || !(inner.condition() instanceof Expr.Binary c)) {
        return null;
      }
      for (Stmt s : inner.body().stmts()) {
        if (s instanceof Stmt.Store st && st.array() instanceof Expr.Ref a
            && st.index() instanceof Expr.Ref index && index.var() == j
            && sameLength(c.right(), a.var())) {
          return effects.elementClass(st.array());
        }
      }
      return null;
    }
  }

  /** True if {@code bound} is provably the length of the array {@code a} holds. */
  private boolean sameLength(Expr bound, Var a) {
    String length = lengthOf(a);
    return length != null && length.equals(canonical(bound, 0));
  }

  /** The canonical text of an array variable's length: of its only assignment, a new array. */
  private String lengthOf(Var a) {
    List<Stmt> writes = assigned.getOrDefault(a, List.of());
    if (a.isParam() || writes.size() != 1 || !(writes.get(0) instanceof Stmt.Assign only)
        || !(only.value() instanceof Expr.NewArray n) || n.dimensions().size() != 1) {
      return null;
    }
    return canonical(n.dimensions().get(0), 0);
  }

  /**
   * An int expression as canonical text, through variables assigned once ({@code d = x[0].length}
   * stays {@code x[0].length}) and lengths of arrays allocated once; null where it cannot tell.
   */
  private String canonical(Expr e, int depth) {
    if (depth > 8) {
      return null;
    }
    if (e instanceof Expr.Lit lit) {
      return lit.text();
    }
    if (e instanceof Expr.Length len && len.array() instanceof Expr.Ref r) {
      String allocated = lengthOf(r.var());
      return allocated != null ? allocated : r.var().isParam() && !assigned.containsKey(r.var())
          ? r.var().name() + ".length" : null;
    }
    if (e instanceof Expr.Ref r) {
      List<Stmt> writes = assigned.getOrDefault(r.var(), List.of());
      if (r.var().isParam() && writes.isEmpty()) {
        return r.var().name();
      }
      if (writes.size() == 1 && writes.get(0) instanceof Stmt.Assign only
          && only.target().type().equals(Type.INT)) {
        String value = canonical(only.value(), depth + 1);
        // assigned once outside loops: the variable stands for its one value
        return value != null ? value : loopsAround.get(only).isEmpty()
            ? "var:" + System.identityHashCode(r.var()) : null;
      }
      return null;
    }
    if (e instanceof Expr.Length len) {
      String inner = printed(len.array());
      return inner == null ? null : inner + ".length";
    }
    return null;
  }

  /** {@code x[0]} over a parameter never assigned, as text; else null. */
  private String printed(Expr e) {
    if (e instanceof Expr.Ref r) {
      return r.var().isParam() && !assigned.containsKey(r.var()) ? r.var().name() : null;
    }
    if (e instanceof Expr.Index i && i.index() instanceof Expr.Lit lit) {
      String array = printed(i.array());
      return array == null ? null : array + "[" + lit.text() + "]";
    }
    return null;
  }
}
