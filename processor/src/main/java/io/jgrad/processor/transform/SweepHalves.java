package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;

/**
 * A method that runs both sweeps itself ({@code fHvpAdjoint} with fused loops), too large for
 * one JVM method, as two methods split where its forward sweep ends: the first runs the forward
 * sweep and leaves on the thread's tapes the locals the second reads, the second takes them and
 * runs the reverse sweep; the method itself calls both. The locals stay locals (the JIT keeps
 * them in registers), where splitting into chunks would move every one of them into a frame
 * object; and the operations are those of the one method, in its order, so its results are the
 * same bit for bit.
 */
public final class SweepHalves {
  /** The method calling its two halves, and the halves. */
  public record Halves(Function caller, Function first, Function second) {}

  private SweepHalves() {}

  /**
   * {@code f} split after its assignment to {@code value} (a statement of its body, or of the
   * body of the block that truncates the tapes on a throw), or null if it has none there.
   */
  public static Halves of(Function f, Var value, String firstName, String secondName) {
    List<Stmt> top = f.body().stmts();
    Stmt.Protected guard = null;
    List<Stmt> outside = new ArrayList<>();
    for (Stmt s : top) {
      if (s instanceof Stmt.Protected p && guard == null) {
        guard = p;
      } else if (guard == null) {
        outside.add(s);
      } else {
        return null; // nothing follows the guarded block in the functions split here
      }
    }
    List<Stmt> body = guard == null ? top : guard.body().stmts();
    int boundary = -1;
    for (int k = 0; k < body.size(); k++) {
      if (body.get(k) instanceof Stmt.Assign a && a.target() == value) {
        boundary = k;
      }
    }
    if (boundary < 0) {
      return null;
    }
    // the tapes: the lookup and the sizes read at entry stay in the caller
    Var tapes = null;
    List<Stmt> callerSetup = new ArrayList<>();
    List<Stmt> entry = new ArrayList<>();
    for (Stmt s : outside) {
      if (s instanceof Stmt.Assign a && a.target().type().equals(TapeCode.TAPES)) {
        tapes = a.target();
        callerSetup.add(s);
      } else if (tapes != null && Blocks.reads(new Block().add(s)).contains(tapes)) {
        callerSetup.add(s);
      } else {
        entry.add(s);
      }
    }
    List<Var> locals = new ArrayList<>(f.locals());
    if (tapes == null) {
      tapes = new Var(freshName(f, "tapes"), TapeCode.TAPES, Var.Kind.TEMP);
      locals.add(tapes);
      callerSetup.add(new Stmt.Assign(tapes, TapeCode.currentTapes(), Origin.NONE));
    }
    Block firstBody = new Block(entry).addAll(new Block(body.subList(0, boundary + 1)));
    Block secondCode = new Block(body.subList(boundary + 1, body.size()));
    // what the second half reads that the first assigned (parameters it reassigned too)
    List<Var> live = new ArrayList<>(Blocks.readBeforeAssigned(secondCode));
    live.retainAll(Blocks.assignedAnyhow(firstBody));
    live.remove(tapes);
    TapeCode tape = TapeCode.over(tapes);
    for (Var v : live) {
      firstBody.add(tape.push(v, Origin.NONE));
    }
    Block secondBody = new Block();
    for (int k = live.size() - 1; k >= 0; k--) {
      secondBody.add(tape.pop(live.get(k), Origin.NONE));
    }
    secondBody.addAll(secondCode);
    List<Var> params = new ArrayList<>(f.params());
    params.add(0, tapes);
    List<Var> partLocals = new ArrayList<>(locals);
    partLocals.remove(tapes);
    Function first = new Function(firstName, params, Type.VOID, firstBody, partLocals);
    Function second = new Function(secondName, params, f.returnType(), secondBody, partLocals);
    List<Expr> args = params.stream().map(v -> (Expr) ref(v)).toList();
    Block calls = new Block()
        .add(new Stmt.Eval(new Expr.Call(ReverseTransform.SELF, firstName, args, Type.VOID),
            Origin.NONE));
    Expr secondCall = new Expr.Call(ReverseTransform.SELF, secondName, args, f.returnType());
    calls.add(f.returnType().equals(Type.VOID) ? new Stmt.Eval(secondCall, Origin.NONE)
        : new Stmt.Return(secondCall, Origin.NONE));
    Block callerBody = new Block(callerSetup);
    callerBody.add(guard == null ? calls.stmts().get(0) : new Stmt.Protected(calls,
        guard.onThrow(), guard.thrown(), guard.origin()));
    if (guard == null) {
      callerBody.add(calls.stmts().get(1));
    }
    List<Var> callerLocals = new ArrayList<>();
    Blocks.visitStmts(callerBody, s -> {
      if (s instanceof Stmt.Assign a) {
        callerLocals.add(a.target());
      }
    });
    callerLocals.add(tapes);
    if (guard != null) {
      callerLocals.add(guard.thrown());
    }
    return new Halves(new Function(f.name(), f.params(), f.returnType(), callerBody,
        callerLocals.stream().distinct().toList()), first, second);
  }

  private static String freshName(Function f, String base) {
    List<String> taken = new ArrayList<>();
    f.params().forEach(p -> taken.add(p.name()));
    f.locals().forEach(l -> taken.add(l.name()));
    return new io.jgrad.processor.ir.Names(taken).fresh(base);
  }
}
