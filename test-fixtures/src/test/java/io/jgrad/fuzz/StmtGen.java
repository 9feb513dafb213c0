package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Statement productions. A production returns one or more statements (an idiom may need a
 * declaration first). Blocks stop after a statement that cannot complete normally, so that the
 * program has no unreachable statement; loop bodies always complete normally (jumps sit inside
 * {@code if}s), so every loop can complete normally too.
 */
final class StmtGen {
  private StmtGen() {}

  static final List<Production<List<Stmt>>> STATEMENTS = new ArrayList<>(List.of(
      Production.of("local", 4, StmtGen::local),
      Production.of("assign", 4, StmtGen::assign),
      Production.of("increment", 1, StmtGen::increment),
      Production.of("if", g -> g.nesting < g.config.maxNesting ? 2 : 0, StmtGen::ifStatement),
      Production.of("for", g -> loopWeight(g, 1.5), StmtGen::forLoop),
      Production.of("while", g -> loopWeight(g, 0.6), StmtGen::whileLoop),
      Production.of("do", g -> loopWeight(g, 0.5), StmtGen::doWhile),
      Production.of("foreach", g -> loopWeight(g, 0.6), StmtGen::forEach),
      Production.of("call", g -> g.callees.isEmpty() && g.self.depthParam < 0 ? 0 : 1.2,
          StmtGen::callStatement),
      Production.of("array", 1.5, StmtGen::arrayStatement),
      Production.of("guarded jump", g -> g.nesting < g.config.maxNesting ? 1 : 0,
          StmtGen::guardedJump),
      Production.of("else throw", g -> g.nesting < g.config.maxNesting
          && g.config.allows("throw") ? 0.6 : 0,
          StmtGen::elseThrow),
      Production.of("both jump", g -> g.inLoop() || g.nesting >= g.config.maxNesting ? 0 : 0.25,
          StmtGen::bothJump),
      Production.of("idiom", 1.2, (g, d) -> Production.pick(g, d, Idioms.IDIOMS)),
      Production.of("int array", 0.4, StmtGen::intArrayLocal),
      Production.of("int array write", g -> intArrays(g) ? 1.0 : 0, StmtGen::intArrayWrite)));

  static {
    STATEMENTS.addAll(RecordGen.STATEMENTS);
    STATEMENTS.addAll(ObjectGen.STATEMENTS);
    STATEMENTS.add(Production.of("custom rule write", 0.3, LibraryCalls::write));
  }

  static double loopWeight(MethodGen g, double w) {
    return g.loops.size() < g.config.maxLoops && g.nesting < g.config.maxNesting ? w : 0;
  }

  // ------------------------------------------------------------------------------- blocks

  /** A block of up to {@code count} statements (fewer if one cannot complete normally). */
  static Stmt.Block block(MethodGen g, int count) {
    g.push();
    g.nesting++;
    List<Stmt> statements = new ArrayList<>();
    statements(g, count, statements);
    g.nesting--;
    g.pop();
    return new Stmt.Block(statements);
  }

  /** Appends up to {@code count} statements to {@code out} in the current scope. */
  static void statements(MethodGen g, int count, List<Stmt> out) {
    for (int i = 0; i < count; i++) {
      List<Stmt> made = Production.pick(g, g.config.exprDepth, STATEMENTS);
      if (made == null) {
        continue;
      }
      out.addAll(made);
      if (!completes(made.get(made.size() - 1))) {
        return;
      }
    }
  }

  /** A nested block of 1 to {@code maxNestedStatements} statements. */
  static Stmt.Block nested(MethodGen g) {
    return block(g, g.between(1, g.config.maxNestedStatements));
  }

  /** JLS 14.22, for the statements the generator makes. */
  static boolean completes(Stmt s) {
    if (s instanceof Stmt.Return || s instanceof Stmt.Throw || s instanceof Stmt.Break
        || s instanceof Stmt.Continue) {
      return false;
    }
    if (s instanceof Stmt.Block b) {
      for (Stmt t : b.statements()) {
        if (!completes(t)) {
          return false;
        }
      }
      return true;
    }
    if (s instanceof Stmt.If i) {
      return i.otherwise() == null || completes(i.then()) || completes(i.otherwise());
    }
    return true;
  }

