package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, before differentiation: {@code t = e; v = t;} becomes {@code v = e;} where the
 * temporary {@code t} is assigned only there and read only by the next statement, and
 * {@code e} does not read {@code v}. Lowering and
 * inlining leave such copies ({@code d = a.minus(b)} inlined ends in {@code t = new Vec3(..);
 * d = t;}); each would be a second variable for the sweeps to follow, save and restore, and a
 * line of generated code that says nothing.
 */
public final class CopyFolding {
  private final Map<Var, Integer> assignments = new HashMap<>();
  private final Map<Var, Integer> reads = new HashMap<>();
  private final Set<Var> folded = new HashSet<>();

  private CopyFolding() {}

  public static Function apply(Function f) {
    boolean[] generated = {false};
    Blocks.visitStmts(f.body(), s -> generated[0] |= s instanceof Stmt.Protected);
    if (generated[0]) {
      return f; // only in generated entry points, which this does not read
    }
    Function current = f;
    while (true) {
      CopyFolding folding = new CopyFolding();
      folding.count(current.body());
      Block body = folding.block(current.body());
      if (folding.folded.isEmpty()) {
        return current;
      }
      List<Var> locals = new ArrayList<>(current.locals());
      locals.removeAll(folding.folded);
      current = new Function(current.name(), current.params(), current.returnType(), body,
          locals);
    }
  }

  private void count(Block body) {
    Blocks.visitStmts(body, s -> {
      if (s instanceof Stmt.Assign a) {
        assignments.merge(a.target(), 1, Integer::sum);
      } else if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
        assignments.merge(r.var(), 2, Integer::sum); // read and written: never folded
      } else if (s instanceof Stmt.Protected p) {
        reads.merge(p.thrown(), 2, Integer::sum);
      }
    });
    Blocks.visitExprs(body, e -> {
      if (e instanceof Expr.Ref r) {
        reads.merge(r.var(), 1, Integer::sum);
      }
    });
  }

  private Block block(Block in) {
    Block out = new Block();
    List<Stmt> stmts = in.stmts();
    for (int k = 0; k < stmts.size(); k++) {
      Stmt s = stmts.get(k);
      Stmt next = k + 1 < stmts.size() ? stmts.get(k + 1) : null;
      if (s instanceof Stmt.Assign a && next instanceof Stmt.Assign copy
          && foldable(a.target()) && copy.value() instanceof Expr.Ref r && r.var() == a.target()
          && copy.target().type().equals(a.target().type())
          && !Exprs.vars(a.value()).contains(a.target())
          && !Exprs.vars(a.value()).contains(copy.target())) {
        // not r = r * t: the transforms read operands after the assignment, so a target is
        // never one of its own operands (the lowering's temporaries keep that so)
        out.add(new Stmt.Assign(copy.target(), a.value(), copy.origin()));
        folded.add(a.target());
        k++;
      } else {
        out.add(Blocks.withBlocks(s, this::block));
      }
    }
    return out;
  }

  private boolean foldable(Var t) {
    return t.kind() == Var.Kind.TEMP && assignments.getOrDefault(t, 0) == 1
        && reads.getOrDefault(t, 0) == 1;
  }
}
