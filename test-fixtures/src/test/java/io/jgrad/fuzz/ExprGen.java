package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Expression productions, one list per type. Every production returns an expression whose static
 * type is assignable to the wanted type, keeps array indices in bounds and respects the alias
 * rules of {@link MethodGen}; {@code depth} bounds the tree.
 */
final class ExprGen {
  private ExprGen() {}

  /** An array-valued expression and its alias class ({@code -1}: a fresh array). */
  record ArrayExpr(Expr expr, int root) {}

  // ------------------------------------------------------------------------------- dispatch

  static Expr of(MethodGen g, JType want, int depth) {
    return switch (want.kind) {
      case DOUBLE -> dbl(g, depth);
      case FLOAT -> flt(g, depth);
      case INT -> integer(g, depth);
      case LONG -> lng(g, depth);
      case BOOLEAN -> bool(g, depth);
      case RECORD -> RecordGen.value(g, want, depth);
      case OBJECT -> ObjectGen.value(g, want, depth, true);
      default -> throw new IllegalArgumentException(want.toString());
    };
  }

  // --------------------------------------------------------------------------------- double

  static final List<Production<Expr>> DOUBLE = new ArrayList<>(List.of(
      Production.of("literal", 2, (g, d) -> doubleLiteral(g)),
      Production.of("variable", 4, (g, d) -> numericVar(g, JType.DOUBLE)),
      Production.of("element", 3, ExprGen::elementRead),
      Production.of("binary", g -> 7, (g, d) -> d <= 0 ? null
          : arithmetic(g, d, JType.DOUBLE)),
      Production.of("negate", 1, (g, d) -> d <= 0 ? null
          : negate(dbl(g, d - 1))),
      Production.of("math", 4, (g, d) -> d <= 0 ? null : MathFunctions.call(g, d)),
      Production.of("ternary", 1, (g, d) -> d <= 0 ? null : ternary(g, d, JType.DOUBLE)),
      Production.of("cast", 1, (g, d) -> d <= 0 ? null : doubleCast(g, d)),
      Production.of("assignment value", 1, (g, d) -> d <= 0 ? null : assignValue(g, d,
          JType.DOUBLE)),
      Production.of("increment value", 1.2, (g, d) -> incDecValue(g, g.chance(0.8) ? JType.DOUBLE
          : JType.FLOAT, d)),
      Production.of("call", 1.5, (g, d) -> d <= 0 ? null : scalarCall(g, d)),
      Production.of("array call", 0.3, (g, d) -> d <= 0 ? null : arrayCallElement(g, d)),
      Production.of("rule read", 1.0, (g, d) -> d <= 0 ? null : RuleCalls.read(g, d)),
      Production.of("record accessor", g -> RecordGen.has(g) ? 5 : 0,
          (g, d) -> RecordGen.accessor(g, JType.DOUBLE, d)),
      Production.of("record method", g -> RecordGen.has(g) ? 1.5 : 0,
          (g, d) -> RecordGen.scalarMethod(g, JType.DOUBLE, d))));

  static {
    // appended last, with weight 0 without classes: other programs draw exactly as before
    DOUBLE.add(Production.of("field read", g -> ObjectGen.has(g) ? 4 : 0,
        (g, d) -> ObjectGen.fieldRead(g, JType.DOUBLE, d)));
    DOUBLE.add(Production.of("object method value", g -> ObjectGen.has(g) ? 1.5 : 0,
        ObjectGen::methodValue));
    DOUBLE.add(Production.of("custom rule call", 0.8, (g, d) -> d <= 0 ? null
        : LibraryCalls.value(g, d)));
  }

  static Expr dbl(MethodGen g, int depth) {
    Expr e = Production.pick(g, depth, DOUBLE);
    return e != null ? e : doubleLiteral(g);
  }

  /** {@code -e}, of e's type (unary numeric promotion keeps int, long, float and double). */
  static Expr negate(Expr e) {
    return new Expr.Unary("-", e, e.type());
  }