  // ------------------------------------------------------------------------ simple statements

  static List<Stmt> local(MethodGen g, int depth) {
    double u = g.random.nextDouble() * 11;
    JType type;
    if (u < 5) {
      type = JType.DOUBLE;
    } else if (u < 6.8) {
      type = JType.INT;
    } else if (u < 7.5) {
      type = JType.BOOLEAN;
    } else if (u < 7.5 + 1.5 * g.config.floats) {
      type = JType.FLOAT;
    } else if (u < 8.4) {
      type = JType.LONG;
    } else if (u < 10) {
      type = JType.DOUBLE_ARRAY;
    } else {
      type = JType.DOUBLE_MATRIX;
    }
    if (type == JType.DOUBLE_ARRAY) {
      ExprGen.ArrayExpr init = ExprGen.vector(g, depth);
      Var v = g.declare("y", type, false);
      if (init.expr() instanceof Expr.Index row && row.array().type() == JType.DOUBLE_MATRIX
          && g.chance(0.5)) {
        // a row kept as it is (double[] y = m[i]): of data if m is @NoGrad
        v.frozen++;
        g.markRowVariable(v.root);
      }
      if (init.root() >= 0) {
        g.union(init.root(), v.root);
      }
      return List.of(new Stmt.Local(type, v.name, init.expr()));
    }
    if (type == JType.DOUBLE_MATRIX) {
      return localMatrix(g, depth);
    }
    Expr init = ExprGen.of(g, type, depth);
    Var v = g.declare(prefix(type), type, false);
    return List.of(new Stmt.Local(type, v.name, init));
  }

  /** True if an int[] local is in scope (no random draw: weights must not consume any). */
  static boolean intArrays(MethodGen g) {
    return !g.visible(x -> x.type == JType.INT_ARRAY).isEmpty();
  }

  /** {@code int[] m = {e, e}} or a clone of another int[]. */
  private static List<Stmt> intArrayLocal(MethodGen g, int depth) {
    Var other = intArrays(g) && g.chance(0.3)
        ? g.oneOf(g.visible(x -> x.type == JType.INT_ARRAY)) : null;
    Expr init;
    if (other != null) {
      init = new Expr.Clone(other.ref());
    } else {
      List<Expr> elements = new ArrayList<>();
      int n = g.between(1, 4);
      for (int i = 0; i < n; i++) {
        elements.add(ExprGen.integer(g, Math.max(0, depth - 1)));
      }
      init = new Expr.ArrayInit(JType.INT_ARRAY, elements);
    }
    Var v = g.declare("m", JType.INT_ARRAY, false);
    return List.of(new Stmt.Local(JType.INT_ARRAY, v.name, init));
  }

  /** {@code m[floorMod(i, m.length)] = e}, {@code += e} or {@code ++}. */
  private static List<Stmt> intArrayWrite(MethodGen g, int depth) {
    Var v = g.oneOf(g.visible(x -> x.type == JType.INT_ARRAY));
    Expr target = ExprGen.intElement(g, v, depth);
    if (g.chance(0.3)) {
      return List.of(new Stmt.Eval(new Expr.IncDec(target, g.chance(0.5), g.oneOf("++", "--"))));
    }
    return List.of(new Stmt.Eval(new Expr.Assign(target, g.oneOf("=", "+=", "-="),
        ExprGen.integer(g, Math.max(0, depth - 1)))));
  }

  static String prefix(JType type) {
    return switch (type.kind) {
      case DOUBLE -> "d";
      case FLOAT -> "f";
      case INT -> "k";
      case LONG -> "q";
      case BOOLEAN -> "b";
      case DOUBLE_ARRAY -> "y";
      case DOUBLE_MATRIX -> "w";
      case OBJECT -> "ob";
      case OBJECT_ARRAY -> "obs";
      default -> "v";
    };
  }

