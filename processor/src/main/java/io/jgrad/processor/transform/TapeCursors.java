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
import java.util.function.UnaryOperator;

/**
 * IR -> IR, after {@link HoistedRows} the last step before a rule is printed: a loop that pops
 * doubles or ints, or a counting loop that pushes them, keeps the stack's size in a local while
 * it runs. Before the loop, {@code int doubleSize = tapes.doubleSize(); double[] doubleStack =
 * tapes.doubleStack();} and, for pushes, {@code doubleStack = tapes.roomForDoubles(doubleStack,
 * doubleSize, 2L * n);} (room for every iteration's pushes); in it, {@code tapes.popDouble()}
 * becomes {@code doubleStack[--doubleSize]} and {@code tapes.pushDouble(y)} {@code doubleStack =
 * doubleSize < doubleStack.length ? doubleStack : tapes.moreDoubles(doubleStack);
 * doubleStack[doubleSize] = y; doubleSize++;}; after it, {@code tapes.setDoubleSize(doubleSize)}.
 * The int stack, which also holds booleans, the same way. Where the loop cannot run more
 * iterations than counted (its test is {@code <} and nothing in it assigns the counter or the
 * bound's variables), {@code tapes.roomForAllDoubles} makes room for every push, uncapped, and
 * the pushes are {@code doubleStack[doubleSize] = y; doubleSize++;} without the check: seven
 * checks in the iteration of lstm's {@code cell}, between calls of {@code Math.tanh}, cost a tenth
 * of its reverse rule.
 *
 * <p>Why: the size in a field of {@code Tapes} is stored at one push and loaded at the next, a
 * chain of store-to-load latencies through memory that C2 does not keep in a register across a
 * loop's iterations. Where the loop's own work is a chain of dependent operations
 * (large_single_block_loop's {@code y = y * a}), that chain, not the arithmetic, set the pace of
 * both sweeps. The room made first keeps the pushes' checks from ever failing, so C2 compiles
 * their growth as a trap and the storage stays invariant in the loop; pushes in a loop whose
 * iterations are not counted before it starts stay calls (their growth would be such a trap,
 * deoptimizing the rule in the middle of a deep recursion).
 *
 * <p>Only in loops of the source (those the rules add, over a tangent's directions, are short
 * and keep their calls, which read better), and only where nothing else can use the tapes while
 * the size lives in the local: the loop calls
 * nothing but {@code Math}, {@code StrictMath}, {@code Rows} and the pushes and pops of one
 * {@code Tapes}, constructs no object (a constructor is user code), and leaves only by its
 * condition or a {@code break} (no {@code return}, no jump to an enclosing loop); an exception
 * ends the whole rule, whose guard truncates the tapes to their sizes on entry. The long and
 * reference stacks keep their calls. {@code -J-Djgrad.noTapeCursors=true} turns it off.
 */
public final class TapeCursors {
  private static final Set<String> CALLABLE = Set.of("java.lang.Math", "java.lang.StrictMath",
      "io.jgrad.tape.Rows");
  private static final Set<String> STACK_CALLS = Set.of("pushDouble", "popDouble", "pushInt",
      "popInt", "pushBoolean", "popBoolean", "pushLong", "popLong", "pushRef", "popRef");

  private final Names names;
  private final List<Var> locals;
  /** The locals of the double and int stacks, made at the first loop that needs them. */
  private Cursor doubles;
  private Cursor ints;

  /** A stack kept in locals: its storage and its size. */
  private record Cursor(Var stack, Var size, String suffix, Type element) {}

  private TapeCursors(Function function) {
    this.names = Names.of(function);
    this.locals = new ArrayList<>(function.locals());
  }

  /** {@code function} with the stacks its qualifying loops push and pop kept in locals. */
  public static Function apply(Function function) {
    if (Boolean.getBoolean("jgrad.noTapeCursors")) {
      return function;
    }
    TapeCursors pass = new TapeCursors(function);
    Block body = pass.block(function.body());
    if (pass.doubles == null && pass.ints == null) {
      return function;
    }
    return new Function(function.name(), function.params(), function.returnType(), body,
        pass.locals);
  }

  private Block block(Block block) {
    List<Stmt> out = new ArrayList<>();
    for (Stmt s : block.stmts()) {
      // a loop of the source's, not one the rules add (over the directions of a tangent)
      Var tapes = s instanceof Stmt.Loop loop && loop.origin().line() > 0 ? soleTapes(loop)
          : null;
      if (tapes == null || !cursored((Stmt.Loop) s, tapes, out)) {
        out.add(s instanceof Stmt.Protected p
            ? new Stmt.Protected(block(p.body()), block(p.onThrow()), p.thrown(), p.origin())
            : Blocks.withBlocks(s, this::block));
      }
    }
    return new Block(out);
  }

