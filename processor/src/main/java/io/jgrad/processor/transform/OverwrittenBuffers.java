package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: the body of {@code fGradientInto} from that of {@code fAdjoint}, for the buffers
 * whose first contribution writes every element once. {@code fGradientInto} overwrites its
 * buffers: it is {@code fAdjoint} with seed 1 into buffers zeroed first. A buffer whose first
 * mention is a counting loop over its array ({@code for (int i = 0; i < x.length; i++)}) adding
 * into element {@code i} once per iteration, unconditionally, needs no zeroing: that addition
 * becomes an assignment ({@code xBar[i] = e}), as an expert writes it, and the caller's buffer
 * is not swept twice. Every other buffer is zeroed by the caller of this transform.
 *
 * <p>It holds where the loop runs to the end: nothing in its body leaves it or the iteration
 * ({@code break}, {@code continue}, {@code return}, {@code throw}; an exception leaves the whole
 * call), neither the counter nor the array nor the buffer is assigned in the method, and the
 * buffer has the array's length (the caller checks it). As with {@link FirstContributions}, the
 * only difference {@code 0.0 + e} and {@code e} can make is the sign of a zero.
 */
public final class OverwrittenBuffers {
  private OverwrittenBuffers() {}

  /** The rewritten body and the buffers it overwrites without zeroing. */
  public record Result(Function function, Set<Var> covered) {}

  /**
   * @param adjoint {@code fAdjoint}
   * @param buffers one-dimensional adjoint buffers (parameters of {@code adjoint}), each mapped to
   *     the array parameter whose adjoint it holds
   * @param seed the seed parameter, which the result no longer takes: it is 1
   * @param name the result's name
   */
  public static Result apply(Function adjoint, Map<Var, Var> buffers, Var seed, String name) {
    List<Stmt> stmts = new ArrayList<>(adjoint.body().stmts());
    Set<Var> assigned = Blocks.assignedAnyhow(adjoint.body());
    Set<Var> covered = new LinkedHashSet<>();
    for (Map.Entry<Var, Var> buffer : buffers.entrySet()) {
      Var bar = buffer.getKey();
      Var array = buffer.getValue();
      if (assigned.contains(bar) || assigned.contains(array)) {
        continue;
      }
      int first = 0;
      while (first < stmts.size() && !mentions(stmts.get(first), bar)) {
        first++;
      }
      if (first == 0 || first == stmts.size()) {
        continue;
      }
      Stmt.Loop rewritten = covering(stmts.get(first - 1), stmts.get(first), bar, array);
      if (rewritten != null) {
        stmts.set(first, rewritten);
        covered.add(bar);
      }
    }
    Block body = new Block();
    stmts.forEach(body::add);
    body = Blocks.withExprs(body, e -> withoutSeed(e, seed));
    List<Var> params = new ArrayList<>(adjoint.params());
    params.remove(seed);
    return new Result(new Function(name, params, adjoint.returnType(), body, adjoint.locals()),
        covered);
  }

  /**
   * {@code loop} with its addition into {@code bar[c]} made an assignment, if {@code init; loop}
   * is {@code for (c = 0; c < array.length; c++)} and that addition is its only mention of
   * {@code bar}, at the top of its body; else null.
   */
  private static Stmt.Loop covering(Stmt init, Stmt loopStmt, Var bar, Var array) {
    if (!(init instanceof Stmt.Assign start) || !start.target().type().isIntegral()
        || !(start.value() instanceof Expr.Lit zero) || !zero.text().equals("0")
        || !(loopStmt instanceof Stmt.Loop loop) || !loop.testFirst()
        || !loop.update().isEmpty() || loop.body().stmts().isEmpty()) {
      return null;
    }
    Var counter = start.target();
    List<Stmt> body = loop.body().stmts();
    if (!isBelowLength(loop.condition(), counter, array)
        || !isIncrement(body.get(body.size() - 1), counter) || leaves(loop.body())) {
      return null;
    }
    Block rest = new Block();
    body.subList(0, body.size() - 1).forEach(rest::add);
    if (Blocks.assignedAnyhow(rest).contains(counter)) {
      return null;
    }
    Block rewritten = new Block();
    int additions = 0;
    for (Stmt s : body) {
      if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Index element
          && element.array() instanceof Expr.Ref b && b.var() == bar
          && element.index() instanceof Expr.Ref c && c.var() == counter
          && !Exprs.vars(a.value()).contains(bar)) {
        additions++;
        rewritten.add(new Stmt.Store(element.array(), element.index(), a.value(), a.origin()));
      } else if (mentions(s, bar)) {
        return null;
      } else {
        rewritten.add(s);
      }
    }
    return additions != 1 ? null : new Stmt.Loop(loop.label(), loop.condition(), rewritten,
        loop.update(), true, loop.origin());
  }

  /** {@code counter < array.length}. */
  private static boolean isBelowLength(Expr condition, Var counter, Var array) {
    return condition instanceof Expr.Binary less && less.op().equals("<")
        && less.left() instanceof Expr.Ref c && c.var() == counter
        && less.right() instanceof Expr.Length length && length.array() instanceof Expr.Ref a
        && a.var() == array;
  }

  /** {@code counter = counter + 1}. */
  private static boolean isIncrement(Stmt s, Var counter) {
    return s instanceof Stmt.Assign a && a.target() == counter
        && a.value() instanceof Expr.Binary plus && plus.op().equals("+")
        && plus.left() instanceof Expr.Ref c && c.var() == counter
        && plus.right() instanceof Expr.Lit one && one.text().equals("1");
  }

  /** True if something in {@code block} can end an iteration early but by an exception. */
  private static boolean leaves(Block block) {
    boolean[] found = {false};
    Blocks.visitStmts(block, s -> found[0] |= s instanceof Stmt.Break
        || s instanceof Stmt.Continue || s instanceof Stmt.Return || s instanceof Stmt.Throw
        || s instanceof Stmt.Protected);
    return found[0];
  }

  private static boolean mentions(Stmt s, Var v) {
    Block one = new Block();
    one.add(s);
    boolean[] found = {false};
    Blocks.visitExprs(one, e -> found[0] |= e instanceof Expr.Ref r && r.var() == v);
    return found[0] || Blocks.assignedAnyhow(one).contains(v);
  }

  /** {@code e} with the seed 1: {@code seed * s} becomes {@code s} (exactly: 1 * s is s). */
  private static Expr withoutSeed(Expr e, Var seed) {
    if (e instanceof Expr.Ref r && r.var() == seed) {
      return Ops.ONE;
    }
    Expr mapped = Exprs.mapChildren(e, child -> withoutSeed(child, seed));
    if (mapped instanceof Expr.Binary b && b.op().equals("*") && b.type().equals(Type.DOUBLE)) {
      if (Ops.isOne(b.left()) && b.right().type().equals(Type.DOUBLE)) {
        return b.right();
      }
      if (Ops.isOne(b.right()) && b.left().type().equals(Type.DOUBLE)) {
        return b.left();
      }
    }
    return mapped;
  }
}