  static Expr doubleLiteral(MethodGen g) {
    if (!g.constants.isEmpty() && g.chance(0.15)) {
      Program.Constant c = g.oneOf(g.constants);
      return new Expr.Name(c.name(), c.type());
    }
    if (g.chance(0.05)) {
      return new Expr.Lit(JType.DOUBLE, "Math.PI");
    }
    return new Expr.Lit(JType.DOUBLE, g.oneOf("0.5", "1.0", "2.0", "1.5", "0.25", "3.0", "-1.0",
        "-0.5", "0.75", "1.25", "-2.0", "0.1"));
  }

  /** A variable of a type assignable to {@code want} (mostly of {@code want} itself). */
  static Expr numericVar(MethodGen g, JType want) {
    Var v = g.chance(0.7) ? g.pick(x -> x.type == want) : null;
    if (v == null) {
      v = g.pick(x -> x.type.isNumeric() && want.accepts(x.type));
    }
    return v == null ? null : v.ref();
  }

  static Expr arithmetic(MethodGen g, int depth, JType want) {
    String op = g.oneOf("+", "+", "-", "-", "*", "*", "*", "/", "/", "%");
    Expr left = of(g, want, depth - 1);
    Expr right = of(g, want, depth - 1);
    if ((op.equals("/") || op.equals("%")) && JType.promote(left.type(), right.type())
        .isIntegral()) {
      // an integer division: by a positive constant, never by zero
      right = new Expr.Lit(JType.INT, String.valueOf(g.between(1, 4)));
    }
    if (want == JType.DOUBLE && op.equals("/") && g.chance(0.5)) {
      // a denominator away from 0 now and then
      right = new Expr.Binary("+", new Expr.Lit(JType.DOUBLE, "1.5"), new Expr.Binary("*",
          right, right, JType.promote(right.type(), right.type())), JType.DOUBLE);
    }
    return new Expr.Binary(op, left, right, JType.promote(left.type(), right.type()));
  }

  static Expr ternary(MethodGen g, int depth, JType want) {
    Expr c = bool(g, depth - 1);
    Expr a = of(g, want, depth - 1);
    Expr b = of(g, want, depth - 1);
    return new Expr.Ternary(c, a, b, JType.promote(a.type(), b.type()));
  }

  static Expr doubleCast(MethodGen g, int depth) {
    if (g.chance(g.config.floats)) {
      g.usesFloat = true;
      return new Expr.Cast(JType.FLOAT, dbl(g, depth - 1));
    }
    if (g.chance(0.5)) {
      // through an integer: piecewise constant
      JType via = g.chance(0.8) ? JType.INT : JType.LONG;
      return new Expr.Cast(JType.DOUBLE, new Expr.Cast(via, dbl(g, depth - 1)));
    }
    return new Expr.Cast(JType.DOUBLE, integer(g, depth - 1));
  }

  // ---------------------------------------------------------------------------------- float

  static final List<Production<Expr>> FLOAT = new ArrayList<>(List.of(
      Production.of("literal", 2, (g, d) -> new Expr.Lit(JType.FLOAT,
          g.oneOf("0.5f", "1.5f", "2.0f", "-1.25f", "0.75f"))),
      Production.of("variable", 3, (g, d) -> numericVar(g, JType.FLOAT)),
      Production.of("cast", 3, (g, d) -> new Expr.Cast(JType.FLOAT, dbl(g, Math.max(0,
          d - 1)))),
      Production.of("binary", 3, (g, d) -> d <= 0 ? null : arithmetic(g, d, JType.FLOAT)),
      Production.of("negate", 0.5, (g, d) -> d <= 0 ? null
          : negate(flt(g, d - 1))),
      Production.of("math", 1, (g, d) -> d <= 0 ? null : floatMath(g, d)),
      Production.of("assignment value", 0.5, (g, d) -> d <= 0 ? null : assignValue(g, d,
          JType.FLOAT)),
      Production.of("increment value", 0.5, (g, d) -> incDecValue(g, JType.FLOAT, d)),
      Production.of("int", 0.5, (g, d) -> integer(g, Math.max(0, d - 1))),
      Production.of("record accessor", g -> RecordGen.has(g) ? 0.8 : 0,
          (g, d) -> RecordGen.accessor(g, JType.FLOAT, d)),
      Production.of("record method", g -> RecordGen.has(g) ? 0.3 : 0,
          (g, d) -> RecordGen.scalarMethod(g, JType.FLOAT, d))));