  /**
   * The one {@code Tapes} variable whose stacks {@code loop} pushes or pops, if the loop
   * qualifies (see the class comment); else null.
   */
  private static Var soleTapes(Stmt.Loop loop) {
    Block whole = new Block().add(loop);
    Set<Var> tapes = new HashSet<>();
    boolean[] ok = {true};
    Blocks.visitExprs(whole, e -> {
      if (e instanceof Expr.Invoke i && i.target() instanceof Expr.Ref r
          && r.var().type().equals(TapeCode.TAPES) && STACK_CALLS.contains(i.name())) {
        tapes.add(r.var());
        // a push whose value pops (or pushes) would interleave with the room check
        ok[0] &= i.args().stream().allMatch(a -> !usesTapes(a));
      } else if (e instanceof Expr.Invoke || e instanceof Expr.New
          || e instanceof Expr.Call c && (!CALLABLE.contains(c.owner())
              || c.args().stream().anyMatch(TapeCursors::usesTapes))) {
        ok[0] = false;
      }
    });
    Set<String> labels = new HashSet<>();
    Blocks.visitStmts(whole, s -> {
      if (s instanceof Stmt.Loop l && l.label() != null) {
        labels.add(l.label());
      }
    });
    Blocks.visitStmts(whole, s -> ok[0] &= !(s instanceof Stmt.Return
        || s instanceof Stmt.Protected
        || s instanceof Stmt.Break b && b.label() != null && !labels.contains(b.label())
        || s instanceof Stmt.Continue c && c.label() != null && !labels.contains(c.label())));
    return ok[0] && tapes.size() == 1 ? tapes.iterator().next() : null;
  }

  /** True if {@code e} calls nothing but pops of {@code tapes}' stacks. */
  private static boolean onlyPops(Expr e, Var tapes) {
    boolean[] only = {true};
    Exprs.visit(e, x -> only[0] &= !(x instanceof Expr.Call || x instanceof Expr.New
        || x instanceof Expr.Invoke i && !(i.target() instanceof Expr.Ref r && r.var() == tapes
            && i.name().startsWith("pop") && STACK_CALLS.contains(i.name()))));
    return only[0];
  }

  /** True if {@code e} mentions a {@code Tapes} variable. */
  private static boolean usesTapes(Expr e) {
    boolean[] found = {false};
    Exprs.visit(e, x -> found[0] |= x instanceof Expr.Ref r
        && r.var().type().equals(TapeCode.TAPES));
    return found[0];
  }

