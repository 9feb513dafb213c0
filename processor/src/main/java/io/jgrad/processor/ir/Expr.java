package io.jgrad.processor.ir;

import java.util.List;

/**
 * IR expressions. Active computations are lowered so that each {@link Stmt.Assign} holds one
 * operation over atoms ({@link Ref}, {@link Lit}) and side-effect-free integer expressions;
 * passive expressions (conditions, indices) stay as trees.
 */
public sealed interface Expr {
  Type type();

  /** A literal or a constant, spelled as Java source ({@code 1.5}, {@code Math.PI}, {@code "msg"}). */
  record Lit(Type type, String text) implements Expr {
    public static Lit of(double value) {
      return new Lit(Type.DOUBLE, Double.toString(value));
    }

    public static Lit ofInt(int value) {
      return new Lit(Type.INT, Integer.toString(value));
    }
  }

  record Ref(Var var) implements Expr {
    @Override
    public Type type() {
      return var.type();
    }
  }

  /** {@code array[index]}. */
  record Index(Expr array, Expr index, Type type) implements Expr {}

  /** {@code array.length}. */
  record Length(Expr array) implements Expr {
    @Override
    public Type type() {
      return Type.INT;
    }
  }

  /**
   * Prefix operator without side effect: {@code -}, {@code +}, {@code !}, {@code ~}; and {@code
   * --} on a variable, only in the pops {@code TapeCursors} makes, the last step before printing.
   */
  record Unary(String op, Expr operand, Type type) implements Expr {}

  /** Infix operator without side effect, including comparisons and {@code && ||}. */
  record Binary(String op, Expr left, Expr right, Type type) implements Expr {}

  record Cast(Type type, Expr operand) implements Expr {}

  /** {@code cond ? a : b} over passive operands. */
  record Conditional(Expr condition, Expr whenTrue, Expr whenFalse, Type type) implements Expr {}

  /**
   * A static call {@code Owner.name(args)}; owner is a qualified class name. {@code asIs}: the
   * method itself is called, never its rules, because every argument is data (a method that also
   * has rules, called elsewhere with derivatives, is keyed like its rules).
   */
  record Call(String owner, String name, List<Expr> args, Type type, boolean asIs)
      implements Expr {
    public Call(String owner, String name, List<Expr> args, Type type) {
      this(owner, name, args, type, false);
    }

    /** This call with other arguments. */
    public Call withArgs(List<Expr> newArgs) {
      return new Call(owner, name, newArgs, type, asIs);
    }
  }

  /** An instance call {@code target.name(args)}, e.g. on a tape or a {@code Dual}. */
  record Invoke(Expr target, String name, List<Expr> args, Type type) implements Expr {}

  /**
   * {@code new double[d0][d1]...}: {@code type} is the array type, {@code dimensions} the given
   * lengths (fewer than the type's dimensions leaves the inner arrays null: {@code new double[n][]}).
   */
  record NewArray(Type type, List<Expr> dimensions) implements Expr {}

  /** {@code new double[] {e0, e1, ...}}: type is the array type. */
  record NewArrayOf(Type type, List<Expr> elements) implements Expr {}

  /**
   * A static final field read {@code Owner.name}; owner is a qualified class name. A field the
   * generated classes cannot see (private, or in a private class) is {@code mirrored}: owner is
   * then the class's binary name, and the rules read a copy they take once by reflection.
   */
  record StaticField(String owner, String name, Type type, boolean mirrored) implements Expr {
    public StaticField(String owner, String name, Type type) {
      this(owner, name, type, false);
    }
  }

  /** A field read {@code target.name}. */
  record Field(Expr target, String name, Type type) implements Expr {}

  /**
   * {@code new Owner(args)}: an exception, a record or value class of the user's, or generated
   * code. {@code sources} maps a record's or class's components to the arguments they are
   * stored from (component k holds {@code args[sources[k]]}, -1: computed by the constructor,
   * data only); null means component k is argument k, as for records. {@code values}, if not
   * null, gives each component's value instead (null: left at its default): in the rules of a
   * constructor jgrad differentiates, the fields as its lowered body computed them, while the
   * constructor itself is called with {@code args} for the object.
   */
  record New(Type type, List<Expr> args, List<Integer> sources, List<Expr> values)
      implements Expr {
    public New(Type type, List<Expr> args) {
      this(type, args, null, null);
    }

    public New(Type type, List<Expr> args, List<Integer> sources) {
      this(type, args, sources, null);
    }

    /** What component {@code k} is stored from, or null if it carries no derivative. */
    public Expr componentArg(int k) {
      if (values != null) {
        return values.get(k);
      }
      int source = sources == null ? k : sources.get(k);
      return source < 0 ? null : args.get(source);
    }

    /** The expressions it reads: the arguments, then the component values. */
    public List<Expr> operands() {
      if (values == null) {
        return args;
      }
      List<Expr> all = new java.util.ArrayList<>(args);
      values.stream().filter(java.util.Objects::nonNull).forEach(all::add);
      return all;
    }
  }
}
