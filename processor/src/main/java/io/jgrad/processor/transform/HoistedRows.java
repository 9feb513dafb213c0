package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, the last step before a rule is printed: an innermost loop that stores or adds into
 * elements of rows it does not change ({@code lBar[i][k] += tBar * l[j][k]} over {@code k}, the
 * reverse of a Cholesky step) reads each such row once before it starts, {@code double[] lBarI =
 * Rows.at(lBar, i)}, and works on {@code lBarI[k]}, as a hand-written adjoint does. With the row
 * read at every element, C2 keeps reloading and range-checking it: gp_lml's reverse rule ran
 * twice as long.
 *
 * <p>Only rows of adjoints (arrays some statement adds into: only reverse code does), which the
 * reverse code reads and writes at the elements where the primal, which has returned, read and
 * wrote their arrays: such an access does not throw. {@code Rows.at} itself never throws (the
 * loop may run no iteration); an element access through its row fails as {@code lBar[i][k]} did,
 * though its exception's message may differ. A row qualifies when the loop assigns neither its
 * array nor its indices and can change no row of any matrix: it stores no array into an array
 * and calls nothing but {@code Math} and the tapes' pushes and pops.
 * {@code -J-Djgrad.noHoistedRows=true} turns it off.
 */
public final class HoistedRows {
  private static final String ROWS = "io.jgrad.tape.Rows";

  private final Names names;
  private final List<Var> locals;
  private final Map<Expr, Var> varOf = new LinkedHashMap<>();
  /** The arrays some statement adds into: adjoints (only reverse code adds into elements). */
  private final Set<Var> adjoints = new java.util.HashSet<>();