  private static List<Stmt> localMatrix(MethodGen g, int depth) {
    double u = g.random.nextDouble();
    Var existing = g.pick(v -> v.type == JType.DOUBLE_MATRIX);
    if (existing != null && u < 0.15) {
      Var v = g.declare("w", JType.DOUBLE_MATRIX, false);
      g.union(existing.root, v.root);
      return List.of(new Stmt.Local(JType.DOUBLE_MATRIX, v.name, existing.ref()));
    }
    if (existing != null && u < 0.25) {
      // a shallow copy: a new outer array over the same rows
      Var v = g.declare("w", JType.DOUBLE_MATRIX, false);
      g.union(existing.root, v.root);
      return List.of(new Stmt.Local(JType.DOUBLE_MATRIX, v.name, new Expr.Clone(existing.ref())));
    }
    if (u < 0.45) {
      // new double[r][] and a loop giving each row the same length
      Expr rows = new Expr.Lit(JType.INT, String.valueOf(g.between(1, 3)));
      Expr columns = ExprGen.newLength(g, 0);
      ExprGen.ArrayExpr source = ExprGen.pureVector(g, false);
      Var w = g.declare("w", JType.DOUBLE_MATRIX, false);
      Var i = new Var(g.fresh("i"), JType.INT, false);
      Expr row = source != null && g.chance(0.5)
          ? new Expr.LibCall("Arrays.copyOf", List.of(source.expr(), columns), JType.DOUBLE_ARRAY)
          : new Expr.NewArray(JType.DOUBLE_ARRAY, List.of(columns));
      Stmt fill = new Stmt.For(null, new Stmt.Local(JType.INT, i.name, new Expr.Lit(JType.INT,
          "0")), new Expr.Binary("<", i.ref(), new Expr.Length(w.ref()), JType.BOOLEAN),
          new Expr.IncDec(i.ref(), false, "++"), new Stmt.Block(List.of(new Stmt.Eval(
              new Expr.Assign(new Expr.Index(w.ref(), i.ref(), JType.DOUBLE_ARRAY), "=", row)))));
      return List.of(new Stmt.Local(JType.DOUBLE_MATRIX, w.name,
          new Expr.NewArray(JType.DOUBLE_MATRIX, List.of(rows))), fill);
    }
    ExprGen.ArrayExpr init = ExprGen.freshMatrix(g, depth);
    Var v = g.declare("w", JType.DOUBLE_MATRIX, false);
    return List.of(new Stmt.Local(JType.DOUBLE_MATRIX, v.name, init.expr()));
  }

  static List<Stmt> assign(MethodGen g, int depth) {
    double u = g.random.nextDouble();
    if (u < 0.1) {
      return arrayReassign(g, depth);
    }
    Expr target;
    if (u < 0.55) {
      target = ExprGen.elementTarget(g, depth);
    } else {
      Var v = g.pick(x -> !x.type.isArray() && x.type != JType.INT_ARRAY
          && !x.type.isRecordArray() && !x.type.isObjectArray() && x.frozen == 0);
      target = v == null ? null : v.ref();
    }
    if (target == null) {
      return null;
    }
    return List.of(new Stmt.Eval(ExprGen.assignment(g, target, depth)));
  }

  /** {@code y = <array>} or {@code w = <matrix>}: the variable joins the value's class. */
  private static List<Stmt> arrayReassign(MethodGen g, int depth) {
    if (!g.config.allows("array reassign")) {
      return null;
    }
    Var v = g.pick(x -> x.type.isArray() && x.frozen == 0 && (!x.param || g.chance(0.3)));
    if (v == null) {
      return null;
    }
    ExprGen.ArrayExpr value;
    if (v.type == JType.DOUBLE_ARRAY) {
      value = ExprGen.vector(g, depth);
    } else {
      value = g.chance(0.7) ? ExprGen.freshMatrix(g, depth) : Calls.matrix(g, depth);
    }
    if (value.root() >= 0) {
      g.union(value.root(), v.root);
    }
    return List.of(new Stmt.Eval(new Expr.Assign(v.ref(), "=", value.expr())));
  }

