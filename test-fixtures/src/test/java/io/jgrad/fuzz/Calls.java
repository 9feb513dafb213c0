package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Calls to other methods of the program (and recursive calls). Arguments never alias where the
 * callee writes one of them (the README makes the rules throw there by design), and a callee
 * that makes rows of a matrix argument share memory is only called where the caller may do so
 * itself.
 */
final class Calls {
  private Calls() {}

  /** A call to a method accepted by {@code which}, or null if there is none (or no budget). */
  static Expr call(MethodGen g, int depth, Predicate<MethodInfo> which) {
    List<MethodInfo> candidates = new ArrayList<>();
    for (MethodInfo m : g.callees) {
      if (which.test(m) && (!m.sharesAny() || g.mayShareRows())) {
        candidates.add(m);
      }
    }
    boolean selfOk = g.allowSelf && g.self.depthParam >= 0 && g.loops.isEmpty() && g.selfCalls < 2
        && which.test(g.self);
    if (selfOk && (candidates.isEmpty() || g.chance(0.5))) {
      g.selfCalls++;
      return new Expr.Call(g.self.name, args(g, depth, g.self, true), g.self.returns);
    }
    MethodInfo callee = g.oneOf(candidates);
    if (callee == null || !g.spend(callee.cost + 1)) {
      return null;
    }
    if (callee.usesFloat) {
      g.usesFloat = true;
    }
    if (callee.noSecondOrder) {
      g.noSecondOrder = true;
    }
    return new Expr.Call(callee.name, args(g, depth, callee, false), callee.returns);
  }

  /**
   * {@code self(...)}: a call of the recursive method being generated, its depth parameter minus
   * one (for {@code return self(...)}, a tail call).
   */
  static Expr selfCall(MethodGen g, int depth) {
    g.selfCalls++;
    return new Expr.Call(g.self.name, args(g, depth, g.self, true), g.self.returns);
  }

  /**
   * {@code receiver.m(...)}: a method of a record ({@code receiver} a record value, or the
   * record's name for a static factory); null if there is no budget left.
   */
  static Expr invoke(MethodGen g, int depth, Expr receiver, MethodInfo callee) {
    if (!g.spend(callee.cost + 1)) {
      return null;
    }
    if (callee.usesFloat) {
      g.usesFloat = true;
    }
    return new Expr.Invoke(receiver, callee.name, args(g, depth, callee, false), callee.returns);
  }

  static List<Expr> args(MethodGen g, int depth, MethodInfo callee, boolean self) {
    List<Expr> args = new ArrayList<>();
    Set<Integer> used = new HashSet<>();
    boolean distinct = self || callee.writesAny();
    // a method changing the objects it is passed must reach no object twice from its arguments:
    // one object of the caller's (a variable, an element, a field: one object reaches no object
    // twice, classes hold objects of earlier classes only) or one array of the caller's whose
    // elements are known to be distinct (Var.distinctElements), fresh objects and arrays for
    // the rest
    boolean separate = callee.writesObjectParams;
    boolean ownUsed = false;
    List<Var> locked = new ArrayList<>();
    for (int p = 0; p < callee.params.size(); p++) {
      JType type = callee.params.get(p).type();
      boolean writes = self || callee.writes[p];
      if (p == callee.depthParam) {
        args.add(self
            ? new Expr.Binary("-", g.params.get(p).ref(), new Expr.Lit(JType.INT, "1"), JType.INT)
            : new Expr.LibCall("Math.floorMod", List.of(ExprGen.integer(g, Math.max(0,
                depth - 1)), new Expr.Lit(JType.INT, "4")), JType.INT));
        continue;
      }
      if (callee.params.get(p).noGrad()) {
        args.add(data(g, type)); // a value with a derivative would be an error by design
        continue;
      }
      if (type == JType.INT_ARRAY) {
        args.add(intArray(g, depth));
        continue;
      }
      if (type.isRecordArray()) {
        // like a double[]: never the same array twice where the callee writes one
        ExprGen.ArrayExpr arg = RecordGen.array(g, type, depth - 1);
        if (arg.root() >= 0 && distinct && used.contains(g.find(arg.root()))) {
          arg = new ExprGen.ArrayExpr(RecordGen.fresh(g, type, 0), -1);
        }
        if (arg.root() >= 0) {
          used.add(g.find(arg.root()));
          if (writes) {
            g.markWritten(arg.root());
          }
        }
        args.add(arg.expr());
        continue;
      }
      if (separate && type.isObjectArray() && !ownUsed && g.once() && g.chance(0.7)) {
        Var v = g.pick(x -> x.type == type && x.distinctElements && !x.readOnly);
        if (v != null) {
          // the callee may store elements; and no later argument may (the array is read-only
          // until the call is made)
          ownUsed = true;
          v.distinctElements = false;
          v.readOnly = true;
          locked.add(v);
          args.add(v.ref());
          continue;
        }
      }
      if (separate && (type.isObjectArray() || type.isObject() && ownUsed)) {
        args.add(type.isObject() ? ObjectGen.freshObject(g, type, Math.max(0, depth - 1))
            : ObjectGen.freshArray(g, type, Math.max(0, depth - 1)));
        continue;
      }
      if (type.isObject() || type.isObjectArray()) {
        ownUsed = true;
        // only objects the caller may write where the callee writes them
        Expr arg = type.isObject()
            ? ObjectGen.value(g, type, Math.max(0, depth - 1), callee.writesObjects)
            : ObjectGen.array(g, type, depth - 1, callee.writesObjects);
        if (callee.writesObjects && arg instanceof Expr.Name n && g.lookup(n.name()) != null) {
          g.lookup(n.name()).distinctElements = false; // a helper may store elements
        }
        args.add(arg);
        continue;
      }
      if (!type.isArray()) {
        args.add(ExprGen.of(g, type, Math.max(0, depth - 1)));
        continue;
      }
      ExprGen.ArrayExpr arg = null;
      for (int attempt = 0; attempt < 3 && arg == null; attempt++) {
        ExprGen.ArrayExpr candidate = type == JType.DOUBLE_ARRAY
            ? ExprGen.vector(g, depth - 1) : matrix(g, depth - 1);
        if (candidate.root() < 0) {
          arg = candidate;
          break;
        }
        int root = g.find(candidate.root());
        boolean ok = (!distinct || !used.contains(root)) && (!writes || g.writable(root));
        if (ok) {
          arg = candidate;
        }
      }
      if (arg == null) {
        arg = type == JType.DOUBLE_ARRAY ? ExprGen.freshVector(g, 0)
            : ExprGen.freshMatrix(g, 0);
      }
      if (arg.root() >= 0) {
        used.add(g.find(arg.root()));
        if (writes) {
          g.markWritten(arg.root());
        }
        if (!self && callee.sharesRows[p]) {
          g.markShared(arg.root());
        }
      }
      args.add(arg.expr());
    }
    for (Var v : locked) {
      v.readOnly = false;
    }
    return args;
  }

