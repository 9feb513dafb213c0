package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated program: one class with static {@code @Grad} methods, some of the ones other
 * methods call turned into private helpers without {@code @Grad} (and {@code static final}
 * constants), and in some programs record types and mutable classes nested in the class
 * ({@link RecordDecl}, {@link ClassDecl}).
 * {@link #source()} is the program; {@link #tracedSource()} its traced twin
 * ({@link Trace}), a class named {@code <name>T} without {@code @Grad}.
 */
record Program(long seed, int index, String name, List<Constant> constants,
    List<RecordDecl> records, List<ClassDecl> classes, List<Method> methods) {
  /**
   * Each program has a package of its own ({@code fuzzgen.p<index>}): JDT, which jgrad parses
   * with, then looks names up among two files instead of the whole batch.
   */
  String packageName() {
    return "fuzzgen.p" + index;
  }

  /** {@code static final double name = value;} */
  record Constant(JType type, String name, String value) {}

  /** A parameter. */
  /** A parameter; {@code noGrad} if it is declared {@code @NoGrad} (data, not differentiated). */
  record Param(JType type, String name, boolean noGrad) {
    Param(JType type, String name) {
      this(type, name, false);
    }
  }

  /**
   * A method and what the checker needs to know about it: {@code floatInside} if it (or a method
   * it calls) rounds through {@code float}, {@code writesObjects} if it may change the objects
   * it is passed, {@code noSecondOrder} if it has a reason to get no second-order rules (it reads
   * rules, or calls {@code logistic}, whose custom reverse rule jgrad cannot differentiate).
   */
  record Method(String name, JType returns, List<Param> params, Stmt.Block body,
      boolean floatInside, boolean helper, boolean writesObjects, boolean noSecondOrder) {
    Method withBody(Stmt.Block newBody) {
      return new Method(name, returns, params, newBody, floatInside, helper, writesObjects,
          noSecondOrder);
    }

    /** The same method as a private helper without {@code @Grad}: differentiated via callers. */
    Method asHelper() {
      return new Method(name, returns, params, body, floatInside, true, writesObjects,
          noSecondOrder);
    }
  }

  String qualifiedName() {
    return packageName() + "." + name;
  }

  String qualifiedTracedName() {
    return packageName() + "." + tracedName();
  }

  String tracedName() {
    return name + "T";
  }

  Program renamed(String newName) {
    return new Program(seed, index, newName, constants, records, classes, methods);
  }

  Program withRecords(List<RecordDecl> newRecords) {
    return new Program(seed, index, name, constants, newRecords, classes, methods);
  }

  Program withMethods(List<Method> newMethods) {
    return new Program(seed, index, name, constants, records, classes, newMethods);
  }

  Program withClasses(List<ClassDecl> newClasses) {
    return new Program(seed, index, name, constants, records, newClasses, methods);
  }

  Method method(String methodName) {
    for (Method m : methods) {
      if (m.name().equals(methodName)) {
        return m;
      }
    }
    throw new IllegalArgumentException(methodName);
  }

  /** The number of statements in all method bodies, the records' and classes' included. */
  int size() {
    int n = 0;
    for (Method m : methods) {
      n += m.body().size();
    }
    for (RecordDecl r : records) {
      for (RecordDecl.Method m : r.methods) {
        n += 1 + m.body().size();
      }
    }
    for (ClassDecl c : classes) {
      for (RecordDecl.Method m : c.methods) {
        n += 1 + m.body().size();
      }
    }
    return n;
  }

  String source() {
    return print(false);
  }

  String tracedSource() {
    return print(true);
  }

  private String print(boolean traced) {
    Printer p = new Printer(traced);
    p.text("package " + packageName() + ";").line().line();
    if (traced) {
      p.text("import io.jgrad.fuzz.Trace;").line();
    } else {
      p.text("import io.jgrad.Grad;").line();
      p.text("import io.jgrad.NoGrad;").line();
    }
    p.text("import java.util.Arrays;").line().line();
    p.text("/** Random program " + index + " of seed " + seed + ". */").line();
    p.text("public final class " + (traced ? tracedName() : name) + " {").in();
    for (Constant c : constants) {
      p.line().text("static final " + c.type().java + " " + c.name() + " = " + c.value() + ";");
    }
    for (RecordDecl r : records) {
      for (RecordDecl.Constant c : r.constants) {
        if (c.inProgram()) {
          p.line().text("static final " + r.name + " " + c.name() + " = ").bare(c.value())
              .text(";");
        }
      }
    }
    for (RecordDecl r : records) {
      r.print(p);
    }
    for (ClassDecl c : classes) {
      c.print(p);
    }
    for (Method m : methods) {
      p.line();
      if (!traced && !m.helper()) {
        p.line().text("@Grad");
      }
      List<String> params = new ArrayList<>();
      for (Param param : m.params()) {
        params.add((param.noGrad() && !traced ? "@NoGrad " : "") + param.type().java + " "
            + param.name());
      }
      String access = !traced && m.helper() ? "private" : "public";
      p.line().text(access + " static " + m.returns().java + " " + m.name() + "("
          + String.join(", ", params) + ") ");
      m.body().print(p);
    }
    for (String helper : p.helpers) {
      p.line().line().text(helper);
    }
    p.out().line().text("}").line();
    return p.toString();
  }
}