  static List<Stmt> increment(MethodGen g, int depth) {
    JType type = g.oneOf(JType.DOUBLE, JType.DOUBLE, JType.INT, JType.INT, JType.FLOAT,
        JType.LONG);
    Expr target = ExprGen.scalarTarget(g, type, depth);
    return target == null ? null
        : List.of(new Stmt.Eval(new Expr.IncDec(target, g.chance(0.5), g.chance(0.6) ? "++"
            : "--")));
  }

  static List<Stmt> callStatement(MethodGen g, int depth) {
    boolean arrays = g.config.allows("discarded array call");
    // (only the methods of records return int or boolean)
    boolean passive = g.config.allows("discarded record call");
    Expr call = Calls.call(g, depth, m -> (arrays || m.returns != JType.DOUBLE_ARRAY)
        && (passive || (m.returns != JType.INT && m.returns != JType.BOOLEAN)));
    return call == null ? null : List.of(new Stmt.Eval(call));
  }

  // --------------------------------------------------------------------------------- arrays

  static List<Stmt> arrayStatement(MethodGen g, int depth) {
    double u = g.random.nextDouble();
    if (u < 0.45) {
      Stmt s = rowMove(g, depth);
      if (s != null) {
        return List.of(s);
      }
    }
    ExprGen.ArrayExpr dst = ExprGen.pureVector(g, true);
    if (dst == null) {
      return null;
    }
    g.markWritten(dst.root());
    Expr d = dst.expr();
    Expr one = new Expr.Lit(JType.INT, "1");
    Expr zero = new Expr.Lit(JType.INT, "0");
    if (u < 0.65) {
      ExprGen.ArrayExpr src = ExprGen.pureVector(g, false);
      Expr length = MathFunctions.make(g, "min", List.of(new Expr.Length(src.expr()),
          new Expr.Length(d)));
      return List.of(new Stmt.Eval(new Expr.LibCall("System.arraycopy",
          List.of(src.expr(), zero, d, zero, length), JType.VOID)));
    }
    if (u < 0.75) {
      // shift within one array (source and destination overlap)
      Expr n = new Expr.Binary("-", new Expr.Length(d), one, JType.INT);
      boolean left = g.chance(0.5);
      return List.of(new Stmt.Eval(new Expr.LibCall("System.arraycopy",
          List.of(d, left ? one : zero, d, left ? zero : one, n), JType.VOID)));
    }
    if (u < 0.9) {
      return List.of(new Stmt.Eval(new Expr.LibCall("Arrays.fill",
          List.of(d, ExprGen.dbl(g, depth - 1)), JType.VOID)));
    }
    Expr to = MathFunctions.make(g, "min", List.of(new Expr.Lit(JType.INT,
        String.valueOf(g.between(0, 3))), new Expr.Length(d)));
    return List.of(new Stmt.Eval(new Expr.LibCall("Arrays.fill",
        List.of(d, zero, to, ExprGen.dbl(g, depth - 1)), JType.VOID)));
  }

  /**
   * {@code m[i] = m[j]} (rows become one array), {@code m[i] = m[j].clone()}, a fresh row of the
   * same length, or a copy of another vector resized to the row length.
   */
  static Stmt rowMove(MethodGen g, int depth) {
    if (!g.config.allows("row move")) {
      return null;
    }
    Var m = g.pick(v -> v.type == JType.DOUBLE_MATRIX && g.writable(v.root));
    if (m == null) {
      return null;
    }
    Expr target = new Expr.Index(m.ref(), ExprGen.index(g, m.ref(), m.name, depth),
        JType.DOUBLE_ARRAY);
    Expr other = new Expr.Index(m.ref(), ExprGen.index(g, m.ref(), m.name, depth),
        JType.DOUBLE_ARRAY);
    Expr columns = new Expr.Length(new Expr.Index(m.ref(), new Expr.Lit(JType.INT, "0"),
        JType.DOUBLE_ARRAY));
    double u = g.random.nextDouble();
    Expr value;
    if (u < 0.35 && g.mayShareRows()) {
      value = other;
      g.markShared(m.root);
    } else if (u < 0.6) {
      value = new Expr.Clone(other);
    } else if (u < 0.8) {
      value = new Expr.NewArray(JType.DOUBLE_ARRAY, List.of(columns));
    } else {
      ExprGen.ArrayExpr source = ExprGen.vector(g, depth - 1);
      value = new Expr.LibCall("Arrays.copyOf", List.of(source.expr(), columns),
          JType.DOUBLE_ARRAY);
    }
    g.markWritten(m.root);
    return new Stmt.Eval(new Expr.Assign(target, "=", value));
  }

