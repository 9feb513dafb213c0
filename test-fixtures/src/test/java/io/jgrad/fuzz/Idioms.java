package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Small fixed shapes with holes, for evaluation-order corners that random composition reaches
 * too rarely: a variable read before and after its own increment in one expression, {@code ++}
 * inside an index, a compound assignment used as a value, an index that depends on the element
 * being written, a chained assignment.
 */
final class Idioms {
  private Idioms() {}

  static final List<Production<List<Stmt>>> IDIOMS = new ArrayList<>(List.of(
      Production.of("d + (++d)", 1, Idioms::readThenIncrement),
      Production.of("x[++k]++", 1, Idioms::incrementInIndex),
      Production.of("s = (x[i] += e)", 1, Idioms::compoundAsValue),
      Production.of("x[(int) x[0]] = e", 1, Idioms::valueDependentIndex),
      Production.of("a = b = e", 0.7, Idioms::chained),
      Production.of("work array per iteration", 0.8, Idioms::workArrayPerIteration),
      Production.of("scores per iteration", 0.5, Idioms::scoresPerIteration),
      Production.of("x[k++] op= x[k]", 0.7, Idioms::sideEffectIndexCompound),
      // records (weight 0 without arrays of records in scope)
      Production.of("d op= ps[(int) d].x()", g -> RecordGen.recordArrays(g) ? 1 : 0,
          Idioms::recordIndexReadsTarget),
      Production.of("ps[k++] = new R(ps[k].x())", g -> RecordGen.recordArrays(g) ? 0.7 : 0,
          Idioms::recordSideEffectIndex)));

  private static Expr lit(JType type, String text) {
    return new Expr.Lit(type, text);
  }

  /** {@code double d = e; double s = d + (++d);} (or -- / postfix / on the other side). */
  static List<Stmt> readThenIncrement(MethodGen g, int depth) {
    Expr init = ExprGen.dbl(g, depth - 1);
    Var d = g.declare("d", JType.DOUBLE, false);
    Expr change = new Expr.IncDec(d.ref(), g.chance(0.5), g.chance(0.6) ? "++" : "--");
    String op = g.oneOf("+", "*", "-");
    Expr value = g.chance(0.6)
        ? new Expr.Binary(op, d.ref(), change, JType.DOUBLE)
        : new Expr.Binary(op, change, d.ref(), JType.DOUBLE);
    Var s = g.declare("d", JType.DOUBLE, false);
    return List.of(new Stmt.Local(JType.DOUBLE, d.name, init),
        new Stmt.Local(JType.DOUBLE, s.name, value));
  }

