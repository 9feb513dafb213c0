package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.tape.Tapes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TapeCursors} on hand-built sweeps: which loops keep a stack's size in a local, what
 * they do before and after, and the runtime's room for a loop's pushes.
 */
class TapeCursorsTest {
  private static final Stmt.Origin LINE = new Stmt.Origin(7, "for (...)");
  private final Var tapes = new Var("tapes", TapeCode.TAPES, Var.Kind.PARAM);
  private final Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var n = new Var("n", Type.INT, Var.Kind.PARAM);
  private final Var i = new Var("i", Type.INT, Var.Kind.LOCAL);
  private final Var t = new Var("t", Type.DOUBLE, Var.Kind.LOCAL);

  private Function function(Block body) {
    return new Function("fForward", List.of(tapes, x, n), Type.VOID, body, List.of(i, t));
  }

  private Stmt push(String stack, Expr value) {
    return new Stmt.Eval(new Expr.Invoke(ref(tapes), "push" + stack, List.of(value), Type.VOID),
        LINE);
  }

  private Expr pop(String stack, Type type) {
    return new Expr.Invoke(ref(tapes), "pop" + stack, List.of(), type);
  }

  private Stmt step(Var counter, String op) {
    return new Stmt.Assign(counter, new Expr.Binary(op, ref(counter), Expr.Lit.ofInt(1),
        Type.INT), LINE);
  }

  /** {@code i = 0; while (i < n) { body; i = i + 1; }}, a loop of the source (line 7). */
  private Block counting(Stmt.Origin origin, Stmt... body) {
    Block loop = new Block();
    for (Stmt s : body) {
      loop.add(s);
    }
    loop.add(step(i, "+"));
    return new Block().add(new Stmt.Assign(i, Expr.Lit.ofInt(0), origin))
        .add(new Stmt.Loop(null, new Expr.Binary("<", ref(i), ref(n), Type.BOOLEAN), loop,
            new Block(), true, origin));
  }

  private Stmt xTimesTwo() {
    return new Stmt.Assign(t, new Expr.Binary("*", new Expr.Index(ref(x), ref(i), Type.DOUBLE),
        Expr.Lit.of(2.0), Type.DOUBLE), LINE);
  }

  private static List<Expr.Invoke> invokes(Block block) {
    List<Expr.Invoke> out = new ArrayList<>();
    Blocks.visitExprs(block, e -> {
      if (e instanceof Expr.Invoke invoke) {
        out.add(invoke);
      }
    });
    return out;
  }

  private static List<String> names(List<Expr.Invoke> invokes) {
    return invokes.stream().map(Expr.Invoke::name).toList();
  }

  @Test
  void aCountingLoopMakesRoomForItsPushesAndPushesThroughLocals() {
    // for (i = 0; i < n; i++) { t = x[i] * 2.0; tapes.pushDouble(t); tapes.pushBoolean(t > 1) }
    Function f = TapeCursors.apply(function(counting(LINE, xTimesTwo(),
        push("Double", ref(t)), push("Boolean", new Expr.Binary(">", ref(t), Expr.Lit.of(1.0),
            Type.BOOLEAN)))));
    List<Stmt> stmts = f.body().stmts();
    // sizes and storage first (room for all n pushes on each: the loop runs n times), the
    // counter's start just before its loop, then the sizes handed back
    assertEquals(List.of("doubleSize", "roomForAllDoubles", "doubleStack", "intSize",
        "roomForAllInts", "intStack", "setDoubleSize", "setIntSize"), names(invokes(f.body())));
    assertEquals(i, ((Stmt.Assign) stmts.get(4)).target());
    Stmt.Loop loop = (Stmt.Loop) stmts.get(5);
    Expr room = ((Expr.Invoke) ((Stmt.Assign) stmts.get(1)).value()).args().get(2);
    assertEquals(new Expr.Cast(Type.LONG, ref(n)), room);
    // every push is a store and an increment, unchecked; nothing is called
    assertEquals(List.of(), names(invokes(loop.body())));
    long stores = loop.body().stmts().stream().filter(s -> s instanceof Stmt.Store).count();
    assertEquals(2, stores);
    assertTrue(f.locals().stream().anyMatch(v -> v.name().equals("doubleStack")));
  }