  // --------------------------------------------------------------------------- control flow

  static List<Stmt> ifStatement(MethodGen g, int depth) {
    return List.of(ifChain(g, depth, 0));
  }

  private static Stmt.If ifChain(MethodGen g, int depth, int level) {
    Expr c = ExprGen.bool(g, depth);
    Stmt.Block then = nested(g);
    double u = g.random.nextDouble();
    Stmt otherwise = null;
    if (u < 0.15 && level < 2) {
      otherwise = ifChain(g, depth, level + 1);
    } else if (u < 0.5) {
      otherwise = nested(g);
    }
    return new Stmt.If(c, then, otherwise);
  }

  /** Loop bookkeeping around a body. */
  static Stmt.Block loopBody(MethodGen g, String label, long trips) {
    g.loops.addLast(label == null ? "" : label);
    long saved = g.multiplier;
    g.multiplier *= trips;
    Stmt.Block body = nested(g);
    g.multiplier = saved;
    g.loops.removeLast();
    return body;
  }

  private static String label(MethodGen g) {
    return g.chance(0.25) ? g.fresh("L") : null;
  }

  static List<Stmt> forLoop(MethodGen g, int depth) {
    String label = label(g);
    g.push();
    Var i = g.declare("i", JType.INT, false);
    i.frozen++;
    Stmt.Local init;
    Expr condition;
    Expr update;
    Var over = g.chance(0.5) ? g.pick(v -> (v.type.isArray() || v.type.isRecordArray()
        || v.type.isObjectArray()) && v.frozen >= 0) : null;
    long trips = g.config.maxTrips;
    Expr zero = new Expr.Lit(JType.INT, "0");
    if (over != null) {
      over.frozen++;
      i.indexes = over.name;
      trips = 6;
      if (g.chance(0.7)) {
        init = new Stmt.Local(JType.INT, i.name, zero);
        condition = new Expr.Binary("<", i.ref(), new Expr.Length(over.ref()), JType.BOOLEAN);
        update = new Expr.IncDec(i.ref(), false, "++");
      } else {
        init = new Stmt.Local(JType.INT, i.name, new Expr.Binary("-",
            new Expr.Length(over.ref()), new Expr.Lit(JType.INT, "1"), JType.INT));
        condition = new Expr.Binary(">=", i.ref(), zero, JType.BOOLEAN);
        update = new Expr.IncDec(i.ref(), g.chance(0.5), "--");
      }
    } else {
      init = new Stmt.Local(JType.INT, i.name, zero);
      Expr bound = new Expr.Lit(JType.INT, String.valueOf(g.between(1, g.config.maxTrips)));
      Var n = g.pick(v -> v.type == JType.INT && v != i);
      if (n != null && g.chance(0.4)) {
        bound = MathFunctions.make(g, "min", List.of(n.ref(), bound));
      }
      condition = new Expr.Binary(g.chance(0.8) ? "<" : "<=", i.ref(), bound, JType.BOOLEAN);
      update = g.chance(0.8) ? new Expr.IncDec(i.ref(), g.chance(0.5), "++")
          : new Expr.Assign(i.ref(), "+=", new Expr.Lit(JType.INT, "2"));
      trips += 1;
    }
    Stmt.Block body = loopBody(g, label, trips);
    if (over != null) {
      over.frozen--;
    }
    g.pop();
    return List.of(new Stmt.For(label, init, condition, update, body));
  }

