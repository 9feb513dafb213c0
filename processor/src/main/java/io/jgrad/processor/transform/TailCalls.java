package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import java.util.ArrayList;
import java.util.List;

/**
 * IR -> IR, before inlining and differentiation: a method that calls itself in tail position
 * ({@code return n > 0 ? g(x * a, a, n - 1) : x}) becomes a loop that reassigns its parameters
 * and starts again. Each level of the recursion otherwise costs a call pair of each split sweep
 * and the tape traffic of its frame (its scalar adjoints go back through the tape); as a loop, the
 * rules record only what the loop overwrites, and the method becomes small enough to inline.
 *
 * <p>A call is in tail position when a {@code return} of its result (or of copies of it) follows
 * it, inside {@code if}s only (no loop around it). Its arguments are evaluated into fresh locals,
 * then assigned to the parameters (so an argument reading a parameter sees the old value), and
 * the body starts again. Only primitive parameters are reassigned: an array, record or object
 * argument, or a {@code @NoGrad} parameter, must be passed on as it is, or that call is left as
 * it is. The loop reads as a person writes it where the body is {@code if (base) return ...;
 * rest} or an {@code if}/{@code else} between the base case and the recursion:
 * {@code while (!base) { rest }}.
 */
public final class TailCalls {
  private final Function f;
  private final CalleeTable table;
  private final String self;
  private final Names names;
  private final List<Var> locals;
  private int sites;

  private TailCalls(Function f, CalleeTable table, String self) {
    this.f = f;
    this.table = table;
    this.self = self;
    this.names = Names.of(f);
    this.locals = new ArrayList<>(f.locals());
  }

  /**
   * {@code f} with its self calls in tail position turned into a loop, or {@code f} itself.
   *
   * @param self {@code f}'s key ({@link CalleeTable#key})
   */
  public static Function apply(Function f, CalleeTable table, String self) {
    if (f.returnType().equals(Type.VOID) || has(f.body(), Stmt.Protected.class)) {
      return f; // a void body may end without a return: the loop would need a way out
    }
    TailCalls tail = new TailCalls(f, table, self);
    Block body = tail.block(f.body(), null);
    if (tail.sites == 0) {
      return f;
    }
    return new Function(f.name(), f.params(), f.returnType(), loop(body), tail.locals);
  }