  private HoistedRows(Function function) {
    this.names = Names.of(function);
    this.locals = new ArrayList<>(function.locals());
    Blocks.visitStmts(function.body(), s -> {
      if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Index) {
        adjoints.add(Exprs.root(a.target()));
      }
    });
  }

  /** {@code function} with the rows its innermost loops write read before those loops. */
  public static Function apply(Function function) {
    if (Boolean.getBoolean("jgrad.noHoistedRows")) {
      return function;
    }
    HoistedRows pass = new HoistedRows(function);
    Block body = pass.block(function.body());
    if (pass.locals.size() == function.locals().size()) {
      return function;
    }
    return new Function(function.name(), function.params(), function.returnType(), body,
        pass.locals);
  }

  /**
   * {@code block} with its innermost loops' rows read before them, and before the start of a
   * loop's counter just before it (which keeps that loop a {@code for} loop when printed).
   */
  private Block block(Block block) {
    List<Stmt> out = new ArrayList<>();
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Loop loop && innermost(loop)) {
        Block reads = new Block();
        Block hoisted = hoisted(loop, reads);
        Stmt before = out.isEmpty() ? null : out.get(out.size() - 1);
        boolean counterStart = before instanceof Stmt.Assign start
            && loop.condition() != null
            && Exprs.vars(loop.condition()).contains(start.target())
            && Blocks.reads(reads).stream().noneMatch(v -> v == start.target())
            && plainValue(start.value());
        out.addAll(counterStart ? out.size() - 1 : out.size(), reads.stmts());
        out.addAll(hoisted.stmts());
      } else if (s instanceof Stmt.Protected p) {
        out.add(new Stmt.Protected(block(p.body()), block(p.onThrow()), p.thrown(),
            p.origin()));
      } else {
        out.add(Blocks.withBlocks(s, this::block));
      }
    }
    return new Block(out);
  }

  /** The loop working through its rows, whose reads go to {@code reads}; or as it is. */
  private Block hoisted(Stmt.Loop loop, Block reads) {
    Block whole = new Block().add(loop);
    if (!keepsRows(whole) || unrolled(loop)) {
      return whole;
    }
    Set<Var> changed = Blocks.assignedAnyhow(whole);
    Map<Expr, Var> rowVars = new LinkedHashMap<>();
    Blocks.visitStmts(whole, s -> {
      Expr target = s instanceof Stmt.Accumulate a ? a.target()
          : s instanceof Stmt.Store st ? new Expr.Index(st.array(), st.index(), st.value().type())
          : null;
      if (target instanceof Expr.Index element && adjoints.contains(Exprs.root(element))
          && invariantRow(element.array(), changed) && !rowVars.containsKey(element.array())) {
        // one variable per row in the whole function: loop after loop reads lBar[j] again
        rowVars.put(element.array(), varOf.computeIfAbsent(element.array(), row -> {
          Var v = new Var(names.fresh(rowName(row)), row.type(), Var.Kind.TEMP);
          locals.add(v);
          return v;
        }));
      }
    });
    if (rowVars.isEmpty()) {
      return whole;
    }
    rowVars.forEach((row, v) -> reads.add(new Stmt.Assign(v, rowAt(row), loop.origin())));
    // every element access through those rows, reads included (not other uses of a row: an
    // empty row has another length)
    java.util.function.UnaryOperator<Expr> throughRows = new java.util.function.UnaryOperator<>() {
      @Override
      public Expr apply(Expr e) {
        if (e instanceof Expr.Index i && rowVars.containsKey(i.array())) {
          return new Expr.Index(ref(rowVars.get(i.array())), apply(i.index()), i.type());
        }
        return Exprs.mapChildren(e, this);
      }
    };
    return storesThroughRows(Blocks.withExprs(whole, throughRows), rowVars);
  }

  /** {@code block} with its stores into elements of {@code rowVars}' rows made through them. */
  private static Block storesThroughRows(Block block, Map<Expr, Var> rowVars) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      out.add(s instanceof Stmt.Store st && rowVars.containsKey(st.array())
          ? new Stmt.Store(ref(rowVars.get(st.array())), st.index(), st.value(), st.origin())
          : Blocks.withBlocks(s, b -> storesThroughRows(b, rowVars)));
    }
    return out;
  }

  /** {@code Rows.at(a, i)} for {@code a[i]}, {@code Rows.at(a, i, j)} for {@code a[i][j]}. */
  private static Expr rowAt(Expr row) {
    Expr.Index index = (Expr.Index) row;
    List<Expr> args = new ArrayList<>();
    if (index.array() instanceof Expr.Index outer) {
      args.add(outer.array());
      args.add(outer.index());
    } else {
      args.add(index.array());
    }
    args.add(index.index());
    return new Expr.Call(ROWS, "at", args, row.type(), true);
  }

  /**
   * {@code lBarI} for {@code lBar[i]}, {@code aIJ} for {@code a[i][j]}, {@code a0} for {@code
   * a[0]}, else {@code aRow}.
   */
  private static String rowName(Expr row) {
    StringBuilder suffix = new StringBuilder();
    Expr x = row;
    while (x instanceof Expr.Index i) {
      if (suffix.toString().equals("Row")) {
        // stays Row
      } else if (i.index() instanceof Expr.Ref r) {
        suffix.insert(0, Character.toUpperCase(r.var().name().charAt(0))
            + r.var().name().substring(1));
      } else if (i.index() instanceof Expr.Lit l) {
        suffix.insert(0, l.text());
      } else {
        suffix.setLength(0);
        suffix.append("Row");
      }
      x = i.array();
    }
    return ((Expr.Ref) x).var().name() + suffix;
  }

  /**
   * True if {@code row} is a row of a {@code double} or {@code float} matrix (or a row of a
   * matrix of a three-dimensional array) at indices the loop does not change.
   */
  private static boolean invariantRow(Expr row, Set<Var> changed) {
    if (!(row instanceof Expr.Index i) || i.type().dimensions() != 1
        || !(i.type().baseType().equals(Type.DOUBLE) || i.type().baseType().equals(Type.FLOAT))
        || !InvariantElementSums.plainIndex(i.index(), changed)) {
      return false;
    }
    Expr array = i.array() instanceof Expr.Index outer
        && InvariantElementSums.plainIndex(outer.index(), changed) ? outer.array() : i.array();
    return array instanceof Expr.Ref r && !changed.contains(r.var());
  }

  /** True if evaluating {@code e} calls nothing (so cannot change a row). */
  private static boolean plainValue(Expr e) {
    boolean[] plain = {true};
    Exprs.visit(e, x -> plain[0] &= !(x instanceof Expr.Call
        || x instanceof Expr.Invoke || x instanceof Expr.New));
    return plain[0];
  }

  /**
   * True if nothing in {@code loop} can make a row of a matrix another array: no array stored
   * into an array, no call but to {@code Math} and the tapes' pushes and pops.
   */
  private static boolean keepsRows(Block loop) {
    boolean[] keeps = {true};
    Blocks.visitStmts(loop, s -> keeps[0] &= !(s instanceof Stmt.Store st
        && (st.value().type().isArray() || st.array().type().dimensions() > 1)));
    Blocks.visitExprs(loop, e -> keeps[0] &= !(e instanceof Expr.Call c
        && !c.owner().equals("java.lang.Math") && !c.owner().equals("java.lang.StrictMath")
        || e instanceof Expr.Invoke i && !(i.target().type().equals(TapeCode.TAPES)
            && (i.name().startsWith("push") || i.name().startsWith("pop")))
        || e instanceof Expr.New));
    return keeps[0];
  }

  /**
   * True if {@code loop} steps its counter more than once per pass: a loop over lanes
   * ({@link ReductionLanes}), whose rows through variables made simple_mlp's Hessian-vector
   * product 15% slower under C2 (its single-step remainder loop gains them).
   */
  private static boolean unrolled(Stmt.Loop loop) {
    if (loop.condition() == null) {
      return false;
    }
    Set<Var> tested = Exprs.vars(loop.condition());
    int[] steps = {0};
    Blocks.visitStmts(new Block().addAll(loop.body()).addAll(loop.update()), s -> steps[0] +=
        s instanceof Stmt.Assign a && tested.contains(a.target()) ? 1 : 0);
    return steps[0] > 1;
  }

  /** A loop with no loop or protected block inside. */
  private static boolean innermost(Stmt.Loop loop) {
    boolean[] plain = {true};
    Block whole = new Block().addAll(loop.body()).addAll(loop.update());
    Blocks.visitStmts(whole, s -> plain[0] &= !(s instanceof Stmt.Loop
        || s instanceof Stmt.Protected));
    return plain[0];
  }
}