  @Test
  void aCountingLoopThatMayRunOtherwiseThanCountedChecksEachPush() {
    Stmt leave = new Stmt.If(new Expr.Binary(">", ref(t), Expr.Lit.of(1.0), Type.BOOLEAN),
        new Block().add(new Stmt.Break(null, LINE)), new Block(), LINE);
    Stmt newBound = new Stmt.Assign(n, new Expr.Binary("-", ref(n), Expr.Lit.ofInt(1),
        Type.INT), LINE);
    Stmt skip = new Stmt.Assign(i, new Expr.Binary("+", ref(i), Expr.Lit.ofInt(1), Type.INT),
        LINE);
    for (Stmt odd : List.of(leave, newBound, skip)) {
      Function f = TapeCursors.apply(function(counting(LINE, xTimesTwo(), odd,
          push("Double", ref(t)))));
      // the room for at most n pushes (capped), and a check at the push
      assertEquals(List.of("doubleSize", "roomForDoubles", "doubleStack", "moreDoubles",
          "setDoubleSize"), names(invokes(f.body())), odd.toString());
    }
    // a break of an inner loop leaves the counted loop running
    Stmt inner = new Stmt.Loop(null, new Expr.Lit(Type.BOOLEAN, "true"), new Block().add(new Stmt.Break(null,
        LINE)), new Block(), true, LINE);
    Function f = TapeCursors.apply(function(counting(LINE, xTimesTwo(), inner,
        push("Double", ref(t)))));
    assertEquals(List.of("doubleSize", "roomForAllDoubles", "doubleStack", "setDoubleSize"),
        names(invokes(f.body())));
    // i <= n: no count bounds the loop of n = Integer.MAX_VALUE
    Block atMost = counting(LINE, xTimesTwo(), push("Double", ref(t)));
    Stmt.Loop loop = (Stmt.Loop) atMost.stmts().get(1);
    atMost = new Block().add(atMost.stmts().get(0)).add(new Stmt.Loop(null,
        new Expr.Binary("<=", ref(i), ref(n), Type.BOOLEAN), loop.body(), loop.update(), true,
        LINE));
    assertEquals(List.of("doubleSize", "roomForDoubles", "doubleStack", "moreDoubles",
        "setDoubleSize"), names(invokes(TapeCursors.apply(function(atMost)).body())));
  }

  @Test
  void aLoopThatOnlyPopsNeedsNoCount() {
    // while (i > 0) { i--; t = tapes.popDouble(); tapes.popBoolean(); }
    Block body = new Block().add(new Stmt.Loop(null, new Expr.Binary(">", ref(i),
        Expr.Lit.ofInt(0), Type.BOOLEAN), new Block().add(step(i, "-"))
        .add(new Stmt.Assign(t, pop("Double", Type.DOUBLE), LINE))
        .add(new Stmt.Eval(pop("Boolean", Type.BOOLEAN), LINE)), new Block(), true, LINE));
    Function f = TapeCursors.apply(function(body));
    assertEquals(List.of("doubleSize", "doubleStack", "intSize", "intStack", "setDoubleSize",
        "setIntSize"), names(invokes(f.body())));
    Stmt.Loop loop = (Stmt.Loop) f.body().stmts().get(4);
    Expr popped = ((Stmt.Assign) loop.body().stmts().get(1)).value();
    Expr.Index top = (Expr.Index) popped;
    assertEquals("--", ((Expr.Unary) top.index()).op());
    // a flag popped and dropped: only the size goes down (an expression is not a statement)
    Stmt.Assign dropped = (Stmt.Assign) loop.body().stmts().get(2);
    assertEquals("intSize", dropped.target().name());
    assertEquals("-", ((Expr.Binary) dropped.value()).op());
  }

  @Test
  void aCounterThatStartsAtAPoppedCountPopsThroughTheLocalsToo() {
    // i = tapes.popInt(); while (i > 0) { if (tapes.popBoolean()) t = 1.0; i = i - 1; }
    Block loop = new Block().add(new Stmt.If(pop("Boolean", Type.BOOLEAN), new Block()
        .add(new Stmt.Assign(t, Expr.Lit.of(1.0), LINE)), new Block(), LINE)).add(step(i, "-"));
    Block body = new Block().add(new Stmt.Assign(i, pop("Int", Type.INT), LINE))
        .add(new Stmt.Loop(null, new Expr.Binary(">", ref(i), Expr.Lit.ofInt(0), Type.BOOLEAN),
            loop, new Block(), true, LINE));
    Function f = TapeCursors.apply(function(body));
    assertEquals(List.of("intSize", "intStack", "setIntSize"), names(invokes(f.body())));
    Stmt.Assign start = (Stmt.Assign) f.body().stmts().get(2);
    assertEquals(i, start.target());
    assertTrue(start.value() instanceof Expr.Index, start.value().toString());
    assertTrue(f.body().stmts().get(3) instanceof Stmt.Loop);
  }

