package io.jgrad.check;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * A type whose values jgrad treats as data: a record ({@link RecordType}: its components) or a
 * plain class ({@link ClassType}: its instance fields, in declaration order, play the role of
 * components). Both share this one path; the subclasses only say how a component is read and how
 * a value is built from components.
 *
 * <p>Components are <em>differentiable</em> ({@code double} and {@code float}, {@code double[]},
 * {@code double[][]} and {@code double[][][]}, and nested value types that have one) or
 * <em>passive</em> (everything else: {@code int}, {@code String}, enums, {@code int[]}, {@code
 * String[]}, ...); a one-dimensional array of a differentiable value type ({@code Particle[]}) is
 * differentiable, its entries the elements' one element after the other (null elements take
 * none), its tangent an array of the element's tangent class with an element per element. A value's <em>entries</em> are its differentiable numbers flattened depth-first
 * in component order: a scalar is one entry, an array its elements, a matrix its rows one after the
 * other, a {@code double[][][]} its innermost rows one after the other ({@code a[0][0], a[0][1],
 * ..., a[1][0], ...}; null rows, null sub-matrices and null arrays take none), a nested value its
 * own entries (none if it is null). That is the order in which the generated {@code R_Tangent.put}
 * lays a tangent out as Jacobian columns.
 *
 * <p>With array components the number of entries depends on the value, not on the type: every
 * method that reads or builds entries takes a {@link Shape}, read from the value the entries
 * belong to ({@link #shapeOf}).
 *
 * <p>Tangents and adjoints are objects of the generated tangent class ({@code pkg.Vec3} ->
 * {@code pkg.Vec3_Tangent}, {@code pkg.Outer$Vec3} -> {@code pkg.Outer_Vec3_Tangent}): a public
 * {@code double} field per {@code double}/{@code float} component, a field of the same array
 * type per {@code double[]}/{@code double[][]}/{@code double[][][]} component (shaped like the
 * value's array), a field
 * of the nested tangent class per differentiable value-type component, and a constructor taking
 * the fields in component order.
 *
 * <p>Values are also copied ({@link #copy}), compared ({@link #deepEquals}) and rendered ({@link
 * #render}) by contents: a value holding arrays is a piece of memory the method may write, like
 * an array argument.
 */
abstract class ValueType {
  /** The shape of a scalar component in a {@link Shape}. */
  private static final String SCALAR = "scalar";

  private static final ClassValue<ValueType> CACHE = new ClassValue<>() {
    @Override
    protected ValueType computeValue(Class<?> type) {
      return create(type, Set.of(type));
    }
  };

  final Class<?> type;
  /** Per component: its name (the accessor's or the field's, also the tangent field's). */
  final String[] names;
  /** Per component: its declared type. */
  final Class<?>[] types;
  /**
   * Per component: DOUBLE, FLOAT, DOUBLE_ARRAY, DOUBLE_MATRIX, DOUBLE_CUBE, RECORD (a
   * differentiable value type: then {@code nested[c]} is its type), RECORD_ARRAY (a
   * one-dimensional array of one: {@code nested[c]} is the element's type) or PASSIVE.
   */
  final ParamKind[] kinds;
  final ValueType[] nested;
  private final boolean differentiable;

  /** The generated tangent class, its field per differentiable component and constructor. */
  private final String tangentName;
  private Class<?> tangent;
  private Field[] tangentFields;
  private Constructor<?> tangentConstructor;
  /** Why the tangent class is missing or malformed, or null. */
  private String tangentProblem;
  /** Whether values may hold memory (arrays, mutable objects); computed lazily. */
  private Boolean holdsMemory;

  ValueType(Class<?> type, String[] names, Class<?>[] types, Set<Class<?>> enclosing) {
    this.type = type;
    this.names = names;
    this.types = types;
    kinds = new ParamKind[types.length];
    nested = new ValueType[types.length];
    boolean any = false;
    for (int c = 0; c < types.length; c++) {
      kinds[c] = componentKind(types[c], enclosing);
      if (kinds[c] == ParamKind.RECORD) {
        nested[c] = create(types[c], with(enclosing, types[c]));
      } else if (kinds[c] == ParamKind.RECORD_ARRAY) {
        Class<?> element = types[c].getComponentType();
        nested[c] = create(element, with(enclosing, element));
      }
      any |= kinds[c] != ParamKind.PASSIVE;
    }
    differentiable = any;
    tangentName = RuleMethods.ruleClassName(type, "_Tangent");
    if (differentiable) {
      findTangent();
    } else {
      tangentProblem = type.getName() + " has no differentiable component";
    }
  }

  // --------------------------------------------------------------------------- kinds of types

  /**
   * The value type of {@code type} ({@link #isValueType} must hold), with the generated tangent
   * class looked up if it is differentiable. Cached per class.
   */
  static ValueType of(Class<?> type) {
    return CACHE.get(type);
  }

  private static ValueType create(Class<?> type, Set<Class<?>> enclosing) {
    return type.isRecord() ? RecordType.create(type, enclosing) : ClassType.create(type, enclosing);
  }

  /** True for a record, or a plain class whose instance fields are data ({@link ClassType}). */
  static boolean isValueType(Class<?> type) {
    return type.isRecord() || ClassType.isDataClass(type);
  }

  /**
   * True for a value type with a differentiable component: a {@code double}, {@code float},
   * {@code double[]}, {@code double[][]} or {@code double[][][]} component, or one of a
   * differentiable value type.
   */
  static boolean isDifferentiable(Class<?> type) {
    return isValueType(type) && differentiable(type, Set.of(type));
  }

  private static boolean differentiable(Class<?> type, Set<Class<?>> enclosing) {
    for (Class<?> component : componentTypes(type)) {
      if (componentKind(component, enclosing) != ParamKind.PASSIVE) {
        return true;
      }
    }
    return false;
  }

  private static Class<?>[] componentTypes(Class<?> type) {
    return type.isRecord() ? RecordType.componentTypes(type) : ClassType.componentTypes(type);
  }

  private static ParamKind componentKind(Class<?> type, Set<Class<?>> enclosing) {
    if (type == double.class) {
      return ParamKind.DOUBLE;
    } else if (type == float.class) {
      return ParamKind.FLOAT;
    } else if (type == double[].class) {
      return ParamKind.DOUBLE_ARRAY;
    } else if (type == double[][].class) {
      return ParamKind.DOUBLE_MATRIX;
    } else if (type == double[][][].class) {
      return ParamKind.DOUBLE_CUBE;
    } else if (isValueType(type) && !enclosing.contains(type)) {
      // a type containing itself has no fixed structure: that component is passive
      return differentiable(type, with(enclosing, type)) ? ParamKind.RECORD : ParamKind.PASSIVE;
    } else if (type.isArray() && componentKind(type.getComponentType(), enclosing)
        == ParamKind.RECORD) {
      return ParamKind.RECORD_ARRAY; // Particle[]: an element's entries after another's
    }
    return ParamKind.PASSIVE;
  }

  private static Set<Class<?>> with(Set<Class<?>> set, Class<?> element) {
    Set<Class<?>> result = new HashSet<>(set);
    result.add(element);
    return result;
  }

  // -------------------------------------------------------------------- what subclasses supply

  /** Component {@code c} of {@code value}, a value of this type (passive components too). */
  abstract Object component(Object value, int c);

  /**
   * A new value of this type with the given components (one per component, passive ones
   * included); {@code template} is the value it replaces. Throws what a constructor throws.
   */
  abstract Object construct(Object template, Object[] components);

  /** "record" or "class", for messages. */
  abstract String what();

  // ------------------------------------------------------------------------------ the tangent

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
      Class<?> fieldType = switch (kinds[c]) {
        case DOUBLE_ARRAY, DOUBLE_MATRIX, DOUBLE_CUBE -> types[c];
        case RECORD -> nested[c].tangent;
        case RECORD_ARRAY -> nested[c].tangent.arrayType();
        default -> double.class;
      };
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

  /** True if some entry is a {@code float}: finite differences are then coarse. */
  boolean hasFloat() {
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.FLOAT || (nested[c] != null && nested[c].hasFloat())) {
        return true;
      }
    }
    return false;
  }

  /** True if a component is an array (differentiable or not), here or in a nested value. */
  boolean hasArrays() {
    for (int c = 0; c < types.length; c++) {
      if (types[c].isArray() || (nested[c] != null && nested[c].hasArrays())) {
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------------------------ shapes

  /**
   * The shape of a value, or of a tangent: per component, the length of a {@code double[]}, the
   * row lengths of a {@code double[][]} (-1 for a null row), the row lengths of each sub-matrix of
   * a {@code double[][][]} (null for a null sub-matrix), the shape of a nested value, or null
   * where the array or value is null; and the number of entries.
   */
  static final class Shape {
    private final Object[] parts;
    final int width;

    private Shape(Object[] parts, int width) {
      this.parts = parts;
      this.width = width;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Shape s && Arrays.deepEquals(parts, s.parts);
    }

    @Override
    public int hashCode() {
      return Arrays.deepHashCode(parts);
    }

    @Override
    public String toString() {
      return Arrays.deepToString(parts);
    }
  }

  /** The part of {@code piece} (a value of this type or a tangent) at differentiable {@code c}. */
  private Object part(Object piece, int c) {
    return type.isInstance(piece) ? component(piece, c) : get(tangentFields[c], piece);
  }

  /** The shape of a value of this type or of a tangent ({@link #problem} null for it). */
  Shape shapeOf(Object piece) {
    Object[] parts = new Object[kinds.length];
    int width = 0;
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.PASSIVE) {
        continue;
      }
      Object part = part(piece, c);
      switch (kinds[c]) {
        case DOUBLE, FLOAT -> {
          parts[c] = SCALAR;
          width++;
        }
        case DOUBLE_ARRAY -> {
          if (part != null) {
            parts[c] = ((double[]) part).length;
            width += ((double[]) part).length;
          }
        }
        case DOUBLE_MATRIX -> {
          if (part != null) {
            int[] rows = rowLengths((double[][]) part);
            width += width(rows);
            parts[c] = rows;
          }
        }
        case DOUBLE_CUBE -> {
          if (part != null) {
            double[][][] cube = (double[][][]) part;
            int[][] matrices = new int[cube.length][];
            for (int m = 0; m < cube.length; m++) {
              matrices[m] = cube[m] == null ? null : rowLengths(cube[m]);
              width += matrices[m] == null ? 0 : width(matrices[m]);
            }
            parts[c] = matrices;
          }
        }
        case RECORD_ARRAY -> {
          if (part != null) {
            Object[] elements = (Object[]) part;
            Shape[] shapes = new Shape[elements.length];
            for (int e = 0; e < elements.length; e++) {
              shapes[e] = elements[e] == null ? null : nested[c].shapeOf(elements[e]);
              width += shapes[e] == null ? 0 : shapes[e].width;
            }
            parts[c] = shapes;
          }
        }
        default -> {
          if (part != null) {
            Shape shape = nested[c].shapeOf(part);
            parts[c] = shape;
            width += shape.width;
          }
        }
      }
    }
    return new Shape(parts, width);
  }

  /** The row lengths of a matrix, -1 for a null row. */
  private static int[] rowLengths(double[][] m) {
    int[] rows = new int[m.length];
    for (int r = 0; r < m.length; r++) {
      rows[r] = m[r] == null ? -1 : m[r].length;
    }
    return rows;
  }

  /** The number of entries in rows of these lengths (-1 for a null row). */
  private static int width(int[] rows) {
    int width = 0;
    for (int length : rows) {
      width += Math.max(length, 0);
    }
    return width;
  }

  /**
   * Describes how {@code piece} fails to be a value of this type shaped like {@code expected}, or
   * a tangent shaped like it; null if it is one. For example {@code " is null"}, {@code ".b is a
   * double[4], expected a double[3]"} or {@code ".origin is null"}. (In an argument list a slot
   * holds a value, in a tangent or adjoint list a tangent: the two classes are distinct, so the
   * piece itself says which it is.) A tangent may hold anything where the value holds null.
   */
  String problem(Object piece, Shape expected) {
    if (piece == null) {
      return " is null";
    }
    boolean isValue = type.isInstance(piece);
    if (!isValue && (tangent == null || !tangent.isInstance(piece))) {
      return " is a " + piece.getClass().getName() + ", expected a "
          + (tangent == null ? type.getSimpleName() : tangent.getSimpleName());
    }
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.PASSIVE || kinds[c].isScalar()) {
        continue;
      }
      Object want = expected.parts[c];
      Object part = part(piece, c);
      String problem = null;
      if (want == null) {
        // the value's array (or value) is null: a tangent's is ignored, a value's must be null
        problem = isValue && part != null ? " is not null, expected null" : null;
      } else if (kinds[c] == ParamKind.DOUBLE_ARRAY) {
        problem = arrayProblem(part, (Integer) want);
      } else if (kinds[c] == ParamKind.DOUBLE_MATRIX) {
        problem = matrixProblem(part, (int[]) want, isValue);
      } else if (kinds[c] == ParamKind.DOUBLE_CUBE) {
        problem = cubeProblem(part, (int[][]) want, isValue);
      } else if (kinds[c] == ParamKind.RECORD_ARRAY) {
        problem = elementsProblem(nested[c], part, (Shape[]) want, isValue);
      } else {
        problem = part == null ? " is null" : nested[c].problem(part, (Shape) want);
      }
      if (problem != null) {
        return "." + names[c] + problem;
      }
    }
    return null;
  }

  private static String arrayProblem(Object part, int length) {
    if (part instanceof double[] array && array.length == length) {
      return null;
    }
    return " is " + (part == null ? "null" : "a double[" + ((double[]) part).length + "]")
        + ", expected a double[" + length + "]";
  }

  private static String matrixProblem(Object part, int[] rows, boolean isValue) {
    String expected = "a double[" + rows.length + "][]";
    if (!(part instanceof double[][] m)) {
      return " is null, expected " + expected;
    }
    if (m.length != rows.length) {
      return " is a double[" + m.length + "][], expected " + expected;
    }
    for (int r = 0; r < rows.length; r++) {
      String problem = rows[r] < 0 ? (isValue && m[r] != null ? " is not null, expected null"
          : null) : arrayProblem(m[r], rows[r]);
      if (problem != null) {
        return "[" + r + "]" + problem;
      }
    }
    return null;
  }

  /** An array of values (or of their tangents) shaped element by element like {@code want}. */
  private static String elementsProblem(ValueType element, Object part, Shape[] want,
      boolean isValue) {
    String expected = "a " + element.type.getSimpleName() + "[" + want.length + "]";
    if (!(part instanceof Object[] elements)) {
      return " is null, expected " + expected;
    }
    if (elements.length != want.length) {
      return " has " + elements.length + " elements, expected " + expected;
    }
    for (int e = 0; e < want.length; e++) {
      String problem = want[e] == null
          ? (isValue && elements[e] != null ? " is not null, expected null" : null)
          : element.problem(elements[e], want[e]);
      if (problem != null) {
        return "[" + e + "]" + problem;
      }
    }
    return null;
  }

  private static String cubeProblem(Object part, int[][] matrices, boolean isValue) {
    String expected = "a double[" + matrices.length + "][][]";
    if (!(part instanceof double[][][] cube)) {
      return " is null, expected " + expected;
    }
    if (cube.length != matrices.length) {
      return " is a double[" + cube.length + "][][], expected " + expected;
    }
    for (int m = 0; m < matrices.length; m++) {
      String problem = matrices[m] == null
          ? (isValue && cube[m] != null ? " is not null, expected null" : null)
          : matrixProblem(cube[m], matrices[m], isValue);
      if (problem != null) {
        return "[" + m + "]" + problem;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------------------------- entries

  /**
   * The entries of a value of this type or of a tangent, shaped like {@code shape} ({@link
   * #problem} must be null for them).
   */
  double[] values(Object piece, Shape shape) {
    double[] values = new double[shape.width];
    read(piece, shape, values, 0);
    return values;
  }

  private int read(Object piece, Shape shape, double[] into, int at) {
    for (int c = 0; c < kinds.length; c++) {
      if (kinds[c] == ParamKind.PASSIVE || shape.parts[c] == null) {
        continue;
      }
      Object part = part(piece, c);
      switch (kinds[c]) {
        case DOUBLE, FLOAT -> into[at++] = ((Number) part).doubleValue();
        case DOUBLE_ARRAY -> at = readArray((double[]) part, (Integer) shape.parts[c], into, at);
        case DOUBLE_MATRIX -> at = readMatrix((double[][]) part, (int[]) shape.parts[c], into, at);
        case DOUBLE_CUBE -> {
          int[][] matrices = (int[][]) shape.parts[c];
          for (int m = 0; m < matrices.length; m++) {
            if (matrices[m] != null) {
              at = readMatrix(((double[][][]) part)[m], matrices[m], into, at);
            }
          }
        }
        case RECORD_ARRAY -> {
          Shape[] shapes = (Shape[]) shape.parts[c];
          for (int e = 0; e < shapes.length; e++) {
            if (shapes[e] != null) {
              at = nested[c].read(((Object[]) part)[e], shapes[e], into, at);
            }
          }
        }
        default -> at = nested[c].read(part, (Shape) shape.parts[c], into, at);
      }
    }
    return at;
  }

  private static int readMatrix(double[][] m, int[] rows, double[] into, int at) {
    for (int r = 0; r < rows.length; r++) {
      if (rows[r] >= 0) {
        at = readArray(m[r], rows[r], into, at);
      }
    }
    return at;
  }

  private static int readArray(double[] array, int length, double[] into, int at) {
    System.arraycopy(array, 0, into, at, length);
    return at + length;
  }

  /**
   * Returns {@code value} rebuilt with its entries set to {@code values} ({@code (float)} for a
   * {@code float} component): its {@code double[]}/{@code double[][]}/{@code double[][][]}
   * components are fresh arrays holding the new entries (null rows, sub-matrices and arrays stay
   * null), nested values are rebuilt
   * along the way, and passive components are kept (the same objects). A record is built
   * through its canonical constructor, a class by setting its fields on a new instance. Throws
   * what a constructor throws.
   */
  Object withValues(Object value, double[] values) {
    return rebuild(value, values, new int[1]);
  }

  private Object rebuild(Object value, double[] values, int[] at) {
    Object[] components = new Object[kinds.length];
    for (int c = 0; c < kinds.length; c++) {
      Object component = component(value, c);
      switch (kinds[c]) {
        case DOUBLE -> component = values[at[0]++];
        case FLOAT -> component = (float) values[at[0]++];
        case DOUBLE_ARRAY -> component = component == null ? null
            : fill(new double[((double[]) component).length], values, at);
        case DOUBLE_MATRIX -> component = component == null ? null
            : refill((double[][]) component, values, at);
        case DOUBLE_CUBE -> {
          if (component != null) {
            double[][][] cube = ((double[][][]) component).clone();
            for (int m = 0; m < cube.length; m++) {
              cube[m] = cube[m] == null ? null : refill(cube[m], values, at);
            }
            component = cube;
          }
        }
        case RECORD -> component = component == null ? null
            : nested[c].rebuild(component, values, at);
        case RECORD_ARRAY -> {
          if (component != null) {
            Object[] elements = ((Object[]) component).clone();
            for (int e = 0; e < elements.length; e++) {
              elements[e] = elements[e] == null ? null
                  : nested[c].rebuild(elements[e], values, at);
            }
            component = elements;
          }
        }
        default -> { }
      }
      components[c] = component;
    }
    return construct(value, components);
  }

  /** A fresh matrix shaped like {@code m} (null rows stay null) holding the next entries. */
  private static double[][] refill(double[][] m, double[] values, int[] at) {
    double[][] fresh = new double[m.length][];
    for (int r = 0; r < m.length; r++) {
      fresh[r] = m[r] == null ? null : fill(new double[m[r].length], values, at);
    }
    return fresh;
  }

  private static double[] fill(double[] array, double[] values, int[] at) {
    System.arraycopy(values, at[0], array, 0, array.length);
    at[0] += array.length;
    return array;
  }

  /**
   * A new tangent holding {@code values}, shaped like {@code shape} (arrays of the value's
   * lengths, null where the value's array or nested value is null), built through its
   * field-by-field constructor.
   */
  Object tangentOf(double[] values, Shape shape) {
    return tangentOf(values, shape, new int[1]);
  }

  private Object tangentOf(double[] values, Shape shape, int[] at) {
    List<Object> fields = new ArrayList<>();
    for (int c = 0; c < kinds.length; c++) {
      Object part = shape.parts[c];
      switch (kinds[c]) {
        case PASSIVE -> {
          continue;
        }
        case DOUBLE, FLOAT -> fields.add(values[at[0]++]);
        case DOUBLE_ARRAY -> fields.add(part == null ? null
            : fill(new double[(Integer) part], values, at));
        case DOUBLE_MATRIX -> fields.add(part == null ? null : matrixOf((int[]) part, values, at));
        case DOUBLE_CUBE -> {
          double[][][] cube = null;
          if (part != null) {
            int[][] matrices = (int[][]) part;
            cube = new double[matrices.length][][];
            for (int m = 0; m < matrices.length; m++) {
              cube[m] = matrices[m] == null ? null : matrixOf(matrices[m], values, at);
            }
          }
          fields.add(cube);
        }
        case RECORD_ARRAY -> {
          Object[] tangents = null;
          if (part != null) {
            Shape[] shapes = (Shape[]) part;
            tangents = (Object[]) Array.newInstance(nested[c].tangent, shapes.length);
            for (int e = 0; e < shapes.length; e++) {
              tangents[e] = shapes[e] == null ? null
                  : nested[c].tangentOf(values, shapes[e], at);
            }
          }
          fields.add(tangents);
        }
        default -> fields.add(part == null ? null : nested[c].tangentOf(values, (Shape) part, at));
      }
    }
    return newInstance(tangentConstructor, fields.toArray());
  }

  /** A new matrix with rows of these lengths (null for -1) holding the next entries. */
  private static double[][] matrixOf(int[] rows, double[] values, int[] at) {
    double[][] m = new double[rows.length][];
    for (int r = 0; r < rows.length; r++) {
      m[r] = rows[r] < 0 ? null : fill(new double[rows[r]], values, at);
    }
    return m;
  }

  /**
   * The component path of entry {@code entry} of a value shaped like {@code shape}, for example
   * {@code origin.x}, {@code b[2]}, {@code a[1][0]} or {@code w[1][0][2]}.
   */
  String entryName(Shape shape, int entry) {
    for (int c = 0; c < kinds.length; c++) {
      Object part = shape.parts[c];
      if (kinds[c] == ParamKind.PASSIVE || part == null) {
        continue;
      }
      switch (kinds[c]) {
        case DOUBLE, FLOAT -> {
          if (entry == 0) {
            return names[c];
          }
          entry--;
        }
        case DOUBLE_ARRAY -> {
          if (entry < (Integer) part) {
            return names[c] + "[" + entry + "]";
          }
          entry -= (Integer) part;
        }
        case DOUBLE_MATRIX -> {
          int[] rows = (int[]) part;
          if (entry < width(rows)) {
            return names[c] + matrixIndex(rows, entry);
          }
          entry -= width(rows);
        }
        case DOUBLE_CUBE -> {
          int[][] matrices = (int[][]) part;
          for (int m = 0; m < matrices.length; m++) {
            int width = matrices[m] == null ? 0 : width(matrices[m]);
            if (entry < width) {
              return names[c] + "[" + m + "]" + matrixIndex(matrices[m], entry);
            }
            entry -= width;
          }
        }
        case RECORD_ARRAY -> {
          Shape[] shapes = (Shape[]) part;
          for (int e = 0; e < shapes.length; e++) {
            int width = shapes[e] == null ? 0 : shapes[e].width;
            if (entry < width) {
              return names[c] + "[" + e + "]." + nested[c].entryName(shapes[e], entry);
            }
            entry -= width;
          }
        }
        default -> {
          Shape inner = (Shape) part;
          if (entry < inner.width) {
            return names[c] + "." + nested[c].entryName(inner, entry);
          }
          entry -= inner.width;
        }
      }
    }
    throw new IndexOutOfBoundsException(entry);
  }

  /** For example {@code [1][0]}: where entry {@code entry} of rows of these lengths is. */
  private static String matrixIndex(int[] rows, int entry) {
    for (int r = 0; r < rows.length; r++) {
      if (entry < rows[r]) {
        return "[" + r + "][" + entry + "]";
      }
      entry -= Math.max(rows[r], 0);
    }
    throw new IndexOutOfBoundsException(entry);
  }

  /**
   * Renders entries shaped like {@code shape} as {@code (x = 1.0, b = [2.0, 3.0], origin.y =
   * 4.0)}: a scalar by its path, an array, a matrix or a {@code double[][][]} whole, null where
   * the value is null.
   */
  String render(double[] values, Shape shape) {
    List<String> parts = new ArrayList<>();
    renderInto(values, shape, new int[1], "", parts);
    return "(" + String.join(", ", parts) + ")";
  }

  private void renderInto(double[] values, Shape shape, int[] at, String prefix,
      List<String> out) {
    for (int c = 0; c < kinds.length; c++) {
      Object part = shape.parts[c];
      String name = prefix + names[c];
      if (kinds[c] == ParamKind.PASSIVE) {
        continue;
      }
      if (part == null) {
        out.add(name + " = null");
        continue;
      }
      switch (kinds[c]) {
        case DOUBLE, FLOAT -> out.add(name + " = " + values[at[0]++]);
        case DOUBLE_ARRAY -> out.add(name + " = "
            + Arrays.toString(fill(new double[(Integer) part], values, at)));
        case DOUBLE_MATRIX -> out.add(name + " = " + renderMatrix((int[]) part, values, at));
        case DOUBLE_CUBE -> {
          StringJoiner matrices = new StringJoiner(", ", "[", "]");
          for (int[] rows : (int[][]) part) {
            matrices.add(rows == null ? "null" : renderMatrix(rows, values, at));
          }
          out.add(name + " = " + matrices);
        }
        case RECORD_ARRAY -> {
          Shape[] shapes = (Shape[]) part;
          for (int e = 0; e < shapes.length; e++) {
            if (shapes[e] == null) {
              out.add(name + "[" + e + "] = null");
            } else {
              nested[c].renderInto(values, shapes[e], at, name + "[" + e + "].", out);
            }
          }
        }
        default -> nested[c].renderInto(values, (Shape) part, at, name + ".", out);
      }
    }
  }

  private static String renderMatrix(int[] rows, double[] values, int[] at) {
    StringJoiner joiner = new StringJoiner(", ", "[", "]");
    for (int length : rows) {
      joiner.add(length < 0 ? "null" : Arrays.toString(fill(new double[length], values, at)));
    }
    return joiner.toString();
  }

  /**
   * Describes a shape for messages, for example {@code (a: double[2][] rows (3, 3), b:
   * double[3], w: double[2][][] rows ((3, 3), null))}.
   */
  String describe(Shape shape) {
    StringJoiner joiner = new StringJoiner(", ", "(", ")");
    for (int c = 0; c < kinds.length; c++) {
      Object part = shape.parts[c];
      if (kinds[c] == ParamKind.PASSIVE || kinds[c].isScalar()) {
        continue;
      }
      if (part == null) {
        joiner.add(names[c] + ": null");
      } else if (kinds[c] == ParamKind.DOUBLE_ARRAY) {
        joiner.add(names[c] + ": double[" + part + "]");
      } else if (kinds[c] == ParamKind.DOUBLE_MATRIX) {
        int[] rows = (int[]) part;
        joiner.add(names[c] + ": double[" + rows.length + "][] rows " + describeRows(rows));
      } else if (kinds[c] == ParamKind.DOUBLE_CUBE) {
        int[][] matrices = (int[][]) part;
        joiner.add(names[c] + ": double[" + matrices.length + "][][] rows " + Arrays
            .stream(matrices)
            .map(rows -> rows == null ? "null" : describeRows(rows))
            .collect(Collectors.joining(", ", "(", ")")));
      } else if (kinds[c] == ParamKind.RECORD_ARRAY) {
        ValueType element = nested[c];
        joiner.add(names[c] + ": " + element.type.getSimpleName() + "[" + ((Shape[]) part).length
            + "] " + Arrays.stream((Shape[]) part)
                .map(inner -> inner == null ? "null" : element.describe(inner))
                .collect(Collectors.joining(", ", "(", ")")));
      } else {
        joiner.add(names[c] + ": " + nested[c].describe((Shape) part));
      }
    }
    return joiner.toString();
  }

  /** For example {@code (3, null, 1)}. */
  private static String describeRows(int[] rows) {
    return Arrays.stream(rows)
        .mapToObj(r -> r < 0 ? "null" : String.valueOf(r))
        .collect(Collectors.joining(", ", "(", ")"));
  }

  // ----------------------------------------------------------- copies, equality and rendering

  /**
   * True if values of this type may hold memory a method can write: a class (its fields may be
   * arrays or mutable), or a record with an array component or a component of such a type.
   */
  boolean holdsMemory() {
    if (holdsMemory == null) {
      holdsMemory = computeHoldsMemory(new HashSet<>());
    }
    return holdsMemory;
  }

  private boolean computeHoldsMemory(Set<Class<?>> seen) {
    if (!type.isRecord()) {
      return true;
    }
    seen.add(type);
    for (Class<?> t : types) {
      if (t.isArray() || isValueType(t) && (seen.contains(t) || of(t).computeHoldsMemory(seen))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A deep copy of {@code value} (arrays, and values holding memory, copied; other objects
   * shared), keeping the identities among the originals through {@code copies}: an object met
   * twice is copied once and the copy appears in both places.
   */
  static Object copy(Object value, Map<Object, Object> copies) {
    if (value == null) {
      return null;
    }
    Class<?> type = value.getClass();
    boolean array = type.isArray();
    if (!array && !(isValueType(type) && of(type).holdsMemory())) {
      return value;
    }
    Object known = copies.get(value);
    if (known != null) {
      return known;
    }
    if (array) {
      int length = Array.getLength(value);
      Object copy = Array.newInstance(type.getComponentType(), length);
      copies.put(value, copy);
      if (type.getComponentType().isPrimitive()) {
        System.arraycopy(value, 0, copy, 0, length);
      } else {
        for (int e = 0; e < length; e++) {
          Array.set(copy, e, copy(Array.get(value, e), copies));
        }
      }
      return copy;
    }
    ValueType valueType = of(type);
    Object[] components = new Object[valueType.types.length];
    for (int c = 0; c < components.length; c++) {
      components[c] = copy(valueType.component(value, c), copies);
    }
    Object copy = valueType.construct(value, components);
    copies.put(value, copy);
    return copy;
  }

  /**
   * True if {@code a} and {@code b} have the same contents: arrays element by element ({@code
   * double}s bit for bit, as {@link Arrays#equals(double[], double[])}), values of value types
   * component by component, other objects by {@code equals}.
   */
  static boolean deepEquals(Object a, Object b) {
    return firstDifference(a, b, "") == null;
  }

  /**
   * Where {@code a} and {@code b} first differ, as a path below {@code path} with both sides (for
   * example {@code "t.b[1]: 2.0 vs 3.0"}), or null if they have the same contents.
   */
  static String firstDifference(Object a, Object b, String path) {
    if (a == b) {
      return null;
    }
    String here = path.isEmpty() ? "" : path + ": ";
    if (a == null || b == null || a.getClass() != b.getClass()) {
      return here + render(a) + " vs " + render(b);
    }
    Class<?> type = a.getClass();
    if (type.isArray()) {
      int length = Array.getLength(a);
      if (Array.getLength(b) != length) {
        return here + "lengths " + length + " vs " + Array.getLength(b);
      }
      if (type.getComponentType().isPrimitive()) {
        Object[] boxedA = new Object[] {a};
        Object[] boxedB = new Object[] {b};
        if (Arrays.deepEquals(boxedA, boxedB)) {
          return null;
        }
      }
      for (int e = 0; e < length; e++) {
        String difference = firstDifference(Array.get(a, e), Array.get(b, e), path + "[" + e + "]");
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    if (isValueType(type)) {
      ValueType valueType = of(type);
      for (int c = 0; c < valueType.types.length; c++) {
        String difference = firstDifference(valueType.component(a, c),
            valueType.component(b, c), path + (path.isEmpty() ? "" : ".") + valueType.names[c]);
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    // boxed numbers compare bit for bit (Double.equals), other objects by equals
    return a.equals(b) ? null : here + render(a) + " vs " + render(b);
  }

  /**
   * Renders a value for messages: arrays by contents ({@code [1.0, 2.0]}, nested arrays too), a
   * value holding memory as {@code Table[name=s, b=[1.0, 2.0], scale=0.5]}, a record of numbers
   * by its {@code toString}, other objects by {@code String.valueOf}.
   */
  static String render(Object value) {
    if (value == null) {
      return "null";
    }
    Class<?> type = value.getClass();
    if (type.isArray()) {
      if (type.getComponentType().isPrimitive()) {
        String wrapped = Arrays.deepToString(new Object[] {value});
        return wrapped.substring(1, wrapped.length() - 1);
      }
      StringJoiner joiner = new StringJoiner(", ", "[", "]");
      for (int e = 0; e < Array.getLength(value); e++) {
        joiner.add(render(Array.get(value, e)));
      }
      return joiner.toString();
    }
    if (isValueType(type) && of(type).holdsMemory()) {
      ValueType valueType = of(type);
      StringJoiner joiner = new StringJoiner(", ", type.getSimpleName() + "[", "]");
      for (int c = 0; c < valueType.types.length; c++) {
        joiner.add(valueType.names[c] + "=" + render(valueType.component(value, c)));
      }
      return joiner.toString();
    }
    return String.valueOf(value);
  }

  // ----------------------------------------------------------------------------- reflection

  static Object newInstance(Constructor<?> constructor, Object[] args) {
    try {
      return constructor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw RuleMethods.<RuntimeException>sneakyThrow(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  static Object get(Field field, Object target) {
    try {
      return field.get(target);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
