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
 * array but by adding into adjoint arrays, and reads none of those but adjoint arrays of its own
 * ({@link OwnArrays}: only their name reaches them) that it does not add into; every variable
 * it assigns is either assigned before it is read in the iteration (a temporary) or only added to
 * (an adjoint summed over the iterations, {@code aBar += ...}, read after the loop). Each
 * iteration then computes what it computed counted down; only the order of the additions into
 * the adjoints changes (their rounding, as between any two correct reverse rules).
 *
 * <p>A second counter stepped down with the loop's ({@code while (row > s) { row--; p--; body
 * }}, the reverse of a triangular product's {@code p++}) is read as {@code row2 + pOffset} in
 * the loop counting up, {@code pOffset = p - row} taken before it: one induction variable, which
 * the JIT handles best (gmm's reverse of {@code Q v}).
 */
public final class ForwardOrderLoops {
  private final Set<Var> adjoints;
  private final Names names;
  private final List<Var> locals;
  /** The counters of the loops turned around (set back after them). */
  private final Set<Var> counters = new HashSet<>();
  /** The adjoint arrays only their own name reaches ({@link OwnArrays}). */
  private final Set<Var> ownAdjoints;
  /** While a loop is examined: the own adjoint arrays it may read (it adds into none of them). */
  private Set<Var> readable = Set.of();

  private ForwardOrderLoops(Function function, Set<Var> adjoints) {
    this.adjoints = adjoints;
    this.ownAdjoints = OwnArrays.of(function, adjoints::contains);
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

  /** {@code in} with its independent loops counting up, inner ones first, in a try's body too. */
  private Block block(Block in) {
    return Blocks.withLoopsReplaced(in,
        loop -> countedDown(loop) != null ? countedUp(loop) : new Block().add(loop));
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
    List<Var> seconds = secondCounters(loop, i);
    Block rest = new Block(loop.body().stmts().subList(1 + seconds.size(),
        loop.body().stmts().size()));
    Set<Var> written = new HashSet<>();
    if (!simple(rest, written)) {
      // reading its own adjoint arrays, where that pays
      written.clear();
      readable = new HashSet<>(ownAdjoints);
      readable.removeAll(addedInto(rest));
      boolean simple = simple(rest, written);
      readable = Set.of();
      if (!simple || !readsOwnAdjointsPays(rest, written, seconds)) {
        return null;
      }
    }
    if (written.contains(i) || c.right() instanceof Expr.Ref start
        && (written.contains(start.var()) || seconds.contains(start.var()))
        || seconds.stream().anyMatch(written::contains)) {
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
   * True if a loop that reads its own adjoint arrays should count up: where it has a second
   * counter (one induction variable instead of two) or sums nothing across its iterations (a
   * loop C2 may vectorize counting up). A loop summing into variables cannot vectorize either
   * way, and {@link ReductionLanes} splits it counting down more tightly: simple_mlp's reverse
   * ran 6 % slower with its lanes counting up.
   */
  private static boolean readsOwnAdjointsPays(Block rest, Set<Var> written, List<Var> seconds) {
    if (!seconds.isEmpty()) {
      return true;
    }
    Set<Var> exposed = Blocks.readBeforeAssigned(rest);
    return written.stream().noneMatch(exposed::contains);
  }

  /**
   * The int variables stepped down by one right after the counter {@code i} at the start of the
   * loop's body ({@code p = p - 1}), in order; none if there are none.
   */
  private static List<Var> secondCounters(Stmt.Loop loop, Var i) {
    List<Var> seconds = new ArrayList<>();
    List<Stmt> stmts = loop.body().stmts();
    for (int at = 1; at < stmts.size(); at++) {
      if (!(stmts.get(at) instanceof Stmt.Assign a) || a.target() == i
          || !a.target().type().equals(Type.INT) || seconds.contains(a.target())
          || !(a.value() instanceof Expr.Binary minus) || !minus.op().equals("-")
          || !(minus.left() instanceof Expr.Ref r) || r.var() != a.target()
          || !(minus.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
        break;
      }
      seconds.add(a.target());
    }
    return seconds;
  }

  /** The arrays {@code block} adds into ({@code aBar[i] += e}), by their variables. */
  private static Set<Var> addedInto(Block block) {
    Set<Var> out = new HashSet<>();
    Blocks.visitStmts(block, s -> {
      if (s instanceof Stmt.Accumulate a && !(a.target() instanceof Expr.Ref)) {
        out.add(Exprs.root(a.target()));
      }
    });
    return out;
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
          || x instanceof Expr.Index ix && isAdjoint(Exprs.root(ix))
              && !readable.contains(Exprs.root(ix))) {
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
   * A second counter p: {@code pOffset = p - i;} first, p read as {@code k + pOffset}, and
   * {@code p = start + pOffset;} after (where counting down left it).
   */
  private Block countedUp(Stmt.Loop loop) {
    Expr.Binary condition = (Expr.Binary) loop.condition();
    Var i = ((Expr.Ref) condition.left()).var();
    Expr start = condition.right();
    List<Var> seconds = secondCounters(loop, i);
    Var k = new Var(names.fresh(i.name()), Type.INT, Var.Kind.TEMP);
    locals.add(k);
    counters.add(i);
    Stmt.Origin origin = loop.origin();
    Block before = new Block();
    Block after = new Block();
    java.util.Map<Var, Expr> readAs = new java.util.HashMap<>();
    readAs.put(i, ref(k));
    for (Var p : seconds) {
      Var offset = new Var(names.fresh(p.name() + "Offset"), Type.INT, Var.Kind.TEMP);
      locals.add(offset);
      counters.add(p);
      before.add(new Stmt.Assign(offset, new Expr.Binary("-", ref(p), ref(i), Type.INT),
          origin));
      readAs.put(p, new Expr.Binary("+", ref(k), ref(offset), Type.INT));
      after.add(new Stmt.Assign(p, new Expr.Binary("+", start, ref(offset), Type.INT), origin));
    }
    Block body = renamed(new Block(loop.body().stmts().subList(1 + seconds.size(),
        loop.body().stmts().size())), readAs);
    body.add(new Stmt.Assign(k, new Expr.Binary("+", ref(k), Expr.Lit.ofInt(1), Type.INT),
        origin));
    return before
        .add(new Stmt.Assign(k, start, origin))
        .add(new Stmt.Loop(null, new Expr.Binary("<", ref(k), ref(i), Type.BOOLEAN), body,
            new Block(), true, origin))
        .addAll(after)
        .add(new Stmt.Assign(i, start, origin));
  }

  /** {@code block} reading each variable of {@code readAs} (which it never assigns) as given. */
  private static Block renamed(Block block, java.util.Map<Var, Expr> readAs) {
    java.util.function.UnaryOperator<Expr> rename = new java.util.function.UnaryOperator<>() {
      @Override
      public Expr apply(Expr e) {
        return e instanceof Expr.Ref r && readAs.containsKey(r.var()) ? readAs.get(r.var())
            : Exprs.mapChildren(e, this);
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
        out.add(new Stmt.If(rename.apply(c.condition()), renamed(c.then(), readAs),
            renamed(c.otherwise(), readAs), c.origin()));
      } else if (s instanceof Stmt.Loop l) {
        out.add(new Stmt.Loop(l.label(), rename.apply(l.condition()), renamed(l.body(), readAs),
            renamed(l.update(), readAs), l.testFirst(), l.origin()));
      } else {
        out.add(s); // a comment (simple() allows nothing else)
      }
    }
    return out;
  }
}
