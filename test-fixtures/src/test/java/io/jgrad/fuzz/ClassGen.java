package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Declares the mutable classes of a program ({@link ClassDecl}) and generates their methods:
 * mutators ({@code void move(double dt) { x += dt * v; count++; }} and double-returning ones
 * that write and return), observers (double-returning, the receiver only read) and static
 * helpers writing the fields of the object or the array of objects they are passed. A later
 * class may hold an object of an earlier one, and each method may use the earlier ones.
 */
final class ClassGen {
  private ClassGen() {}

  private static final String[] DOUBLE_NAMES = {"x", "v", "s"};

  /** One or two classes; records are the program's record types (a field may hold one). */
  static List<ClassDecl> declare(Random random, GenConfig config, List<RecordDecl> records) {
    List<ClassDecl> decls = new ArrayList<>();
    int n = random.nextDouble() < 0.35 ? 2 : 1;
    for (int k = 0; k < n; k++) {
      List<ClassDecl.Field> fields = new ArrayList<>();
      int doubles = 1 + random.nextInt(DOUBLE_NAMES.length);
      for (int d = 0; d < doubles; d++) {
        fields.add(field(random, config, JType.DOUBLE, DOUBLE_NAMES[d], false,
            ClassDecl.Init.PARAMETER, null));
      }
      String first = DOUBLE_NAMES[0];
      if (random.nextDouble() < 2 * config.floats / 3) {
        fields.add(field(random, config, JType.FLOAT, "fl", false, ClassDecl.Init.PARAMETER,
            null));
      }
      if (random.nextDouble() < 0.5) {
        double u = random.nextDouble();
        boolean computed = u < 0.4 && config.allows("computed field");
        fields.add(field(random, config, JType.INT, "count", false, computed
            ? ClassDecl.Init.COMPUTED : u < 0.75 ? ClassDecl.Init.DEFAULT
            : ClassDecl.Init.PARAMETER, computed ? new Expr.Cast(JType.INT, new Expr.Binary("*",
            new Expr.Name(first, JType.DOUBLE), new Expr.Lit(JType.DOUBLE, "2.0"),
            JType.DOUBLE)) : null));
      }
      if (random.nextDouble() < 0.3) {
        boolean computed = random.nextDouble() < 0.5 && config.allows("computed field");
        fields.add(field(random, config, JType.BOOLEAN, "flag", false, computed
            ? ClassDecl.Init.COMPUTED : ClassDecl.Init.PARAMETER, computed ? new Expr.Binary(">",
            new Expr.Name(first, JType.DOUBLE), new Expr.Lit(JType.DOUBLE, "0.5"),
            JType.BOOLEAN) : null));
      }
      if (random.nextDouble() < 0.4 && config.allows("final field")) {
        fields.add(new ClassDecl.Field(JType.DOUBLE, "m", true, false, ClassDecl.Init.PARAMETER,
            null));
      }
      if (random.nextDouble() < 0.35 && config.allows("default field")) {
        fields.add(field(random, config, JType.DOUBLE, "acc", false, ClassDecl.Init.DEFAULT,
            null));
      }
      if (!records.isEmpty() && random.nextDouble() < 0.3 && config.allows("record field")) {
        fields.add(field(random, config, records.get(random.nextInt(records.size())).type, "q",
            false, ClassDecl.Init.PARAMETER, null));
      }
      if (k > 0 && random.nextDouble() < 0.5 && config.allows("object field")) {
        fields.add(field(random, config, decls.get(random.nextInt(k)).type, "p", false,
            ClassDecl.Init.PARAMETER, null));
      }
      decls.add(new ClassDecl("B" + k, fields)); // (C0, C1... name constants)
    }
    return decls;
  }

  private static ClassDecl.Field field(Random random, GenConfig config, JType type, String name,
      boolean isFinal, ClassDecl.Init init, Expr computed) {
    boolean isPrivate = random.nextDouble() < 0.15 && config.allows("private field");
    return new ClassDecl.Field(type, name, isFinal, isPrivate, init, computed);
  }

