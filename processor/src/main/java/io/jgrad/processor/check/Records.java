package io.jgrad.processor.check;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.Element;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Records as declarations see them (javax.lang.model): the same rules as the lowering's
 * {@code JdtTypes} applies to bodies. A record jgrad models has components that are numbers,
 * booleans, chars, enums, Strings, such records and one-dimensional arrays of them, or arrays of
 * numbers, booleans or Strings; it is differentiable if one is a double or a float, a double
 * array, or a differentiable record or array of them.
 */
final class Records {
  private Records() {}

  static boolean isRecord(TypeMirror type) {
    return whyNot(type, new HashSet<>()) == null && recordElement(type) != null;
  }

  /**
   * A record, or an object of a class used as a value, that may be the element of an array: one
   * that holds no arrays.
   */
  static boolean isRecordElement(TypeMirror type) {
    return isRecord(type);
  }

  /**
   * The components of a record, or the instance fields (in declaration order) of a class used
   * as a value.
   */
  private static List<? extends Element> components(TypeElement type) {
    if (type.getKind() == ElementKind.RECORD) {
      return type.getRecordComponents();
    }
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
        .filter(f -> !f.getModifiers().contains(Modifier.STATIC)).toList();
  }

  static boolean isDifferentiable(TypeMirror type) {
    TypeElement record = recordElement(type);
    if (record == null) {
      return false;
    }
    for (Element c : components(record)) {
      TypeKind kind = c.asType().getKind();
      TypeMirror element = c.asType() instanceof ArrayType a ? a.getComponentType() : c.asType();
      if (kind == TypeKind.DOUBLE || kind == TypeKind.FLOAT || isDoubleArray(c.asType())
          || recordElement(element) != null && isDifferentiable(element)) {
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
    return whyNot(element, new HashSet<>());
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
    for (Element c : components(record)) {
      TypeMirror t = c.asType();
      if (t.getKind().isPrimitive() || isPassiveObject(t) || isArrayComponent(t)) {
        continue;
      }
      // an array of records or classes (Particle[]) is modelled if its element is
      TypeMirror element = t instanceof ArrayType a ? a.getComponentType() : t;
      String nested = recordElement(element) == null ? "no record" : whyNot(element, enclosing);
      if (nested != null) {
        boolean isClass = record.getKind() == ElementKind.CLASS;
        return "its " + (isClass ? "field " : "component ") + c.getSimpleName() + " is a "
            + (t instanceof DeclaredType d ? d.asElement().getSimpleName() : t) + ": "
            + (isClass ? "fields of a class used as a value" : "record components") + " may"
            + " be double, float, int, long, boolean, char, enums, Strings, records, such classes,"
            + " one-dimensional arrays of them (Particle[]), and arrays double[], double[][],"
            + " double[][][], int[], long[], boolean[], String[] (not the "
            + (isClass ? "class" : "record") + " itself)";
      }
    }
    enclosing.remove(record.getQualifiedName().toString());
    return null;
  }

  /**
   * double[], double[][], double[][][], and one- or two-dimensional arrays of int, long, boolean,
   * String.
   */
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

  /** double[], double[][] or double[][][]. */
  private static boolean isDoubleArray(TypeMirror type) {
    TypeMirror element = type;
    int dimensions = 0;
    while (element instanceof ArrayType array) {
      element = array.getComponentType();
      dimensions++;
    }
    return dimensions >= 1 && dimensions <= 3 && element.getKind() == TypeKind.DOUBLE;
  }

  /** True if the record has an array component, here or in a nested record. */
  static boolean holdsArrays(TypeMirror type) {
    TypeElement record = recordElement(type);
    if (record == null) {
      return false;
    }
    for (Element c : components(record)) {
      if (c.asType() instanceof ArrayType || holdsArrays(c.asType())) {
        return true;
      }
    }
    return false;
  }

  /**
   * An object of a class used as a value with a field that is not final, or a record or class
   * that holds one: memory a method may change, like an array.
   */
  static boolean isMutable(TypeMirror type) {
    return isMutable(type, new HashSet<>());
  }

  private static boolean isMutable(TypeMirror type, Set<String> seen) {
    TypeElement record = recordElement(type);
    if (record == null || !seen.add(record.getQualifiedName().toString())) {
      return false;
    }
    for (Element c : components(record)) {
      if (record.getKind() == ElementKind.CLASS && !c.getModifiers().contains(Modifier.FINAL)
          || isMutable(c.asType(), seen)) {
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

  /** The record, or the class that may be used as a value, that {@code type} names; else null. */
  private static TypeElement recordElement(TypeMirror type) {
    if (!(type instanceof DeclaredType declared)) {
      return null;
    }
    TypeElement element = (TypeElement) declared.asElement();
    if (element.getKind() == ElementKind.RECORD) {
      return element;
    }
    return isValueClassCandidate(element) ? element : null;
  }

  /**
   * A concrete, non-generic top-level or static member class that extends Object directly and
   * is not the JDK's: a candidate for a value class (if its fields are component types).
   */
  private static boolean isValueClassCandidate(TypeElement type) {
    String name = type.getQualifiedName().toString();
    return type.getKind() == ElementKind.CLASS && type.getTypeParameters().isEmpty()
        && !type.getModifiers().contains(Modifier.ABSTRACT)
        && (type.getNestingKind() == javax.lang.model.element.NestingKind.TOP_LEVEL
            || type.getNestingKind() == javax.lang.model.element.NestingKind.MEMBER
                && type.getModifiers().contains(Modifier.STATIC))
        && type.getSuperclass().toString().equals("java.lang.Object")
        && !name.startsWith("java.") && !name.startsWith("javax.");
  }
}
