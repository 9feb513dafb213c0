package io.jgrad.processor.lower;

import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.IVariableBinding;

/** Maps JDT type bindings to IR types. */
public final class JdtTypes {
  private JdtTypes() {}

  /**
   * The IR type, or null for a type the IR does not model (objects other than String, arrays of
   * them).
   */
  public static Type of(ITypeBinding binding) {
    return of(binding, new HashSet<>());
  }

  private static Type of(ITypeBinding binding, Set<String> enclosingRecords) {
    if (binding == null) {
      return null;
    }
    if (binding.isPrimitive()) {
      return Type.primitive(binding.getName());
    }
    if (binding.isArray()) {
      Type element = of(binding.getElementType(), enclosingRecords);
      if (element != null && element.isRecord() && binding.getDimensions() == 1) {
        // the elements' arrays would be shared memory below an array: not modelled yet
        return element.arrayOf();
      }
      if (element == null || !(element.isPrimitive() || element.equals(Type.STRING))) {
        return null;
      }
      Type t = element;
      for (int i = 0; i < binding.getDimensions(); i++) {
        t = t.arrayOf();
      }
      return t;
    }
    if (binding.isRecord()) {
      return record(binding.getErasure(), enclosingRecords);
    }
    if (isValueClassCandidate(binding)) {
      Type value = valueClass(binding.getErasure(), enclosingRecords);
      if (value != null) {
        return value;
      }
    }
    return Type.classType(binding.getErasure().getQualifiedName());
  }

  /**
   * A record whose components are values jgrad models (numbers, booleans, enums, Strings and
   * such records), or null: a record with an array or object component, a generic or recursive
   * record is not modelled (yet); {@link #whyNotModelled} says why.
   */
  private static Type record(ITypeBinding record, Set<String> enclosingRecords) {
    String name = record.getQualifiedName();
    if (!enclosingRecords.add(name) || record.isGenericType() || record.isLocal()
        || record.isAnonymous()) {
      return null;
    }
    try {
      RecordShape shape = new RecordShape(name, tangentName(record));
      List<RecordShape.Component> components = new ArrayList<>();
      // the canonical constructor names the components (JDT cannot always list the fields
      // of a record it read from the source path)
      IMethodBinding canonical = canonicalConstructor(record);
      if (canonical == null || explicitAccessor(record) != null) {
        return null;
      }
      ITypeBinding[] types = canonical.getParameterTypes();
      String[] names = canonical.getParameterNames();
      for (int k = 0; k < types.length; k++) {
        Type type = of(types[k], enclosingRecords);
        if (!isComponent(type, types[k])) {
          return null;
        }
        components.add(new RecordShape.Component(names[k], type));
      }
      shape.setComponents(components);
      return Type.record(shape);
    } finally {
      enclosingRecords.remove(name);
    }
  }

  /**
   * A class of the user's that jgrad may treat as a value: a concrete, non-generic top-level or
   * static member class declared in source, extending Object directly (no enum, no String).
   */
  private static boolean isValueClassCandidate(ITypeBinding binding) {
    ITypeBinding type = binding.getErasure();
    ITypeBinding parent = type.getSuperclass();
    return type.isClass() && !type.isEnum() && !type.isLocal() && !type.isAnonymous()
        && !type.isGenericType() && !type.isParameterizedType()
        && (!type.isMember() || Modifier.isStatic(type.getModifiers()))
        && !Modifier.isAbstract(type.getModifiers()) && type.isFromSource()
        && (parent == null || "java.lang.Object".equals(parent.getQualifiedName()));
  }