  /**
   * Adds to {@code out} the loop with the pushes and pops of its double and int stacks made
   * through locals, if any stack qualifies: one the loop only pops, or one a counting loop pushes
   * onto (never in a loop inside it), whose room for all its iterations is made before it
   * starts. Then the locals are read before the loop (before the start of its counter if that
   * comes just before: the loop stays a {@code for} loop when printed) and the sizes handed back
   * after it.
   *
   * @return false if no stack qualifies (nothing added)
   */
  private boolean cursored(Stmt.Loop loop, Var tapes, List<Stmt> out) {
    Stmt before = out.isEmpty() ? null : out.get(out.size() - 1);
    Stmt.Assign counterStart = before instanceof Stmt.Assign start && loop.condition() != null
        && Exprs.vars(loop.condition()).contains(start.target())
        && (!usesTapes(start.value()) || onlyPops(start.value(), tapes)) ? start : null;
    // a counter that starts at a popped count ({@code iterations = tapes.popInt()}) pops through
    // the locals too
    boolean startPops = counterStart != null && usesTapes(counterStart.value());
    Block whole = startPops ? new Block().add(counterStart).add(loop) : new Block().add(loop);
    Expr iterations = counterStart == null ? null : iterations(counterStart, loop);
    boolean counted = iterations != null && countsExactly(counterStart.target(), loop);
    List<Cursor> cursors = new ArrayList<>();
    List<Stmt> reads = new ArrayList<>();
    for (String suffix : List.of("Double", "Int")) {
      int pushes = count(whole, suffix, "push", false);
      if (pushes + count(whole, suffix, "pop", false) == 0
          || pushes > 0 && (iterations == null || count(loop.body(), suffix, "push", true) > 0
              || count(loop.update(), suffix, "push", false) > 0)) {
        continue;
      }
      Cursor c = suffix.equals("Double")
          ? (doubles = doubles != null ? doubles : cursor(suffix, Type.DOUBLE))
          : (ints = ints != null ? ints : cursor(suffix, Type.INT));
      cursors.add(c);
      String lower = suffix.toLowerCase(java.util.Locale.ROOT);
      // the size first: the statement just before a loop must not look like its counter's start
      reads.add(new Stmt.Assign(c.size(), invoke(tapes, lower + "Size", Type.INT),
          loop.origin()));
      Expr stack = invoke(tapes, lower + "Stack", c.stack().type());
      if (pushes > 0) {
        Long known = value(iterations);
        Expr room = known != null ? new Expr.Lit(Type.LONG, pushes * known + "L")
            : pushes == 1 ? iterations
            : new Expr.Binary("*", new Expr.Lit(Type.LONG, pushes + "L"), iterations, Type.LONG);
        // a loop that runs all its counted iterations pushes at most that many: room for all
        // of them, and no check at each push; else room for at most so many, then checks
        stack = new Expr.Invoke(ref(tapes), (counted ? "roomForAll" : "roomFor") + suffix + "s",
            List.of(stack, ref(c.size()), room), c.stack().type());
      }
      reads.add(new Stmt.Assign(c.stack(), stack, loop.origin()));
    }
    if (cursors.isEmpty()) {
      return false;
    }
    if (startPops) {
      out.remove(out.size() - 1);
    }
    out.addAll(counterStart != null && !startPops ? out.size() - 1 : out.size(), reads);
    Cursor doubleCursor = cursors.contains(doubles) ? doubles : null;
    Cursor intCursor = cursors.contains(ints) ? ints : null;
    Block rewritten = pushes(Blocks.withExprs(whole, new Pops(doubleCursor, intCursor)), tapes,
        doubleCursor, intCursor, counted);
    out.addAll(rewritten.stmts());
    for (Cursor c : cursors) {
      out.add(new Stmt.Eval(new Expr.Invoke(ref(tapes), "set" + c.suffix() + "Size",
          List.of(ref(c.size())), Type.VOID), Stmt.Origin.NONE));
    }
    return true;
  }

  /**
   * How many times a counting loop {@code c = start; while (c < end) {...; c = c + 1}} (or
   * {@code c <= end}) runs, as a {@code long} computed before it from {@code start} and {@code
   * end}, or null for any other loop. Only an estimate for the room made before it (each push
   * still checks), so it may assume that the body leaves {@code c} and {@code end} alone; it
   * must not throw: a length of a null array counts as 0, and nothing may divide.
   */
  private static Expr iterations(Stmt.Assign start, Stmt.Loop loop) {
    Var c = start.target();
    Stmt step = !loop.update().isEmpty() ? last(loop.update())
        : loop.body().isEmpty() ? null : last(loop.body());
    if (!c.type().equals(Type.INT) || !loop.testFirst()
        || !(loop.condition() instanceof Expr.Binary test)
        || !(test.op().equals("<") || test.op().equals("<="))
        || !(test.left() instanceof Expr.Ref r) || r.var() != c
        || !(step instanceof Stmt.Assign a) || a.target() != c
        || !(a.value() instanceof Expr.Binary b) || !b.op().equals("+")
        || !(b.left() instanceof Expr.Ref br) || br.var() != c
        || !(b.right() instanceof Expr.Lit one) || !one.text().equals("1")
        || !safe(start.value()) || !safe(test.right())) {
      return null;
    }
    long extra = test.op().equals("<=") ? 1 : 0;
    Long first = value(start.value());
    Long bound = value(test.right());
    if (first != null && bound != null) {
      return new Expr.Lit(Type.LONG, Math.max(0, bound - first + extra) + "L");
    }
    Expr count = new Expr.Cast(Type.LONG, nullSafe(test.right()));
    if (first == null || first != 0) {
      count = new Expr.Binary("-", count, nullSafe(start.value()), Type.LONG);
    }
    return extra == 0 ? count
        : new Expr.Binary("+", count, new Expr.Lit(Type.LONG, "1L"), Type.LONG);
  }