  /** {@code int k = -1; double s = x[++k]++;}. */
  static List<Stmt> incrementInIndex(MethodGen g, int depth) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY && g.writable(v.root));
    if (x == null) {
      return null;
    }
    g.markWritten(x.root);
    boolean prefix = g.chance(0.6);
    Var k = g.declare("k", JType.INT, false);
    Expr index = new Expr.IncDec(k.ref(), prefix, "++");
    Expr element = new Expr.Index(x.ref(), index, JType.DOUBLE);
    Expr value = new Expr.IncDec(element, g.chance(0.5), g.chance(0.6) ? "++" : "--");
    Var s = g.declare("d", JType.DOUBLE, false);
    return List.of(new Stmt.Local(JType.INT, k.name, lit(JType.INT, prefix ? "-1" : "0")),
        new Stmt.Local(JType.DOUBLE, s.name, value));
  }

  /** {@code double s = (x[i] += e);} or {@code s = (d *= e) + d}. */
  static List<Stmt> compoundAsValue(MethodGen g, int depth) {
    Expr target = g.chance(0.7) ? ExprGen.elementTarget(g, depth)
        : ExprGen.scalarTarget(g, JType.DOUBLE, depth);
    if (target == null) {
      return null;
    }
    Expr assign = new Expr.Assign(target, g.oneOf("+=", "-=", "*=", target.pure() ? "/=" : "+=",
        "="),
        g.chance(0.5) ? ExprGen.doubleLiteral(g) : ExprGen.dbl(g, depth - 1));
    Expr value = g.chance(0.5) ? assign
        : new Expr.Binary(g.oneOf("+", "*"), assign, ExprGen.dbl(g, 0), JType.DOUBLE);
    Var s = g.declare("d", JType.DOUBLE, false);
    return List.of(new Stmt.Local(JType.DOUBLE, s.name, value));
  }

  /** {@code x[clamp((int) x[0])] = x[0] + 1.0;}: the index reads the array being written. */
  static List<Stmt> valueDependentIndex(MethodGen g, int depth) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY && g.writable(v.root));
    if (x == null) {
      return null;
    }
    g.markWritten(x.root);
    Expr first = new Expr.Index(x.ref(), lit(JType.INT, "0"), JType.DOUBLE);
    Expr raw = new Expr.Cast(JType.INT, g.chance(0.5) ? first
        : new Expr.Binary("*", first, lit(JType.DOUBLE, "3.0"), JType.DOUBLE));
    Expr index = g.chance(0.5)
        ? new Expr.LibCall("Math.floorMod", List.of(raw, new Expr.Length(x.ref())), JType.INT)
        : MathFunctions.make(g, "max", List.of(lit(JType.INT, "0"), MathFunctions.make(g, "min",
            List.of(new Expr.Binary("-", new Expr.Length(x.ref()), lit(JType.INT, "1"),
                JType.INT), raw))));
    Expr value = new Expr.Binary("+", first, g.chance(0.5) ? lit(JType.DOUBLE, "1.0")
        : ExprGen.dbl(g, depth - 1), JType.DOUBLE);
    return List.of(new Stmt.Eval(new Expr.Assign(new Expr.Index(x.ref(), index, JType.DOUBLE),
        g.oneOf("=", "+=", "*="), value)));
  }

  /**
   * A loop whose iterations fill a work array whole, reduce it and add the result into an
   * accumulator (the shape of a mixture likelihood's loop over points): the reverse sweep may
   * compute such iterations again instead of taping the array each time.
   * <pre>
   * double[] w = new double[x.length];
   * double d = 0.0;
   * for (int i = 0; i &lt; K; i++) {
   *   for (int j = 0; j &lt; w.length; j++) { w[j] = f(x[j], i, e); }
   *   double t = 0.0;
   *   for (int k = 0; k &lt; w.length; k++) { t += w[k] * w[k]; }
   *   d += g(t);
   * }
   * </pre>
   */
  static List<Stmt> workArrayPerIteration(MethodGen g, int depth) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY);
    if (x == null) {
      return null;
    }
    Var w = new Var(g.fresh("w"), JType.DOUBLE_ARRAY, false);
    Var i = new Var(g.fresh("i"), JType.INT, false);
    Var j = new Var(g.fresh("j"), JType.INT, false);
    Var k = new Var(g.fresh("k"), JType.INT, false);
    Var t = new Var(g.fresh("t"), JType.DOUBLE, false);
    Expr element = shiftedElement(g, x, j, i.ref(), "sin", "tanh", "exp");
    Expr other = g.chance(0.6) ? new Expr.Index(w.ref(), k.ref(), JType.DOUBLE)
        : new Expr.Index(x.ref(), k.ref(), JType.DOUBLE);
    Expr term = g.chance(0.5) ? t.ref() : MathFunctions.make(g, "log", List.of(
        new Expr.Binary("+", lit(JType.DOUBLE, "1.0"), new Expr.Binary("*", t.ref(), t.ref(),
            JType.DOUBLE), JType.DOUBLE)));
    Expr trips = g.chance(0.5) ? lit(JType.INT, String.valueOf(g.between(1, 3)))
        : new Expr.Length(x.ref());
    Var d = g.declare("d", JType.DOUBLE, false);
    Stmt fill = countingLoop(j, new Expr.Length(w.ref()), new Stmt.Eval(new Expr.Assign(
        new Expr.Index(w.ref(), j.ref(), JType.DOUBLE), "=", element)));
    Stmt reduce = countingLoop(k, new Expr.Length(w.ref()), new Stmt.Eval(new Expr.Assign(
        t.ref(), "+=", new Expr.Binary("*", new Expr.Index(w.ref(), k.ref(), JType.DOUBLE),
            other, JType.DOUBLE))));
    Stmt outer = countingLoop(i, trips, fill, new Stmt.Local(JType.DOUBLE, t.name,
        lit(JType.DOUBLE, "0.0")), reduce,
        new Stmt.Eval(new Expr.Assign(d.ref(), g.oneOf("+=", "-="), term)));
    return List.of(new Stmt.Local(JType.DOUBLE_ARRAY, w.name, new Expr.NewArray(
        JType.DOUBLE_ARRAY, List.of(new Expr.Length(x.ref())))),
        new Stmt.Local(JType.DOUBLE, d.name, lit(JType.DOUBLE, "0.0")), outer);
  }

  /**
   * A loop whose iterations compute a few scores, each from a work array filled whole, and add a
   * function of the scores into an accumulator (the shape of a mixture likelihood: per point, a
   * score per component, then their log-sum-exp): the reverse sweep may compute the iterations
   * again and take the scores from the tape rather than running the loop over them again.
   * <pre>
   * double[] w = new double[x.length];
   * double[] sc = new double[S];
   * double d = 0.0;
   * for (int i = 0; i &lt; K; i++) {
   *   for (int m = 0; m &lt; sc.length; m++) {
   *     for (int j = 0; j &lt; w.length; j++) { w[j] = f(x[j], i + m, e); }
   *     double t = 0.0;
   *     for (int k = 0; k &lt; w.length; k++) { t += w[k] * w[k]; }
   *     sc[m] = g(t);
   *   }
   *   double u = 0.0;
   *   for (int q = 0; q &lt; sc.length; q++) { u += h(sc[q]); }
   *   d += u;
   * }
   * </pre>
   */
  static List<Stmt> scoresPerIteration(MethodGen g, int depth) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY);
    return x == null ? null : scores(g, x, "d", false).stmts();
  }

  /**
   * {@link #scoresPerIteration}'s statements at the end of the method's body, their sum
   * combined with {@code returned}: the loop over points can then be fused in {@code fAdjoint}
   * (computed again in the parts), and the loop over scores, inside it, keep a row of its work
   * array per score (a mixture likelihood's shape, where both hold). The points are an array
   * of numbers in scope, or three numbers made one ({@code double[] xs = {a, b, c}}).
   */
  static Expr mixtureIntoResult(MethodGen g, List<Stmt> body, Expr returned) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY);
    if (x == null) {
      x = new Var(g.fresh("xs"), JType.DOUBLE_ARRAY, false);
      body.add(new Stmt.Local(JType.DOUBLE_ARRAY, x.name, new Expr.ArrayInit(
          JType.DOUBLE_ARRAY, List.of(ExprGen.dbl(g, 0), ExprGen.dbl(g, 0),
              ExprGen.doubleLiteral(g)))));
    }
    Scores scores = scores(g, x, "s", true);
    body.addAll(scores.stmts());
    return new Expr.Binary(g.oneOf("+", "-"), returned, scores.sum().ref(), JType.DOUBLE);
  }

  /** The statements of {@link #scoresPerIteration}, and the variable they sum into. */
  private record Scores(List<Stmt> stmts, Var sum) {}

  /**
   * {@code logSumExp}: the scores combined as {@code u += exp(sc[q])}, whose reverse reads
   * the exponentials, not the scores (a reverse that reads the scores after the loop writing
   * them keeps its iterations from being computed again, and so from keeping rows).
   */
  private static Scores scores(MethodGen g, Var x, String sumName, boolean logSumExp) {
    Var w = new Var(g.fresh("w"), JType.DOUBLE_ARRAY, false);
    Var sc = new Var(g.fresh("sc"), JType.DOUBLE_ARRAY, false);
    Var i = new Var(g.fresh("i"), JType.INT, false);
    Var m = new Var(g.fresh("m"), JType.INT, false);
    Var j = new Var(g.fresh("j"), JType.INT, false);
    Var k = new Var(g.fresh("k"), JType.INT, false);
    Var q = new Var(g.fresh("q"), JType.INT, false);
    Var t = new Var(g.fresh("t"), JType.DOUBLE, false);
    Var u = new Var(g.fresh("u"), JType.DOUBLE, false);
    Expr element = shiftedElement(g, x, j, new Expr.Binary("+", i.ref(), m.ref(), JType.INT),
        "sin", "tanh");
    Expr other = g.chance(0.6) ? new Expr.Index(w.ref(), k.ref(), JType.DOUBLE)
        : new Expr.Index(x.ref(), k.ref(), JType.DOUBLE);
    Expr score = g.chance(0.5) ? t.ref() : MathFunctions.make(g, "log", List.of(
        new Expr.Binary("+", lit(JType.DOUBLE, "1.0"), new Expr.Binary("*", t.ref(), t.ref(),
            JType.DOUBLE), JType.DOUBLE)));
    Expr read = new Expr.Index(sc.ref(), q.ref(), JType.DOUBLE);
    Expr square = new Expr.Binary("*", read, read, JType.DOUBLE);
    Expr term = logSumExp ? MathFunctions.make(g, "exp", List.of(read))
        : g.chance(0.5) ? square : MathFunctions.make(g, "exp", List.of(
            new Expr.Unary("-", square, JType.DOUBLE)));
    Expr trips = g.chance(0.5) ? lit(JType.INT, String.valueOf(g.between(1, 3)))
        : new Expr.Length(x.ref());
    Var d = g.declare(sumName, JType.DOUBLE, false);
    Stmt fill = countingLoop(j, new Expr.Length(w.ref()), new Stmt.Eval(new Expr.Assign(
        new Expr.Index(w.ref(), j.ref(), JType.DOUBLE), "=", element)));
    Stmt reduce = countingLoop(k, new Expr.Length(w.ref()), new Stmt.Eval(new Expr.Assign(
        t.ref(), "+=", new Expr.Binary("*", new Expr.Index(w.ref(), k.ref(), JType.DOUBLE),
            other, JType.DOUBLE))));
    Stmt scores = countingLoop(m, new Expr.Length(sc.ref()), fill,
        new Stmt.Local(JType.DOUBLE, t.name, lit(JType.DOUBLE, "0.0")), reduce,
        new Stmt.Eval(new Expr.Assign(new Expr.Index(sc.ref(), m.ref(), JType.DOUBLE), "=",
            score)));
    Stmt combine = countingLoop(q, new Expr.Length(sc.ref()), new Stmt.Eval(new Expr.Assign(
        u.ref(), "+=", term)));
    Stmt outer = countingLoop(i, trips, scores, new Stmt.Local(JType.DOUBLE, u.name,
        lit(JType.DOUBLE, "0.0")), combine,
        new Stmt.Eval(new Expr.Assign(d.ref(), g.oneOf("+=", "-="), u.ref())));
    return new Scores(List.of(new Stmt.Local(JType.DOUBLE_ARRAY, w.name, new Expr.NewArray(
        JType.DOUBLE_ARRAY, List.of(new Expr.Length(x.ref())))),
        new Stmt.Local(JType.DOUBLE_ARRAY, sc.name, new Expr.NewArray(JType.DOUBLE_ARRAY,
            List.of(lit(JType.INT, String.valueOf(g.between(2, 3)))))),
        new Stmt.Local(JType.DOUBLE, d.name, lit(JType.DOUBLE, "0.0")), outer), d);
  }

  /**
   * A sum into the result, just before the return: the shape whose reverse {@code fAdjoint}
   * runs inside its forward sweep, each iteration right after it ran (the seed gives the sum's
   * adjoint before the loop starts). Adds the sum's statements to {@code body} and returns
   * {@code returned} combined with the sum:
   * <pre>
   * double s = 0.0;
   * for (int i = 0; i &lt; x.length; i++) {      (or a literal trip count)
   *   double a = f(x[i] - i * e);                (e a number in scope or a literal)
   *   s += a * a;                                 (or -=; a * x[i]; log(1 + a * a); a)
   * }
   * return returned + s * c;                     (or - s, c * s + returned, s / c + ...)
   * </pre>
   */
  static Expr sumIntoResult(MethodGen g, List<Stmt> body, Expr returned) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY);
    Var i = new Var(g.fresh("i"), JType.INT, false);
    Var a = new Var(g.fresh("a"), JType.DOUBLE, false);
    Var number = g.pick(v -> v.type == JType.DOUBLE);
    Expr step = number != null && g.chance(0.6) ? number.ref() : ExprGen.doubleLiteral(g);
    Expr element = x != null ? shiftedElement(g, x, i, step, "sin", "tanh", "exp")
        : new Expr.Binary("*", new Expr.Cast(JType.DOUBLE, i.ref()), step, JType.DOUBLE);
    Expr bound = x != null ? new Expr.Length(x.ref())
        : lit(JType.INT, String.valueOf(g.between(1, 4)));
    Expr term = switch (g.between(0, 3)) {
      case 0 -> new Expr.Binary("*", a.ref(), a.ref(), JType.DOUBLE);
      case 1 -> x != null ? new Expr.Binary("*", a.ref(), new Expr.Index(x.ref(), i.ref(),
          JType.DOUBLE), JType.DOUBLE) : a.ref();
      case 2 -> MathFunctions.make(g, "log", List.of(new Expr.Binary("+",
          lit(JType.DOUBLE, "1.0"), new Expr.Binary("*", a.ref(), a.ref(), JType.DOUBLE),
          JType.DOUBLE)));
      default -> a.ref();
    };
    Var sum = g.declare("s", JType.DOUBLE, false);
    body.add(new Stmt.Local(JType.DOUBLE, sum.name, lit(JType.DOUBLE, "0.0")));
    body.add(countingLoop(i, bound, new Stmt.Local(JType.DOUBLE, a.name, element),
        new Stmt.Eval(new Expr.Assign(sum.ref(), g.oneOf("+=", "-="), term))));
    Expr c = g.chance(0.5) ? ExprGen.doubleLiteral(g) : number != null ? number.ref()
        : lit(JType.DOUBLE, "2.0");
    return switch (g.between(0, 3)) {
      case 0 -> new Expr.Binary("+", returned, sum.ref(), JType.DOUBLE);
      case 1 -> new Expr.Binary("-", returned, new Expr.Binary("*", sum.ref(), c, JType.DOUBLE),
          JType.DOUBLE);
      case 2 -> new Expr.Binary("+", new Expr.Binary("*", c, sum.ref(), JType.DOUBLE), returned,
          JType.DOUBLE);
      default -> new Expr.Binary("+", new Expr.Binary("/", sum.ref(), c, JType.DOUBLE),
          returned, JType.DOUBLE);
    };
  }

  /** {@code x[j] - step * e} or {@code +}, as it is or under one of {@code functions}. */
  private static Expr shiftedElement(MethodGen g, Var x, Var j, Expr step,
      String... functions) {
    Expr shift = new Expr.Binary("*", step, g.chance(0.5) ? ExprGen.doubleLiteral(g)
        : ExprGen.dbl(g, 0), JType.DOUBLE);
    Expr centered = new Expr.Binary(g.oneOf("-", "+"), new Expr.Index(x.ref(), j.ref(),
        JType.DOUBLE), shift, JType.DOUBLE);
    return g.chance(0.5) ? centered
        : MathFunctions.make(g, g.oneOf(functions), List.of(centered));
  }

  /** {@code for (int i = 0; i < bound; i++) { body }}. */
  private static Stmt countingLoop(Var i, Expr bound, Stmt... body) {
    return new Stmt.For(null, new Stmt.Local(JType.INT, i.name, lit(JType.INT, "0")),
        new Expr.Binary("<", i.ref(), bound, JType.BOOLEAN), new Expr.IncDec(i.ref(), false,
            "++"), new Stmt.Block(List.of(body)));
  }

  /** {@code a = x[i] = e;}. */
  static List<Stmt> chained(MethodGen g, int depth) {
    Var a = g.pick(v -> v.type == JType.DOUBLE && v.frozen == 0);
    Expr inner = ExprGen.elementTarget(g, depth);
    if (a == null || inner == null) {
      return null;
    }
    Expr value = new Expr.Assign(inner, g.oneOf("=", "+="), ExprGen.dbl(g, depth - 1));
    return List.of(new Stmt.Eval(new Expr.Assign(a.ref(), g.oneOf("=", "+=", "*="), value)));
  }

  /** {@code x[Math.floorMod(k++, x.length)] += x[Math.floorMod(k, x.length)];}. */
  static List<Stmt> sideEffectIndexCompound(MethodGen g, int depth) {
    Var x = g.pick(v -> v.type == JType.DOUBLE_ARRAY && g.writable(v.root));
    Var k = g.pick(v -> v.type == JType.INT && v.frozen == 0);
    if (x == null || k == null) {
      return null;
    }
    g.markWritten(x.root);
    Expr length = new Expr.Length(x.ref());
    Expr left = new Expr.Index(x.ref(), new Expr.LibCall("Math.floorMod", List.of(
        new Expr.IncDec(k.ref(), g.chance(0.5), g.chance(0.6) ? "++" : "--"), length),
        JType.INT), JType.DOUBLE);
    Expr right = new Expr.Index(x.ref(), new Expr.LibCall("Math.floorMod", List.of(k.ref(),
        length), JType.INT), JType.DOUBLE);
    return List.of(new Stmt.Eval(new Expr.Assign(left, g.oneOf("=", "+=", "-=", "*="),
        g.chance(0.5) ? right : new Expr.Binary("*", right, ExprGen.dbl(g, 0),
            JType.DOUBLE))));
  }

  /** A double component of {@code ps}'s element type, or null. */
  private static RecordDecl.Component doubleComponent(MethodGen g, Var ps) {
    return g.oneOf(ps.type.decl.componentsOf(JType.DOUBLE));
  }

  /** {@code d += ps[Math.floorMod((int) (d * 2.0), ps.length)].x();}: the index reads d. */
  static List<Stmt> recordIndexReadsTarget(MethodGen g, int depth) {
    Var ps = g.pick(v -> v.type.isRecordArray() && !v.type.decl.componentsOf(JType.DOUBLE)
        .isEmpty());
    Var d = g.pick(v -> v.type == JType.DOUBLE && v.frozen == 0);
    if (ps == null || d == null) {
      return null;
    }
    RecordDecl.Component c = doubleComponent(g, ps);
    Expr raw = new Expr.Cast(JType.INT, g.chance(0.5) ? d.ref()
        : new Expr.Binary("*", d.ref(), lit(JType.DOUBLE, "2.0"), JType.DOUBLE));
    Expr index = new Expr.LibCall("Math.floorMod", List.of(raw, new Expr.Length(ps.ref())),
        JType.INT);
    Expr read = RecordGen.access(g, new Expr.Index(ps.ref(), index, ps.type.element()),
        ps.type.decl, c);
    return List.of(new Stmt.Eval(new Expr.Assign(d.ref(), g.oneOf("+=", "-=", "*=", "="),
        g.chance(0.7) ? read : new Expr.Binary("+", read, d.ref(), JType.DOUBLE))));
  }

  /**
   * {@code ps[Math.floorMod(k++, ps.length)] = new R(ps[Math.floorMod(k, ps.length)].x(), ...);}:
   * the element written is chosen before the value, which reads another one.
   */
  static List<Stmt> recordSideEffectIndex(MethodGen g, int depth) {
    Var ps = g.pick(v -> v.type.isRecordArray() && !v.type.decl.componentsOf(JType.DOUBLE)
        .isEmpty());
    Var k = g.pick(v -> v.type == JType.INT && v.frozen == 0);
    if (ps == null || k == null) {
      return null;
    }
    g.markWritten(ps.root);
    Expr length = new Expr.Length(ps.ref());
    Expr target = new Expr.Index(ps.ref(), new Expr.LibCall("Math.floorMod", List.of(
        new Expr.IncDec(k.ref(), g.chance(0.5), g.chance(0.6) ? "++" : "--"), length),
        JType.INT), ps.type.element());
    Expr other = new Expr.Index(ps.ref(), new Expr.LibCall("Math.floorMod", List.of(k.ref(),
        length), JType.INT), ps.type.element());
    RecordDecl.Component c = doubleComponent(g, ps);
    List<Expr> args = new ArrayList<>();
    for (RecordDecl.Component comp : ps.type.decl.components) {
      args.add(comp == c ? new Expr.Binary("*", RecordGen.access(g, other, ps.type.decl, c),
          ExprGen.dbl(g, 0), JType.DOUBLE)
          : comp.type().isRecord() ? RecordGen.value(g, comp.type(), depth - 1)
          : ExprGen.of(g, comp.type(), Math.max(0, depth - 2)));
    }
    return List.of(new Stmt.Eval(new Expr.Assign(target, "=", new Expr.New(ps.type.element(),
        args))));
  }
}
