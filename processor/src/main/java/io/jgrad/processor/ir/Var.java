package io.jgrad.processor.ir;

/**
 * A named storage location: a parameter, a local of the source, or a temporary the lowering made.
 * Identity matters, not the name: two {@code Var}s never share a name within one function.
 */
public final class Var {
  public enum Kind { PARAM, LOCAL, TEMP }

  private final String name;
  private final Type type;
  private final Kind kind;
  private final boolean constant;

  public Var(String name, Type type, Kind kind) {
    this(name, type, kind, false);
  }

  private Var(String name, Type type, Kind kind, boolean constant) {
    this.name = name;
    this.type = type;
    this.kind = kind;
    this.constant = constant;
  }

  /** A parameter declared {@code @NoGrad}: data, with no tangent or adjoint in the rules. */
  public static Var constantParam(String name, Type type) {
    return new Var(name, type, Kind.PARAM, true);
  }

  public String name() {
    return name;
  }

  public Type type() {
    return type;
  }

  public Kind kind() {
    return kind;
  }

  public boolean isParam() {
    return kind == Kind.PARAM;
  }

  /** True for a {@code @NoGrad} parameter (see {@link #constantParam}). */
  public boolean isConstant() {
    return constant;
  }

  /** A parameter the rules differentiate with respect to: a tangent and adjoint in the API. */
  public boolean isDifferentiableParam() {
    return kind == Kind.PARAM && !constant && type.isDifferentiable();
  }

  @Override
  public String toString() {
    return name;
  }
}