  /**
   * {@code b} with its tail calls (outside loops) replaced by restarts; {@code join} is the
   * variable whose value the method returns when control falls off the end of {@code b} (null if
   * it does something else).
   */
  private Block block(Block b, Var join) {
    List<Stmt> stmts = b.stmts();
    Block out = new Block();
    for (int k = 0; k < stmts.size(); k++) {
      Stmt s = stmts.get(k);
      Block restart = s instanceof Stmt.Assign a && a.value() instanceof Expr.Call call
          && isSelf(call) && a.target().equals(returnedAfter(stmts, k + 1, join))
          ? restart(call, s.origin()) : null;
      if (restart != null) {
        sites++;
        out.addAll(restart);
        break; // the copies and the return are not reached any more; nothing follows a return
      } else if (s instanceof Stmt.If i) {
        Var branchJoin = returnedAfter(stmts, k + 1, join);
        out.add(new Stmt.If(i.condition(), block(i.then(), branchJoin),
            block(i.otherwise(), branchJoin), i.origin()));
      } else {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * The variable whose value the method returns if control reaches {@code stmts[from]}: the
   * statements from there are copies {@code u = w} and then {@code return u}, or copies to the
   * end of the block and then {@code join}. Null if they do anything else.
   */
  private static Var returnedAfter(List<Stmt> stmts, int from, Var join) {
    int j = from;
    while (j < stmts.size() && isCopy(stmts.get(j))) {
      j++;
    }
    Var value;
    if (j == stmts.size()) {
      value = join;
    } else if (stmts.get(j) instanceof Stmt.Return r && r.value() instanceof Expr.Ref ref) {
      value = ref.var();
    } else {
      return null;
    }
    for (int i = j - 1; i >= from && value != null; i--) {
      Stmt.Assign copy = (Stmt.Assign) stmts.get(i);
      value = copy.target().equals(value) ? ((Expr.Ref) copy.value()).var() : null;
    }
    return value;
  }

  private static boolean isCopy(Stmt s) {
    return s instanceof Stmt.Assign a && a.value() instanceof Expr.Ref
        && !a.target().isParam();
  }

  /**
   * The restarting body as a loop: {@code while (!base) { rest } base-case} for
   * {@code if (base) { ...; return } rest}, {@code while (c) { recursion } base-case} for
   * {@code if (c) { recursion } else { base case }}, else {@code while (true) { body }}.
   */
  private static Block loop(Block body) {
    List<Stmt> stmts = body.stmts();
    Block out = new Block();
    if (stmts.get(0) instanceof Stmt.If i) {
      Block rest = new Block(stmts.subList(1, stmts.size()));
      for (boolean thenRestarts : new boolean[] {true, false}) {
        Block restart = thenRestarts ? i.then() : i.otherwise();
        Block base = thenRestarts ? i.otherwise() : i.then();
        if (endsIn(restart, Stmt.Continue.class) && singleRestart(restart)
            && !has(base, Stmt.Continue.class) && !has(rest, Stmt.Continue.class)) {
          Expr condition = thenRestarts ? i.condition()
              : new Expr.Unary("!", i.condition(), Type.BOOLEAN);
          out.add(new Stmt.Loop(null, condition, withoutLast(restart), new Block(), true,
              i.origin()));
          return out.addAll(base).addAll(rest);
        }
      }
      if (i.otherwise().isEmpty() && endsIn(i.then(), Stmt.Return.class)
          && !has(i.then(), Stmt.Continue.class) && endsIn(rest, Stmt.Continue.class)
          && singleRestart(rest)) {
        out.add(new Stmt.Loop(null, new Expr.Unary("!", i.condition(), Type.BOOLEAN),
            withoutLast(rest), new Block(), true, i.origin()));
        return out.addAll(i.then());
      }
    }
    out.add(new Stmt.Loop(null, null, body, new Block(), true, stmts.get(0).origin()));
    return out;
  }

  private static boolean endsIn(Block b, Class<? extends Stmt> kind) {
    return !b.isEmpty() && kind.isInstance(b.stmts().get(b.stmts().size() - 1));
  }

  /** True if the block's last statement is its only {@code continue}. */
  private static boolean singleRestart(Block b) {
    return !has(withoutLast(b), Stmt.Continue.class) && !has(withoutLast(b), Stmt.Return.class);
  }

  private static Block withoutLast(Block b) {
    return new Block(b.stmts().subList(0, b.stmts().size() - 1));
  }

  private boolean isSelf(Expr.Call call) {
    GradCallee callee = table.of(call);
    return callee != null && CalleeTable.key(callee.owner(), callee.name()).equals(self);
  }

  /**
   * The arguments into fresh locals, the locals into the parameters, {@code continue}; null if a
   * parameter that cannot be reassigned gets another value.
   */
  private Block restart(Expr.Call call, Stmt.Origin origin) {
    List<Var> params = f.params();
    if (call.args().size() != params.size()) {
      return null;
    }
    Block evaluate = new Block();
    Block assign = new Block();
    List<Var> fresh = new ArrayList<>();
    for (int k = 0; k < params.size(); k++) {
      Var p = params.get(k);
      Expr arg = call.args().get(k);
      if (arg instanceof Expr.Ref r && r.var().equals(p)) {
        continue; // passed on as it is
      }
      if (!p.type().isPrimitive() || p.isConstant()) {
        return null;
      }
      Var next = new Var(names.fresh(p.name() + "Next"), p.type(), Var.Kind.LOCAL);
      fresh.add(next);
      evaluate.add(new Stmt.Assign(next, arg, origin));
      assign.add(new Stmt.Assign(p, new Expr.Ref(next), origin));
    }
    locals.addAll(fresh);
    Block out = new Block();
    out.addAll(evaluate);
    out.addAll(assign);
    out.add(new Stmt.Continue(null, origin));
    return out;
  }

  private static boolean has(Block b, Class<? extends Stmt> kind) {
    boolean[] found = {false};
    Blocks.visitStmts(b, s -> found[0] |= kind.isInstance(s));
    return found[0];
  }
}
