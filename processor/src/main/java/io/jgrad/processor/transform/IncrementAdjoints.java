package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.List;
import java.util.Set;

/**
 * IR -> IR, on a reverse sweep after {@link FirstContributions}: the adjoint of an increment
 * ({@code a[i] += e}, lowered as {@code t = a[i] + e; a[i] = t}) leaves {@code aBar[i]} as it
 * is. The sweep reads the element's adjoint into {@code t}'s, clears it, and adds {@code t}'s
 * back:
 *
 * <pre>{@code
 * double tBar = aBar[i];
 * aBar[i] = 0.0;
 * aBar[i] += tBar;
 * }</pre>
 *
 * which is {@code double tBar = aBar[i];} alone (up to the sign of a zero adjoint). The two
 * read-modify-writes go, and with them what kept the JIT from vectorising such loops. The same
 * holds for scalars ({@code s += x}) and fields. Only the three statements back to back, and
 * only for an element whose indices are plain integer expressions, which writing the element
 * cannot change; restores of primal elements from the tape ({@code a[i] = tapes.popDouble()},
 * another array) may come between the clear and the add.
 */
public final class IncrementAdjoints {
  /** Where the places rewritten live: any, or only these adjoints (see {@link #applyTo}). */
  private final Set<Var> adjoints;

  private IncrementAdjoints(Set<Var> adjoints) {
    this.adjoints = adjoints;
  }

  public static Function apply(Function f) {
    return applyTo(f, null);
  }

  /**
   * As {@link #apply}, rewriting only places in {@code adjoints} (null: any): a method that
   * runs the primal too ({@code fAdjoint} with fused loops) keeps the user's own {@code t =
   * a[i]; a[i] = 0.0; a[i] += t;}, whose zero would otherwise lose its sign.
   */
  public static Function applyTo(Function f, Set<Var> adjoints) {
    return new Function(f.name(), f.params(), f.returnType(),
        new IncrementAdjoints(adjoints).block(f.body()), f.locals());
  }

  private Block block(Block in) {
    List<Stmt> stmts = in.stmts();
    Block out = new Block();
    for (int k = 0; k < stmts.size(); k++) {
      // restores of the primal element from the tape may sit between the clear and the add
      int back = k + 2;
      while (back < stmts.size() && k + 1 < stmts.size()
          && isRestoreElsewhere(stmts.get(back), stmts.get(k))) {
        back++;
      }
      if (back < stmts.size() && isRoundTrip(stmts.get(k), stmts.get(k + 1), stmts.get(back))) {
        out.add(stmts.get(k));
        stmts.subList(k + 2, back).forEach(out::add);
        k = back;
        continue;
      }
      out.add(statement(stmts.get(k)));
    }
    return out;
  }

  /**
   * {@code a[i] = tapes.popDouble()} (putting back a primal element) where {@code first} reads an
   * adjoint element of another array: it neither reads nor writes that adjoint.
   */
  private boolean isRestoreElsewhere(Stmt s, Stmt first) {
    if (!(s instanceof Stmt.Store st) || !(st.value() instanceof Expr.Invoke pop)
        || !pop.name().startsWith("pop") || !pop.args().isEmpty()
        || !(first instanceof Stmt.Assign read) || !(read.value() instanceof Expr.Index place)
        || !isPlainIndex(st.index())) {
      return false;
    }
    io.jgrad.processor.ir.Var root = io.jgrad.processor.ir.Exprs.root(st.array());
    io.jgrad.processor.ir.Var adjointRoot = io.jgrad.processor.ir.Exprs.root(place);
    return root != null && adjointRoot != null && root != adjointRoot
        && !io.jgrad.processor.ir.Exprs.vars(st.array()).contains(adjointRoot)
        && !io.jgrad.processor.ir.Exprs.vars(st.index()).contains(adjointRoot);
  }

  private Stmt statement(Stmt s) {
    if (s instanceof Stmt.If i) {
      return new Stmt.If(i.condition(), block(i.then()), block(i.otherwise()), i.origin());
    }
    if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition(), block(l.body()), block(l.update()),
          l.testFirst(), l.origin());
    }
    if (s instanceof Stmt.Protected p) {
      return new Stmt.Protected(block(p.body()), block(p.onThrow()), p.thrown(), p.origin());
    }
    return s;
  }

  /** {@code tBar = E; E = 0.0; E += tBar;} for one place E. */
  private boolean isRoundTrip(Stmt first, Stmt second, Stmt third) {
    if (!(first instanceof Stmt.Assign read) || !(third instanceof Stmt.Accumulate back)
        || !(back.value() instanceof Expr.Ref r) || r.var() != read.target()) {
      return false;
    }
    Expr place = read.value();
    Var root = io.jgrad.processor.ir.Exprs.root(place);
    if (adjoints != null && (root == null || !adjoints.contains(root))) {
      return false;
    }
    if (!place.equals(back.target()) || !isStablePlace(place)) {
      return false;
    }
    if (second instanceof Stmt.Store st) {
      return Ops.isZero(st.value())
          && new Expr.Index(st.array(), st.index(), place.type()).equals(place);
    }
    if (second instanceof Stmt.Assign clear) {
      return Ops.isZero(clear.value()) && place instanceof Expr.Ref p && p.var() == clear.target();
    }
    if (second instanceof Stmt.SetField clear) {
      return Ops.isZero(clear.value()) && clear.field().equals(place);
    }
    return false;
  }

  /**
   * A variable, or an element or field over one reached through plain integer indices: writing
   * it cannot change what it denotes.
   */
  private static boolean isStablePlace(Expr e) {
    if (e instanceof Expr.Ref) {
      return true;
    }
    if (e instanceof Expr.Index i) {
      return isStablePlace(i.array()) && isPlainIndex(i.index());
    }
    if (e instanceof Expr.Field f) {
      return isStablePlace(f.target());
    }
    return false;
  }

  static boolean isPlainIndex(Expr e) {
    if (e instanceof Expr.Ref || e instanceof Expr.Lit) {
      return true;
    }
    if (e instanceof Expr.Binary b) {
      return isPlainIndex(b.left()) && isPlainIndex(b.right());
    }
    if (e instanceof Expr.Unary u) {
      return isPlainIndex(u.operand());
    }
    return false;
  }
}