  // --------------------------------------------------------------------------------- methods

  /** The kinds of methods of a class. */
  private enum Kind { MUTATOR, MUTATOR_VALUE, OBSERVER, HELPER, ARRAY_HELPER }

  /** Generates the methods of every class, in declaration order. */
  static void methods(Random random, GenConfig config, List<ClassDecl> decls,
      List<RecordDecl> records, List<Program.Constant> constants) {
    for (int k = 0; k < decls.size(); k++) {
      ClassDecl decl = decls.get(k);
      List<ClassDecl> visible = List.copyOf(decls.subList(0, k + 1));
      int count = 1 + random.nextInt(4);
      for (int m = 0; m < count; m++) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        if ((kind == Kind.HELPER || kind == Kind.ARRAY_HELPER) && !config.allows("object helper")) {
          kind = Kind.MUTATOR;
        }
        decl.methods.add(method(random, config, decl, visible, records, constants, kind,
            (kind == Kind.HELPER || kind == Kind.ARRAY_HELPER ? "h" : "m") + m));
      }
    }
  }

  private static RecordDecl.Method method(Random random, GenConfig config, ClassDecl decl,
      List<ClassDecl> visible, List<RecordDecl> records, List<Program.Constant> constants,
      Kind kind, String name) {
    boolean isStatic = kind == Kind.HELPER || kind == Kind.ARRAY_HELPER;
    JType returns = kind == Kind.MUTATOR_VALUE || kind == Kind.OBSERVER ? JType.DOUBLE
        : JType.VOID;
    MethodGen g = new MethodGen(random, config, List.of(), null, constants);
    g.records = records;
    g.classes = visible;
    g.inClass = decl;
    List<Program.Param> params = new ArrayList<>();
    Var target;
    if (isStatic) {
      JType t = kind == Kind.HELPER ? decl.type : decl.arrayType;
      target = g.declare(kind == Kind.HELPER ? "ob" : "obs", t, true);
      params.add(new Program.Param(t, target.name));
    } else {
      target = g.declareFixed("this", decl.type);
      target.readOnly = kind == Kind.OBSERVER;
    }
    int extra = random.nextInt(3);
    for (int p = 0; p < extra; p++) {
      JType t = paramType(g, records);
      Var v = g.declare(t.isRecord() ? "o" : StmtGen.prefix(t), t, true);
      params.add(new Program.Param(t, v.name));
    }
    MethodInfo info = new MethodInfo(name, returns, params, -1);
    info.writesObjects = kind != Kind.OBSERVER;
    g.self = info;
    List<Stmt> body = new ArrayList<>();
    if (kind == Kind.ARRAY_HELPER) {
      body.addAll(ObjectGen.forEachWriting(g, target, config.exprDepth));
    } else if (kind != Kind.OBSERVER) {
      body.addAll(ObjectGen.writeThrough(g, target.ref(), config.exprDepth));
    }
    StmtGen.statements(g, g.between(0, 2), body);
    boolean completes = body.isEmpty() || StmtGen.completes(body.get(body.size() - 1));
    if (completes && returns != JType.VOID) {
      body.add(new Stmt.Return(StmtGen.returnValue(g, config.exprDepth)));
    }
    info.usesFloat = g.usesFloat;
    info.cost = Math.max(1, g.cost + body.size());
    return new RecordDecl.Method(info, new Stmt.Block(body), isStatic, g.chance(0.2) ? "public "
        : "");
  }

  private static JType paramType(MethodGen g, List<RecordDecl> records) {
    double u = g.random.nextDouble();
    if (u < 0.6) {
      return JType.DOUBLE;
    }
    if (u < 0.75) {
      return JType.INT;
    }
    if (u < 0.85 && g.config.floats > 0) {
      return JType.FLOAT;
    }
    return records.isEmpty() ? JType.DOUBLE : g.oneOf(records).type;
  }
}
