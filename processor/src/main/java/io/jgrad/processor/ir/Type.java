package io.jgrad.processor.ir;

import java.util.Objects;

/**
 * A Java type as the IR sees it: a primitive, an array of a primitive, or a class named by its
 * qualified name (tapes, {@code Dual}, exception types, {@code String}).
 */
public final class Type {
  public static final Type DOUBLE = new Type("double", 0, null);
  public static final Type FLOAT = new Type("float", 0, null);
  public static final Type LONG = new Type("long", 0, null);
  public static final Type INT = new Type("int", 0, null);
  public static final Type SHORT = new Type("short", 0, null);
  public static final Type CHAR = new Type("char", 0, null);
  public static final Type BYTE = new Type("byte", 0, null);
  public static final Type BOOLEAN = new Type("boolean", 0, null);
  public static final Type VOID = new Type("void", 0, null);
  public static final Type DOUBLE_ARRAY = new Type("double", 1, null);
  public static final Type DOUBLE_MATRIX = new Type("double", 2, null);
  public static final Type STRING = classType("java.lang.String");

  private final String primitive;
  private final int dimensions;
  private final String className;

  private Type(String primitive, int dimensions, String className) {
    this.primitive = primitive;
    this.dimensions = dimensions;
    this.className = className;
  }

  public static Type classType(String qualifiedName) {
    return new Type(null, 0, qualifiedName);
  }

  /** Maps a primitive keyword to its type, or null. */
  public static Type primitive(String keyword) {
    switch (keyword) {
      case "double": return DOUBLE;
      case "float": return FLOAT;
      case "long": return LONG;
      case "int": return INT;
      case "short": return SHORT;
      case "char": return CHAR;
      case "byte": return BYTE;
      case "boolean": return BOOLEAN;
      case "void": return VOID;
      default: return null;
    }
  }

  public Type arrayOf() {
    return new Type(primitive, dimensions + 1, className);
  }

  /** The type of an element: {@code double[]} for {@code double[][]}. */
  public Type elementType() {
    return new Type(primitive, dimensions - 1, className);
  }

  /** double[], double[][]...: arrays that carry derivatives. */
  public boolean isDoubleArray() {
    return "double".equals(primitive) && dimensions > 0;
  }

  /**
   * int[], long[][], boolean[], String[]...: arrays of values without a derivative (indices,
   * flags, tokens).
   */
  public boolean isPassiveArray() {
    return dimensions > 0 && dimensions <= 2
        && ("int".equals(primitive) || "long".equals(primitive) || "boolean".equals(primitive)
            || "java.lang.String".equals(className));
  }

  /** double[], double[][]: the arrays jgrad differentiates. */
  public boolean isDifferentiableArray() {
    return isDoubleArray() && dimensions <= 2;
  }

  public boolean isPrimitive() {
    return primitive != null && dimensions == 0;
  }

  public boolean isArray() {
    return dimensions > 0;
  }

  /** double or float: the scalar types that carry a derivative. */
  public boolean isFloating() {
    return this.equals(DOUBLE) || this.equals(FLOAT);
  }

  /** A type whose values carry a derivative: floating scalars and arrays of them. */
  public boolean isDifferentiable() {
    return "double".equals(primitive) || "float".equals(primitive);
  }

  public boolean isIntegral() {
    return this.equals(INT) || this.equals(LONG) || this.equals(SHORT) || this.equals(CHAR)
        || this.equals(BYTE);
  }

  public String primitiveName() {
    return primitive;
  }

  public String className() {
    return className;
  }

  public int dimensions() {
    return dimensions;
  }

  /** The Java source spelling, fully qualified for classes. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(primitive != null ? primitive : className);
    for (int i = 0; i < dimensions; i++) {
      sb.append("[]");
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Type t && dimensions == t.dimensions
        && Objects.equals(primitive, t.primitive) && Objects.equals(className, t.className);
  }

  @Override
  public int hashCode() {
    return Objects.hash(primitive, dimensions, className);
  }
}
