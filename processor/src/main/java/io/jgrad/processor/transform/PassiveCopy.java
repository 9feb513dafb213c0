package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.rules.GradCallee;
import java.util.ArrayList;
import java.util.List;

/**
 * The copy of a private passive method that the rule classes call in its place (they cannot
 * call it): the lowered method, structured, with a return of its result. Its calls to methods
 * with rules (lowered as rule calls) call those methods themselves: a passive method's result
 * has no derivative, so neither have its callees'.
 */
public final class PassiveCopy {
  /** The copy, or the callee it cannot call ({@code uncallable}, as owner.name). */
  public record Result(Function copy, String uncallable) {}

  private final CalleeTable table;
  private String uncallable;

  private PassiveCopy(CalleeTable table) {
    this.table = table;
  }

  public static Result of(Function lowered, CalleeTable table) {
    Structurize.Result structured = Structurize.apply(lowered);
    Function f = structured.function();
    PassiveCopy copier = new PassiveCopy(table);
    Block body = copier.block(f.body());
    if (structured.result() != null) {
      body.add(new Stmt.Return(new Expr.Ref(structured.result()), Stmt.Origin.NONE));
    }
    return new Result(new Function(f.name(), f.params(), f.returnType(), body, f.locals()),
        copier.uncallable);
  }

  private Block block(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      out.add(statement(s));
    }
    return out;
  }

  private Stmt statement(Stmt s) {
    if (s instanceof Stmt.Assign a) {
      return new Stmt.Assign(a.target(), primalCall(a.value()), a.origin());
    }
    if (s instanceof Stmt.Eval e) {
      return new Stmt.Eval(primalCall(e.expr()), e.origin());
    }
    if (s instanceof Stmt.If i) {
      return new Stmt.If(i.condition(), block(i.then()), block(i.otherwise()), i.origin());
    }
    if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition(), block(l.body()), block(l.update()),
          l.testFirst(), l.origin());
    }
    return s;
  }

  /**
   * A call to a method with rules (a statement of its own after lowering) as a call of the
   * method itself; other expressions as they are.
   */
  private Expr primalCall(Expr e) {
    GradCallee callee = table.of(e);
    if (callee == null) {
      return e;
    }
    Expr.Call call = (Expr.Call) e;
    if (callee.primal() == null) {
      if (uncallable == null) {
        uncallable = callee.owner() + "." + callee.name();
      }
      return e;
    }
    List<Expr> args = new ArrayList<>(call.args());
    if (callee.primal().constructor()) {
      return new Expr.New(call.type(), args);
    }
    if (callee.primal().instance()) {
      Expr receiver = args.remove(0);
      return new Expr.Invoke(receiver, callee.primal().name(), args, call.type());
    }
    String owner = callee.primal().owner() != null ? callee.primal().owner() : callee.owner();
    return new Expr.Call(owner, callee.primal().name(), args, call.type());
  }
}
