package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The arrays a function allocates and keeps to itself: no other variable, tape, call, field or
 * result can reach them, so their elements change only through their own name, and nothing
 * reaches them once the function returns.
 */
final class OwnArrays {
  private OwnArrays() {}

  /**
   * The {@code double} arrays of {@code function} among {@code among} that only it can reach:
   * locals assigned nothing but new arrays of all their dimensions, used nowhere but as whole
   * elements (read, stored as in {@code a[i][j] = v}, added into) and lengths.
   */
  static Set<Var> of(Function function, Predicate<Var> among) {
    Set<Var> candidates = new LinkedHashSet<>();
    for (Var v : function.locals()) {
      if (among.test(v) && v.kind() != Var.Kind.PARAM && v.type().isArray()
          && v.type().baseType().equals(Type.DOUBLE)) {
        candidates.add(v);
      }
    }
    Block body = function.body();
    Blocks.visitStmts(body, s -> {
      if (s instanceof Stmt.Assign a && candidates.contains(a.target())
          && !(a.value() instanceof Expr.NewArray n
              && n.dimensions().size() == a.target().type().dimensions()
              && n.dimensions().stream().allMatch(d -> d != null))) {
        candidates.remove(a.target());
      }
    });
    Map<Var, Integer> refs = new LinkedHashMap<>();
    Map<Var, Integer> proper = new LinkedHashMap<>();
    Blocks.visitExprs(body, e -> {
      if (e instanceof Expr.Ref r && candidates.contains(r.var())) {
        refs.merge(r.var(), 1, Integer::sum);
      }
      Var element = rootAtDepth(e, true);
      Var length = e instanceof Expr.Length l ? rootAtDepth(l.array(), false) : null;
      for (Var v : new Var[] {element, length}) {
        if (v != null && candidates.contains(v)) {
          proper.merge(v, 1, Integer::sum);
        }
      }
    });
    Blocks.visitStmts(body, s -> {
      Var v = s instanceof Stmt.Store st ? Exprs.root(st.array()) : null;
      if (v != null && candidates.contains(v)
          && depth(((Stmt.Store) s).array()) == v.type().dimensions() - 1) {
        proper.merge(v, 1, Integer::sum);
      }
    });
    candidates.removeIf(v -> !refs.getOrDefault(v, 0).equals(proper.getOrDefault(v, 0)));
    return candidates;
  }

  /**
   * The variable {@code e} indexes: for {@code whole}, if {@code e} is a whole element of it;
   * otherwise if {@code e} is it or a row of it (not a whole element).
   */
  private static Var rootAtDepth(Expr e, boolean whole) {
    if (!(e instanceof Expr.Index || e instanceof Expr.Ref)) {
      return null;
    }
    Var root = Exprs.root(e);
    if (root == null || !(e instanceof Expr.Ref || chainOfIndices(e))) {
      return null;
    }
    int depth = depth(e);
    int dims = root.type().dimensions();
    return whole ? (depth == dims ? root : null) : (depth < dims ? root : null);
  }

  private static boolean chainOfIndices(Expr e) {
    Expr x = e;
    while (x instanceof Expr.Index i) {
      x = i.array();
    }
    return x instanceof Expr.Ref;
  }

  private static int depth(Expr e) {
    int depth = 0;
    for (Expr x = e; x instanceof Expr.Index i; x = i.array()) {
      depth++;
    }
    return depth;
  }
}
