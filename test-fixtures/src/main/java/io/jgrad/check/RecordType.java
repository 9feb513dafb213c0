package io.jgrad.check;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A differentiable record type: a record with a {@code double} or {@code float} component, or a
 * component of a differentiable record type. Its <em>entries</em> are those components, nested
 * records' ones included, flattened depth-first in component order (as the generated
 * {@code ...Jacobian} numbers its columns); the other components are passive.
 *
 * <p>Its tangents and adjoints are objects of the generated tangent class ({@code pkg.Vec3} ->
 * {@code pkg.Vec3_Tangent}, {@code pkg.Outer$Vec3} -> {@code pkg.Outer_Vec3_Tangent}): a public
 * {@code double} field per {@code double}/{@code float} component, a field of the nested tangent
 * class per differentiable record component, and a constructor taking the fields in component
 * order. This class reads records and tangents into flat {@code double[]}s and builds them back.
 */
final class RecordType {
  final Class<?> type;
  private final Method[] accessors;
  /** Per component: DOUBLE, FLOAT, RECORD (then {@code nested[c]} is its type) or PASSIVE. */
  private final ParamKind[] kinds;
  private final RecordType[] nested;
  private final String[] names;
  private final int width;

  /** The generated tangent class, its field per differentiable component and constructor. */
  private final String tangentName;
  private Class<?> tangent;
  private Field[] tangentFields;
  private Constructor<?> tangentConstructor;
  /** Why the tangent class is missing or malformed, or null. */
  private String tangentProblem;

  private RecordType(Class<?> type, Set<Class<?>> enclosing) {
    this.type = type;
    RecordComponent[] components = type.getRecordComponents();
    accessors = new Method[components.length];
    kinds = new ParamKind[components.length];
    nested = new RecordType[components.length];
    names = new String[components.length];
    int entries = 0;
    for (int c = 0; c < components.length; c++) {
      accessors[c] = components[c].getAccessor();
      accessors[c].setAccessible(true);
      names[c] = components[c].getName();
      Class<?> componentType = components[c].getType();
      kinds[c] = componentKind(componentType, enclosing);
      if (kinds[c] == ParamKind.RECORD) {
        nested[c] = new RecordType(componentType, with(enclosing, componentType));
        entries += nested[c].width;
      } else if (kinds[c].isScalar()) {
        entries++;
      }
    }
    width = entries;
    tangentName = RuleMethods.ruleClassName(type, "_Tangent");
    findTangent();
  }

  /** Reads a differentiable record type; {@code type} must be one ({@link #isDifferentiable}). */
  static RecordType of(Class<?> type) {
    return new RecordType(type, Set.of(type));
  }

  /**
   * True for a record type with a {@code double} or {@code float} component or a component of a
   * differentiable record type.
   */
  static boolean isDifferentiable(Class<?> type) {
    return type.isRecord() && differentiable(type, Set.of(type));
  }

  private static boolean differentiable(Class<?> type, Set<Class<?>> enclosing) {
    for (RecordComponent component : type.getRecordComponents()) {
      if (componentKind(component.getType(), enclosing) != ParamKind.PASSIVE) {
        return true;
      }
    }
    return false;
  }

  private static ParamKind componentKind(Class<?> type, Set<Class<?>> enclosing) {
    if (type == double.class) {
      return ParamKind.DOUBLE;
    } else if (type == float.class) {
      return ParamKind.FLOAT;
    } else if (type.isRecord() && !enclosing.contains(type)) {
      // a record containing itself has no fixed number of entries: that component is passive
      return differentiable(type, with(enclosing, type)) ? ParamKind.RECORD : ParamKind.PASSIVE;
    }
    return ParamKind.PASSIVE;
  }

  private static Set<Class<?>> with(Set<Class<?>> set, Class<?> element) {
    Set<Class<?>> result = new HashSet<>(set);
    result.add(element);
    return result;
  }

