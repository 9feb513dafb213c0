package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A record type of a generated program, declared inside the program's class ({@code record
 * R0(double x, float y, int k) {...}}): its components (double and float, differentiated; int,
 * long and boolean, data; earlier record types of the program, nested), an optional compact
 * constructor that validates (and never changes) its arguments, {@code static final}
 * constants, static factories and instance methods. Instance methods read the components as
 * {@code x}, {@code this.x}, {@code x()} and {@code o.x} and call each other; each method may
 * call the ones declared before it and the methods of earlier record types.
 */
final class RecordDecl {
  /** A component: {@code double x}, {@code R0 p}. */
  record Component(JType type, String name) {}

  /** {@code static final R0 K0 = new R0(...);}, in the record or in the program's class. */
  record Constant(String name, Expr value, boolean inProgram) {
    /** How code anywhere in the program names it. */
    String reference(RecordDecl owner) {
      return inProgram ? name : owner.name + "." + name;
    }
  }

  /**
   * A method of the record: an instance method (the receiver's components in scope) or a static
   * factory; {@code access} is its modifier text ("", "private " or "public ").
   */
  record Method(MethodInfo info, Stmt.Block body, boolean isStatic, String access) {}

  final String name;
  final int index;
  final List<Component> components;
  final JType type;
  final JType arrayType;
  /** The compact constructor's body (validation only), or null. */
  Stmt.Block validation;
  final List<Constant> constants = new ArrayList<>();
  /** Methods in declaration order (each may call the earlier ones). */
  final List<Method> methods = new ArrayList<>();

  RecordDecl(String name, int index, List<Component> components) {
    this.name = name;
    this.index = index;
    this.components = components;
    this.type = JType.record(this);
    this.arrayType = JType.recordArray(this);
  }

  /**
   * A copy with other methods, constants and validation (for the shrinker; values of the type
   * keep naming it by {@link #name}, which is all printing and checking read of them).
   */
  RecordDecl with(List<Method> newMethods, List<Constant> newConstants, Stmt.Block newValidation) {
    RecordDecl copy = new RecordDecl(name, index, components);
    copy.methods.addAll(newMethods);
    copy.constants.addAll(newConstants);
    copy.validation = newValidation;
    return copy;
  }

  /** True if some component is double or float, or a differentiable record. */
  boolean differentiable() {
    for (Component c : components) {
      if (c.type().isFloating() || (c.type().isRecord() && c.type().decl.differentiable())) {
        return true;
      }
    }
    return false;
  }

  /** True if a float is stored or computed anywhere in a value of this type or its methods. */
  boolean usesFloat() {
    for (Component c : components) {
      if (c.type() == JType.FLOAT || (c.type().isRecord() && c.type().decl.usesFloat())) {
        return true;
      }
    }
    for (Method m : methods) {
      if (m.info().usesFloat) {
        return true;
      }
    }
    return false;
  }

  /** The components of type {@code t}. */
  List<Component> componentsOf(JType t) {
    List<Component> result = new ArrayList<>();
    for (Component c : components) {
      if (c.type() == t) {
        result.add(c);
      }
    }
    return result;
  }

  /**
   * The instance methods (static: the factories) declared so far returning {@code t}; without
   * the private ones if {@code noPrivate}.
   */
  List<MethodInfo> methodsReturning(JType t, boolean isStatic, boolean noPrivate) {
    List<MethodInfo> result = new ArrayList<>();
    for (Method m : methods) {
      if (m.isStatic() == isStatic && m.info().returns == t
          && !(noPrivate && m.access().equals("private "))) {
        result.add(m.info());
      }
    }
    return result;
  }

  void print(Printer p) {
    List<String> parts = new ArrayList<>();
    for (Component c : components) {
      parts.add(c.type().java + " " + c.name());
    }
    p.line().line().text("record " + name + "(" + String.join(", ", parts) + ") {").in();
    if (validation != null) {
      p.line().text(name + " ");
      validation.print(p);
    }
    for (Constant c : constants) {
      if (!c.inProgram()) {
        p.line().text("static final " + name + " " + c.name() + " = ").bare(c.value()).text(";");
      }
    }
    for (Method m : methods) {
      printMethod(p, m);
    }
    p.out().line().text("}");
  }

  /** Prints a method of a record or of a generated class ({@link ClassDecl}). */
  static void printMethod(Printer p, Method m) {
    List<String> params = new ArrayList<>();
    for (Program.Param param : m.info().params) {
      params.add(param.type().java + " " + param.name());
    }
    p.line().line().text(m.access() + (m.isStatic() ? "static " : "") + m.info().returns.java
        + " " + m.info().name + "(" + String.join(", ", params) + ") ");
    m.body().print(p);
  }
}
