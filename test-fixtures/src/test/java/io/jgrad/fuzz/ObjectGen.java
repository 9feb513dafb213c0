package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Objects of the program's mutable classes ({@link ClassDecl}) in generated code: values
 * ({@code new C0(...)}, variables, elements of {@code C0[]}, object fields, conditionals), field
 * reads, field writes with every assignment operator and {@code ++}/{@code --}, calls of their
 * methods and static helpers, object and array locals (arrays filled in loops), reassignment
 * and aliasing ({@code C0 b = a;}, one object at two array positions), swapped elements,
 * for-each over arrays.
 *
 * <p>Some entry points must not change the objects they are passed (those returning a {@code
 * double[]}, and those the generator keeps read-only, {@link GenConfig#writtenObjects}): a
 * variable that may hold one is {@link Var#readOnly}, and every write, mutator call and helper
 * argument goes through an <em>owned</em> object (one the method built, was passed as a helper
 * of a class, or was passed by a caller for it to change). Every
 * production here has weight 0 in a program without classes (and draws nothing), so those
 * programs are generated exactly as before.
 */
final class ObjectGen {
  private ObjectGen() {}

  static boolean has(MethodGen g) {
    return !g.classes.isEmpty();
  }

  private static boolean objectArrays(MethodGen g) {
    return !g.visible(x -> x.type.isObjectArray() && !x.readOnly).isEmpty();
  }

  private static boolean mayUse(MethodGen g, Var v, boolean owned) {
    return !owned || !v.readOnly;
  }

  // ---------------------------------------------------------------------------------- values

  /** An object of class type {@code type}; {@code owned}: one this code may write. */
  static Expr value(MethodGen g, JType type, int depth, boolean owned) {
    g.touch(type.cls);
    List<Production<Expr>> productions = List.of(
        Production.of("object variable", 4, (g2, d) -> {
          Var v = g2.pick(x -> x.type == type && mayUse(g2, x, owned));
          return v == null ? null : v.ref();
        }),
        // mostly objects in variables: an object written in one statement and read in another
        Production.of("new object", g2 -> g2.visible(x -> x.type == type).isEmpty() ? 3 : 1,
            (g2, d) -> newObject(g2, type, d)),
        Production.of("object element", 2, (g2, d) -> element(g2, type, d, owned)),
        Production.of("object field", 1, (g2, d) -> d <= 0 ? null
            : fieldValue(g2, type, d, owned)),
        // (apart: over objects an entry point was passed it trips an open bug, FuzzFindingsF)
        Production.of(owned ? "object ternary" : "object ternary over parameters", 0.4,
            (g2, d) -> d <= 0 ? null
            : new Expr.Ternary(ExprGen.bool(g2, d - 1), value(g2, type, d - 1, owned),
                value(g2, type, d - 1, owned), type)));
    Expr e = Production.pick(g, depth, productions);
    return e != null ? e : newObject(g, type, depth);
  }

  /** {@code new C(...)}: each constructor parameter an expression of its type. */
  static Expr newObject(MethodGen g, JType type, int depth) {
    g.touch(type.cls);
    List<Expr> args = new ArrayList<>();
    for (ClassDecl.Field f : type.cls.constructorParams()) {
      // shallow arguments: objects are many, and their constructors are not what is tested
      int d = Math.min(1, depth - 1);
      args.add(f.type().isObject() ? value(g, f.type(), d, true)
          : ExprGen.of(g, f.type(), Math.max(0, d)));
    }
    return new Expr.New(type, args);
  }

  /** {@code os[i]} of an array of objects in scope. */
  private static Expr element(MethodGen g, JType type, int depth, boolean owned) {
    Var v = g.pick(x -> x.type == type.cls.arrayType && mayUse(g, x, owned));
    if (v == null) {
      return null;
    }
    return new Expr.Index(v.ref(), ExprGen.index(g, v.ref(), v.name, depth), type);
  }

  /** {@code c.p}: a field of type {@code type} of another object. */
  private static Expr fieldValue(MethodGen g, JType type, int depth, boolean owned) {
    List<ClassDecl> owners = g.classes.stream().filter(c -> !c.fieldsOf(type, false).isEmpty())
        .toList();
    ClassDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    Expr receiver = receiver(g, owner.type, depth - 1, owned);
    return receiver == null ? null : field(g, receiver, g.oneOf(owner.fieldsOf(type, false)));
  }

  /**
   * {@code new C(...)} whose object arguments are fresh objects too: an object that shares
   * nothing with any other (for a method that changes the objects it is passed).
   */
  static Expr freshObject(MethodGen g, JType type, int depth) {
    g.touch(type.cls);
    List<Expr> args = new ArrayList<>();
    for (ClassDecl.Field f : type.cls.constructorParams()) {
      int d = Math.min(1, depth - 1);
      args.add(f.type().isObject() ? freshObject(g, f.type(), d)
          : ExprGen.of(g, f.type(), Math.max(0, d)));
    }
    return new Expr.New(type, args);
  }

  /** {@code new C[] {new C(...), ...}}: one to three distinct {@link #freshObject}s. */
  static Expr freshArray(MethodGen g, JType arrayType, int depth) {
    List<Expr> elements = new ArrayList<>();
    int n = g.between(1, 3);
    for (int k = 0; k < n; k++) {
      elements.add(freshObject(g, arrayType.cls.type, Math.max(0, depth - 1)));
    }
    return new Expr.ArrayInit(arrayType, elements);
  }

  /**
   * {@code ob.x op= e;} or {@code obs[i].v op= e;}: a write of a double or float field of an
   * object parameter {@code v} the method may change (the output of a {@code void} method).
   */
  static Stmt outputWrite(MethodGen g, Var v) {
    ClassDecl c = v.type.cls;
    Expr receiver = v.type.isObject() ? v.ref()
        : new Expr.Index(v.ref(), ExprGen.index(g, v.ref(), v.name, 1), c.type);
    List<ClassDecl.Field> floating = c.fields.stream()
        .filter(f -> f.type().isFloating() && !f.isFinal()).toList();
    return new Stmt.Eval(ExprGen.assignment(g, field(g, receiver, g.oneOf(floating)),
        g.config.exprDepth));
  }

  /** {@code new C[] {a, b}}: a fresh array of one to three objects (maybe one twice). */
  static Expr fresh(MethodGen g, JType arrayType, int depth) {
    List<Expr> elements = new ArrayList<>();
    int n = g.between(1, 3);
    for (int k = 0; k < n; k++) {
      elements.add(value(g, arrayType.cls.type, Math.max(0, depth - 1), true));
    }
    return new Expr.ArrayInit(arrayType, elements);
  }

  /** A {@code C[]} argument: mostly a variable, else a fresh array. */
  static Expr array(MethodGen g, JType arrayType, int depth, boolean owned) {
    if (g.chance(0.75)) {
      Var v = g.pick(x -> x.type == arrayType && mayUse(g, x, owned));
      if (v != null) {
        return v.ref();
      }
    }
    return fresh(g, arrayType, depth);
  }

  /**
   * An object to read a field of or call a method on: mostly a variable or an element; at depth
   * 0 only those (null if there is none).
   */
  static Expr receiver(MethodGen g, JType type, int depth, boolean owned) {
    double u = depth <= 0 ? 0 : g.random.nextDouble();
    if (u < 0.6) {
      Var v = g.pick(x -> x.type == type && mayUse(g, x, owned));
      if (v != null) {
        return v.ref();
      }
    }
    if (u < 0.8) {
      Expr e = element(g, type, depth, owned);
      if (e != null) {
        return e;
      }
    }
    return depth <= 0 ? null : value(g, type, depth - 1, owned);
  }

  /**
   * The depth of the receiver of a write: mostly 0 (a variable or an element: a write into an
   * object nothing else refers to, {@code new C(...).x = 1}, is rarely worth a statement).
   */
  private static int writeDepth(MethodGen g, int depth) {
    return g.chance(0.7) ? 0 : depth;
  }

  /** {@code o.f}; inside the class also {@code f} for {@code this.f}. */
  static Expr field(MethodGen g, Expr receiver, ClassDecl.Field f) {
    if (f.type() == JType.FLOAT) {
      g.usesFloat = true;
    }
    boolean self = receiver instanceof Expr.Name n && n.name().equals("this")
        && g.inClass == receiver.type().cls;
    return new Expr.Field(receiver, f.name(), f.type(), self && g.chance(0.4));
  }

  /** {@code this.m(...)} inside the class is also written {@code m(...)}. */
  private static Expr invoke(MethodGen g, int depth, Expr receiver, MethodInfo m) {
    boolean self = receiver instanceof Expr.Name n && n.name().equals("this")
        && g.inClass == receiver.type().cls;
    return Calls.invoke(g, depth, self && g.chance(0.4) ? null : receiver, m);
  }

  // ------------------------------------------------------------------------- scalars, records

  /** {@code o.x} of a field of type {@code want} (a float or int one where a double is wanted). */
  static Expr fieldRead(MethodGen g, JType want, int depth) {
    List<ClassDecl.Field> fields = new ArrayList<>();
    List<ClassDecl> owners = new ArrayList<>();
    for (ClassDecl c : g.classes) {
      for (ClassDecl.Field f : c.fields) {
        if (f.type() == want || (want == JType.DOUBLE && f.isNumeric() && g.chance(0.3))) {
          fields.add(f);
          owners.add(c);
        }
      }
    }
    if (fields.isEmpty()) {
      return null;
    }
    int k = g.random.nextInt(fields.size());
    Expr receiver = receiver(g, owners.get(k).type, depth, false);
    return receiver == null ? null : field(g, receiver, fields.get(k));
  }

  /** A non-final numeric field of type {@code want} of an owned object, to assign; or null. */
  static Expr fieldTarget(MethodGen g, JType want, int depth) {
    List<ClassDecl> owners = g.classes.stream().filter(c -> !c.fieldsOf(want, true).isEmpty())
        .toList();
    ClassDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    Expr receiver = receiver(g, owner.type, writeDepth(g, depth), true);
    return receiver == null ? null : field(g, receiver, g.oneOf(owner.fieldsOf(want, true)));
  }

  /** {@code o.m(...)}: a double-returning instance method (a mutator on an owned object). */
  static Expr methodValue(MethodGen g, int depth) {
    return depth <= 0 ? null : instanceCall(g, depth, m -> m.returns == JType.DOUBLE);
  }

  private static Expr instanceCall(MethodGen g, int depth,
      java.util.function.Predicate<MethodInfo> which) {
    List<ClassDecl> owners = g.classes.stream().filter(c -> !c.methods(false, which).isEmpty())
        .toList();
    ClassDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    MethodInfo m = g.oneOf(owner.methods(false, which));
    Expr receiver = receiver(g, owner.type, m.writesObjects ? writeDepth(g, depth) : depth,
        m.writesObjects);
    return receiver == null ? null : invoke(g, depth, receiver, m);
  }

  /** True if some class has a field of record type {@code type} (no random draw). */
  static boolean hasRecordField(MethodGen g, JType type) {
    return g.classes.stream().anyMatch(c -> !c.fieldsOf(type, false).isEmpty());
  }

  /** {@code o.q}: a record held by an object. */
  static Expr recordField(MethodGen g, JType type, int depth) {
    return depth <= 0 ? null : fieldValue(g, type, depth, false);
  }

  // ------------------------------------------------------------------------------ statements

  static final List<Production<List<Stmt>>> STATEMENTS = List.of(
      Production.of("object local", g -> has(g) ? 3.5 : 0, ObjectGen::local),
      Production.of("object array local", g -> has(g) ? 1.5 : 0, ObjectGen::arrayLocal),
      Production.of("field write", g -> has(g) ? 4 : 0, ObjectGen::fieldWrite),
      Production.of("field increment", g -> has(g) ? 1 : 0, ObjectGen::fieldIncrement),
      Production.of("object method call", g -> has(g) ? 2 : 0, (g, d) -> {
        Expr call = instanceCall(g, d, m -> true);
        return call == null ? null : List.of(new Stmt.Eval(call));
      }),
      Production.of("object helper call", g -> has(g) ? 1.5 : 0, ObjectGen::helperCall),
      Production.of("object reassign", g -> has(g) ? 1 : 0, ObjectGen::reassign),
      Production.of("object element store", g -> objectArrays(g) ? 1.2 : 0,
          ObjectGen::elementStore),
      Production.of("object swap", g -> objectArrays(g) ? 0.6 : 0, ObjectGen::swap),
      Production.of("object foreach", g -> has(g) ? StmtGen.loopWeight(g, 1.0) : 0,
          ObjectGen::forEach));

  /** {@code C b = e;} (an alias when e is another variable). */
  private static List<Stmt> local(MethodGen g, int depth) {
    ClassDecl c = g.oneOf(g.classes);
    Expr init = value(g, c.type, depth, true);
    Var v = g.declare("ob", c.type, false);
    return List.of(new Stmt.Local(c.type, v.name, init));
  }

  /** {@code C[] os = new C[n];} and a loop filling it, or {@code C[] os = {a, b};}. */
  private static List<Stmt> arrayLocal(MethodGen g, int depth) {
    ClassDecl c = g.oneOf(g.classes);
    if (g.chance(0.6)) {
      return RecordGen.filledArray(g, c.arrayType, "obs",
          (g2, d) -> g2.chance(0.7) ? newObject(g2, c.type, d) : value(g2, c.type, d, true),
          depth);
    }
    Expr init = fresh(g, c.arrayType, depth);
    Var v = g.declare("obs", c.arrayType, false);
    return List.of(new Stmt.Local(c.arrayType, v.name, init));
  }

  /** {@code o.f op= e} on an owned object. */
  private static List<Stmt> fieldWrite(MethodGen g, int depth) {
    ClassDecl c = g.oneOf(g.classes);
    Expr receiver = receiver(g, c.type, writeDepth(g, depth), true);
    return receiver == null ? null : List.of(assignField(g, receiver, depth));
  }

  /** {@code receiver.f op= e} for a random non-final field of its class. */
  private static Stmt assignField(MethodGen g, Expr receiver, int depth) {
    ClassDecl c = receiver.type().cls;
    ClassDecl.Field f = g.oneOf(c.fields.stream().filter(x -> !x.isFinal()).toList());
    Expr target = field(g, receiver, f);
    Expr assign = f.type().isObject()
        ? new Expr.Assign(target, "=", value(g, f.type(), depth - 1, true))
        : ExprGen.assignment(g, target, depth);
    return new Stmt.Eval(assign);
  }

  /** {@code o.f++}, {@code --o.count}... */
  private static List<Stmt> fieldIncrement(MethodGen g, int depth) {
    Expr target = fieldTarget(g, g.oneOf(JType.DOUBLE, JType.DOUBLE, JType.INT, JType.FLOAT),
        depth);
    return target == null ? null : List.of(new Stmt.Eval(new Expr.IncDec(target, g.chance(0.5),
        g.chance(0.6) ? "++" : "--")));
  }

  /**
   * A write through {@code receiver} (owned): a field assignment or increment, or a mutator
   * call; for the bodies of mutators and helpers.
   */
  static List<Stmt> writeThrough(MethodGen g, Expr receiver, int depth) {
    ClassDecl c = receiver.type().cls;
    List<MethodInfo> mutators = c.methods(false, m -> m.writesObjects);
    if (!mutators.isEmpty() && g.chance(0.3)) {
      Expr call = invoke(g, depth, receiver, g.oneOf(mutators));
      if (call != null) {
        return List.of(new Stmt.Eval(call));
      }
    }
    List<ClassDecl.Field> numeric = c.fields.stream().filter(f -> f.isNumeric() && !f.isFinal())
        .toList();
    if (g.chance(0.25)) {
      return List.of(new Stmt.Eval(new Expr.IncDec(field(g, receiver, g.oneOf(numeric)),
          g.chance(0.5), g.chance(0.7) ? "++" : "--")));
    }
    return List.of(assignField(g, receiver, depth));
  }

  /** {@code for (C o : os) { <write through o>; ... }}: the body of an array helper. */
  static List<Stmt> forEachWriting(MethodGen g, Var array, int depth) {
    return List.of(forEachOver(g, array.ref(), array.readOnly, null, true, depth));
  }

  private static Stmt forEachOver(MethodGen g, Expr array, boolean readOnly, String label,
      boolean write, int depth) {
    JType type = array.type().cls.type;
    g.push();
    Var o = g.declare("ob", type, false);
    o.frozen++;
    o.readOnly = readOnly;
    List<Stmt> body = new ArrayList<>();
    g.loops.addLast(label == null ? "" : label);
    long saved = g.multiplier;
    g.multiplier *= 6;
    g.nesting++;
    if (write) {
      body.addAll(writeThrough(g, o.ref(), depth));
    }
    StmtGen.statements(g, g.between(write ? 0 : 1, g.config.maxNestedStatements), body);
    g.nesting--;
    g.multiplier = saved;
    g.loops.removeLast();
    g.pop();
    return new Stmt.ForEach(label, type, o.name, array, new Stmt.Block(body));
  }

  /** {@code for (C o : os) {...}} over an array in scope (maybe a parameter) or a fresh one. */
  private static List<Stmt> forEach(MethodGen g, int depth) {
    String label = g.chance(0.25) ? g.fresh("L") : null;
    Var over = g.chance(0.7) ? g.pick(x -> x.type.isObjectArray()) : null;
    Expr array = over != null ? over.ref() : fresh(g, g.oneOf(g.classes).arrayType, depth - 1);
    boolean readOnly = over != null && over.readOnly;
    return List.of(forEachOver(g, array, readOnly, label, !readOnly && g.chance(0.6), depth));
  }

  /** {@code C.h(o, ...)}: a static helper writing the object (or objects) it is passed. */
  private static List<Stmt> helperCall(MethodGen g, int depth) {
    List<ClassDecl> owners = g.classes.stream()
        .filter(c -> !c.methods(true, m -> true).isEmpty()).toList();
    ClassDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    MethodInfo m = g.oneOf(owner.methods(true, x -> true));
    Expr call = Calls.invoke(g, depth, new Expr.Lit(owner.type, owner.name), m);
    return call == null ? null : List.of(new Stmt.Eval(call));
  }

  /** {@code o = e;} of an owned variable. */
  private static List<Stmt> reassign(MethodGen g, int depth) {
    Var v = g.pick(x -> x.type.isObject() && x.frozen == 0 && !x.readOnly);
    return v == null ? null
        : List.of(new Stmt.Eval(new Expr.Assign(v.ref(), "=", value(g, v.type, depth, true))));
  }

  /** {@code C t = os[i]; os[i] = os[j]; os[j] = t;}: two elements swapped. */
  private static List<Stmt> swap(MethodGen g, int depth) {
    Var v = g.pick(x -> x.type.isObjectArray() && !x.readOnly);
    JType type = v.type.element();
    Expr i = pureIndex(g, v);
    Expr j = pureIndex(g, v);
    Var t = g.declare("ob", type, false);
    return List.of(new Stmt.Local(type, t.name, new Expr.Index(v.ref(), i, type)),
        new Stmt.Eval(new Expr.Assign(new Expr.Index(v.ref(), i, type), "=",
            new Expr.Index(v.ref(), j, type))),
        new Stmt.Eval(new Expr.Assign(new Expr.Index(v.ref(), j, type), "=", t.ref())));
  }

  /**
   * An index into {@code v} without side effects (it is evaluated twice): a loop counter over
   * it, 0, the last index or {@code Math.floorMod(k, os.length)} of an int variable or literal.
   */
  private static Expr pureIndex(MethodGen g, Var v) {
    Var counter = g.pick(c -> v.name.equals(c.indexes));
    if (counter != null && g.chance(0.5)) {
      return counter.ref();
    }
    Expr length = new Expr.Length(v.ref());
    double u = g.random.nextDouble();
    if (u < 0.3) {
      return new Expr.Lit(JType.INT, "0");
    }
    if (u < 0.5) {
      return new Expr.Binary("-", length, new Expr.Lit(JType.INT, "1"), JType.INT);
    }
    Var k = g.pick(x -> x.type == JType.INT);
    Expr e = k != null && g.chance(0.6) ? k.ref() : ExprGen.intLiteral(g);
    return new Expr.LibCall("Math.floorMod", List.of(e, length), JType.INT);
  }

  /** {@code os[i] = e;} ({@code os[i] = os[j]}: one object at two positions). */
  private static List<Stmt> elementStore(MethodGen g, int depth) {
    Var v = g.pick(x -> x.type.isObjectArray() && !x.readOnly);
    v.distinctElements = false;
    JType type = v.type.element();
    Expr target = new Expr.Index(v.ref(), ExprGen.index(g, v.ref(), v.name, depth), type);
    return List.of(new Stmt.Eval(new Expr.Assign(target, "=", value(g, type, depth, true))));
  }
}