  /** {@code int w = 0;} and the guard {@code w++ < B} that bounds a while or do loop. */
  private static Expr guard(MethodGen g, Var counter, int bound) {
    return new Expr.Binary("<", new Expr.IncDec(counter.ref(), false, "++"),
        new Expr.Lit(JType.INT, String.valueOf(bound)), JType.BOOLEAN);
  }

  static List<Stmt> whileLoop(MethodGen g, int depth) {
    String label = label(g);
    Var w = g.declare("w", JType.INT, false);
    int bound = g.between(1, g.config.maxTrips + 1);
    w.frozen++;
    g.loopConditions++;
    Expr c = ExprGen.bool(g, depth - 1);
    g.loopConditions--;
    Expr condition = g.chance(0.5)
        ? new Expr.Binary("&&", guard(g, w, bound), c, JType.BOOLEAN)
        : new Expr.Binary("&&", c, guard(g, w, bound), JType.BOOLEAN);
    Stmt.Block body = loopBody(g, label, bound + 1);
    w.frozen--;
    return List.of(new Stmt.Local(JType.INT, w.name, new Expr.Lit(JType.INT, "0")),
        new Stmt.While(label, condition, body));
  }

  static List<Stmt> doWhile(MethodGen g, int depth) {
    String label = label(g);
    Var w = g.declare("w", JType.INT, false);
    int bound = g.between(0, g.config.maxTrips);
    w.frozen++;
    Stmt.Block body = loopBody(g, label, bound + 2);
    g.loopConditions++;
    Expr c = ExprGen.bool(g, depth - 1);
    g.loopConditions--;
    Expr condition = new Expr.Binary("&&", guard(g, w, bound), c, JType.BOOLEAN);
    w.frozen--;
    return List.of(new Stmt.Local(JType.INT, w.name, new Expr.Lit(JType.INT, "0")),
        new Stmt.DoWhile(label, body, condition));
  }

  static List<Stmt> forEach(MethodGen g, int depth) {
    String label = label(g);
    Var matrix = g.chance(0.3) ? g.pick(v -> v.type == JType.DOUBLE_MATRIX) : null;
    Expr array;
    g.push();
    Var v;
    if (matrix != null) {
      array = matrix.ref();
      v = g.declare("r", JType.DOUBLE_ARRAY, false);
      g.markRowVariable(v.root);
      g.union(matrix.root, v.root);
      v.frozen++;
    } else {
      ExprGen.ArrayExpr source = ExprGen.vector(g, depth - 1);
      array = source.expr();
      v = g.declare("e", JType.DOUBLE, false);
    }
    Stmt.Block body = loopBody(g, label, 6);
    g.pop();
    return List.of(new Stmt.ForEach(label, v.type, v.name, array, body));
  }

  // ----------------------------------------------------------------------------------- jumps

  /** The value a {@code return} in this method returns (null for void). */
  static Expr returnValue(MethodGen g, int depth) {
    return switch (g.self.returns.kind) {
      case DOUBLE -> ExprGen.dbl(g, depth);
      case FLOAT -> ExprGen.flt(g, depth);
      case DOUBLE_ARRAY -> returnArray(g, depth);
      case INT -> ExprGen.integer(g, depth);
      case BOOLEAN -> ExprGen.bool(g, depth);
      case RECORD -> RecordGen.returnRecord(g, g.self.returns, depth);
      case RECORD_ARRAY -> returnRecords(g, g.self.returns, depth);
      default -> null;
    };
  }

  /** A {@code double[]} that shares no memory with the parameters. */
  static Expr returnArray(MethodGen g, int depth) {
    if (g.chance(0.5)) {
      Var local = g.pick(v -> v.type == JType.DOUBLE_ARRAY && !v.param && !sharesWithParams(g,
          v));
      if (local != null) {
        return local.ref();
      }
    }
    return ExprGen.freshVector(g, depth).expr();
  }

