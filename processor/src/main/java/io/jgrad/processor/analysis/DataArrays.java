package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Local arrays of numbers that hold data only: every value assigned to them is a {@code @NoGrad}
 * array parameter the method never points elsewhere, a row of one, another such local or
 * {@code null} ({@code double[] gold = sequence[t + 1];}), and they are only read: indexed, their
 * length taken, compared, passed to callees that take them as data. Nothing writes the memory of a {@code @NoGrad} parameter (that is an
 * error), so their elements are constants; such a local needs no shadow, and no adjoint flows
 * into the parameter's memory through it. Anything else done with one (passed to a call, stored,
 * returned, written through) keeps it an ordinary local with a shadow.
 */
public final class DataArrays {
  private DataArrays() {}

  /**
   * Which arguments of which calls a callee takes as data: read, never written, no derivative
   * ({@code @NoGrad} parameters of methods with rules, the arguments without a tangent of a
   * reverse part's tangent form).
   */
  public interface DataArguments {
    DataArguments NONE = (call, k) -> false;

    boolean takesData(Expr.Call call, int k);
  }

  /** The locals of {@code f} that hold data only, passed to no call. */
  public static Set<Var> of(Function f) {
    return of(f, DataArguments.NONE);
  }

  /**
   * The locals of {@code f} that hold data only, passed to calls where {@code arguments} says
   * the callee takes data only ({@code -J-Djgrad.noDataArrays=true}: none).
   */
  public static Set<Var> of(Function f, DataArguments arguments) {
    if (Boolean.getBoolean("jgrad.noDataArrays")) {
      return Set.of();
    }
    Set<Var> assignedParams = new HashSet<>();
    Set<Var> candidates = new HashSet<>();
    Set<Var> assignedLocals = new HashSet<>();
    Blocks.visitStmts(f.body(), s -> {
      if (s instanceof Stmt.Assign a) {
        (a.target().isParam() ? assignedParams : assignedLocals).add(a.target());
      }
    });
    for (Var v : f.locals()) {
      if (v.type().isFloatingArray() && !v.isParam() && assignedLocals.contains(v)) {
        candidates.add(v);
      }
    }
    Set<Var> roots = new HashSet<>();
    for (Var p : f.params()) {
      if (p.isConstant() && p.type().isFloatingArray() && !assignedParams.contains(p)) {
        roots.add(p);
      }
    }
    boolean changed = true;
    while (changed && !candidates.isEmpty()) {
      Scan scan = new Scan(candidates, roots, arguments);
      Blocks.visitStmts(f.body(), scan::statement);
      changed = candidates.removeAll(scan.disqualified);
    }
    return candidates;
  }

  /** One pass over the statements: the candidates used in a way data may not be. */
  private static final class Scan {
    private final Set<Var> candidates;
    private final Set<Var> roots;
    private final DataArguments arguments;
    final Set<Var> disqualified = new HashSet<>();

    Scan(Set<Var> candidates, Set<Var> roots, DataArguments arguments) {
      this.candidates = candidates;
      this.roots = roots;
      this.arguments = arguments;
    }

    void statement(Stmt s) {
      if (s instanceof Stmt.Assign a && candidates.contains(a.target())) {
        if (!isDataSource(a.value())) {
          disqualified.add(a.target());
          expr(a.value(), false);
        } else {
          indices(a.value());
        }
        return;
      }
      if (s instanceof Stmt.Store st) {
        writtenThrough(st.array());
      } else if (s instanceof Stmt.Accumulate ac) {
        writtenThrough(ac.target());
      }
      List<Expr> exprs = Blocks.ownExprs(s);
      for (Expr e : exprs) {
        expr(e, false);
      }
    }

    /** A parameter or local of data, a row of one, or null. */
    private boolean isDataSource(Expr value) {
      if (value instanceof Expr.Lit) {
        return true; // null
      }
      Expr x = value;
      while (x instanceof Expr.Index i) {
        x = i.array();
      }
      return x instanceof Expr.Ref r && (roots.contains(r.var()) || candidates.contains(r.var()));
    }

    private void indices(Expr value) {
      for (Expr x = value; x instanceof Expr.Index i; x = i.array()) {
        expr(i.index(), false);
      }
    }

    private void writtenThrough(Expr target) {
      Var root = Exprs.root(target);
      if (root != null) {
        disqualified.add(root);
      }
    }

    /**
     * Checks {@code e}; {@code readOnly}: it is the array of an element read, the operand of a
     * length or of {@code ==}/{@code !=}, where an array of data may be.
     */
    private void expr(Expr e, boolean readOnly) {
      if (e == null) {
        return;
      }
      if (e instanceof Expr.Ref r) {
        if (!readOnly && candidates.contains(r.var())) {
          disqualified.add(r.var());
        }
      } else if (e instanceof Expr.Index i) {
        if (!readOnly && i.type().isArray()) {
          Var root = Exprs.root(i);
          if (root != null && candidates.contains(root)) {
            disqualified.add(root); // a row used as a value
          }
        }
        expr(i.array(), true);
        expr(i.index(), false);
      } else if (e instanceof Expr.Length l) {
        expr(l.array(), true);
      } else if (e instanceof Expr.Binary b && (b.op().equals("==") || b.op().equals("!="))) {
        expr(b.left(), true);
        expr(b.right(), true);
      } else if (e instanceof Expr.Call c) {
        for (int k = 0; k < c.args().size(); k++) {
          expr(c.args().get(k), arguments.takesData(c, k));
        }
      } else {
        Exprs.mapChildren(e, c -> {
          expr(c, false);
          return c;
        });
      }
    }
  }
}
