package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A mutable class of a generated program (README, "Classes as values" and mutable objects),
 * declared inside the program's class: {@code static final class C0 { double x; double v; int
 * count; final double m; ... }}. Its constructor stores a parameter into each {@link
 * Init#PARAMETER} field as it is ({@code this.x = x}), computes the {@link Init#COMPUTED} data
 * fields from those parameters and leaves the {@link Init#DEFAULT} ones at zero. Its methods
 * ({@link ClassGen}) are instance methods that write the receiver's fields (or only read them)
 * and static helpers that write the fields of the object or array of objects they are passed.
 */
final class ClassDecl {
  /** How the constructor initialises a field. */
  enum Init {
    /** {@code this.x = x}, from a constructor parameter of the same name. */
    PARAMETER,
    /** Not assigned: 0, false or null. */
    DEFAULT,
    /** A data field computed from the parameters ({@code this.count = (int) (x * 2.0)}). */
    COMPUTED
  }

  /** A field; {@code computed} is the value of a {@link Init#COMPUTED} one. */
  record Field(JType type, String name, boolean isFinal, boolean isPrivate, Init init,
      Expr computed) {
    boolean isNumeric() {
      return type.isNumeric();
    }
  }

  final String name;
  final List<Field> fields;
  final JType type;
  final JType arrayType;
  /** Methods in declaration order (each may call the earlier ones). */
  final List<RecordDecl.Method> methods = new ArrayList<>();

  ClassDecl(String name, List<Field> fields) {
    this.name = name;
    this.fields = fields;
    this.type = JType.object(this);
    this.arrayType = JType.objectArray(this);
  }

  /** A copy with other methods (for the shrinker; types keep naming the class by its name). */
  ClassDecl with(List<RecordDecl.Method> newMethods) {
    ClassDecl copy = new ClassDecl(name, fields);
    copy.methods.addAll(newMethods);
    return copy;
  }

  /** The fields the constructor takes as parameters, in parameter order. */
  List<Field> constructorParams() {
    return fields.stream().filter(f -> f.init() == Init.PARAMETER).toList();
  }

  /** The fields of type {@code t}; only those code may assign if {@code writable}. */
  List<Field> fieldsOf(JType t, boolean writable) {
    return fields.stream().filter(f -> f.type() == t && (!writable || !f.isFinal())).toList();
  }

  boolean differentiable() {
    for (Field f : fields) {
      if (f.type().isFloating() || (f.type().isRecord() && f.type().decl.differentiable())
          || (f.type().isObject() && f.type().cls.differentiable())) {
        return true;
      }
    }
    return false;
  }

  /** True if a float is stored or computed anywhere in an object of this class or its methods. */
  boolean usesFloat() {
    for (Field f : fields) {
      if (f.type() == JType.FLOAT || (f.type().isRecord() && f.type().decl.usesFloat())
          || (f.type().isObject() && f.type().cls.usesFloat())) {
        return true;
      }
    }
    return methods.stream().anyMatch(m -> m.info().usesFloat);
  }

  /** The instance (static: helper) methods declared so far accepted by {@code which}. */
  List<MethodInfo> methods(boolean isStatic, java.util.function.Predicate<MethodInfo> which) {
    List<MethodInfo> result = new ArrayList<>();
    for (RecordDecl.Method m : methods) {
      if (m.isStatic() == isStatic && which.test(m.info())) {
        result.add(m.info());
      }
    }
    return result;
  }

  void print(Printer p) {
    p.line().line().text("static final class " + name + " {").in();
    for (Field f : fields) {
      p.line().text((f.isPrivate() ? "private " : "") + (f.isFinal() ? "final " : "")
          + f.type().java + " " + f.name() + ";");
    }
    List<String> params = new ArrayList<>();
    for (Field f : constructorParams()) {
      params.add(f.type().java + " " + f.name());
    }
    p.line().line().text(name + "(" + String.join(", ", params) + ") {").in();
    for (Field f : fields) {
      if (f.init() == Init.PARAMETER) {
        p.line().text("this." + f.name() + " = " + f.name() + ";");
      } else if (f.init() == Init.COMPUTED) {
        p.line().text("this." + f.name() + " = ").bare(f.computed()).text(";");
      }
    }
    p.out().line().text("}");
    for (RecordDecl.Method m : methods) {
      RecordDecl.printMethod(p, m);
    }
    p.out().line().text("}");
  }
}