  /**
   * True if the counting loop of {@code counter} (one {@link #iterations} counts) runs all its
   * counted iterations and no more: its test is {@code <} (a {@code <=} up to
   * {@code Integer.MAX_VALUE} never ends), nothing in it assigns the counter (but the step) or a
   * variable of the bound, and no {@code break} leaves it (room for every iteration of a search
   * that stops early could be far more than it pushes). A {@code continue} pushes less.
   */
  private static boolean countsExactly(Var counter, Stmt.Loop loop) {
    Expr.Binary test = (Expr.Binary) loop.condition();
    if (!test.op().equals("<") || Exprs.vars(test.right()).contains(counter)
        || leaves(loop.body(), loop.label()) || leaves(loop.update(), loop.label())) {
      return false;
    }
    Block update = loop.update().isEmpty() ? loop.body() : loop.update();
    List<Stmt> steps = update.stmts();
    Block beforeStep = new Block(steps.subList(0, steps.size() - 1));
    Set<Var> assigned = new HashSet<>(Blocks.assignedAnyhow(beforeStep));
    if (!loop.update().isEmpty()) {
      assigned.addAll(Blocks.assignedAnyhow(loop.body()));
    }
    return !assigned.contains(counter)
        && Exprs.vars(test.right()).stream().noneMatch(assigned::contains);
  }

