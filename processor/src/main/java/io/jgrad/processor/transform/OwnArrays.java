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
    return of(function, among, false);
  }

  /**
   * As {@link #of(Function, Predicate)}, but an array may also be assigned rows of another own
   * array ({@code v = vRows[m]}, {@link ExpandedArrays}), which is then used by those row reads
   * alone: the two keep each other's memory to themselves. Not for passes that follow an
   * array's elements through a loop ({@link InvariantElementSums}): such a variable changes
   * arrays.
   */
  static Set<Var> withLentRows(Function function, Predicate<Var> among) {
    return of(function, among, true);
  }

  private static Set<Var> of(Function function, Predicate<Var> among, boolean rowsLent) {
    Set<Var> candidates = new LinkedHashSet<>();
    for (Var v : function.locals()) {
      if (among.test(v) && v.kind() != Var.Kind.PARAM && v.type().isArray()
          && v.type().baseType().equals(Type.DOUBLE)) {
        candidates.add(v);
      }
    }
    Block body = function.body();
    // v = rows[i]: v takes a row of rows, by v's assignment (identity: the row read counts)
    Map<Expr, Var> rowReads = new java.util.IdentityHashMap<>();
    Map<Var, Set<Var>> lentTo = new LinkedHashMap<>();
    Blocks.visitStmts(body, s -> {
      if (s instanceof Stmt.Assign a && candidates.contains(a.target())
          && !(a.value() instanceof Expr.NewArray n
              && n.dimensions().size() == a.target().type().dimensions()
              && n.dimensions().stream().allMatch(d -> d != null))) {
        if (rowsLent && a.value() instanceof Expr.Index i && i.array() instanceof Expr.Ref r
            && r.var().type().dimensions() == a.target().type().dimensions() + 1) {
          rowReads.put(i, r.var());
          lentTo.computeIfAbsent(r.var(), k -> new LinkedHashSet<>()).add(a.target());
        } else {
          candidates.remove(a.target());
        }
      }
    });
    Map<Var, Integer> refs = new LinkedHashMap<>();
    Map<Var, Integer> proper = new LinkedHashMap<>();
    Blocks.visitExprs(body, e -> {
      if (e instanceof Expr.Ref r && candidates.contains(r.var())) {
        refs.merge(r.var(), 1, Integer::sum);
      }
      if (rowReads.containsKey(e)) {
        proper.merge(rowReads.get(e), 1, Integer::sum);
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
    // rows lent to an array that is not its own, or taken from one: neither is
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<Var, Set<Var>> e : lentTo.entrySet()) {
        boolean all = candidates.contains(e.getKey()) && candidates.containsAll(e.getValue());
        if (!all && (candidates.remove(e.getKey()) | candidates.removeAll(e.getValue()))) {
          changed = true;
        }
      }
    }
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