  @Test
  void loopsThatCouldLetOtherCodeUseTheTapesKeepTheirCalls() {
    Stmt userCall = new Stmt.Assign(t, new Expr.Call("test.Model", "scale",
        List.of(ref(t)), Type.DOUBLE), LINE);
    Stmt outerBreak = new Stmt.Break("outer", LINE);
    Stmt early = new Stmt.Return(null, LINE);
    for (Stmt odd : List.of(userCall, outerBreak, early)) {
      Function f = function(counting(LINE, xTimesTwo(), odd, push("Double", ref(t))));
      assertSame(f, TapeCursors.apply(f), odd.toString());
    }
  }

  @Test
  void pushesInALoopWhoseIterationsAreNotCountedOrThatTheRulesAddedKeepTheirCalls() {
    // while (t < 1.0) { t = t * 2.0; tapes.pushDouble(t); }
    Block uncounted = new Block().add(new Stmt.Loop(null, new Expr.Binary("<", ref(t),
        Expr.Lit.of(1.0), Type.BOOLEAN), new Block().add(new Stmt.Assign(t,
        new Expr.Binary("*", ref(t), Expr.Lit.of(2.0), Type.DOUBLE), LINE))
        .add(push("Double", ref(t))), new Block(), true, LINE));
    Function f = function(uncounted);
    assertSame(f, TapeCursors.apply(f));
    // a loop over directions, which the rules add: no source line
    Function directions = function(counting(Stmt.Origin.NONE, xTimesTwo(),
        push("Double", ref(t))));
    assertSame(directions, TapeCursors.apply(directions));
  }

  @Test
  void theRoomMadeBeforeALoopIsCappedAndNeverShrinks() {
    Tapes tapes = Tapes.scratch();
    double[] stack = tapes.doubleStack();
    assertSame(stack, tapes.roomForDoubles(stack, 0, -5), "nothing to make room for");
    assertSame(stack, tapes.roomForDoubles(stack, 0, stack.length), "room enough");
    double[] longer = tapes.roomForDoubles(stack, 3, 100);
    assertTrue(longer.length >= 103, "length " + longer.length);
    assertSame(longer, tapes.doubleStack());
    // the capped room: a huge count (a loop that may end early) makes 2^22 elements at most
    double[] capped = tapes.roomForDoubles(longer, 0, Long.MAX_VALUE);
    assertTrue(capped.length >= 1 << 22 && capped.length <= 1 << 23, "length " + capped.length);
    // the contents survive growth, and the size handed back is the tapes' size
    capped[0] = 1.5;
    capped[1] = 2.5;
    tapes.setDoubleSize(2);
    assertEquals(2.5, tapes.popDouble());
    double[] doubled = tapes.moreDoubles(tapes.doubleStack());
    assertEquals(2 * capped.length, doubled.length);
    assertArrayEquals(new double[] {1.5}, java.util.Arrays.copyOf(doubled, 1));
    int[] ints = tapes.roomForInts(tapes.intStack(), 0, 40);
    ints[0] = 4;
    tapes.setIntSize(1);
    assertEquals(4, tapes.popInt());
  }

  @Test
  void theRoomForEveryIterationIsNotCapped() {
    Tapes tapes = Tapes.scratch();
    double[] stack = tapes.doubleStack();
    stack[0] = 1.5;
    assertSame(stack, tapes.roomForAllDoubles(stack, 0, -5), "nothing to make room for");
    int count = (1 << 22) + 3;
    double[] all = tapes.roomForAllDoubles(stack, 1, count);
    assertTrue(all.length >= count + 1, "length " + all.length);
    assertSame(all, tapes.doubleStack());
    assertEquals(1.5, all[0]);
    int[] ints = tapes.roomForAllInts(tapes.intStack(), 0, 40);
    assertTrue(ints.length >= 40, "length " + ints.length);
    assertSame(ints, tapes.intStack());
    // more than a Java array holds: the error a growing push would end in, before the loop
    OutOfMemoryError tooMany = org.junit.jupiter.api.Assertions.assertThrows(
        OutOfMemoryError.class, () -> tapes.roomForAllDoubles(all, 5, Integer.MAX_VALUE));
    assertTrue(tooMany.getMessage().contains("tape"), tooMany.getMessage());
  }
}
