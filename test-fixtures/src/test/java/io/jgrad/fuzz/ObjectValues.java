package io.jgrad.fuzz;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Random;

/**
 * Objects of a program's generated classes ({@link ClassDecl}) for the checker: random objects
 * built through their constructor, and reflective access to their fields, with which {@link
 * RecordValues} rebuilds them for the traced twin and compares them by contents.
 */
final class ObjectValues {
  private ObjectValues() {}

  /** True for a generated class ({@code fuzzgen.p5.Prog5$C0}): nested, neither record nor enum. */
  static boolean isGenerated(Class<?> c) {
    return c.getName().startsWith("fuzzgen.") && c.getEnclosingClass() != null && !c.isRecord()
        && !c.isEnum() && !c.isArray();
  }

  /**
   * A random object of {@code type} through its constructor: doubles and floats in [-2, 2],
   * ints in [-1, 4], booleans, records and objects likewise; then the numeric fields the
   * constructor leaves at 0 set to values away from 0 (as code that ran before could have).
   */
  static Object random(JType type, Class<?> owner, Random random) {
    java.util.List<ClassDecl.Field> params = type.cls.constructorParams();
    Object[] values = new Object[params.size()];
    for (int k = 0; k < values.length; k++) {
      JType t = params.get(k).type();
      values[k] = switch (t.kind) {
        case DOUBLE -> -2 + 4 * random.nextDouble();
        case FLOAT -> (float) (-2 + 4 * random.nextDouble());
        case INT -> random.nextInt(6) - 1;
        case BOOLEAN -> random.nextBoolean();
        case RECORD -> RecordValues.random(t, owner, random);
        case OBJECT -> random(t, owner, random);
        default -> throw new IllegalArgumentException(t.java);
      };
    }
    Object object = construct(RecordValues.classOf(type, owner), values);
    for (ClassDecl.Field f : type.cls.fields) {
      if (f.init() == ClassDecl.Init.DEFAULT && f.isNumeric()) {
        // not 0: GradCheck takes an array whose final contents equal its entry contents for
        // one the method left alone, and x[0] += o.acc * w with acc == 0 writes it unchanged
        setField(object, f.name(), f.type() == JType.INT ? (Object) (1 + random.nextInt(4))
            : (Object) (0.25 + 1.75 * random.nextDouble()));
      }
    }
    return object;
  }

  private static void setField(Object object, String name, Object value) {
    try {
      Field field = object.getClass().getDeclaredField(name);
      field.setAccessible(true);
      field.set(object, value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A random array of one to four distinct objects of {@code type}'s element type. */
  static Object randomArray(JType type, Class<?> owner, Random random) {
    Object array = Array.newInstance(RecordValues.classOf(type.cls.type, owner),
        1 + random.nextInt(4));
    for (int i = 0; i < Array.getLength(array); i++) {
      Array.set(array, i, random(type.cls.type, owner, random));
    }
    return array;
  }

  private static Object construct(Class<?> c, Object[] args) {
    return RecordValues.newInstance(c.getDeclaredConstructors()[0], args);
  }

  /** An object of {@code c} with default constructor arguments (its fields to be set). */
  static Object allocate(Class<?> c) {
    Constructor<?> constructor = c.getDeclaredConstructors()[0];
    Object[] args = new Object[constructor.getParameterCount()];
    Class<?>[] types = constructor.getParameterTypes();
    for (int k = 0; k < args.length; k++) {
      args[k] = types[k].isPrimitive() ? Array.get(Array.newInstance(types[k], 1), 0) : null;
    }
    return construct(c, args);
  }

  private static Field[] instanceFields(Class<?> c) {
    Field[] fields = Arrays.stream(c.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic())
        .toArray(Field[]::new);
    for (Field f : fields) {
      f.setAccessible(true);
    }
    return fields;
  }

  /** The values of the instance fields of {@code object}, in declaration order. */
  static Object[] fields(Object object) {
    Field[] fields = instanceFields(object.getClass());
    Object[] values = new Object[fields.length];
    try {
      for (int k = 0; k < fields.length; k++) {
        values[k] = fields[k].get(object);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    return values;
  }

  /** Sets the instance fields of {@code object} (final ones too), in declaration order. */
  static void setFields(Object object, Object[] values) {
    Field[] fields = instanceFields(object.getClass());
    try {
      for (int k = 0; k < fields.length; k++) {
        fields[k].set(object, values[k]);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
