package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * IR -> IR, on a rule that runs its whole computation in one method (a forward rule {@code f} or
 * {@code fInto}, an {@code fAdjoint} with fused loops, the {@code fHvpAdjoint} made from it): its
 * own work arrays ({@link OwnArrays}: the tangents and adjoints of local arrays, the primal's own
 * work arrays) are lent by this thread's {@code Tapes} ({@code tapes.zeros(n)}) instead of
 * allocated, and given back on the way out, normal or not. A rule called again with arrays of
 * the same sizes then allocates none of them: zeroing them costs what allocating did, and the
 * garbage collector has nothing to do.
 *
 * <p>Nothing that outlives the call can reach such an array, so giving it back at the return is
 * safe; calls the rule makes borrow above its arrays and give theirs back before they return.
 * Not for the parts: {@code fForward} hands its arrays to {@code fReverse} on the tapes.
 */
public final class PooledArrays {
  private final Set<Var> own;
  private final Names names;
  private final List<Var> locals;
  private final Var tapes;
  private final Var mark;
  private final Stmt release;
  /** The allocations made loans. */
  private int lent;

  private PooledArrays(Function entry, Set<Var> own) {
    this.own = own;
    this.names = Names.of(entry);
    this.locals = new ArrayList<>(entry.locals());
    Var existing = existingTapes(entry.body());
    this.tapes = existing != null ? existing
        : new Var(names.fresh("tapes"), TapeCode.TAPES, Var.Kind.TEMP);
    if (existing == null) {
      locals.add(tapes);
    }
    this.mark = new Var(names.fresh("arrayMark"), Type.INT, Var.Kind.TEMP);
    locals.add(mark);
    this.release = new Stmt.Eval(new Expr.Invoke(ref(tapes), "releaseArrays",
        List.of(ref(mark)), Type.VOID), Origin.NONE);
  }

  /** {@code entry} with its work arrays lent by the tapes, or as it is if it has none. */
  public static Function apply(Function entry) {
    if (Boolean.getBoolean("jgrad.noPooledArrays") || entry == null) {
      return entry;
    }
    Set<Var> own = OwnArrays.withLentRows(entry, v -> v.type().dimensions() <= 2);
    if (own.isEmpty()) {
      return entry;
    }
    PooledArrays pass = new PooledArrays(entry, own);
    Block body = pass.body(entry.body());
    if (pass.lent == 0) {
      return entry;
    }
    if (Boolean.getBoolean("jgrad.debug")) {
      System.err.println("jgrad: " + entry.name() + " borrows " + own + " from the tapes");
    }
    return new Function(entry.name(), entry.params(), entry.returnType(), body, pass.locals);
  }

  /**
   * The body: the tapes looked up (where it did not already), the number of arrays lent read,
   * then {@code in} lending, giving the arrays back when it throws: in the tapes' own guard if
   * it has one (marks read, then the guarded body), else in a guard of its own.
   */
  private Block body(Block in) {
    List<Stmt> stmts = new ArrayList<>(in.stmts());
    Block out = new Block();
    out.add(existingTapes(in) == tapes ? stmts.remove(0)
        : new Stmt.Assign(tapes, TapeCode.currentTapes(), Origin.NONE));
    out.add(new Stmt.Assign(mark, new Expr.Invoke(ref(tapes), "arraySize", List.of(),
        Type.INT), Origin.NONE));
    Stmt last = stmts.isEmpty() ? null : stmts.get(stmts.size() - 1);
    List<Stmt> before = stmts.isEmpty() ? List.of() : stmts.subList(0, stmts.size() - 1);
    if (last instanceof Stmt.Protected guard
        && before.stream().allMatch(s -> s instanceof Stmt.Assign)) {
      before.forEach(out::add);
      out.add(new Stmt.Protected(endingWithRelease(lent(guard.body(), false)),
          new Block(guard.onThrow().stmts()).add(release), guard.thrown(), guard.origin()));
    } else {
      Var thrown = new Var(names.fresh("thrown"), Type.classType("java.lang.Throwable"),
          Var.Kind.TEMP);
      out.add(new Stmt.Protected(endingWithRelease(lent(new Block(stmts), false)),
          new Block().add(release), thrown, Origin.NONE));
    }
    return out;
  }

  /** The variable a leading {@code tapes = Tapes.current()} assigns, else null. */
  private static Var existingTapes(Block body) {
    return !body.stmts().isEmpty() && body.stmts().get(0) instanceof Stmt.Assign a
        && a.value().equals(TapeCode.currentTapes()) ? a.target() : null;
  }

  /** {@code block}, giving the arrays back at its end if it can end without a return. */
  private Block endingWithRelease(Block block) {
    List<Stmt> stmts = block.stmts();
    if (stmts.isEmpty() || !(stmts.get(stmts.size() - 1) instanceof Stmt.Return)) {
      block.add(release);
    }
    return block;
  }

  /**
   * {@code in} with the {@code new double[..]} of its own arrays lent (outside loops: an array
   * made per iteration would hold a slot per iteration) and the arrays given back before returns.
   */
  private Block lent(Block in, boolean inLoop) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (!inLoop && s instanceof Stmt.Assign a && own.contains(a.target())
          && a.value() instanceof Expr.NewArray n) {
        out.add(new Stmt.Assign(a.target(), new Expr.Invoke(ref(tapes), "zeros",
            n.dimensions(), a.target().type()), a.origin()));
        lent++;
      } else if (s instanceof Stmt.Return r) {
        if (r.value() == null || r.value() instanceof Expr.Ref || r.value() instanceof Expr.Lit) {
          out.add(release);
          out.add(s);
        } else {
          // the value first: it may read the arrays, or call a rule that borrows them
          Var value = new Var(names.fresh("returned"), r.value().type(), Var.Kind.TEMP);
          locals.add(value);
          out.add(new Stmt.Assign(value, r.value(), r.origin()));
          out.add(release);
          out.add(new Stmt.Return(ref(value), r.origin()));
        }
      } else if (s instanceof Stmt.Protected p) {
        out.add(new Stmt.Protected(lent(p.body(), inLoop), p.onThrow(), p.thrown(),
            p.origin()));
      } else {
        out.add(Blocks.withBlocks(s, b -> lent(b, inLoop || s instanceof Stmt.Loop)));
      }
    }
    return out;
  }
}