  private void findTangent() {
    try {
      tangent = Class.forName(tangentName, true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      tangentProblem = "missing class " + tangentName;
      return;
    }
    tangentFields = new Field[kinds.length];
    List<Class<?>> fieldTypes = new ArrayList<>();
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.PASSIVE) {
        continue;
      }
      if (nested[c] != null && nested[c].tangentProblem != null) {
        tangentProblem = nested[c].tangentProblem;
        return;
      }
      Class<?> fieldType = nested[c] == null ? double.class : nested[c].tangent;
      fieldTypes.add(fieldType);
      try {
        tangentFields[c] = tangent.getDeclaredField(names[c]);
      } catch (NoSuchFieldException e) {
        tangentProblem = tangentName + " has no field " + names[c];
        return;
      }
      if (tangentFields[c].getType() != fieldType) {
        tangentProblem = "field " + tangentName + "." + names[c] + " is a "
            + tangentFields[c].getType().getSimpleName() + ", expected a "
            + fieldType.getSimpleName();
        return;
      }
      tangentFields[c].setAccessible(true);
    }
    try {
      tangentConstructor = tangent.getDeclaredConstructor(fieldTypes.toArray(Class<?>[]::new));
      tangentConstructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      tangentProblem = "missing constructor " + tangentName + fieldTypes.stream()
          .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    }
  }

  /** Why the generated tangent class is missing or malformed, or null if it is as expected. */
  String tangentProblem() {
    return tangentProblem;
  }

  /** The generated tangent class ({@link #tangentProblem} must be null). */
  Class<?> tangentClass() {
    return tangent;
  }

  /** The number of entries: {@code double}/{@code float} components, nested ones included. */
  int width() {
    return width;
  }

  /** True if some entry is a {@code float}: finite differences are then coarse. */
  boolean hasFloat() {
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.FLOAT || (nested[c] != null && nested[c].hasFloat())) {
        return true;
      }
    }
    return false;
  }

  /** The component path of entry {@code entry}, for example {@code origin.x}. */
  String entryName(int entry) {
    for (int c = 0; c < kinds.length; c++) {
      if (nested[c] != null) {
        if (entry < nested[c].width) {
          return names[c] + "." + nested[c].entryName(entry);
        }
        entry -= nested[c].width;
      } else if (kinds[c].isScalar()) {
        if (entry == 0) {
          return names[c];
        }
        entry--;
      }
    }
    throw new IndexOutOfBoundsException(entry);
  }

  // ------------------------------------------------------------------------ records and tangents

  /**
   * Describes how {@code piece} fails to be a record of this type or a complete tangent (every
   * nested tangent non-null), for example {@code "is null"} or {@code ".origin is null"}; null if
   * it is one. (In an argument list a slot holds a record, in a tangent or adjoint list a tangent:
   * the two classes are distinct, so the piece itself says which it is.)
   */
  String problem(Object piece) {
    if (piece == null) {
      return " is null";
    }
    if (type.isInstance(piece)) {
      return null;
    }
    if (!tangent.isInstance(piece)) {
      return " is a " + piece.getClass().getName() + ", expected a " + tangent.getSimpleName();
    }
    for (int c = 0; c < kinds.length; c++) {
      if (nested[c] != null) {
        String problem = nested[c].problem(get(tangentFields[c], piece));
        if (problem != null) {
          return "." + names[c] + problem;
        }
      }
    }
    return null;
  }

  /** The entries of a record of this type or of a tangent ({@link #problem} must be null). */
  double[] values(Object piece) {
    double[] values = new double[width];
    read(piece, values, 0);
    return values;
  }

  private int read(Object piece, double[] into, int at) {
    boolean isRecord = type.isInstance(piece);
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.PASSIVE) {
        continue;
      }
      Object component =
          isRecord ? RuleMethods.call(accessors[c], piece) : get(tangentFields[c], piece);
      if (nested[c] != null) {
        at = nested[c].read(component, into, at);
      } else {
        into[at++] = ((Number) component).doubleValue();
      }
    }
    return at;
  }

  /**
   * Returns {@code record} rebuilt through the canonical constructor with its entries set to
   * {@code values} ({@code (float)} for a {@code float} component), nested records rebuilt along
   * the way and passive components kept. Throws what the constructor throws.
   */
  Object withValues(Object record, double[] values) {
    return rebuild(record, values, new int[1]);
  }

  private Object rebuild(Object record, double[] values, int[] at) {
    Object[] components = new Object[kinds.length];
    for (int c = 0; c < kinds.length; c++) {
      Object component = RuleMethods.call(accessors[c], record);
      if (nested[c] != null) {
        component = nested[c].rebuild(component, values, at);
      } else if (kinds[c] == ParamKind.DOUBLE) {
        component = values[at[0]++];
      } else if (kinds[c] == ParamKind.FLOAT) {
        component = (float) values[at[0]++];
      }
      components[c] = component;
    }
    return construct(type, components);
  }

  /** A new tangent holding {@code values}, built through its field-by-field constructor. */
  Object tangentOf(double[] values) {
    return tangentOf(values, new int[1]);
  }

  private Object tangentOf(double[] values, int[] at) {
    List<Object> fields = new ArrayList<>();
    for (int c = 0; c < kinds.length; c++) {
      if (nested[c] != null) {
        fields.add(nested[c].tangentOf(values, at));
      } else if (kinds[c].isScalar()) {
        fields.add(values[at[0]++]);
      }
    }
    return newInstance(tangentConstructor, fields.toArray());
  }

  /**
   * Builds a record of class {@code type} through its canonical constructor (of any visibility).
   * Throws what the constructor throws.
   */
  static Object construct(Class<?> type, Object[] components) {
    Class<?>[] types =
        Arrays.stream(type.getRecordComponents())
            .map(RecordComponent::getType)
            .toArray(Class<?>[]::new);
    try {
      Constructor<?> canonical = type.getDeclaredConstructor(types);
      canonical.setAccessible(true);
      return newInstance(canonical, components);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "record " + type.getName() + " has no canonical constructor");
    }
  }

  private static Object newInstance(Constructor<?> constructor, Object[] args) {
    try {
      return constructor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw RuleMethods.<RuntimeException>sneakyThrow(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object get(Field field, Object target) {
    try {
      return field.get(target);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Renders {@code values} (entries of this type) as {@code (x = 1.0, origin.y = 2.0)}. */
  String render(double[] values) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      parts.add(entryName(i) + " = " + values[i]);
    }
    return "(" + String.join(", ", parts) + ")";
  }
}
