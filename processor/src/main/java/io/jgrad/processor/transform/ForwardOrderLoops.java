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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reverse part -> reverse part: a counted-down reverse loop whose iterations are independent runs
 * its iterations upwards instead, {@code while (i > s) { i--; body }} becoming {@code for (int
 * i2 = s; i2 < i; i2++) { body } i = s;}. C2 vectorizes loops that count up, not those counting
 * down; the reverse of a sum ({@code xBar[i] += sBar}) is such a loop.
 *
 * <p>Independent: the body takes nothing from the tape and calls nothing but Math; it writes no
 * array but by adding into adjoint arrays, and reads none of those; every variable it assigns is
 * either assigned before it is read in the iteration (a temporary) or only added to (an adjoint
 * summed over the iterations, {@code aBar += ...}, read after the loop). Each iteration then
 * computes what it computed counted down; only the order of the additions into the adjoints
 * changes (their rounding, as between any two correct reverse rules).
 */
public final class ForwardOrderLoops {
  private final Set<Var> adjoints;
  private final Names names;
  private final List<Var> locals;
  /** The counters of the loops turned around (set back after them). */
  private final Set<Var> counters = new HashSet<>();

  private ForwardOrderLoops(Function function, Set<Var> adjoints) {
    this.adjoints = adjoints;
    this.names = Names.of(function);
    this.locals = new ArrayList<>(function.locals());
  }

  /** {@code reversePart} with its independent loops counting up; {@code adjoints}: its adjoints. */
  public static Function apply(Function reversePart, Set<Var> adjoints) {
    if (Boolean.getBoolean("jgrad.noForwardOrderLoops")) {
      return reversePart;
    }
    ForwardOrderLoops pass = new ForwardOrderLoops(reversePart, adjoints);
    Block body = pass.block(reversePart.body());
    // i = start after the loop, where nothing reads i any more, goes
    return DeadStores.applyWithCounters(new Function(reversePart.name(), reversePart.params(),
        reversePart.returnType(), body, pass.locals), pass.counters);
  }

  private Block block(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      Stmt t = Blocks.withBlocks(s, this::block);
      if (t instanceof Stmt.Loop loop && countedDown(loop) != null) {
        out.addAll(countedUp(loop));
      } else {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * The counter of {@code while (i > start) { i = i - 1; body }} with an independent body, or
   * null.
   */
  private Var countedDown(Stmt.Loop loop) {
    if (!loop.testFirst() || !loop.update().isEmpty() || loop.label() != null
        || !(loop.condition() instanceof Expr.Binary c) || !c.op().equals(">")
        || !(c.left() instanceof Expr.Ref counter) || !counter.var().type().equals(Type.INT)
        || !(c.right() instanceof Expr.Lit || c.right() instanceof Expr.Ref)
        || loop.body().stmts().isEmpty()) {
      return null;
    }
    Var i = counter.var();
    if (!(loop.body().stmts().get(0) instanceof Stmt.Assign step) || step.target() != i
        || !(step.value() instanceof Expr.Binary minus) || !minus.op().equals("-")
        || !(minus.left() instanceof Expr.Ref r) || r.var() != i
        || !(minus.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
      return null;
    }
    Block rest = new Block(loop.body().stmts().subList(1, loop.body().stmts().size()));
    Set<Var> written = new HashSet<>();
    if (!simple(rest, written)) {
      return null;
    }
    if (written.contains(i) || c.right() instanceof Expr.Ref start && written.contains(start.var())) {
      return null;
    }
    Set<Var> exposed = Blocks.readBeforeAssigned(rest);
    for (Var v : written) {
      if (exposed.contains(v) && !onlyAddedTo(v, rest)) {
        return null; // carried from one iteration to the next
      }
    }
    return i;
  }

  /**
   * True if {@code block} holds only assignments, additions, branches and loops, reads no
   * adjoint array, adds into adjoint arrays only, calls nothing but Math and touches no tape;
   * collects the variables it writes into {@code written}.
   */
  private boolean simple(Block block, Set<Var> written) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Comment) {
        continue;
      }
      if (s instanceof Stmt.Assign a) {
        written.add(a.target());
        if (!readsPlainly(a.value())) {
          return false;
        }
      } else if (s instanceof Stmt.Accumulate acc) {
        if (acc.target() instanceof Expr.Ref r) {
          written.add(r.var());
        } else if (!adjointElement(acc.target())) {
          return false;
        }
        if (!readsPlainly(acc.value())) {
          return false;
        }
      } else if (s instanceof Stmt.If i) {
        if (!readsPlainly(i.condition()) || !simple(i.then(), written)
            || !simple(i.otherwise(), written)) {
          return false;
        }
      } else if (s instanceof Stmt.Loop l) {
        if (l.label() != null || l.condition() == null || !readsPlainly(l.condition())
            || !simple(l.body(), written) || !simple(l.update(), written)) {
          return false;
        }
      } else {
        return false; // a store, a call for its effect, a throw, a jump...
      }
    }
    return true;
  }