  /**
   * True if a {@code break} in {@code block} leaves the loop labelled {@code label} (null: no
   * label) that holds it: unlabelled outside inner loops, or by a label not of an inner loop.
   */
  private static boolean leaves(Block block, String label) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Break b && (b.label() == null || b.label().equals(label))) {
        return true;
      }
      if (s instanceof Stmt.Loop inner) {
        Set<String> innerLabels = new HashSet<>();
        Blocks.visitStmts(new Block().add(inner), x -> {
          if (x instanceof Stmt.Loop l && l.label() != null) {
            innerLabels.add(l.label());
          }
        });
        boolean[] out = {false};
        Blocks.visitStmts(new Block().add(inner), x -> out[0] |= x instanceof Stmt.Break b
            && b.label() != null && !innerLabels.contains(b.label()));
        if (out[0]) {
          return true;
        }
      } else if (s instanceof Stmt.If i && (leaves(i.then(), label)
          || leaves(i.otherwise(), label))) {
        return true;
      }
    }
    return false;
  }

  /** The value of an integer literal, or null. */
  private static Long value(Expr e) {
    if (!(e instanceof Expr.Lit lit)) {
      return null;
    }
    try {
      return Long.decode(lit.text().replace("_", "").replaceAll("[lL]$", ""));
    } catch (NumberFormatException notPlain) {
      return null;
    }
  }

  /** Integer arithmetic on variables, literals and array lengths: nothing that can throw. */
  private static boolean safe(Expr e) {
    if (e instanceof Expr.Ref || e instanceof Expr.Lit) {
      return e.type().equals(Type.INT);
    }
    if (e instanceof Expr.Length l) {
      return l.array() instanceof Expr.Ref;
    }
    if (e instanceof Expr.Binary b) {
      return (b.op().equals("+") || b.op().equals("-") || b.op().equals("*"))
          && b.type().equals(Type.INT) && safe(b.left()) && safe(b.right());
    }
    return false;
  }

  /** {@code e} with each {@code a.length} as {@code a == null ? 0 : a.length}. */
  private static Expr nullSafe(Expr e) {
    if (e instanceof Expr.Length l) {
      return new Expr.Conditional(new Expr.Binary("==", l.array(),
          new Expr.Lit(l.array().type(), "null"), Type.BOOLEAN), new Expr.Lit(Type.INT, "0"), l,
          Type.INT);
    }
    return Exprs.mapChildren(e, TapeCursors::nullSafe);
  }

  private static Stmt last(Block b) {
    return b.stmts().get(b.stmts().size() - 1);
  }

  /**
   * The pushes (or pops, by {@code kind}) of the stack of {@code suffix} ({@code "Double"} or
   * {@code "Int"}, which also holds booleans) in {@code block}; only those in loops inside it if
   * {@code nested}.
   */
  private static int count(Block block, String suffix, String kind, boolean nested) {
    int[] n = {0};
    Blocks.visitStmts(block, s -> {
      if (nested && s instanceof Stmt.Loop inner) {
        n[0] += count(new Block().addAll(inner.body()).addAll(inner.update()), suffix, kind,
            false);
      }
    });
    if (nested) {
      return n[0];
    }
    Blocks.visitExprs(block, e -> n[0] += e instanceof Expr.Invoke i
        && (i.name().equals(kind + suffix)
            || suffix.equals("Int") && i.name().equals(kind + "Boolean")) ? 1 : 0);
    return n[0];
  }

  private Cursor cursor(String suffix, Type element) {
    String lower = suffix.toLowerCase(java.util.Locale.ROOT);
    Var stack = new Var(names.fresh(lower + "Stack"), element.arrayOf(), Var.Kind.TEMP);
    Var size = new Var(names.fresh(lower + "Size"), Type.INT, Var.Kind.TEMP);
    locals.add(stack);
    locals.add(size);
    return new Cursor(stack, size, suffix, element);
  }

  private static Expr invoke(Var tapes, String name, Type type) {
    return new Expr.Invoke(ref(tapes), name, List.of(), type);
  }

  /** Pops of the cursored stacks as {@code stack[--size]} (a boolean: {@code != 0}). */
  private record Pops(Cursor doubles, Cursor ints) implements UnaryOperator<Expr> {
    @Override
    public Expr apply(Expr e) {
      if (e instanceof Expr.Invoke i && i.args().isEmpty()) {
        Cursor c = switch (i.name()) {
          case "popDouble" -> doubles;
          case "popInt", "popBoolean" -> ints;
          default -> null;
        };
        if (c != null) {
          Expr top = top(c);
          return i.name().equals("popBoolean")
              ? new Expr.Binary("!=", top, new Expr.Lit(Type.INT, "0"), Type.BOOLEAN) : top;
        }
      }
      return Exprs.mapChildren(e, this);
    }

    /** {@code stack[--size]}. */
    private static Expr top(Cursor c) {
      return new Expr.Index(ref(c.stack()), new Expr.Unary("--", ref(c.size()), Type.INT),
          c.element());
    }
  }

  /** The cursor {@code e} pops ({@code stack[--size]}, or that {@code != 0}), else null. */
  private Cursor poppedFrom(Expr e) {
    Expr top = e instanceof Expr.Binary b && b.op().equals("!=") ? b.left() : e;
    if (top instanceof Expr.Index i && i.index() instanceof Expr.Unary u && u.op().equals("--")
        && u.operand() instanceof Expr.Ref size) {
      return doubles != null && size.var() == doubles.size() ? doubles
          : ints != null && size.var() == ints.size() ? ints : null;
    }
    return null;
  }

  /**
   * {@code block} with each push onto a cursored stack made through its locals: {@code stack =
   * size < stack.length ? stack : tapes.moreDoubles(stack); stack[size] = value; size++;}. The
   * room made before the loop means the check holds, so C2 compiles the other way out as a trap
   * and keeps {@code stack} invariant; its own profile at each push, unlike a check inside a
   * method of {@code Tapes}, which every rule's growth would mark as taken.
   */
  private Block pushes(Block block, Var tapes, Cursor doubleCursor, Cursor intCursor,
      boolean counted) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      Cursor c = s instanceof Stmt.Eval e && e.expr() instanceof Expr.Invoke i
          ? switch (i.name()) {
            case "pushDouble" -> doubleCursor;
            case "pushInt", "pushBoolean" -> intCursor;
            default -> null;
          } : null;
      Cursor dropped = s instanceof Stmt.Eval e ? poppedFrom(e.expr()) : null;
      if (dropped != null) {
        // a value popped and dropped (a branch's flag the reverse does not need)
        out.add(new Stmt.Assign(dropped.size(), new Expr.Binary("-", ref(dropped.size()),
            new Expr.Lit(Type.INT, "1"), Type.INT), s.origin()));
        continue;
      }
      if (c == null) {
        out.add(Blocks.withBlocks(s, b -> pushes(b, tapes, doubleCursor, intCursor, counted)));
        continue;
      }
      Expr.Invoke push = (Expr.Invoke) ((Stmt.Eval) s).expr();
      Expr value = push.args().get(0);
      if (push.name().equals("pushBoolean")) {
        value = new Expr.Conditional(value, new Expr.Lit(Type.INT, "1"),
            new Expr.Lit(Type.INT, "0"), Type.INT);
      }
      if (!counted) {
        Expr hasRoom = new Expr.Binary("<", ref(c.size()), new Expr.Length(ref(c.stack())),
            Type.BOOLEAN);
        Expr more = new Expr.Invoke(ref(tapes), "more" + c.suffix() + "s",
            List.of(ref(c.stack())), c.stack().type());
        out.add(new Stmt.Assign(c.stack(), new Expr.Conditional(hasRoom, ref(c.stack()), more,
            c.stack().type()), s.origin()));
      }
      out.add(new Stmt.Store(ref(c.stack()), ref(c.size()), value, s.origin()));
      out.add(new Stmt.Assign(c.size(), new Expr.Binary("+", ref(c.size()),
          new Expr.Lit(Type.INT, "1"), Type.INT), s.origin()));
    }
    return out;
  }
}
