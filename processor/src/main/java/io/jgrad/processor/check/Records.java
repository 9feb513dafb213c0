package io.jgrad.processor.check;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Records as declarations see them (javax.lang.model): the same rules as the lowering's
 * {@code JdtTypes} applies to bodies. A record jgrad models has components that are numbers,
 * booleans, chars, enums, Strings, such records, or arrays of numbers, booleans or Strings; it is
 * differentiable if one is a double or a float, a double array, or a differentiable record.
 */
final class Records {
  private Records() {}

  static boolean isRecord(TypeMirror type) {
    return whyNot(type, new HashSet<>()) == null && recordElement(type) != null;
  }

  static boolean isDifferentiable(TypeMirror type) {
    TypeElement record = recordElement(type);
    if (record == null) {
      return false;
    }
    for (RecordComponentElement c : record.getRecordComponents()) {
      TypeKind kind = c.asType().getKind();
      if (kind == TypeKind.DOUBLE || kind == TypeKind.FLOAT || isDoubleArray(c.asType())
          || recordElement(c.asType()) != null && isDifferentiable(c.asType())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Why a record type (or an array of one) is not modelled, for an error message; null if it is
   * modelled or is no record at all.
   */
  static String whyNot(TypeMirror type) {
    TypeMirror element = type;
    int dimensions = 0;
    while (element instanceof ArrayType array) {
      element = array.getComponentType();
      dimensions++;
    }
    if (recordElement(element) == null) {
      return null;
    }
    if (dimensions > 1) {
      return "arrays of records have one dimension";
    }
    String why = whyNot(element, new HashSet<>());
    if (why == null && dimensions == 1 && holdsArrays(element)) {
      return "an array of records that hold arrays is not supported yet; pass the records'"
          + " arrays as double[][] (one row per record) or use a record of arrays";
    }
    return why;
  }

  private static String whyNot(TypeMirror type, Set<String> enclosing) {
    TypeElement record = recordElement(type);
    if (record == null) {
      return "not a record";
    }
    if (!record.getTypeParameters().isEmpty()) {
      return "a generic record is not supported";
    }
    if (!enclosing.add(record.getQualifiedName().toString())) {
      return "a record that contains itself is not supported";
    }
    for (RecordComponentElement c : record.getRecordComponents()) {
      TypeMirror t = c.asType();
      if (t.getKind().isPrimitive() || isPassiveObject(t) || isArrayComponent(t)) {
        continue;
      }
      String nested = recordElement(t) == null ? "no record" : whyNot(t, enclosing);
      if (nested != null) {
        return "its component " + c.getSimpleName() + " is a " + t + ": record components may"
            + " be double, float, int, long, boolean, char, enums, Strings, such records, and"
            + " arrays double[], double[][], int[], long[], boolean[], String[] (not arrays of"
            + " records or other classes, not the record itself)";
      }
    }
    enclosing.remove(record.getQualifiedName().toString());
    return null;
  }

  /** double[], double[][], and one- or two-dimensional arrays of int, long, boolean, String. */
  private static boolean isArrayComponent(TypeMirror type) {
    if (isDoubleArray(type)) {
      return true;
    }
    TypeMirror element = type;
    int dimensions = 0;
    while (element instanceof ArrayType array) {
      element = array.getComponentType();
      dimensions++;
    }
    TypeKind kind = element.getKind();
    return dimensions >= 1 && dimensions <= 2 && (kind == TypeKind.INT || kind == TypeKind.LONG
        || kind == TypeKind.BOOLEAN || element.toString().equals("java.lang.String"));
  }

  private static boolean isDoubleArray(TypeMirror type) {
    return type instanceof ArrayType a && (a.getComponentType().getKind() == TypeKind.DOUBLE
        || a.getComponentType() instanceof ArrayType inner
            && inner.getComponentType().getKind() == TypeKind.DOUBLE);
  }

  /** True if the record has an array component, here or in a nested record. */
  static boolean holdsArrays(TypeMirror type) {
    TypeElement record = recordElement(type);
    if (record == null) {
      return false;
    }
    for (RecordComponentElement c : record.getRecordComponents()) {
      if (c.asType() instanceof ArrayType || holdsArrays(c.asType())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isPassiveObject(TypeMirror type) {
    return type instanceof DeclaredType declared
        && (declared.asElement().getKind() == ElementKind.ENUM
            || declared.toString().equals("java.lang.String"));
  }

  private static TypeElement recordElement(TypeMirror type) {
    return type instanceof DeclaredType declared
        && declared.asElement().getKind() == ElementKind.RECORD
        ? (TypeElement) declared.asElement() : null;
  }
}
