package io.jgrad.check;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A plain class used as data, as a {@link ValueType}: {@code final class Csr { final int[] rowPtr;
 * final double[] values; final double scale; ... }}. Its instance fields, in declaration order
 * and of any visibility, play the role of a record's components (static and synthetic fields do
 * not); they are read by reflection. A value is built without running a constructor of the class
 * (the class's constructors take whatever their authors chose): a new instance is allocated as
 * serialization allocates one (Object's constructor only; or through the class's no-argument
 * constructor where that is unavailable) and every field is set by reflection, final fields too
 * (allowed for ordinary classes on JDK 17 after {@code setAccessible(true)}, without
 * {@code --add-opens} for classes of the unnamed module).
 *
 * <p>A data class (see {@link #isDataClass}) is a concrete, non-enum class outside the JDK whose
 * superclass is {@code Object}, which is not an inner class, and whose instance fields are all
 * numbers, booleans, chars, Strings, enums, arrays of {@code double}, {@code int}, {@code long},
 * {@code boolean} or {@code String} (one or two dimensions), {@code double[][][]}, records or
 * data classes or one-dimensional arrays of them, with at least one field.
 */
final class ClassType extends ValueType {
  private static final ClassValue<Boolean> DATA = new ClassValue<>() {
    @Override
    protected Boolean computeValue(Class<?> type) {
      return isDataClass(type, new HashSet<>());
    }
  };

  /** {@code sun.reflect.ReflectionFactory} (module jdk.unsupported), or null if unavailable. */
  private static final Object REFLECTION_FACTORY;
  private static final Method NEW_CONSTRUCTOR_FOR_SERIALIZATION;

  static {
    Object factory = null;
    Method method = null;
    try {
      Class<?> type = Class.forName("sun.reflect.ReflectionFactory");
      factory = type.getMethod("getReflectionFactory").invoke(null);
      method = type.getMethod("newConstructorForSerialization", Class.class, Constructor.class);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      factory = null;
      method = null;
    }
    REFLECTION_FACTORY = factory;
    NEW_CONSTRUCTOR_FOR_SERIALIZATION = method;
  }

  private final Field[] fields;
  private Constructor<?> allocator;

  private ClassType(Class<?> type, Field[] fields, Set<Class<?>> enclosing) {
    super(type, Arrays.stream(fields).map(Field::getName).toArray(String[]::new),
        Arrays.stream(fields).map(Field::getType).toArray(Class<?>[]::new), enclosing);
    this.fields = fields;
    for (Field field : fields) {
      field.setAccessible(true);
    }
  }

  static ClassType create(Class<?> type, Set<Class<?>> enclosing) {
    return new ClassType(type, instanceFields(type), enclosing);
  }

  /** The instance fields of {@code type}, in declaration order: its components. */
  static Field[] instanceFields(Class<?> type) {
    // getDeclaredFields returns fields in declaration order on HotSpot (not promised by the spec)
    return Arrays.stream(type.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic())
        .toArray(Field[]::new);
  }

  static Class<?>[] componentTypes(Class<?> type) {
    return Arrays.stream(instanceFields(type)).map(Field::getType).toArray(Class<?>[]::new);
  }

  /** True if {@code type} is a plain class used as data (see the class comment). */
  static boolean isDataClass(Class<?> type) {
    return DATA.get(type);
  }

  private static boolean isDataClass(Class<?> type, Set<Class<?>> visiting) {
    int modifiers = type.getModifiers();
    if (type.isPrimitive() || type.isArray() || type.isInterface() || type.isEnum()
        || type.isRecord() || type.isAnnotation() || Modifier.isAbstract(modifiers)
        || type.getSuperclass() != Object.class
        || (type.getEnclosingClass() != null && !Modifier.isStatic(modifiers))
        || inJdk(type)) {
      return false;
    }
    Field[] fields = instanceFields(type);
    if (fields.length == 0) {
      return false;
    }
    visiting.add(type);
    try {
      for (Field field : fields) {
        if (!isComponentType(field.getType(), visiting)) {
          return false;
        }
      }
      return true;
    } finally {
      visiting.remove(type);
    }
  }

  private static boolean inJdk(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
        || name.startsWith("sun.") || name.startsWith("com.sun.");
  }

  private static boolean isComponentType(Class<?> type, Set<Class<?>> visiting) {
    if (type.isPrimitive() || type == String.class || type.isEnum()) {
      return true;
    }
    if (type == double[][][].class) {
      return true;
    }
    if (type.isArray()) {
      Class<?> element = type.getComponentType();
      if (!element.isArray() && !element.isPrimitive() && element != String.class) {
        // Particle[]: an array of records or data classes
        return element.isRecord() || visiting.contains(element)
            || isDataClass(element, visiting);
      }
      if (element.isArray()) {
        element = element.getComponentType();
      }
      return element == double.class || element == int.class || element == long.class
          || element == boolean.class || element == String.class;
    }
    if (type.isRecord() || visiting.contains(type)) {
      return true;
    }
    return isDataClass(type, visiting);
  }

  @Override
  Object component(Object value, int c) {
    return get(fields[c], value);
  }

  @Override
  Object construct(Object template, Object[] components) {
    Object value = newInstance(allocator(), new Object[0]);
    for (int c = 0; c < fields.length; c++) {
      try {
        fields[c].set(value, components[c]);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot set field " + fields[c] + " by reflection", e);
      }
    }
    return value;
  }

  @Override
  String what() {
    return "class";
  }

  /** A constructor allocating an instance without running the class's own constructors. */
  private Constructor<?> allocator() {
    if (allocator == null) {
      Constructor<?> found = null;
      if (NEW_CONSTRUCTOR_FOR_SERIALIZATION != null) {
        try {
          found = (Constructor<?>) NEW_CONSTRUCTOR_FOR_SERIALIZATION.invoke(
              REFLECTION_FACTORY, type, Object.class.getDeclaredConstructor());
        } catch (ReflectiveOperationException | RuntimeException e) {
          found = null;
        }
      }
      if (found == null) {
        try {
          found = type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
          throw new IllegalStateException("cannot allocate a " + type.getName()
              + ": sun.reflect.ReflectionFactory is unavailable and it has no no-argument"
              + " constructor");
        }
      }
      found.setAccessible(true);
      allocator = found;
    }
    return allocator;
  }
}
