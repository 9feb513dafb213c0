package io.jgrad.fuzz;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Values of a program's record types for the checker: their classes ({@code Prog5$R0}), random
 * records, the same arguments for the traced twin (whose records are its own nested classes,
 * {@code Prog5T$R0}) and a form of results and arguments that compares records of the two by
 * their contents.
 */
final class RecordValues {
  private RecordValues() {}

  /**
   * The class of {@code type} (a record or generated class type, or an array of one) in the
   * program class {@code owner}.
   */
  static Class<?> classOf(JType type, Class<?> owner) {
    String name = type.decl != null ? type.decl.name : type.cls.name;
    Class<?> record = load(owner.getName() + "$" + name, owner.getClassLoader());
    return type.isRecordArray() || type.isObjectArray() ? record.arrayType() : record;
  }

  static Class<?> load(String name, ClassLoader loader) {
    try {
      return Class.forName(name, true, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A random record of {@code type}: double and float components in [-2, 2], ints and longs in
   * [-1, 4], booleans, nested records likewise.
   */
  static Object random(JType type, Class<?> owner, Random random) {
    RecordDecl decl = type.decl;
    Object[] values = new Object[decl.components.size()];
    for (int c = 0; c < values.length; c++) {
      JType t = decl.components.get(c).type();
      values[c] = switch (t.kind) {
        case DOUBLE -> -2 + 4 * random.nextDouble();
        case FLOAT -> (float) (-2 + 4 * random.nextDouble());
        case INT -> random.nextInt(6) - 1;
        case LONG -> (long) (random.nextInt(6) - 1);
        case BOOLEAN -> random.nextBoolean();
        case RECORD -> random(t, owner, random);
        default -> throw new IllegalArgumentException(t.java);
      };
    }
    return construct(classOf(type, owner), values);
  }

  /** A random array of one to four records of {@code type}'s element type. */
  static Object randomArray(JType type, Class<?> owner, Random random) {
    Object array = Array.newInstance(classOf(type.decl.type, owner), 1 + random.nextInt(4));
    for (int i = 0; i < Array.getLength(array); i++) {
      // (never one record at two positions: GradCheck takes an element whose final contents
      // equal its entry contents for one the method left alone, and a method that copies one
      // position onto the other would fail its accumulation check although it is right)
      Array.set(array, i, random(type.decl.type, owner, random));
    }
    return array;
  }

  /** Builds a record through its canonical constructor. */
  static Object construct(Class<?> record, Object[] components) {
    RecordComponent[] rc = record.getRecordComponents();
    Class<?>[] types = new Class<?>[rc.length];
    for (int c = 0; c < rc.length; c++) {
      types[c] = rc[c].getType();
    }
    try {
      return newInstance(record.getDeclaredConstructor(types), components);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Calls {@code constructor} (made accessible) with {@code args}; a runtime exception it throws
   * (a validating constructor) goes on as it is.
   */
  static Object newInstance(Constructor<?> constructor, Object[] args) {
    try {
      constructor.setAccessible(true);
      return constructor.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object component(Object record, RecordComponent c) {
    try {
      c.getAccessor().setAccessible(true);
      return c.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * {@code args} with every record of the program class {@code from} (and every array of them)
   * rebuilt as the record of the same name in {@code to}, keeping which arguments are one array;
   * other values are kept.
   */
  static Object[] translate(Object[] args, Class<?> from, Class<?> to) {
    Map<Object, Object> done = new IdentityHashMap<>();
    Object[] result = args.clone();
    for (int i = 0; i < result.length; i++) {
      result[i] = translate(result[i], from, to, done);
    }
    return result;
  }

  private static Object translate(Object value, Class<?> from, Class<?> to,
      Map<Object, Object> done) {
    if (value == null) {
      return null;
    }
    Class<?> c = value.getClass();
    String prefix = from.getName() + "$";
    if (c.isArray() && c.getComponentType().getName().startsWith(prefix)) {
      Object known = done.get(value);
      if (known != null) {
        return known;
      }
      Class<?> element = load(to.getName() + "$" + c.getComponentType().getSimpleName(),
          to.getClassLoader());
      int n = Array.getLength(value);
      Object array = Array.newInstance(element, n);
      done.put(value, array);
      for (int i = 0; i < n; i++) {
        Array.set(array, i, translate(Array.get(value, i), from, to, done));
      }
      return array;
    }
    if (c.isRecord() && c.getName().startsWith(prefix)) {
      RecordComponent[] rc = c.getRecordComponents();
      Object[] values = new Object[rc.length];
      for (int k = 0; k < rc.length; k++) {
        values[k] = translate(component(value, rc[k]), from, to, done);
      }
      return construct(load(to.getName() + "$" + c.getSimpleName(), to.getClassLoader()),
          values);
    }
    if (c.getName().startsWith(prefix)) {
      Object object = ObjectValues.allocate(load(to.getName() + "$" + c.getSimpleName(),
          to.getClassLoader()));
      done.put(value, object);
      Object[] fields = ObjectValues.fields(value);
      for (int k = 0; k < fields.length; k++) {
        fields[k] = translate(fields[k], from, to, done);
      }
      ObjectValues.setFields(object, fields);
      return object;
    }
    return value;
  }

  /**
   * A form of {@code value} to compare with {@link java.util.Objects#deepEquals}: records and
   * objects of generated classes become lists of their type's simple name and their components
   * (fields), arrays of them lists of those; other values are kept.
   */
  static Object comparable(Object value) {
    if (value == null) {
      return null;
    }
    Class<?> c = value.getClass();
    if (c.isArray() && (c.getComponentType().isRecord()
        || ObjectValues.isGenerated(c.getComponentType()))) {
      List<Object> list = new ArrayList<>();
      list.add("array");
      for (int i = 0; i < Array.getLength(value); i++) {
        list.add(comparable(Array.get(value, i)));
      }
      return list;
    }
    if (c.isRecord()) {
      List<Object> list = new ArrayList<>();
      list.add(c.getSimpleName());
      for (RecordComponent rc : c.getRecordComponents()) {
        list.add(comparable(component(value, rc)));
      }
      return list;
    }
    if (ObjectValues.isGenerated(c)) {
      List<Object> list = new ArrayList<>();
      list.add(c.getSimpleName());
      for (Object field : ObjectValues.fields(value)) {
        list.add(comparable(field));
      }
      return list;
    }
    return value;
  }

  /** {@link #comparable} of each argument. */
  static Object[] comparable(Object[] args) {
    Object[] result = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      result[i] = comparable(args[i]);
    }
    return result;
  }
}
