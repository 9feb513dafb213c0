package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IR -> IR, on reverse code: the adjoint of a temporary that only copies another number
 * ({@code double t4Bar = t5Bar;}, the reverse of {@code t5 = z + t4}) is replaced by what it
 * copies where it is read, or, if what it copies is read nowhere else, takes that value itself
 * ({@code double t4Bar = zBar[o][j];}). The reverse of every addition and of every temporary of
 * the lowering leaves such a copy; an expert writes none, and the reader of the rule has one
 * name less to follow. A copy goes only where nothing can tell: the temporary is assigned once
 * (its resets to zero after its last read aside: dead, dropped too), read only after the copy in
 * the same block, and the copied variable is not assigned between the copy and the last read.
 * The JIT removes copies anyway: this is for the generated code's reader.
 */
public final class AdjointCopies {
  /** An adjoint of a temporary of the lowering ({@code t5Bar}, {@code t5Bar2}). */
  private static final Pattern TEMPORARY_ADJOINT = Pattern.compile("t\\d+Bar\\d*");

  private final Map<Var, Integer> assignments = new HashMap<>();
  /** Assignments of a literal: the reset of an adjoint after its last use ({@code t4Bar = 0}). */
  private final Map<Var, Integer> resets = new HashMap<>();
  private final Map<Var, Integer> reads = new HashMap<>();
  private final Set<Var> removed = new HashSet<>();

  private AdjointCopies() {}

  public static Function apply(Function f) {
    AdjointCopies pass = new AdjointCopies();
    pass.count(f.body());
    Block body = pass.block(f.body());
    if (pass.removed.isEmpty()) {
      return f;
    }
    body = pass.withoutResets(body);
    List<Var> locals = new ArrayList<>(f.locals());
    locals.removeAll(pass.removed);
    return new Function(f.name(), f.params(), f.returnType(), body, locals);
  }