  /** An {@code R[]} that shares no memory with the parameters. */
  static Expr returnRecords(MethodGen g, JType type, int depth) {
    if (g.chance(0.5)) {
      Var local = g.pick(v -> v.type == type && !v.param && !sharesWithParams(g, v));
      if (local != null) {
        return local.ref();
      }
    }
    return RecordGen.fresh(g, type, depth);
  }

  private static boolean sharesWithParams(MethodGen g, Var v) {
    for (Var p : g.params) {
      if (p.type.hasRoot() && g.find(p.root) == g.find(v.root)) {
        return true;
      }
    }
    return false;
  }

  static Stmt jump(MethodGen g, int depth, boolean loopJumps) {
    double u = g.random.nextDouble();
    if (loopJumps && g.inLoop() && u < 0.4) {
      List<String> labels = new ArrayList<>(g.loops);
      String target = labels.get(labels.size() - 1);
      String label = target.isEmpty() ? null : target;
      if (g.chance(0.4)) {
        String outer = g.oneOf(labels);
        if (!outer.isEmpty()) {
          label = outer;
        }
      }
      return g.chance(0.5) ? new Stmt.Break(label) : new Stmt.Continue(label);
    }
    if (u < 0.7 || !g.config.allows("throw")) {
      return new Stmt.Return(returnValue(g, depth));
    }
    return throwStatement(g);
  }

  static Stmt.Throw throwStatement(MethodGen g) {
    String exception = g.chance(0.8) ? "IllegalArgumentException"
        : g.oneOf("IllegalStateException", "ArithmeticException");
    return new Stmt.Throw(exception, "thrown at " + g.fresh("t"));
  }

  /** {@code if (c) { ...; jump }}. */
  static List<Stmt> guardedJump(MethodGen g, int depth) {
    Expr c = ExprGen.bool(g, depth);
    g.push();
    g.nesting++;
    List<Stmt> body = new ArrayList<>();
    if (g.chance(0.4)) {
      statements(g, 1, body);
    }
    if (body.isEmpty() || completes(body.get(body.size() - 1))) {
      body.add(jump(g, depth, true));
    }
    g.nesting--;
    g.pop();
    return List.of(new Stmt.If(c, new Stmt.Block(body), null));
  }

  /** A block ending in {@code throw} (or another jump), for else branches. */
  private static Stmt.Block throwingBlock(MethodGen g, int depth, boolean anyJump) {
    g.push();
    g.nesting++;
    List<Stmt> body = new ArrayList<>();
    if (g.chance(0.3)) {
      statements(g, 1, body);
    }
    if (body.isEmpty() || completes(body.get(body.size() - 1))) {
      body.add(anyJump ? jump(g, depth, true) : throwStatement(g));
    }
    g.nesting--;
    g.pop();
    return new Stmt.Block(body);
  }

  /** {@code if (c) {...} else { throw ... }}, or an else-if chain with a throwing branch. */
  static List<Stmt> elseThrow(MethodGen g, int depth) {
    Expr c = ExprGen.bool(g, depth);
    Stmt.Block then = nested(g);
    if (g.chance(0.6)) {
      return List.of(new Stmt.If(c, then, throwingBlock(g, depth, false)));
    }
    Expr c2 = ExprGen.bool(g, depth);
    Stmt.Block middle = throwingBlock(g, depth, false);
    Stmt.Block last = nested(g);
    return List.of(new Stmt.If(c, then, new Stmt.If(c2, middle, last)));
  }

  /** {@code if (c) { ...; return } else { ...; throw }}: the rest of the block is unreachable. */
  static List<Stmt> bothJump(MethodGen g, int depth) {
    Expr c = ExprGen.bool(g, depth);
    Stmt.Block then = throwingBlock(g, depth, true);
    Stmt.Block otherwise = throwingBlock(g, depth, true);
    return List.of(new Stmt.If(c, then, otherwise));
  }
}
