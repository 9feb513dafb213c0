package io.jgrad.processor.ir;

/** IR statements. Control flow stays structured; every statement remembers where it came from. */
public sealed interface Stmt {
  Origin origin();

  /** {@code target = value}; for active targets value is one operation over atoms. */
  record Assign(Var target, Expr value, Origin origin) implements Stmt {}

  /**
   * {@code array[index] = value}. For a {@code double[]} element the value is a variable or a
   * literal; for a row of a {@code double[][]} it is an array variable.
   */
  record Store(Expr array, Expr index, Expr value, Origin origin) implements Stmt {}

  /**
   * {@code target.name = value}: a field of a mutable object ({@link Type#isMutableObject}).
   * The value is an atom; for a record, array or object field it is a reference.
   */
  record SetField(Expr.Field field, Expr value, Origin origin) implements Stmt {}

  /** {@code target += value}, where target is a {@link Expr.Ref} or an {@link Expr.Index}. */
  record Accumulate(Expr target, Expr value, Origin origin) implements Stmt {}

  /** An expression evaluated for its effect (a tape push, a call whose result is unused). */
  record Eval(Expr expr, Origin origin) implements Stmt {}

  record If(Expr condition, Block then, Block otherwise, Origin origin) implements Stmt {}

  /**
   * A loop: {@code while (condition) { body; update; }}, or a do-while when {@code testFirst} is
   * false. {@code continue} jumps to {@code update}. A null condition means {@code true}.
   */
  record Loop(String label, Expr condition, Block body, Block update, boolean testFirst,
      Origin origin) implements Stmt {}

  /** {@code break label} (label null: the innermost loop). */
  record Break(String label, Origin origin) implements Stmt {}

  record Continue(String label, Origin origin) implements Stmt {}

  /** {@code return value}; value is null in a void function. */
  record Return(Expr value, Origin origin) implements Stmt {}

  record Throw(Expr exception, Origin origin) implements Stmt {}

  /**
   * {@code try { body } catch (Throwable thrown) { onThrow; throw thrown; }}: cleanup on the way
   * out of an exception, which goes on unchanged. Only in generated entry points.
   */
  record Protected(Block body, Block onThrow, Var thrown, Origin origin) implements Stmt {}

  /** A comment line in generated code. */
  record Comment(String text, Origin origin) implements Stmt {}

  /** Where a statement came from in the user's source: line and a one-line excerpt. */
  record Origin(int line, String excerpt) {
    public static final Origin NONE = new Origin(0, "");
  }
}