  static {
    FLOAT.add(Production.of("field read", g -> ObjectGen.has(g) ? 0.8 : 0,
        (g, d) -> ObjectGen.fieldRead(g, JType.FLOAT, d)));
  }

  static Expr flt(MethodGen g, int depth) {
    g.usesFloat = true;
    Expr e = Production.pick(g, depth, FLOAT);
    return e != null ? e : new Expr.Lit(JType.FLOAT, "1.0f");
  }

  static Expr floatMath(MethodGen g, int depth) {
    String f = g.oneOf("abs", "max", "min", "signum", "copySign");
    List<Expr> args = new ArrayList<>();
    int arity = f.equals("max") || f.equals("min") || f.equals("copySign") ? 2 : 1;
    for (int i = 0; i < arity; i++) {
      args.add(flt(g, depth - 1));
    }
    return MathFunctions.make(g, f, args);
  }

  // ------------------------------------------------------------------------------------ int

  static final List<Production<Expr>> INT = new ArrayList<>(List.of(
      Production.of("literal", 3, (g, d) -> intLiteral(g)),
      Production.of("variable", 3, (g, d) -> {
        Var v = g.pick(x -> x.type == JType.INT);
        return v == null ? null : v.ref();
      }),
      Production.of("length", 1, (g, d) -> {
        Var v = g.pick(x -> x.type.isArray() || x.type.isRecordArray()
            || x.type.isObjectArray());
        return v == null ? null : new Expr.Length(v.ref());
      }),
      Production.of("binary", 2, (g, d) -> d <= 0 ? null : intArithmetic(g, d)),
      Production.of("cast", 2.5, (g, d) -> new Expr.Cast(JType.INT,
          g.chance(0.6) ? scaled(g, Math.max(0, d - 1)) : dbl(g, Math.max(0, d - 1)))),
      Production.of("floorMod", 1, (g, d) -> d <= 0 ? null
          : new Expr.LibCall("Math.floorMod", List.of(integer(g, d - 1),
              new Expr.Lit(JType.INT, String.valueOf(g.between(1, 5)))), JType.INT)),
      Production.of("minmax", 0.7, (g, d) -> d <= 0 ? null : g.chance(0.2)
          ? MathFunctions.make(g, "abs", List.of(integer(g, d - 1)))
          : MathFunctions.make(g, g.oneOf("max", "min"), List.of(integer(g, d - 1),
              integer(g, d - 1)))),
      Production.of("increment value", 1.2, (g, d) -> incDecValue(g, JType.INT, d)),
      Production.of("assignment value", 0.5, (g, d) -> d <= 0 ? null : assignValue(g, d, JType.INT)),
      Production.of("ternary", 0.5, (g, d) -> d <= 0 ? null : ternary(g, d, JType.INT)),
      Production.of("round", 0.5, (g, d) -> d <= 0 ? null : g.chance(0.5)
          || g.config.floats == 0
          ? new Expr.Cast(JType.INT, MathFunctions.make(g, "round", List.of(dbl(g, d - 1))))
          : MathFunctions.make(g, "round", List.of(flt(g, d - 1)))),
      Production.of("long", 0.3, (g, d) -> d <= 0 ? null
          : new Expr.Cast(JType.INT, lng(g, d - 1))),
      Production.of("int element", g -> StmtGen.intArrays(g) ? 1.5 : 0,
          (g, d) -> intElement(g, g.oneOf(g.visible(x -> x.type == JType.INT_ARRAY)), d)),
      Production.of("record accessor", g -> RecordGen.has(g) ? 0.8 : 0,
          (g, d) -> RecordGen.accessor(g, JType.INT, d)),
      Production.of("record method", g -> RecordGen.has(g) ? 0.3 : 0,
          (g, d) -> RecordGen.scalarMethod(g, JType.INT, d)),
      Production.of("record length", g -> RecordGen.recordArrays(g) ? 0.5 : 0,
          (g, d) -> RecordGen.length(g))));