  /**
   * An {@code int[]} argument: an int array in scope (the callee may write it, and the caller
   * sees that), its clone, or a fresh {@code new int[] {...}}.
   */
  private static Expr intArray(MethodGen g, int depth) {
    if (StmtGen.intArrays(g) && g.chance(0.7)) {
      Var v = g.oneOf(g.visible(x -> x.type == JType.INT_ARRAY));
      return g.chance(0.3) ? new Expr.Clone(v.ref()) : v.ref();
    }
    List<Expr> elements = new ArrayList<>();
    int n = g.between(1, 3);
    for (int i = 0; i < n; i++) {
      elements.add(ExprGen.integer(g, Math.max(0, depth - 1)));
    }
    return new Expr.ArrayInit(JType.INT_ARRAY, elements);
  }

  /**
   * An argument for a {@code @NoGrad} parameter: data without a derivative (a literal, or a
   * new array of zeros or of literals).
   */
  private static Expr data(MethodGen g, JType type) {
    if (type == JType.DOUBLE || type == JType.FLOAT) {
      String text = g.oneOf("0.5", "1.0", "2.0", "-1.5", "0.25");
      return new Expr.Lit(type, type == JType.FLOAT ? text + "f" : text);
    }
    int rows = g.between(1, 3);
    int columns = g.between(1, 3);
    if (g.chance(0.3)) {
      List<Expr> dims = type == JType.DOUBLE_ARRAY
          ? List.of(new Expr.Lit(JType.INT, String.valueOf(columns)))
          : List.of(new Expr.Lit(JType.INT, String.valueOf(rows)),
              new Expr.Lit(JType.INT, String.valueOf(columns)));
      return new Expr.NewArray(type, dims);
    }
    List<Expr> matrix = new ArrayList<>();
    for (int r = 0; r < (type == JType.DOUBLE_ARRAY ? 1 : rows); r++) {
      List<Expr> row = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        row.add(data(g, JType.DOUBLE));
      }
      matrix.add(new Expr.ArrayInit(JType.DOUBLE_ARRAY, row));
    }
    return type == JType.DOUBLE_ARRAY ? matrix.get(0)
        : new Expr.ArrayInit(JType.DOUBLE_MATRIX, matrix);
  }

  /** A {@code double[][]} argument: a matrix variable or a fresh matrix. */
  static ExprGen.ArrayExpr matrix(MethodGen g, int depth) {
    if (g.chance(0.75)) {
      Var m = g.pick(v -> v.type == JType.DOUBLE_MATRIX);
      if (m != null) {
        return new ExprGen.ArrayExpr(m.ref(), m.root);
      }
    }
    return ExprGen.freshMatrix(g, Math.max(0, depth));
  }
}