  /** {@code xBar[i]}, {@code mBar[i][j]}: an element of an adjoint array, plain indices. */
  private boolean adjointElement(Expr target) {
    Expr at = target;
    while (at instanceof Expr.Index ix) {
      if (!readsPlainly(ix.index())) {
        return false;
      }
      at = ix.array();
    }
    return at != target && at instanceof Expr.Ref r && isAdjoint(r.var());
  }

  /** True if {@code e} reads no adjoint array, calls nothing but Math and reads no tape. */
  private boolean readsPlainly(Expr e) {
    boolean[] plain = {true};
    Exprs.visit(e, x -> {
      if (x instanceof Expr.Invoke || x instanceof Expr.New || x instanceof Expr.NewArray
          || x instanceof Expr.NewArrayOf || x instanceof Expr.Field
          || x instanceof Expr.Call c && !c.owner().equals("java.lang.Math")
              && !c.owner().equals("java.lang.StrictMath")
          || x instanceof Expr.Index ix && isAdjoint(Exprs.root(ix))) {
        plain[0] = false;
      }
    });
    return plain[0];
  }

  /** True for an adjoint array (a table, {@code TABLE[i]}, has no variable: null). */
  private boolean isAdjoint(Var root) {
    return root != null && adjoints.contains(root);
  }

  /** True if {@code v} occurs in {@code block} only as the target of {@code v += e}. */
  private static boolean onlyAddedTo(Var v, Block block) {
    boolean[] ok = {true};
    Blocks.visitStmts(block, s -> {
      if (s instanceof Stmt.Assign a && a.target() == v) {
        ok[0] = false;
      }
      List<Expr> reads = new ArrayList<>();
      if (s instanceof Stmt.Assign a) {
        reads.add(a.value());
      } else if (s instanceof Stmt.Accumulate acc) {
        reads.add(acc.value());
        if (!(acc.target() instanceof Expr.Ref)) {
          reads.add(acc.target());
        }
      } else if (s instanceof Stmt.If i) {
        reads.add(i.condition());
      } else if (s instanceof Stmt.Loop l && l.condition() != null) {
        reads.add(l.condition());
      }
      for (Expr e : reads) {
        if (Exprs.vars(e).contains(v)) {
          ok[0] = false;
        }
      }
    });
    return ok[0];
  }

  /**
   * {@code for (int k = start; k < i; k++) { body with i read as k } i = start;}: a counter of its
   * own, so that the loop prints as a {@code for}; {@code i} ends where the loop counted down to.
   */
  private Block countedUp(Stmt.Loop loop) {
    Expr.Binary condition = (Expr.Binary) loop.condition();
    Var i = ((Expr.Ref) condition.left()).var();
    Expr start = condition.right();
    Var k = new Var(names.fresh(i.name()), Type.INT, Var.Kind.TEMP);
    locals.add(k);
    counters.add(i);
    Stmt.Origin origin = loop.origin();
    Block body = renamed(new Block(loop.body().stmts().subList(1, loop.body().stmts().size())),
        i, k);
    body.add(new Stmt.Assign(k, new Expr.Binary("+", ref(k), Expr.Lit.ofInt(1), Type.INT),
        origin));
    return new Block()
        .add(new Stmt.Assign(k, start, origin))
        .add(new Stmt.Loop(null, new Expr.Binary("<", ref(k), ref(i), Type.BOOLEAN), body,
            new Block(), true, origin))
        .add(new Stmt.Assign(i, start, origin));
  }

  /** {@code block} reading {@code to} where it reads {@code from} (which it never assigns). */
  private static Block renamed(Block block, Var from, Var to) {
    java.util.function.UnaryOperator<Expr> rename = new java.util.function.UnaryOperator<>() {
      @Override
      public Expr apply(Expr e) {
        return e instanceof Expr.Ref r && r.var() == from ? ref(to) : Exprs.mapChildren(e, this);
      }
    };
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        out.add(new Stmt.Assign(a.target(), rename.apply(a.value()), a.origin()));
      } else if (s instanceof Stmt.Accumulate a) {
        out.add(new Stmt.Accumulate(rename.apply(a.target()), rename.apply(a.value()),
            a.origin()));
      } else if (s instanceof Stmt.If c) {
        out.add(new Stmt.If(rename.apply(c.condition()), renamed(c.then(), from, to),
            renamed(c.otherwise(), from, to), c.origin()));
      } else if (s instanceof Stmt.Loop l) {
        out.add(new Stmt.Loop(l.label(), rename.apply(l.condition()), renamed(l.body(), from, to),
            renamed(l.update(), from, to), l.testFirst(), l.origin()));
      } else {
        out.add(s); // a comment (simple() allows nothing else)
      }
    }
    return out;
  }
}
