package io.jgrad.fuzz;

/**
 * The Java types generated programs use (extend here for new parameter and local types): the
 * fixed primitive and array types below, and per generated record type ({@link RecordDecl}) the
 * record and its one-dimensional array. Types are compared with {@code ==}: every record type has
 * exactly one {@code JType} and one array {@code JType} ({@link RecordDecl#type}, {@link
 * RecordDecl#arrayType}).
 */
final class JType {
  /** What kind of type this is; switch on it. */
  enum Kind {
    DOUBLE, FLOAT, INT, LONG, BOOLEAN, DOUBLE_ARRAY, DOUBLE_MATRIX, INT_ARRAY, VOID,
    /** A generated record type ({@link #decl}). */
    RECORD,
    /** A one-dimensional array of a generated record type ({@link #decl}). */
    RECORD_ARRAY,
    /** A generated mutable class ({@link #cls}). */
    OBJECT,
    /** A one-dimensional array of a generated mutable class ({@link #cls}). */
    OBJECT_ARRAY
  }

  static final JType DOUBLE = new JType(Kind.DOUBLE, "double", null);
  static final JType FLOAT = new JType(Kind.FLOAT, "float", null);
  static final JType INT = new JType(Kind.INT, "int", null);
  static final JType LONG = new JType(Kind.LONG, "long", null);
  static final JType BOOLEAN = new JType(Kind.BOOLEAN, "boolean", null);
  static final JType DOUBLE_ARRAY = new JType(Kind.DOUBLE_ARRAY, "double[]", null);
  static final JType DOUBLE_MATRIX = new JType(Kind.DOUBLE_MATRIX, "double[][]", null);
  /** A local array of data (indices, counts): read, written, never differentiated. */
  static final JType INT_ARRAY = new JType(Kind.INT_ARRAY, "int[]", null);
  static final JType VOID = new JType(Kind.VOID, "void", null);

  final Kind kind;
  final String java;
  /** The record type of a RECORD or RECORD_ARRAY type, else null. */
  final RecordDecl decl;
  /** The class of an OBJECT or OBJECT_ARRAY type, else null. */
  final ClassDecl cls;

  private JType(Kind kind, String java, RecordDecl decl) {
    this(kind, java, decl, null);
  }

  private JType(Kind kind, String java, RecordDecl decl, ClassDecl cls) {
    this.kind = kind;
    this.java = java;
    this.decl = decl;
    this.cls = cls;
  }

  /** The class type and its array type of {@code cls} (called once, by ClassDecl). */
  static JType object(ClassDecl cls) {
    return new JType(Kind.OBJECT, cls.name, null, cls);
  }

  static JType objectArray(ClassDecl cls) {
    return new JType(Kind.OBJECT_ARRAY, cls.name + "[]", null, cls);
  }

  boolean isObject() {
    return kind == Kind.OBJECT;
  }

  boolean isObjectArray() {
    return kind == Kind.OBJECT_ARRAY;
  }

  /** The record type and its array type of {@code decl} (called once, by RecordDecl). */
  static JType record(RecordDecl decl) {
    return new JType(Kind.RECORD, decl.name, decl);
  }

  static JType recordArray(RecordDecl decl) {
    return new JType(Kind.RECORD_ARRAY, decl.name + "[]", decl);
  }

  boolean isFloating() {
    return this == DOUBLE || this == FLOAT;
  }

  boolean isIntegral() {
    return this == INT || this == LONG;
  }

  boolean isNumeric() {
    return isFloating() || isIntegral();
  }

  /** {@code double[]} or {@code double[][]} (not {@code int[]} nor arrays of records). */
  boolean isArray() {
    return this == DOUBLE_ARRAY || this == DOUBLE_MATRIX;
  }

  boolean isRecord() {
    return kind == Kind.RECORD;
  }

  boolean isRecordArray() {
    return kind == Kind.RECORD_ARRAY;
  }

  /** True for the types whose variables have an alias class: double arrays and record arrays. */
  boolean hasRoot() {
    return isArray() || isRecordArray();
  }

  /** True if a parameter of this type is differentiable. */
  boolean isDifferentiable() {
    return isFloating() || isArray() || (decl != null && decl.differentiable())
        || (cls != null && cls.differentiable());
  }

  /** The type of {@code a op b} for numeric operands (binary numeric promotion, JLS 5.6.2). */
  static JType promote(JType a, JType b) {
    if (a == DOUBLE || b == DOUBLE) {
      return DOUBLE;
    }
    if (a == FLOAT || b == FLOAT) {
      return FLOAT;
    }
    if (a == LONG || b == LONG) {
      return LONG;
    }
    return INT;
  }

  /** True if a value of type {@code from} can be assigned to {@code this} without a cast. */
  boolean accepts(JType from) {
    if (this == from) {
      return true;
    }
    return switch (kind) {
      case DOUBLE -> from.isNumeric();
      case FLOAT -> from == INT || from == LONG;
      case LONG -> from == INT;
      default -> false;
    };
  }

  /** The element type of an array type. */
  JType element() {
    return switch (kind) {
      case DOUBLE_ARRAY -> DOUBLE;
      case DOUBLE_MATRIX -> DOUBLE_ARRAY;
      case RECORD_ARRAY -> decl.type;
      case OBJECT_ARRAY -> cls.type;
      default -> throw new IllegalStateException(this + " is not an array");
    };
  }

  @Override
  public String toString() {
    return java;
  }
}