  /**
   * A class whose instance fields are all component types (numbers, booleans, enums, Strings,
   * arrays of numbers, records and such classes), as a shape whose components are the fields in
   * declaration order; null if a field is of another type (then it is an ordinary object).
   */
  private static Type valueClass(ITypeBinding type, Set<String> enclosing) {
    String name = type.getQualifiedName();
    if (!enclosing.add(name)) {
      return null;
    }
    try {
      List<RecordShape.Component> components = new ArrayList<>();
      for (IVariableBinding field : fieldsInOrder(type)) {
        if (Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        Type t = of(field.getType(), enclosing);
        if (!isComponent(t, field.getType())) {
          return null;
        }
        components.add(new RecordShape.Component(field.getName(), t,
            Modifier.isPrivate(field.getModifiers()), !Modifier.isFinal(field.getModifiers())));
      }
      RecordShape shape = new RecordShape(name, tangentName(type), true);
      shape.setComponents(components);
      return Type.record(shape);
    } finally {
      enclosing.remove(name);
    }
  }

  /** A class's fields in declaration order (JDT lists them in no particular order). */
  private static List<IVariableBinding> fieldsInOrder(ITypeBinding type) {
    List<IVariableBinding> fields = new ArrayList<>(List.of(type.getDeclaredFields()));
    fields.sort(java.util.Comparator.comparingInt(IVariableBinding::getVariableId));
    return fields;
  }

  /** Why {@link #of} does not model this record type, for an error message. */
  public static String whyNotModelled(ITypeBinding binding) {
    ITypeBinding record = binding.isArray() ? binding.getElementType() : binding;
    if (binding.isArray() && binding.getDimensions() > 1) {
      return "arrays of records have one dimension";
    }
    if (!record.isRecord()) {
      String why = whyNotValueClass(binding);
      return why != null ? why : "it is not supported";
    }
    if (record.isGenericType() || record.isParameterizedType()) {
      return "a generic record is not supported";
    }
    if (record.isLocal()) {
      return "declare the record as a member or top-level type, not inside a method";
    }
    String accessor = explicitAccessor(record.getErasure());
    if (accessor != null) {
      return "it declares the accessor " + accessor + "() itself; jgrad reads components through"
          + " implicit accessors (remove " + accessor + "(), or give the method another name)";
    }
    IMethodBinding canonical = canonicalConstructor(record.getErasure());
    if (canonical != null) {
      ITypeBinding[] types = canonical.getParameterTypes();
      for (int k = 0; k < types.length; k++) {
        Type type = of(types[k]);
        if (!isComponent(type, types[k])) {
          return "its component " + canonical.getParameterNames()[k] + " is a "
              + types[k].getName() + ": record components may be double, float, int, long,"
              + " boolean, char, enums, Strings, such records and classes, one-dimensional"
              + " arrays of them (Vec3[]), and arrays double[], double[][], double[][][], int[],"
              + " long[], boolean[], String[] (not the record itself)";
        }
      }
    }
    return "it is not supported";
  }

  /**
   * A component type jgrad models: a number, boolean, enum, String, a modelled record or class,
   * a one-dimensional array of them ({@code Particle[]}), or an array of numbers, booleans or
   * Strings (double arrays are differentiated, the rest is data).
   */
  private static boolean isComponent(Type type, ITypeBinding binding) {
    if (type == null) {
      return false;
    }
    if (type.isRecordArray()) {
      return true;
    }
    if (type.isArray()) {
      return type.shape() == null && (type.isDifferentiableArray() || type.isPassiveArray());
    }
    return type.isPrimitive() || type.isRecord() || isPassiveObject(binding);
  }

  /**
   * Why a class is not a value jgrad models (the field that is not a component type), or null
   * if it is not a candidate at all.
   */
  public static String whyNotValueClass(ITypeBinding binding) {
    ITypeBinding type = binding.isArray() ? binding.getElementType() : binding;
    if (type == null || !isValueClassCandidate(type)) {
      return null;
    }
    if (binding.isArray() && binding.getDimensions() > 1) {
      return "arrays of objects have one dimension";
    }
    for (IVariableBinding field : type.getErasure().getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers()) && refersTo(field.getType(), type, new
          java.util.HashSet<>())) {
        return "its field " + field.getName() + " leads back to a " + type.getName() + ": jgrad"
            + " models values without cycles (no linked lists or trees of objects); keep the"
            + " nodes in arrays (double[] values, int[] next)";
      }
      if (!Modifier.isStatic(field.getModifiers())
          && !isComponent(of(field.getType()), field.getType())) {
        return "its field " + field.getName() + " is a " + field.getType().getName()
            + ": jgrad treats a class as a value when its instance fields are double, float,"
            + " int, long, boolean, char, enums, Strings, records, such classes, one-dimensional"
            + " arrays of them (Particle[]), or arrays double[], double[][], double[][][], int[],"
            + " long[], boolean[], String[]";
      }
    }
    return "it is not supported";
  }

  /** True if a value of {@code type} may hold a {@code target}, directly or through fields. */
  private static boolean refersTo(ITypeBinding type, ITypeBinding target, Set<String> seen) {
    ITypeBinding t = type.isArray() ? type.getElementType() : type;
    if (t.isPrimitive() || !seen.add(t.getErasure().getQualifiedName())) {
      return false;
    }
    if (t.getErasure().isEqualTo(target.getErasure())) {
      return true;
    }
    if (!t.isRecord() && !isValueClassCandidate(t)) {
      return false;
    }
    for (IVariableBinding field : t.getErasure().getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers()) && refersTo(field.getType(), target, seen)) {
        return true;
      }
    }
    return false;
  }

  private static IMethodBinding canonicalConstructor(ITypeBinding record) {
    for (IMethodBinding m : record.getDeclaredMethods()) {
      if (m.isConstructor() && m.isCanonicalConstructor()) {
        return m;
      }
    }
    return null;
  }

  /** The name of a component whose accessor the record declares itself, or null. */
  private static String explicitAccessor(ITypeBinding record) {
    IMethodBinding canonical = canonicalConstructor(record);
    if (canonical == null) {
      return null;
    }
    List<String> components = List.of(canonical.getParameterNames());
    for (IMethodBinding m : record.getDeclaredMethods()) {
      if (!m.isConstructor() && !m.isSyntheticRecordMethod()
          && m.getParameterTypes().length == 0 && components.contains(m.getName())) {
        return m.getName();
      }
    }
    return null;
  }

  /** {@code pkg.Outer.Vec3} -> {@code pkg.Outer_Vec3_Tangent}. */
  private static String tangentName(ITypeBinding record) {
    String pkg = record.getPackage() == null ? "" : record.getPackage().getName();
    String binary = record.getBinaryName();
    String nested = pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1);
    String simple = RuleNames.ruleBase(nested) + "_Tangent";
    return pkg.isEmpty() ? simple : pkg + "." + simple;
  }

  /**
   * True for the types a {@code @Grad} method's variables may have: primitives, double arrays,
   * arrays of data, Strings, enums, records and arrays of records.
   */
  public static boolean isValueType(Type type, ITypeBinding binding) {
    return type != null && (type.isPrimitive() || type.isDifferentiableArray()
        || type.isPassiveArray()
        || type.isRecord() || type.isRecordArray() || isPassiveObject(binding));
  }

  /**
   * True for the object types a @Grad method may hold as plain values, with no derivative:
   * {@code String} (for messages and switches) and enums.
   */
  public static boolean isPassiveObject(ITypeBinding binding) {
    return binding != null && !binding.isArray() && !binding.isPrimitive()
        && ("java.lang.String".equals(binding.getQualifiedName()) || isEnum(binding));
  }

  public static boolean isEnum(ITypeBinding binding) {
    return binding != null && (binding.isEnum()
        || binding.getSuperclass() != null && binding.getSuperclass().isEnum());
  }

  /** Binary numeric promotion (JLS 5.6.2). */
  public static Type promote(Type a, Type b) {
    if (a.equals(Type.DOUBLE) || b.equals(Type.DOUBLE)) {
      return Type.DOUBLE;
    }
    if (a.equals(Type.FLOAT) || b.equals(Type.FLOAT)) {
      return Type.FLOAT;
    }
    if (a.equals(Type.LONG) || b.equals(Type.LONG)) {
      return Type.LONG;
    }
    return Type.INT;
  }
}