  /** {@code m[Math.floorMod(i, m.length)]}: an element of an int[] local, always in range. */
  static Expr intElement(MethodGen g, Var array, int depth) {
    Expr index = new Expr.LibCall("Math.floorMod", List.of(integer(g, Math.max(0, depth - 1)),
        new Expr.Length(array.ref())), JType.INT);
    return new Expr.Index(array.ref(), index, JType.INT);
  }

  static {
    INT.add(Production.of("field read", g -> ObjectGen.has(g) ? 0.8 : 0,
        (g, d) -> ObjectGen.fieldRead(g, JType.INT, d)));
  }

  static Expr integer(MethodGen g, int depth) {
    Expr e = Production.pick(g, depth, INT);
    return e != null ? e : intLiteral(g);
  }

  static Expr intLiteral(MethodGen g) {
    return new Expr.Lit(JType.INT, String.valueOf(g.between(-1, 4)));
  }

  /** {@code e * c}: a floating expression scaled before an integer conversion. */
  static Expr scaled(MethodGen g, int depth) {
    Expr e = dbl(g, depth);
    return new Expr.Binary("*", e, new Expr.Lit(JType.DOUBLE, g.oneOf("2.0", "3.0", "4.0",
        "1.5")), JType.DOUBLE);
  }

  static Expr intArithmetic(MethodGen g, int depth) {
    String op = g.oneOf("+", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", ">>>");
    Expr left = integer(g, depth - 1);
    Expr right = op.equals("/") || op.equals("%") || op.contains("<") || op.contains(">")
        ? new Expr.Lit(JType.INT, String.valueOf(g.between(1, 3)))
        : integer(g, depth - 1);
    return new Expr.Binary(op, left, right, JType.INT);
  }

  // ----------------------------------------------------------------------------------- long

  static final List<Production<Expr>> LONG = new ArrayList<>(List.of(
      Production.of("literal", 2, (g, d) -> new Expr.Lit(JType.LONG, g.between(0, 5) + "L")),
      Production.of("variable", 3, (g, d) -> {
        Var v = g.pick(x -> x.type == JType.LONG || x.type == JType.INT);
        return v == null ? null : v.ref();
      }),
      Production.of("cast", 2, (g, d) -> new Expr.Cast(JType.LONG, scaled(g, Math.max(0,
          d - 1)))),
      Production.of("round", 1, (g, d) -> d <= 0 ? null
          : MathFunctions.make(g, "round", List.of(dbl(g, d - 1)))),
      Production.of("binary", 1, (g, d) -> {
        if (d <= 0) {
          return null;
        }
        Expr left = lng(g, d - 1);
        Expr right = integer(g, d - 1);
        String op = g.oneOf("+", "-", "*");
        return new Expr.Binary(op, left, right, JType.promote(left.type(), right.type()));
      }),
      Production.of("increment value", 0.5, (g, d) -> incDecValue(g, JType.LONG, d)),
      Production.of("record accessor", g -> RecordGen.has(g) ? 0.3 : 0,
          (g, d) -> RecordGen.accessor(g, JType.LONG, d))));

  static Expr lng(MethodGen g, int depth) {
    Expr e = Production.pick(g, depth, LONG);
    return e != null ? e : new Expr.Lit(JType.LONG, "1L");
  }

  // -------------------------------------------------------------------------------- boolean

  static final List<Production<Expr>> BOOLEAN = new ArrayList<>(List.of(
      Production.of("compare", 6, (g, d) -> compare(g, Math.max(0, d - 1))),
      Production.of("variable", 1, (g, d) -> {
        Var v = g.pick(x -> x.type == JType.BOOLEAN);
        return v == null ? null : v.ref();
      }),
      Production.of("logic", 2, (g, d) -> d <= 0 ? null
          : new Expr.Binary(g.chance(0.5) ? "&&" : "||", bool(g, d - 1),
              sideEffecting(g, d - 1), JType.BOOLEAN)),
      Production.of("not", 0.7, (g, d) -> d <= 0 ? null
          : new Expr.Unary("!", bool(g, d - 1), JType.BOOLEAN)),
      Production.of("assignment value", 0.3, (g, d) -> d <= 0 ? null
          : assignValue(g, d, JType.BOOLEAN)),
      Production.of("isNaN", 0.2, (g, d) -> new Expr.LibCall("Double.isNaN",
          List.of(dbl(g, Math.max(0, d - 1))), JType.BOOLEAN)),
      Production.of("counter compare", 0.5, (g, d) -> counterCompare(g)),
      Production.of("record accessor", g -> RecordGen.has(g) ? 0.6 : 0,
          (g, d) -> RecordGen.accessor(g, JType.BOOLEAN, d)),
      Production.of("record method", g -> RecordGen.has(g) ? 0.3 : 0,
          (g, d) -> RecordGen.scalarMethod(g, JType.BOOLEAN, d))));

  static {
    BOOLEAN.add(Production.of("field read", g -> ObjectGen.has(g) ? 0.4 : 0,
        (g, d) -> ObjectGen.fieldRead(g, JType.BOOLEAN, d)));
  }

  static Expr bool(MethodGen g, int depth) {
    Expr e = Production.pick(g, depth, BOOLEAN);
    return e != null ? e : compare(g, 0);
  }

  static Expr compare(MethodGen g, int depth) {
    String op = g.oneOf("<", "<", "<=", ">", ">", ">=", "==", "!=");
    if (g.chance(0.25)) {
      return new Expr.Binary(op, integer(g, depth), integer(g, depth), JType.BOOLEAN);
    }
    Expr left = dbl(g, depth);
    Expr right = g.chance(0.5) ? doubleLiteral(g) : dbl(g, depth);
    if (op.equals("==") || op.equals("!=")) {
      // exact equality of doubles is rarely true: compare an integer conversion instead
      left = new Expr.Cast(JType.INT, scaled(g, depth));
      right = intLiteral(g);
    }
    return new Expr.Binary(op, left, right, JType.BOOLEAN);
  }

  /** A boolean whose evaluation has side effects (the right of && and ||). */
  static Expr sideEffecting(MethodGen g, int depth) {
    if (g.chance(0.5)) {
      Expr assign = assignValue(g, Math.max(1, depth), JType.DOUBLE);
      if (assign != null) {
        return new Expr.Binary(g.oneOf("<", ">"), assign, doubleLiteral(g), JType.BOOLEAN);
      }
      Expr inc = incDecValue(g, JType.INT, depth);
      if (inc != null) {
        return new Expr.Binary(g.oneOf("<", ">", "<="), inc, intLiteral(g), JType.BOOLEAN);
      }
    }
    return bool(g, depth);
  }

  /** {@code k < ++k} and friends: the same int variable read before and after a change. */
  static Expr counterCompare(MethodGen g) {
    Var k = g.pick(x -> x.type == JType.INT && x.frozen == 0);
    if (k == null) {
      return null;
    }
    Expr change = new Expr.IncDec(k.ref(), g.chance(0.5), g.chance(0.6) ? "++" : "--");
    return g.chance(0.5)
        ? new Expr.Binary(g.oneOf("<", ">", "==", "!="), k.ref(), change, JType.BOOLEAN)
        : new Expr.Binary(g.oneOf("<", ">", "==", "!="), change, k.ref(), JType.BOOLEAN);
  }

  // ----------------------------------------------------------------------- side effects

  /**
   * {@code (t = v)} or {@code (t op= v)} used as a value, of type {@code type} (a variable or an
   * array element).
   */
  static Expr assignValue(MethodGen g, int depth, JType type) {
    if (!g.config.allows("assignment value")) {
      return null;
    }
    Expr target = valueTarget(g, type, depth);
    if (target == null) {
      return null;
    }
    return assignment(g, target, depth);
  }

  /** {@code target = v} or {@code target op= v} with a value of a fitting type. */
  static Expr assignment(MethodGen g, Expr target, int depth) {
    JType t = target.type();
    if (t.isRecord()) {
      return new Expr.Assign(target, "=", RecordGen.value(g, t, depth - 1));
    }
    if (t.isObject()) {
      return new Expr.Assign(target, "=", ObjectGen.value(g, t, depth - 1, true));
    }
    if (t == JType.BOOLEAN) {
      return new Expr.Assign(target, "=", bool(g, depth - 1));
    }
    if (g.chance(0.35)) {
      return new Expr.Assign(target, "=", of(g, t, depth - 1));
    }
    if (t.isIntegral()) {
      if (g.chance(0.3)) {
        // implicit narrowing of a floating value: k += 0.7 * a
        return new Expr.Assign(target, g.oneOf("+=", "-="), dbl(g, depth - 1));
      }
      String op = g.oneOf("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=");
      Expr v = op.equals("/=") || op.equals("%=") || op.contains("<") || op.contains(">")
          ? new Expr.Lit(JType.INT, String.valueOf(g.between(1, 3)))
          : integer(g, depth - 1);
      return new Expr.Assign(target, op, v);
    }
    String op = g.oneOf("+=", "+=", "-=", "*=", "*=", "/=", "%=");
    if ((op.equals("/=") || op.equals("%=")) && !target.pure()) {
      // the traced twin can only watch a division whose target it may read twice
      op = "*=";
    }
    return new Expr.Assign(target, op, dbl(g, depth - 1));
  }

  /** {@code ++t}, {@code t--}... of a variable or element of type {@code type}, as a value. */
  static Expr incDecValue(MethodGen g, JType type, int depth) {
    if (!g.config.allows("increment value")) {
      return null;
    }
    Expr target = valueTarget(g, type, depth);
    if (target == null) {
      return null;
    }
    return new Expr.IncDec(target, g.chance(0.5), g.chance(0.6) ? "++" : "--");
  }

  /**
   * The target of an assignment or ++/-- whose value is used: {@link #scalarTarget}, or only a
   * variable without the feature {@code element assignment value}.
   */
  private static Expr valueTarget(MethodGen g, JType type, int depth) {
    if (g.config.allows("element assignment value")) {
      return scalarTarget(g, type, depth);
    }
    Var v = g.pick(x -> x.type == type && x.frozen == 0);
    return v == null ? null : v.ref();
  }

  /**
   * Something of type {@code type} that may be assigned here: a variable that is not frozen, or
   * (for doubles) an element of a writable array (its alias class is marked written).
   */
  static Expr scalarTarget(MethodGen g, JType type, int depth) {
    if (ObjectGen.has(g) && g.config.allows("field target") && g.chance(0.3)) {
      Expr field = ObjectGen.fieldTarget(g, type, depth);
      if (field != null) {
        return field;
      }
    }
    if (type == JType.DOUBLE && g.chance(0.45)) {
      Expr element = elementTarget(g, depth);
      if (element != null) {
        return element;
      }
    }
    Var v = g.pick(x -> x.type == type && x.frozen == 0);
    return v == null ? null : v.ref();
  }

  // ------------------------------------------------------------------------------- arrays

  /**
   * An index into {@code array} (a pure array expression; its length bounds the index).
   * {@code safe} names the array variable a loop counter may index without wrapping.
   */
  static Expr index(MethodGen g, Expr array, String safe, int depth) {
    if (safe != null && g.chance(0.6)) {
      Var counter = g.pick(v -> safe.equals(v.indexes));
      if (counter != null) {
        return counter.ref();
      }
    }
    Expr length = new Expr.Length(array);
    double u = g.random.nextDouble();
    if (u < 0.3) {
      return new Expr.Lit(JType.INT, "0");
    }
    if (u < 0.4) {
      return new Expr.Binary("-", length, new Expr.Lit(JType.INT, "1"), JType.INT);
    }
    Expr i = integer(g, Math.max(0, depth - 1));
    if (u < 0.85) {
      return new Expr.LibCall("Math.floorMod", List.of(i, length), JType.INT);
    }
    Expr last = new Expr.Binary("-", length, new Expr.Lit(JType.INT, "1"), JType.INT);
    return MathFunctions.make(g, "max", List.of(new Expr.Lit(JType.INT, "0"),
        MathFunctions.make(g, "min", List.of(last, i))));
  }

  /** A pure row {@code m[i]} of a matrix variable, or a double[] variable; with its class. */
  static ArrayExpr pureVector(MethodGen g, boolean writable) {
    Var v = g.pick(x -> x.type.isArray() && (!writable || g.writable(x.root)));
    if (v == null) {
      return null;
    }
    if (v.type == JType.DOUBLE_ARRAY) {
      return new ArrayExpr(v.ref(), v.root);
    }
    Expr row;
    Var counter = g.pick(c -> v.name.equals(c.indexes));
    if (counter != null && g.chance(0.6)) {
      row = counter.ref();
    } else {
      Var k = g.pick(x -> x.type == JType.INT);
      row = k == null || g.chance(0.4) ? new Expr.Lit(JType.INT, "0")
          : new Expr.LibCall("Math.floorMod", List.of(k.ref(), new Expr.Length(v.ref())),
              JType.INT);
    }
    return new ArrayExpr(new Expr.Index(v.ref(), row, JType.DOUBLE_ARRAY), v.root);
  }

  /** {@code x[i]} or {@code m[i][j]} read. */
  static Expr elementRead(MethodGen g, int depth) {
    return element(g, depth, false);
  }

  /** {@code x[i]} or {@code m[i][j]} of a writable array (marked written). */
  static Expr elementTarget(MethodGen g, int depth) {
    return element(g, depth, true);
  }

  private static Expr element(MethodGen g, int depth, boolean write) {
    Var v = g.pick(x -> x.type.isArray() && (!write || g.writable(x.root)));
    if (v == null) {
      return null;
    }
    if (write) {
      g.markWritten(v.root);
    }
    if (v.type == JType.DOUBLE_ARRAY) {
      return new Expr.Index(v.ref(), index(g, v.ref(), v.name, depth), JType.DOUBLE);
    }
    Expr row = new Expr.Index(v.ref(), index(g, v.ref(), v.name, depth), JType.DOUBLE_ARRAY);
    // rows of a matrix all have the length of row 0 (the generator keeps matrices rectangular)
    Expr row0 = new Expr.Index(v.ref(), new Expr.Lit(JType.INT, "0"), JType.DOUBLE_ARRAY);
    return new Expr.Index(row, index(g, row0, null, depth), JType.DOUBLE);
  }

  /** A length for a new array: at least 1. */
  static Expr newLength(MethodGen g, int depth) {
    double u = g.random.nextDouble();
    Var v = g.pick(x -> x.type.isArray());
    if (v != null && u < 0.4) {
      Expr length = new Expr.Length(v.ref());
      return g.chance(0.7) ? length
          : new Expr.Binary("+", length, new Expr.Lit(JType.INT, "1"), JType.INT);
    }
    if (u < 0.8) {
      return new Expr.Lit(JType.INT, String.valueOf(g.between(1, 4)));
    }
    return new Expr.Binary("+", new Expr.LibCall("Math.floorMod", List.of(integer(g,
        Math.max(0, depth - 1)), new Expr.Lit(JType.INT, "3")), JType.INT),
        new Expr.Lit(JType.INT, "1"), JType.INT);
  }

  /** A new {@code double[]}: clone, copyOf, copyOfRange, new, initializer, or a call. */
  static ArrayExpr freshVector(MethodGen g, int depth) {
    double u = g.random.nextDouble();
    ArrayExpr source = pureVector(g, false);
    if (source != null && u < 0.2) {
      return new ArrayExpr(new Expr.Clone(source.expr()), -1);
    }
    if (source != null && u < 0.35) {
      return new ArrayExpr(new Expr.LibCall("Arrays.copyOf", List.of(source.expr(),
          newLength(g, depth)), JType.DOUBLE_ARRAY), -1);
    }
    if (source != null && u < 0.45) {
      Var k = g.pick(x -> x.type == JType.INT);
      Expr from = k == null ? new Expr.Lit(JType.INT, "0")
          : new Expr.LibCall("Math.floorMod", List.of(k.ref(), new Expr.Length(source.expr())),
              JType.INT);
      Expr to = new Expr.Binary("+", from, new Expr.Lit(JType.INT,
          String.valueOf(g.between(1, 3))), JType.INT);
      return new ArrayExpr(new Expr.LibCall("Arrays.copyOfRange", List.of(source.expr(), from,
          to), JType.DOUBLE_ARRAY), -1);
    }
    if (u < 0.6) {
      return new ArrayExpr(new Expr.NewArray(JType.DOUBLE_ARRAY, List.of(newLength(g, depth))),
          -1);
    }
    if (u < 0.75 && depth > 0) {
      Expr call = Calls.call(g, depth, m -> m.returns == JType.DOUBLE_ARRAY);
      if (call != null) {
        return new ArrayExpr(call, -1);
      }
    }
    List<Expr> elements = new ArrayList<>();
    int n = g.between(1, 3);
    for (int i = 0; i < n; i++) {
      elements.add(dbl(g, Math.max(0, depth - 1)));
    }
    return new ArrayExpr(new Expr.ArrayInit(JType.DOUBLE_ARRAY, elements), -1);
  }

  /** A {@code double[]} value: mostly a variable or a row (sharing memory), else a fresh one. */
  static ArrayExpr vector(MethodGen g, int depth) {
    if (g.chance(0.65)) {
      ArrayExpr ref = pureVector(g, false);
      if (ref != null) {
        return ref;
      }
    }
    return freshVector(g, depth);
  }

  /** A new rectangular {@code double[][]}. */
  static ArrayExpr freshMatrix(MethodGen g, int depth) {
    if (g.chance(0.6)) {
      return new ArrayExpr(new Expr.NewArray(JType.DOUBLE_MATRIX, List.of(
          new Expr.Lit(JType.INT, String.valueOf(g.between(1, 3))), newLength(g, depth))), -1);
    }
    // rows of one length: {new double[] {a, b}, new double[] {c, d}}
    int rows = g.between(1, 3);
    int columns = g.between(1, 3);
    List<Expr> list = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      List<Expr> row = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        row.add(dbl(g, Math.max(0, depth - 2)));
      }
      list.add(new Expr.ArrayInit(JType.DOUBLE_ARRAY, row));
    }
    return new ArrayExpr(new Expr.ArrayInit(JType.DOUBLE_MATRIX, list), -1);
  }

  // -------------------------------------------------------------------------------- calls

  static Expr scalarCall(MethodGen g, int depth) {
    return Calls.call(g, depth, m -> m.returns == JType.DOUBLE || m.returns == JType.FLOAT);
  }

  /** {@code f(...)[0]}: an element of a returned array (results have at least one element). */
  static Expr arrayCallElement(MethodGen g, int depth) {
    Expr call = Calls.call(g, depth, m -> m.returns == JType.DOUBLE_ARRAY);
    return call == null ? null
        : new Expr.Index(call, new Expr.Lit(JType.INT, "0"), JType.DOUBLE);
  }
}
