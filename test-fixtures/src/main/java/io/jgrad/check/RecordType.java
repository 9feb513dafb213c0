package io.jgrad.check;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Set;

/**
 * A record as a {@link ValueType}: its components are the record components, read through their
 * accessors, and a value is built through the canonical constructor (of any visibility), which
 * may validate its arguments and throw.
 */
final class RecordType extends ValueType {
  private final Method[] accessors;
  private final Constructor<?> canonical;

  private RecordType(Class<?> type, RecordComponent[] components, Set<Class<?>> enclosing) {
    super(type,
        Arrays.stream(components).map(RecordComponent::getName).toArray(String[]::new),
        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new),
        enclosing);
    accessors = new Method[components.length];
    for (int c = 0; c < components.length; c++) {
      accessors[c] = components[c].getAccessor();
      accessors[c].setAccessible(true);
    }
    canonical = canonical(type);
  }

  static RecordType create(Class<?> type, Set<Class<?>> enclosing) {
    return new RecordType(type, type.getRecordComponents(), enclosing);
  }

  /** Reads a record type ({@code type.isRecord()}); cached per class. */
  static RecordType of(Class<?> type) {
    return (RecordType) ValueType.of(type);
  }

  /**
   * True for a record type with a differentiable component: {@code double}, {@code float},
   * {@code double[]}, {@code double[][]}, {@code double[][][]}, or a differentiable record (or
   * data class).
   */
  static boolean isDifferentiable(Class<?> type) {
    return type.isRecord() && ValueType.isDifferentiable(type);
  }

  static Class<?>[] componentTypes(Class<?> type) {
    return Arrays.stream(type.getRecordComponents())
        .map(RecordComponent::getType)
        .toArray(Class<?>[]::new);
  }

  @Override
  Object component(Object value, int c) {
    return RuleMethods.call(accessors[c], value);
  }

  @Override
  Object construct(Object template, Object[] components) {
    return newInstance(canonical, components);
  }

  @Override
  String what() {
    return "record";
  }

  /**
   * Builds a record of class {@code type} through its canonical constructor (of any visibility).
   * Throws what the constructor throws.
   */
  static Object construct(Class<?> type, Object[] components) {
    return newInstance(canonical(type), components);
  }

  private static Constructor<?> canonical(Class<?> type) {
    try {
      Constructor<?> canonical = type.getDeclaredConstructor(componentTypes(type));
      canonical.setAccessible(true);
      return canonical;
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "record " + type.getName() + " has no canonical constructor");
    }
  }
}
