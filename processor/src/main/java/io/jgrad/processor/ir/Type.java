package io.jgrad.processor.ir;

import java.util.Objects;

/**
 * A Java type as the IR sees it: a primitive, an array of a primitive, a class named by its
 * qualified name (tapes, {@code Dual}, exception types, {@code String}), or a record of the
 * user's, which carries its {@link RecordShape} (and arrays of records).
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
  /** The components of a record (or of an array's record elements); null otherwise. */
  private final RecordShape shape;
  /** For a tangent class (and arrays of it): the record it is the tangent of; null otherwise. */
  private final RecordShape tangentOf;

  private Type(String primitive, int dimensions, String className) {
    this(primitive, dimensions, className, null, null);
  }

  private Type(String primitive, int dimensions, String className, RecordShape shape,
      RecordShape tangentOf) {
    this.primitive = primitive;
    this.dimensions = dimensions;
    this.className = className;
    this.shape = shape;
    this.tangentOf = tangentOf;
  }

  public static Type classType(String qualifiedName) {
    return new Type(null, 0, qualifiedName);
  }

  /** The type of a record of the user's. */
  public static Type record(RecordShape shape) {
    return new Type(null, 0, shape.qualifiedName(), shape, null);
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
    return new Type(primitive, dimensions + 1, className, shape, tangentOf);
  }

  /** The type of an element: {@code double[]} for {@code double[][]}. */
  public Type elementType() {
    return new Type(primitive, dimensions - 1, className, shape, tangentOf);
  }

  /** The type of the innermost elements: {@code double} for {@code double[][]}. */
  public Type baseType() {
    return new Type(primitive, 0, className, shape, tangentOf);
  }

  /** A record of the user's ({@code Vec3}); see {@link RecordShape}. */
  public boolean isRecord() {
    return shape != null && dimensions == 0;
  }

  /** An object of a class with fields that are not final ({@link RecordShape#isMutable}). */
  public boolean isMutableObject() {
    return isRecord() && shape.isMutable();
  }

  /** {@code Vec3[]}: an array of records. */
  public boolean isRecordArray() {
    return shape != null && dimensions == 1;
  }

  /** The components of a record or of the elements of an array of records (else null). */
  public RecordShape shape() {
    return shape;
  }

  /**
   * A value that carries its derivative in a shadow object of the same shape, followed through
   * assignments like a pointer: double arrays, and records and arrays of records with a
   * differentiable component.
   */
  public boolean hasShadow() {
    return isFloatingArray() || shape != null && shape.isDifferentiable();
  }

  /**
   * The record whose tangent class this type is (or an array of it), as {@link #tangentType}
   * made it; null for other types, and for a tangent class named by its name alone.
   */
  public RecordShape tangentOf() {
    return tangentOf;
  }

  /** The type of the tangent (and the adjoint) of a value of this type. */
  public Type tangentType() {
    if (shape != null) {
      Type t = new Type(null, 0, shape.tangentName(), null, shape);
      for (int i = 0; i < dimensions; i++) {
        t = t.arrayOf();
      }
      return t;
    }
    if (isFloatingArray()) {
      return new Type("double", dimensions, null);
    }
    return isArray() ? this : DOUBLE;
  }

  /**
   * double[], float[][]...: arrays that carry derivatives (a float array's tangent and adjoint
   * are double arrays of its shape, as a float's are doubles).
   */
  public boolean isFloatingArray() {
    return ("double".equals(primitive) || "float".equals(primitive)) && dimensions > 0;
  }

  /**
   * int[], long[][], boolean[], String[]...: arrays of values without a derivative (indices,
   * flags, tokens).
   */
  public boolean isPassiveArray() {
    return dimensions > 0 && dimensions <= 2
        && ("int".equals(primitive) || "long".equals(primitive) || "boolean".equals(primitive)
            || "java.lang.String".equals(className))
        || dimensions == 1 && shape != null && !shape.isDifferentiable();
  }

  /** double[], double[][], double[][][] and their float forms: the arrays jgrad differentiates. */
  public boolean isDifferentiableArray() {
    return isFloatingArray() && dimensions <= 3;
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

  /**
   * A type whose values carry a derivative: floating scalars and arrays of them, records with a
   * differentiable component and arrays of them.
   */
  public boolean isDifferentiable() {
    return "double".equals(primitive) || "float".equals(primitive)
        || shape != null && shape.isDifferentiable();
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
