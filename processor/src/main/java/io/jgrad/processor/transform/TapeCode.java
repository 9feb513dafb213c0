package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;

/**
 * The IR of a reverse rule's tape traffic: pushes and pops on this thread's {@code Tapes}, by
 * type; the {@code Tapes} local, looked up once in the rule's setup; and the guard that truncates
 * the tapes when anything is thrown.
 */
final class TapeCode {
  static final Type TAPES = Type.classType("io.jgrad.tape.Tapes");

  private final Names names;
  private final List<Var> locals;
  private final Block setup;
  private final Expr lookup;
  private Var tapes;

  /** Adds the {@code Tapes} local, once needed, to {@code locals} and its lookup to {@code setup}. */
  TapeCode(Names names, List<Var> locals, Block setup) {
    this(names, locals, setup, currentTapes());
  }

  private TapeCode(Names names, List<Var> locals, Block setup, Expr lookup) {
    this.names = names;
    this.locals = locals;
    this.setup = setup;
    this.lookup = lookup;
  }

  /**
   * Code on tapes of its own ({@code Tapes.scratch()}), not this thread's: for what must stay
   * while a forward part's record is on the thread's tapes and its reverse part pops it.
   */
  static TapeCode scratch(Names names, List<Var> locals, Block setup) {
    return new TapeCode(names, locals, setup,
        new Expr.Call("io.jgrad.tape.Tapes", "scratch", List.of(), TAPES));
  }

  /** Code on the tapes {@code tapes} holds (a parameter: nothing to look up). */
  static TapeCode over(Var tapes) {
    TapeCode code = new TapeCode(null, null, null, null);
    code.tapes = tapes;
    return code;
  }

  Stmt push(Var v, Origin origin) {
    return push(ref(v), origin);
  }

  Stmt pop(Var v, Origin origin) {
    return new Stmt.Assign(v, popped(v.type()), origin);
  }

  /** Pushes a value onto the stack for its type (an array or a String onto the references). */
  Stmt push(Expr value, Origin origin) {
    Type t = value.type();
    if (t.isFloating()) {
      return new Stmt.Eval(invoke(Tape.DOUBLE, "push", value), origin);
    }
    if (t.equals(Type.LONG)) {
      return new Stmt.Eval(invoke(Tape.LONG, "push", value), origin);
    }
    if (t.equals(Type.BOOLEAN)) {
      return new Stmt.Eval(invoke(Tape.INT, "pushBoolean", value), origin);
    }
    if (!t.isPrimitive()) {
      return new Stmt.Eval(invoke(Tape.REF, "push", value), origin);
    }
    return new Stmt.Eval(invoke(Tape.INT, "push", value), origin);
  }

  /** The value {@link #push(Expr, Origin)} pushed last for type {@code t}, as a {@code t}. */
  Expr popped(Type t) {
    Expr value;
    if (t.isFloating()) {
      value = invoke(Tape.DOUBLE, "pop");
    } else if (t.equals(Type.LONG)) {
      value = invoke(Tape.LONG, "pop");
    } else if (t.equals(Type.BOOLEAN)) {
      value = invoke(Tape.INT, "popBoolean");
    } else if (!t.isPrimitive()) {
      value = invoke(Tape.REF, "pop");
    } else {
      value = invoke(Tape.INT, "pop");
    }
    return value.type().equals(t) ? value : new Expr.Cast(t, value);
  }

  /** The four stacks of a thread's {@code Tapes}, by what they hold. */
  enum Tape {
    DOUBLE("Double", Type.DOUBLE), INT("Int", Type.INT), LONG("Long", Type.LONG),
    REF("Ref", Type.classType("java.lang.Object"));

    final String suffix;
    final Type type;

    Tape(String suffix, Type type) {
      this.suffix = suffix;
      this.type = type;
    }
  }

  /**
   * A call on this thread's tapes: {@code push}/{@code pop} on the given stack become
   * {@code pushDouble}/{@code popDouble} and so on; {@code pushBoolean}/{@code popBoolean} use
   * the int stack.
   */
  Expr invoke(Tape tape, String method, Expr... args) {
    Type type = switch (method) {
      case "pop" -> tape.type;
      case "popBoolean" -> Type.BOOLEAN;
      default -> Type.VOID;
    };
    String name = method.equals("push") || method.equals("pop") ? method + tape.suffix : method;
    return new Expr.Invoke(ref(tapes()), name, List.of(args), type);
  }

  /**
   * This thread's {@code Tapes}, looked up once per call (in the setup); the split sweeps take
   * it as their first parameter instead ({@link ReverseParts}).
   */
  Var tapes() {
    if (tapes == null) {
      tapes = new Var(names.fresh("tapes"), TAPES, Var.Kind.TEMP);
      locals.add(tapes);
      setup.add(new Stmt.Assign(tapes, lookup, Origin.NONE));
    }
    return tapes;
  }

  static Expr currentTapes() {
    return new Expr.Call("io.jgrad.tape.Tapes", "current", List.of(), TAPES);
  }

  /**
   * {@code body} run so that an exception leaves the thread's tapes as they were at entry: the
   * sizes are read first, and the tapes truncated to them when anything is thrown (a throw in the
   * primal, a callee's exception, a StackOverflowError); the exception goes on unchanged.
   * {@code tapes} holds this thread's tapes; the marks are added to {@code scope}.
   */
  Block truncatingOnThrow(Var tapes, Block body, List<Var> scope) {
    Block out = new Block();
    List<Expr> marks = new ArrayList<>();
    for (Tape tape : Tape.values()) {
      Var mark = new Var(names.fresh(tape.suffix.toLowerCase(java.util.Locale.ROOT) + "Mark"),
          Type.INT, Var.Kind.TEMP);
      scope.add(mark);
      out.add(new Stmt.Assign(mark, new Expr.Invoke(ref(tapes), tape.suffix.toLowerCase(
          java.util.Locale.ROOT) + "Size", List.of(), Type.INT), Origin.NONE));
      marks.add(ref(mark));
    }
    Var thrown = new Var(names.fresh("thrown"), Type.classType("java.lang.Throwable"),
        Var.Kind.TEMP);
    Block truncate = new Block().add(new Stmt.Eval(new Expr.Invoke(ref(tapes), "truncate",
        marks, Type.VOID), Origin.NONE));
    out.add(new Stmt.Protected(body, truncate, thrown, Origin.NONE));
    return out;
  }
}
