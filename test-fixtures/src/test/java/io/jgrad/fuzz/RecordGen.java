package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Records as data (README, "Records"): the record types of a program ({@link #declare}), record
 * values ({@code new R(...)}, variables, elements of {@code R[]}, components of other records,
 * constants, static factories, instance methods and helpers returning records, conditionals,
 * assignments), the numeric values read from them (accessors {@code p.x()}, {@code this.x},
 * {@code o.x}, instance methods) and the statements that use them (record locals and their
 * reassignment, {@code R[]} locals, element writes, for-each). Every production here has weight 0
 * in a program without record types, so those programs are generated exactly as before.
 */
final class RecordGen {
  private RecordGen() {}

  // --------------------------------------------------------------------------- declarations

  private static final String[] DOUBLE_NAMES = {"x", "y", "z", "w", "u"};
  private static final String[] FLOAT_NAMES = {"f", "h"};
  private static final String[] INT_NAMES = {"k", "j", "i"};
  private static final String[] LONG_NAMES = {"l", "t"};
  private static final String[] BOOLEAN_NAMES = {"b", "e"};
  private static final String[] RECORD_NAMES = {"p", "q", "r"};

  /**
   * One to three record types; a later one may have components of the earlier ones. Methods
   * are added by {@link ProgramGenerator} once all types are declared.
   */
  static List<RecordDecl> declare(Random random, GenConfig config) {
    List<RecordDecl> decls = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int k = 0; k < n; k++) {
      int[] used = new int[6];
      List<RecordDecl.Component> components = new ArrayList<>();
      int count = 1 + random.nextInt(4);
      for (int c = 0; c < count; c++) {
        double wRecord = k > 0 ? 1.5 : 0;
        double wFloat = 3 * config.floats;
        double u = random.nextDouble() * (5 + wFloat + 1.5 + 0.8 + 0.3 + wRecord);
        JType t;
        String[] names;
        int pool;
        if ((u -= 5) < 0) {
          t = JType.DOUBLE;
          names = DOUBLE_NAMES;
          pool = 0;
        } else if ((u -= wFloat) < 0) {
          t = JType.FLOAT;
          names = FLOAT_NAMES;
          pool = 1;
        } else if ((u -= 1.5) < 0) {
          t = JType.INT;
          names = INT_NAMES;
          pool = 2;
        } else if ((u -= 0.8) < 0) {
          t = JType.BOOLEAN;
          names = BOOLEAN_NAMES;
          pool = 3;
        } else if ((u -= 0.3) < 0) {
          t = JType.LONG;
          names = LONG_NAMES;
          pool = 4;
        } else {
          t = decls.get(random.nextInt(decls.size())).type;
          names = RECORD_NAMES;
          pool = 5;
        }
        if (used[pool] >= names.length) {
          continue;
        }
        components.add(new RecordDecl.Component(t, names[used[pool]++]));
      }
      RecordDecl decl = new RecordDecl("R" + k, k, components);
      if (components.isEmpty() || !decl.differentiable() && (random.nextDouble() < 0.85
          || !config.allows("data record"))) {
        // mostly differentiable types; now and then a record of data only
        components.add(random.nextInt(components.size() + 1),
            new RecordDecl.Component(JType.DOUBLE, DOUBLE_NAMES[used[0]++]));
      }
      if (random.nextDouble() < 0.15) {
        decl.validation = validation(random, decl);
      }
      if (random.nextDouble() < 0.35) {
        boolean inProgram = random.nextDouble() < 0.3;
        decl.constants.add(new RecordDecl.Constant("K" + k, literal(random, decl.type),
            inProgram));
      }
      decls.add(decl);
    }
    return decls;
  }

  /**
   * A compact constructor that validates: {@code if (Double.isNaN(x)) throw ...} (a NaN made
   * inside a program reaches it now and then) or {@code if (k > 1000) throw ...}.
   */
  private static Stmt.Block validation(Random random, RecordDecl decl) {
    List<RecordDecl.Component> candidates = new ArrayList<>();
    for (RecordDecl.Component c : decl.components) {
      if (c.type() == JType.DOUBLE || c.type() == JType.INT) {
        candidates.add(c);
      }
    }
    if (candidates.isEmpty()) {
      return null;
    }
    RecordDecl.Component c = candidates.get(random.nextInt(candidates.size()));
    Expr name = new Expr.Name(c.name(), c.type());
    Expr condition = c.type() == JType.DOUBLE
        ? new Expr.LibCall("Double.isNaN", List.of(name), JType.BOOLEAN)
        : new Expr.Binary(">", name, new Expr.Lit(JType.INT, "1000"), JType.BOOLEAN);
    Stmt.Throw t = new Stmt.Throw("IllegalArgumentException", decl.name + "." + c.name());
    return new Stmt.Block(List.of(new Stmt.If(condition, new Stmt.Block(List.of(t)), null)));
  }

  /** A constant expression of a component type ({@code new R0(0.5, 2)} for a record). */
  static Expr literal(Random random, JType t) {
    if (t.isRecord()) {
      if (!t.decl.constants.isEmpty() && random.nextDouble() < 0.5) {
        RecordDecl.Constant c = t.decl.constants.get(0);
        return new Expr.Lit(t, c.reference(t.decl));
      }
      List<Expr> args = new ArrayList<>();
      for (RecordDecl.Component c : t.decl.components) {
        args.add(literal(random, c.type()));
      }
      return new Expr.New(t, args);
    }
    String[] texts = switch (t.kind) {
      case DOUBLE -> new String[] {"0.5", "1.5", "-1.0", "2.0", "0.25", "-0.75"};
      case FLOAT -> new String[] {"0.5f", "1.25f", "-2.0f"};
      case INT -> new String[] {"0", "1", "2", "3"};
      case LONG -> new String[] {"1L", "2L"};
      case BOOLEAN -> new String[] {"true", "false"};
      default -> throw new IllegalArgumentException(t.java);
    };
    return new Expr.Lit(t, texts[random.nextInt(texts.length)]);
  }

  // ---------------------------------------------------------------------------------- values

  static boolean has(MethodGen g) {
    return !g.records.isEmpty();
  }

  /** True if an array of records is in scope (no random draw). */
  static boolean recordArrays(MethodGen g) {
    return !g.visible(x -> x.type.isRecordArray()).isEmpty();
  }

  /** A value of record type {@code type}. */
  static Expr value(MethodGen g, JType type, int depth) {
    g.touch(type.decl);
    List<Production<Expr>> productions = List.of(
        Production.of("record variable", 4, (g2, d) -> {
          Var v = g2.pick(x -> x.type == type);
          return v == null ? null : v.ref();
        }),
        Production.of("new record", 3, (g2, d) -> newRecord(g2, type, d)),
        Production.of("record element", 2, (g2, d) -> element(g2, type, d)),
        Production.of("record component", 1, (g2, d) -> d <= 0 ? null
            : componentValue(g2, type, d)),
        Production.of("record constant", 1, (g2, d) -> constant(g2, type)),
        Production.of("factory", 1, (g2, d) -> d <= 0 ? null : factory(g2, type, d)),
        Production.of("record method", 1, (g2, d) -> d <= 0 ? null
            : methodCall(g2, type, d)),
        Production.of("record helper", 1.2, (g2, d) -> d <= 0 ? null
            : Calls.call(g2, d, m -> m.returns == type)),
        Production.of("record ternary", 0.6, (g2, d) -> d <= 0 ? null
            : new Expr.Ternary(ExprGen.bool(g2, d - 1), value(g2, type, d - 1),
                value(g2, type, d - 1), type)),
        Production.of("record assignment value", 0.3, (g2, d) -> d <= 0 ? null
            : assignValue(g2, type, d)),
        Production.of("object record field", g2 -> ObjectGen.hasRecordField(g2, type) ? 1 : 0,
            (g2, d) -> ObjectGen.recordField(g2, type, d)));
    Expr e = Production.pick(g, depth, productions);
    return e != null ? e : newRecord(g, type, depth);
  }

  /** {@code new R(...)}: each component an expression of its type. */
  static Expr newRecord(MethodGen g, JType type, int depth) {
    List<Expr> args = new ArrayList<>();
    for (RecordDecl.Component c : type.decl.components) {
      args.add(c.type().isRecord() ? value(g, c.type(), depth - 1)
          : ExprGen.of(g, c.type(), Math.max(0, depth - 1)));
    }
    return new Expr.New(type, args);
  }

  /** {@code ps[i]} of an array of records in scope. */
  static Expr element(MethodGen g, JType type, int depth) {
    Var v = g.pick(x -> x.type == type.decl.arrayType);
    if (v == null) {
      return null;
    }
    return new Expr.Index(v.ref(), ExprGen.index(g, v.ref(), v.name, depth), type);
  }

  /** {@code q.p()}: a component of type {@code type} of another record value. */
  private static Expr componentValue(MethodGen g, JType type, int depth) {
    List<RecordDecl> owners = new ArrayList<>();
    for (RecordDecl r : g.records) {
      if (!r.componentsOf(type).isEmpty()) {
        owners.add(r);
      }
    }
    RecordDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    Expr receiver = receiver(g, owner.type, depth);
    return receiver == null ? null : access(g, receiver, owner, g.oneOf(owner.componentsOf(type)));
  }

  private static Expr constant(MethodGen g, JType type) {
    RecordDecl.Constant c = g.oneOf(type.decl.constants);
    return c == null ? null : new Expr.Lit(type, c.reference(type.decl));
  }

  /** {@code R.mk0(...)}: a static factory declared so far. */
  private static Expr factory(MethodGen g, JType type, int depth) {
    MethodInfo m = g.oneOf(type.decl.methodsReturning(type, true, g.noPrivateCalls));
    if (m == null) {
      return null;
    }
    return Calls.invoke(g, depth, new Expr.Lit(type, type.decl.name), m);
  }

  /** {@code v.m(...)}: an instance method of some record returning {@code type}. */
  static Expr methodCall(MethodGen g, JType type, int depth) {
    List<RecordDecl> owners = new ArrayList<>();
    for (RecordDecl r : g.records) {
      if (!r.methodsReturning(type, false, g.noPrivateCalls).isEmpty()) {
        owners.add(r);
      }
    }
    RecordDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    MethodInfo m = g.oneOf(owner.methodsReturning(type, false, g.noPrivateCalls));
    Expr receiver = receiver(g, owner.type, depth);
    return receiver == null ? null : Calls.invoke(g, depth, receiver, m);
  }

  /** {@code (p = e)} as a value. */
  private static Expr assignValue(MethodGen g, JType type, int depth) {
    if (!g.config.allows("assignment value")) {
      return null;
    }
    Var v = g.pick(x -> x.type == type && x.frozen == 0);
    return v == null ? null : new Expr.Assign(v.ref(), "=", value(g, type, depth - 1));
  }

  /**
   * A record value to read a component of or call a method on: mostly a variable; at depth 0
   * only a variable or an element (null if there is none).
   */
  static Expr receiver(MethodGen g, JType type, int depth) {
    double u = depth <= 0 ? 0 : g.random.nextDouble();
    if (u < 0.55) {
      Var v = g.pick(x -> x.type == type);
      if (v != null) {
        return v.ref();
      }
    }
    if (u < 0.75) {
      Expr e = element(g, type, depth);
      if (e != null) {
        return e;
      }
    }
    return depth <= 0 ? null : value(g, type, depth - 1);
  }

  /**
   * Reads component {@code c} of {@code receiver} (of record type {@code owner}): the accessor
   * {@code r.x()}; in the record's own code also {@code o.x}, {@code this.x} and {@code x()}.
   */
  static Expr access(MethodGen g, Expr receiver, RecordDecl owner, RecordDecl.Component c) {
    g.touch(owner);
    if (c.type().isRecord()) {
      g.touch(c.type().decl);
    }
    if (g.inRecord == owner && receiver instanceof Expr.Name n) {
      double u = g.random.nextDouble();
      if (u < 0.35) {
        return new Expr.Access(receiver, c.name(), c.type(), true);
      }
      if (u < 0.5 && n.name().equals("this")) {
        return new Expr.Access(null, c.name(), c.type(), false);
      }
    }
    return new Expr.Access(receiver, c.name(), c.type(), false);
  }

  // -------------------------------------------------------------------- scalars from records

  /** {@code r.x()} of a component of type {@code want} (a float one where a double is wanted). */
  static Expr accessor(MethodGen g, JType want, int depth) {
    List<RecordDecl> owners = new ArrayList<>();
    for (RecordDecl r : g.records) {
      if (!r.componentsOf(want).isEmpty()
          || (want == JType.DOUBLE && !r.componentsOf(JType.FLOAT).isEmpty())) {
        owners.add(r);
      }
    }
    RecordDecl owner = g.oneOf(owners);
    if (owner == null) {
      return null;
    }
    List<RecordDecl.Component> cs = new ArrayList<>(owner.componentsOf(want));
    if (want == JType.DOUBLE && (cs.isEmpty() || g.chance(0.2))) {
      cs.addAll(owner.componentsOf(JType.FLOAT));
    }
    RecordDecl.Component c = g.oneOf(cs);
    Expr receiver = receiver(g, owner.type, depth);
    if (receiver == null) {
      return null;
    }
    if (c.type() == JType.FLOAT) {
      g.usesFloat = true;
    }
    return access(g, receiver, owner, c);
  }

  /** {@code r.m(...)}: an instance method returning {@code want}. */
  static Expr scalarMethod(MethodGen g, JType want, int depth) {
    return depth <= 0 ? null : methodCall(g, want, depth);
  }

  /** {@code ps.length}. */
  static Expr length(MethodGen g) {
    Var v = g.pick(x -> x.type.isRecordArray());
    return v == null ? null : new Expr.Length(v.ref());
  }

  // ------------------------------------------------------------------------------ statements

  static final List<Production<List<Stmt>>> STATEMENTS = List.of(
      Production.of("record local", g -> has(g) ? 3 : 0, RecordGen::local),
      Production.of("record array local", g -> has(g) ? 1.0 : 0, RecordGen::arrayLocal),
      Production.of("record element write", g -> recordArrays(g) ? 1.8 : 0,
          RecordGen::elementWrite),
      Production.of("record reassign", g -> has(g) ? 1.2 : 0, RecordGen::reassign),
      Production.of("record foreach", g -> has(g) ? StmtGen.loopWeight(g, 1.0) : 0,
          RecordGen::forEach),
      Production.of("record array reassign", g -> recordArrays(g) ? 0.3 : 0,
          RecordGen::arrayReassign),
      Production.of("record parameter store", g -> recordArrayParams(g) ? 1.5 : 0,
          RecordGen::parameterStore));

  /** True if an array of records is a parameter (no random draw). */
  static boolean recordArrayParams(MethodGen g) {
    return !g.visible(x -> x.type.isRecordArray() && x.param).isEmpty();
  }

  /**
   * {@code os[i] = o;}: a record (mostly a record parameter) stored into an array parameter, so
   * that a caller's record ends up in the caller's array.
   */
  static List<Stmt> parameterStore(MethodGen g, int depth) {
    Var os = g.pick(x -> x.type.isRecordArray() && x.param);
    JType element = os.type.element();
    Var o = g.pick(x -> x.type == element && (x.param || g.chance(0.3)));
    Expr value = o != null ? o.ref() : value(g, element, depth);
    g.markWritten(os.root);
    Expr target = new Expr.Index(os.ref(), ExprGen.index(g, os.ref(), os.name, depth), element);
    return List.of(new Stmt.Eval(new Expr.Assign(target, "=", value)));
  }

  /** {@code R p = e;}. */
  static List<Stmt> local(MethodGen g, int depth) {
    RecordDecl d = g.oneOf(g.records);
    Expr init = value(g, d.type, depth);
    Var v = g.declare("p", d.type, false);
    return List.of(new Stmt.Local(d.type, v.name, init));
  }

  /**
   * {@code R[] ps = new R[n];} and a loop filling it, {@code R[] ps = {a, b}}, or another array
   * of the same type ({@code R[] qs = ps;}: one array, one alias class).
   */
  static List<Stmt> arrayLocal(MethodGen g, int depth) {
    RecordDecl d = g.oneOf(g.records);
    JType type = d.arrayType;
    double u = g.random.nextDouble();
    Var existing = g.pick(x -> x.type == type);
    if (existing != null && u < 0.15) {
      Var v = g.declare("ps", type, false);
      g.union(existing.root, v.root);
      return List.of(new Stmt.Local(type, v.name, existing.ref()));
    }
    if (u < 0.5) {
      return filledArray(g, type, "ps", (g2, d2) -> value(g2, d.type, d2), depth);
    }
    Expr init = fresh(g, type, depth);
    Var v = g.declare("ps", type, false);
    return List.of(new Stmt.Local(type, v.name, init));
  }

  /**
   * {@code T[] ps = new T[n];} and a loop {@code for (int i = 0; i < ps.length; i++) ps[i] = e;}
   * for an array of records or objects, {@code element} making {@code e} (at depth - 1). The
   * elements are made before the array is in scope: none reads an element not written yet.
   */
  static List<Stmt> filledArray(MethodGen g, JType type, String prefix,
      Production.Maker<Expr> element, int depth) {
    Expr length = ExprGen.newLength(g, 0);
    g.push();
    Var i = g.declare("i", JType.INT, false);
    i.frozen++;
    long saved = g.multiplier;
    g.multiplier *= 6;
    Expr e = element.make(g, depth - 1);
    g.multiplier = saved;
    g.pop();
    Var v = g.declare(prefix, type, false);
    Stmt fill = new Stmt.For(null, new Stmt.Local(JType.INT, i.name,
        new Expr.Lit(JType.INT, "0")), new Expr.Binary("<", i.ref(), new Expr.Length(v.ref()),
        JType.BOOLEAN), new Expr.IncDec(i.ref(), false, "++"), new Stmt.Block(List.of(
        new Stmt.Eval(new Expr.Assign(new Expr.Index(v.ref(), i.ref(), type.element()), "=",
            e)))));
    return List.of(new Stmt.Local(type, v.name, new Expr.NewRecords(type, length)), fill);
  }

  /** {@code new R[] {a, b}}: a fresh array of one to three records. */
  static Expr fresh(MethodGen g, JType type, int depth) {
    List<Expr> elements = new ArrayList<>();
    int n = g.between(1, 3);
    for (int k = 0; k < n; k++) {
      elements.add(value(g, type.decl.type, Math.max(0, depth - 1)));
    }
    return new Expr.ArrayInit(type, elements);
  }

  /** An {@code R[]} value and its alias class: a variable of the type, or a fresh array. */
  static ExprGen.ArrayExpr array(MethodGen g, JType type, int depth) {
    if (g.chance(0.75)) {
      Var v = g.pick(x -> x.type == type);
      if (v != null) {
        return new ExprGen.ArrayExpr(v.ref(), v.root);
      }
    }
    return new ExprGen.ArrayExpr(fresh(g, type, depth), -1);
  }

  /** {@code ps[i] = e;}. */
  static List<Stmt> elementWrite(MethodGen g, int depth) {
    Var v = g.pick(x -> x.type.isRecordArray());
    if (v == null) {
      return null;
    }
    g.markWritten(v.root);
    Expr target = new Expr.Index(v.ref(), ExprGen.index(g, v.ref(), v.name, depth),
        v.type.element());
    return List.of(new Stmt.Eval(new Expr.Assign(target, "=", value(g, v.type.element(),
        depth))));
  }

  /** {@code p = e;}. */
  static List<Stmt> reassign(MethodGen g, int depth) {
    Var v = g.pick(x -> x.type.isRecord() && x.frozen == 0);
    if (v == null) {
      return null;
    }
    return List.of(new Stmt.Eval(new Expr.Assign(v.ref(), "=", value(g, v.type, depth))));
  }

  /** {@code ps = qs;} or {@code ps = new R[] {...};}. */
  static List<Stmt> arrayReassign(MethodGen g, int depth) {
    if (!g.config.allows("array reassign")) {
      return null;
    }
    Var v = g.pick(x -> x.type.isRecordArray() && x.frozen == 0 && (!x.param || g.chance(0.3)));
    if (v == null) {
      return null;
    }
    ExprGen.ArrayExpr value = array(g, v.type, depth);
    if (value.root() >= 0) {
      g.union(value.root(), v.root);
    }
    return List.of(new Stmt.Eval(new Expr.Assign(v.ref(), "=", value.expr())));
  }

  /** {@code for (R p : ps) {...}}. */
  static List<Stmt> forEach(MethodGen g, int depth) {
    String label = g.chance(0.25) ? g.fresh("L") : null;
    RecordDecl d = g.oneOf(g.records);
    Var over = g.chance(0.7) ? g.pick(x -> x.type.isRecordArray()) : null;
    JType type = over != null ? over.type : d.arrayType;
    Expr array = over != null ? over.ref() : fresh(g, type, depth - 1);
    g.push();
    Var p = g.declare("p", type.element(), false);
    Stmt.Block body = StmtGen.loopBody(g, label, 6);
    g.pop();
    return List.of(new Stmt.ForEach(label, p.type, p.name, array, body));
  }

  /**
   * The value a method returning a record returns: one of its record parameters unchanged now
   * and then, else any record value.
   */
  static Expr returnRecord(MethodGen g, JType type, int depth) {
    if (g.chance(0.3)) {
      Var p = g.oneOf(g.params.stream().filter(x -> x.type == type).toList());
      if (p != null) {
        return p.ref();
      }
    }
    return value(g, type, depth);
  }
}