  private void count(Block body) {
    Blocks.visitStmts(body, s -> {
      if (s instanceof Stmt.Assign a) {
        assignments.merge(a.target(), 1, Integer::sum);
        if (a.value() instanceof Expr.Lit) {
          resets.merge(a.target(), 1, Integer::sum);
        }
      } else if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
        assignments.merge(r.var(), 2, Integer::sum);
      } else if (s instanceof Stmt.Protected p) {
        assignments.merge(p.thrown(), 2, Integer::sum);
      }
    });
    Blocks.visitExprs(body, e -> {
      if (e instanceof Expr.Ref r) {
        reads.merge(r.var(), 1, Integer::sum);
      }
    });
  }

  private Block block(Block in) {
    List<Stmt> stmts = new ArrayList<>();
    for (Stmt s : in.stmts()) {
      stmts.add(Blocks.withBlocks(s, this::block));
    }
    for (int p = 0; p < stmts.size(); p++) {
      if (stmts.get(p) instanceof Stmt.Assign copy && isFoldable(copy)
          && (readsCopied(stmts, p) || assignedDirectly(stmts, p))) {
        p = Math.max(-1, p - 2); // the statement before may be a copy to fold now
      }
    }
    Block out = new Block();
    stmts.forEach(out::add);
    return out;
  }

  /**
   * {@code v = u} at {@code p} gone, {@code v}'s reads reading {@code u}: where all of them
   * follow in this block and neither changes in between.
   */
  private boolean readsCopied(List<Stmt> stmts, int p) {
    Stmt.Assign copy = (Stmt.Assign) stmts.get(p);
    Var v = copy.target();
    Var u = ((Expr.Ref) copy.value()).var();
    int last = lastReader(stmts, p, v);
    if (last < 0) {
      return false; // read elsewhere too (or not at all: dead stores are not this pass's)
    }
    Block span = new Block();
    stmts.subList(p + 1, last + 1).forEach(span::add);
    Set<Var> assignedInSpan = Blocks.assignedAnyhow(span);
    if (assignedInSpan.contains(u) || assignedInSpan.contains(v)) {
      return false; // u changes (a reset, say), or v is reset, between the copy and a read
    }
    Block renamed = Blocks.withExprs(span, e -> replaced(e, v, u));
    for (int k = p + 1; k <= last; k++) {
      stmts.set(k, renamed.stmts().get(k - p - 1));
    }
    stmts.remove(p);
    removed.add(v);
    reads.merge(u, reads.get(v) - 1, Integer::sum); // v's reads are u's now, the copy's gone
    return true;
  }

  /**
   * {@code u = e; v = u;} at {@code p - 1} and {@code p} become {@code v = e;} where the copy is
   * {@code u}'s only read and its only assignment but resets ({@code t5Bar = zBar[o][j]; t4Bar =
   * t5Bar;}, and {@code t5Bar = 0} later, which the copy's reads made {@code u}'s change).
   */
  private boolean assignedDirectly(List<Stmt> stmts, int p) {
    Stmt.Assign copy = (Stmt.Assign) stmts.get(p);
    Var u = ((Expr.Ref) copy.value()).var();
    if (p == 0 || !(stmts.get(p - 1) instanceof Stmt.Assign first) || first.target() != u
        || u.kind() != Var.Kind.TEMP || reads.getOrDefault(u, 0) != 1
        || assignments.getOrDefault(u, 0) - resets.getOrDefault(u, 0) != 1
        || first.value() instanceof Expr.Lit
        || io.jgrad.processor.ir.Exprs.vars(first.value()).contains(copy.target())) {
      // not v = v * x: the transforms read operands after the assignment, so a target is never
      // one of its own operands (as CopyFolding keeps it)
      return false;
    }
    stmts.set(p - 1, new Stmt.Assign(copy.target(), first.value(), first.origin()));
    stmts.remove(p);
    removed.add(u);
    return true;
  }

  /**
   * {@code v = u}, both numbers, {@code v} an adjoint temporary assigned only here but for
   * resets to a literal (outside the span of its reads, checked by the caller: dead then).
   */
  private boolean isFoldable(Stmt.Assign copy) {
    Var v = copy.target();
    return copy.value() instanceof Expr.Ref r && r.var() != v
        && v.kind() == Var.Kind.TEMP && v.type().equals(Type.DOUBLE)
        && r.var().type().equals(Type.DOUBLE)
        && TEMPORARY_ADJOINT.matcher(v.name()).matches()
        && assignments.getOrDefault(v, 0) - resets.getOrDefault(v, 0) == 1;
  }

  /** {@code body} without the resets of the variables whose copies went. */
  private Block withoutResets(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (!(s instanceof Stmt.Assign a && removed.contains(a.target()))) {
        out.add(Blocks.withBlocks(s, this::withoutResets));
      }
    }
    return out;
  }

  /**
   * The index of the last statement after {@code p} reading {@code v}, if those statements hold
   * every read of {@code v}; else -1.
   */
  private int lastReader(List<Stmt> stmts, int p, Var v) {
    int total = reads.getOrDefault(v, 0);
    int seen = 0;
    int last = -1;
    for (int k = p + 1; k < stmts.size() && seen < total; k++) {
      int here = readsIn(stmts.get(k), v);
      if (here > 0) {
        seen += here;
        last = k;
      }
    }
    return total > 0 && seen == total ? last : -1;
  }

  private static int readsIn(Stmt s, Var v) {
    int[] n = {0};
    Blocks.visitExprs(new Block().add(s), e -> {
      if (e instanceof Expr.Ref r && r.var() == v) {
        n[0]++;
      }
    });
    return n[0];
  }

  private static Expr replaced(Expr e, Var v, Var u) {
    if (e instanceof Expr.Ref r && r.var() == v) {
      return new Expr.Ref(u);
    }
    return io.jgrad.processor.ir.Exprs.mapChildren(e, sub -> replaced(sub, v, u));
  }
}
