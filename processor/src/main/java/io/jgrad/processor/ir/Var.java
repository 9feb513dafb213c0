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

  public Var(String name, Type type, Kind kind) {
    this.name = name;
    this.type = type;
    this.kind = kind;
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

  @Override
  public String toString() {
    return name;
  }
}
