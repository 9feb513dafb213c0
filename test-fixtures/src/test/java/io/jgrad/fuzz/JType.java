package io.jgrad.fuzz;

/** The Java types generated programs use (extend here for new parameter and local types). */
enum JType {
  DOUBLE("double"),
  FLOAT("float"),
  INT("int"),
  LONG("long"),
  BOOLEAN("boolean"),
  DOUBLE_ARRAY("double[]"),
  DOUBLE_MATRIX("double[][]"),
  /** A local array of data (indices, counts): read, written, never differentiated. */
  INT_ARRAY("int[]"),
  VOID("void");

  final String java;

  JType(String java) {
    this.java = java;
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

  boolean isArray() {
    return this == DOUBLE_ARRAY || this == DOUBLE_MATRIX;
  }

  /** True if a parameter of this type is differentiable. */
  boolean isDifferentiable() {
    return isFloating() || isArray();
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
    return switch (this) {
      case DOUBLE -> from.isNumeric();
      case FLOAT -> from == INT || from == LONG;
      case LONG -> from == INT;
      default -> false;
    };
  }

  /** The element type of an array type. */
  JType element() {
    return switch (this) {
      case DOUBLE_ARRAY -> DOUBLE;
      case DOUBLE_MATRIX -> DOUBLE_ARRAY;
      default -> throw new IllegalStateException(this + " is not an array");
    };
  }
}
