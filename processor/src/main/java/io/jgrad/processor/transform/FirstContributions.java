package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.HashSet;
import java.util.Set;

/**
 * IR -> IR: an accumulation into a variable known to be zero becomes an assignment
 * ({@code tBar += e} -> {@code tBar = e}), so that the reverse sweep reads like a hand-written
 * adjoint and the resets after the last use ({@code tBar = 0.0}) become dead stores
 * ({@link DeadStores} removes them). Known-zero is a forward analysis over the structured IR: a
 * local starts at zero, an assignment of a zero literal makes it zero again, anything else does
 * not; branches and loops keep what holds on every path.
 *
 * <p>The only difference {@code 0.0 + e} and {@code e} can make is the sign of a zero adjoint.
 */
public final class FirstContributions {
  private FirstContributions() {}

  public static Function apply(Function f) {
    return applyTo(f, null);
  }

  /**
   * As {@link #apply}, touching only the accumulations into {@code adjoints} (null: any local):
   * a method running the primal too ({@code fAdjoint} with fused loops) keeps the primal's own
   * {@code s += x}, whose zero would otherwise lose its sign.
   */
  public static Function applyTo(Function f, Set<Var> adjoints) {
    Set<Var> zero = new HashSet<>();
    for (Var v : f.locals()) {
      if (v.type().isFloating() && (adjoints == null || adjoints.contains(v))) {
        zero.add(v); // declared with Java's default value, 0.0
      }
    }
    Block body = new Block();
    block(f.body(), zero, body);
    return new Function(f.name(), f.params(), f.returnType(), body, f.locals());
  }

  /** Rewrites {@code in} into {@code out} from the known-zero set {@code zero}, updated. */
  private static void block(Block in, Set<Var> zero, Block out) {
    for (Stmt s : in.stmts()) {
      out.add(statement(s, zero));
    }
  }

  private static Stmt statement(Stmt s, Set<Var> zero) {
    if (s instanceof Stmt.Assign a) {
      if (Ops.isZero(a.value()) && a.target().type().isFloating()) {
        zero.add(a.target());
      } else {
        zero.remove(a.target());
      }
      return s;
    }
    if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
      boolean wasZero = zero.remove(r.var());
      return wasZero ? new Stmt.Assign(r.var(), a.value(), a.origin()) : s;
    }
    if (s instanceof Stmt.If i) {
      Set<Var> otherwise = new HashSet<>(zero);
      Block then = new Block();
      block(i.then(), zero, then);
      Block elseBlock = new Block();
      block(i.otherwise(), otherwise, elseBlock);
      zero.retainAll(otherwise);
      return new Stmt.If(i.condition(), then, elseBlock, i.origin());
    }
    if (s instanceof Stmt.Loop l) {
      // what is zero at the head: on entry and after every iteration (a decreasing fixpoint)
      Set<Var> head = new HashSet<>(zero);
      while (true) {
        Set<Var> end = new HashSet<>(head);
        block(l.body(), end, new Block());
        block(l.update(), end, new Block());
        Set<Var> next = new HashSet<>(zero);
        next.retainAll(end);
        if (next.equals(head)) {
          break;
        }
        head = next;
      }
      Set<Var> state = new HashSet<>(head);
      Block body = new Block();
      block(l.body(), state, body);
      Block update = new Block();
      block(l.update(), state, update);
      zero.clear();
      zero.addAll(l.testFirst() ? head : state);
      return new Stmt.Loop(l.label(), l.condition(), body, update, l.testFirst(), l.origin());
    }
    if (s instanceof Stmt.Protected p) {
      Block body = new Block();
      block(p.body(), zero, body);
      return new Stmt.Protected(body, p.onThrow(), p.thrown(), p.origin());
    }
    if (s instanceof Stmt.Break || s instanceof Stmt.Continue) {
      throw new IllegalStateException("structured IR expected");
    }
    return s;
  }
}
