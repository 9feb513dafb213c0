package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ZERO;
import static io.jgrad.processor.ir.Ops.add;
import static io.jgrad.processor.ir.Ops.mul;
import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.ParameterSlots;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: forward mode. Every active variable {@code v} gets a tangent {@code vDot} updated right
 * after {@code v}; control flow is kept (in its structured form). The result takes each differentiable parameter
 * followed by its tangent and returns a {@code Dual(value, tangent)}.
 */
public final class ForwardTransform {
  public static final Type DUAL = Type.classType("io.jgrad.Dual");
  public static final Type DUAL_ARRAY = Type.classType("io.jgrad.DualArray");
  public static final Type DUAL_MATRIX = Type.classType("io.jgrad.DualMatrix");

  private final Activity activity;
  private final CalleeTable callees;
  private final Names names;
  private final Map<Var, Var> tangents = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  /**
   * The calls of callees' forward rules this transform made (by identity), with which of their
   * arguments are tangents; null where the scalar tangents are packed into one array.
   */
  private final Map<Expr.Call, List<Boolean>> calleeCalls = new java.util.IdentityHashMap<>();
  /** The tangent slots of the arguments {@link #interleave} made last. */
  private List<Boolean> lastSlots;

  private ForwardTransform(Structurize.Result structured, CalleeTable callees) {
    Function function = structured.function();
    this.activity = Activity.of(function, structured.result(), callees::takesData);
    this.callees = callees;
    List<String> taken = new ArrayList<>();
    function.params().forEach(p -> taken.add(p.name()));
    function.locals().forEach(l -> taken.add(l.name()));
    this.names = new Names(taken);
  }

  /**
   * A forward rule and its form carrying several directions ({@code null}: none), which calls
   * the k-direction forms of {@code callees}' forward rules ({@code G_Frule#g}).
   */
  public record Rules(Function forward, Function directions, Set<String> callees) {}

  /**
   * Differentiates {@code lowered}: the forward rule, dead stores removed, and its vector form
   * ({@link VectorTangents}). Works on the structured form (no break/continue/return), so a
   * loop's update is part of its body and the function has one exit.
   */
  public static Rules withDirections(Function lowered, CalleeTable callees) {
    Structurize.Result structured = Structurize.apply(lowered);
    ForwardTransform transform = new ForwardTransform(structured, callees);
    Function forward = DeadStores.apply(transform.run(structured));
    boolean packed = ParameterSlots.packsScalarTangents(structured.function().params());
    VectorTangents.Forward vector = VectorTangents.apply(forward,
        new java.util.HashSet<>(transform.tangents.values()), packed, transform.calleeCalls);
    return vector == null ? new Rules(forward, null, Set.of())
        : new Rules(forward, vector.function(), vector.callees());
  }

  private Function run(Structurize.Result structured) {
    Function function = structured.function();
    List<Var> params = new ArrayList<>();
    boolean packed = ParameterSlots.packsScalarTangents(function.params());
    Var scalarDots = packed ? new Var(names.fresh("scalarDots"), Type.DOUBLE_ARRAY,
        Var.Kind.PARAM) : null;
    Block unpack = new Block();
    int k = 0;
    for (Var p : function.params()) {
      params.add(p);
      if (packed && p.isDifferentiableParam() && p.type().isFloating()) {
        // past the JVM's parameter limit: the scalar tangents come in one array
        Var dot = tangent(p);
        locals.add(dot);
        unpack.add(new Stmt.Assign(dot, new Expr.Index(ref(scalarDots), Expr.Lit.ofInt(k++),
            Type.DOUBLE), Stmt.Origin.NONE));
      } else if (p.isDifferentiableParam()) {
        Var dot = new Var(names.fresh(RuleNames.tangent(p.name())), p.type().tangentType(),
            Var.Kind.PARAM);
        tangents.put(p, dot);
        params.add(dot);
      }
    }
    if (scalarDots != null) {
      params.add(scalarDots);
    }
    for (Var local : function.locals()) {
      locals.add(local);
      if (activity.isActive(local)) {
        locals.add(tangent(local));
      }
    }
    Block sweep = block(function.body());
    Block body = new Block().addAll(unpack).addAll(constantTangents(function)).addAll(sweep);
    Var result = structured.result();
    Type returns = Type.VOID;
    if (result != null) {
      if (result.type().isDifferentiable()) {
        returns = dualOf(result.type());
        Expr tangent = activity.isActive(result) ? ref(tangent(result)) : ZERO;
        body.add(new Stmt.Return(new Expr.New(returns, List.of(ref(result), tangent)),
            Stmt.Origin.NONE));
      } else {
        // a helper's int, long or boolean result: no tangent, the value alone
        returns = result.type();
        body.add(new Stmt.Return(ref(result), Stmt.Origin.NONE));
      }
    }
    return new Function(function.name(), params, returns, body, locals);
  }

  /**
   * Zero tangents for the {@code @NoGrad} parameters the rule needed one for (passed on to a
   * callee, stored in a record, assigned): declared as locals, set on entry.
   */
  private Block constantTangents(Function function) {
    Block out = new Block();
    for (Var p : function.params()) {
      Var dot = p.isConstant() ? tangents.get(p) : null;
      if (dot != null) {
        locals.add(dot);
        Expr zero = p.type().isArray() || p.type().hasShadow() ? zeroLike(ref(p)) : ZERO;
        out.add(new Stmt.Assign(dot, zero, Stmt.Origin.NONE));
      }
    }
    return out;
  }

  /**
   * The forward rule {@code forward} of a method with a {@code double} or {@code float} result,
   * as one that allocates nothing: it takes a {@code double[] tangent} last, stores the
   * directional derivative in {@code tangent[0]} and returns the value, where {@code forward}
   * returns a {@code Dual}; null for any other forward rule.
   */
  public static Function intoBuffer(Function forward) {
    List<Stmt> body = forward.body().stmts();
    if (!forward.returnType().equals(DUAL) || body.isEmpty()
        || !(body.get(body.size() - 1) instanceof Stmt.Return r)
        || !(r.value() instanceof Expr.New dual) || dual.operands().size() != 2) {
      return null;
    }
    Var buffer = new Var(Names.of(forward).fresh("tangent"), Type.DOUBLE_ARRAY,
        Var.Kind.PARAM);
    List<Var> params = new ArrayList<>(forward.params());
    params.add(buffer);
    Block out = new Block(body.subList(0, body.size() - 1));
    out.add(new Stmt.Store(new Expr.Ref(buffer), Expr.Lit.ofInt(0), dual.operands().get(1),
        r.origin()));
    out.add(new Stmt.Return(dual.operands().get(0), r.origin()));
    return new Function(RuleNames.forwardInto(forward.name()), params, Type.DOUBLE, out,
        forward.locals());
  }

  /** What a forward rule returning {@code type} returns: value and tangent together. */
  public static Type dualOf(Type type) {
    if (type.shape() != null) {
      // a record's tangent class holds the pairs: Vec3_Tangent.Dual, Vec3_Tangent.ArrayDual
      return Type.classType(type.shape().tangentName() + (type.isArray() ? ".ArrayDual"
          : ".Dual"));
    }
    return type.dimensions() == 2 ? DUAL_MATRIX : type.isArray() ? DUAL_ARRAY : DUAL;
  }

  private Var tangent(Var v) {
    return tangents.computeIfAbsent(v, k -> new Var(names.fresh(RuleNames.tangent(k.name())),
        k.type().tangentType(), Var.Kind.TEMP));
  }

  private Block block(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      statement(s, out);
    }
    return out;
  }

  private void statement(Stmt s, Block out) {
    if (s instanceof Stmt.Assign a
        && (activity.isActive(a.target()) || callees.of(a.value()) != null)) {
      // a callee's value goes through its forward rule even where no derivative flows: the
      // rules cannot call a private helper itself
      assign(a, out);
    } else if (s instanceof Stmt.SetField f) {
      out.add(f);
      Expr.Field tangentField = tangentField(f.field());
      if (tangentField != null) {
        Expr value = f.value();
        Expr tangent = value.type().isArray() || value.type().hasShadow() ? shadow(value)
            : activity.isActive(value) ? tangentOf(value) : ZERO;
        out.add(new Stmt.SetField(tangentField, tangent, f.origin()));
      }
    } else if (s instanceof Stmt.Store st && st.array().type().isPassiveArray()) {
      out.add(st); // data: no tangent
    } else if (s instanceof Stmt.Store st) {
      out.add(st);
      Expr value = st.value();
      Expr tangent = value.type().isArray() || value.type().hasShadow() ? shadow(value)
          : activity.isActive(value) ? tangentOf(value) : ZERO;
      out.add(new Stmt.Store(shadow(st.array()), st.index(), tangent, st.origin()));
    } else if (s instanceof Stmt.Eval e && callees.of(e.expr()) != null) {
      Expr.Call call = (Expr.Call) e.expr();
      GradCallee callee = callees.of(call);
      out.add(new Stmt.Eval(calleeCall(callee, call.name(), interleave(call, callee),
          Type.VOID), e.origin()));
    } else {
      out.add(Blocks.withBlocks(s, this::block));
    }
  }

  private void assign(Stmt.Assign a, Block out) {
    Var target = a.target();
    GradCallee callee = callees.of(a.value());
    if (callee != null) {
      call(a, (Expr.Call) a.value(), callee, out);
      return;
    }
    if (target.type().isArray() || target.type().hasShadow()) {
      out.add(a);
      // a passive call's result (a record or array built from data only) has a zero tangent
      Expr tangent = a.value() instanceof Expr.Call || a.value() instanceof Expr.Invoke
          ? zeroLike(ref(target)) : shadow(a.value());
      out.add(new Stmt.Assign(tangent(target), tangent, a.origin()));
      return;
    }
    out.add(a);
    Expr tangent = null;
    for (LocalDerivatives.Partial p :
        LocalDerivatives.of(a.value(), ref(target), activity)) {
      tangent = add(tangent, LocalDerivatives.times(p.derivative(), tangentOf(p.operand()),
          false));
    }
    out.add(new Stmt.Assign(tangent(target), tangent == null ? ZERO : tangent, a.origin()));
  }

  /** {@code v = G.g(args)} becomes one call of {@code G_Frule.g} that yields value and tangent. */
  private void call(Stmt.Assign a, Expr.Call call, GradCallee callee, Block out) {
    List<Expr> args = interleave(call, callee);
    Var target = a.target();
    if (!callee.returnType().isDifferentiable()) {
      // an int, long or boolean result: the forward rule returns the value alone
      out.add(new Stmt.Assign(target, calleeCall(callee, call.name(), args,
          callee.returnType()), a.origin()));
      return;
    }
    Type dualType = dualOf(target.type());
    boolean reference = target.type().isArray() || target.type().hasShadow();
    Type valueType = reference ? target.type() : Type.DOUBLE;
    Var dual = new Var(names.fresh("dual"), dualType, Var.Kind.TEMP);
    locals.add(dual);
    out.add(new Stmt.Assign(dual, calleeCall(callee, call.name(), args, dualType),
        a.origin()));
    Expr value = new Expr.Invoke(ref(dual), "value", List.of(), valueType);
    out.add(new Stmt.Assign(target, target.type().equals(valueType) ? value
        : new Expr.Cast(target.type(), value), a.origin()));
    if (activity.isActive(target)) {
      out.add(new Stmt.Assign(tangent(target), new Expr.Invoke(ref(dual), "tangent", List.of(),
          reference ? valueType.tangentType() : Type.DOUBLE), a.origin()));
    }
  }

  /** A call of a callee's forward rule, registered with its tangent slots. */
  private Expr.Call calleeCall(GradCallee callee, String name, List<Expr> args, Type type) {
    Expr.Call call = new Expr.Call(callee.forwardClass(), name, args, type);
    calleeCalls.put(call, lastSlots);
    return call;
  }

  /**
   * A callee's arguments, each differentiable one followed by its tangent (the scalar ones
   * packed into a new array at the end where the callee's forward rule packs them).
   */
  private List<Expr> interleave(Expr.Call call, GradCallee callee) {
    boolean packed = ParameterSlots.packsScalarTangents(callee.parameterTypes(),
        callee.noGrad());
    List<Expr> args = new ArrayList<>();
    List<Expr> scalarDots = new ArrayList<>();
    List<Boolean> slots = new ArrayList<>();
    for (int k = 0; k < call.args().size(); k++) {
      Expr arg = call.args().get(k);
      args.add(arg);
      slots.add(false);
      Type paramType = callee.parameterTypes().get(k);
      if (callee.differentiable(k)) {
        boolean reference = paramType.isArray() || paramType.hasShadow();
        Expr dot = reference ? shadow(arg)
            : activity.isActive(arg) ? tangentOf(arg) : ZERO;
        if (packed && !reference) {
          scalarDots.add(dot);
        } else {
          args.add(dot);
          slots.add(true);
        }
      }
    }
    lastSlots = packed ? null : slots;
    if (packed) {
      args.add(new Expr.NewArrayOf(Type.DOUBLE_ARRAY, scalarDots));
    }
    return args;
  }

  /**
   * The tangent of an array or record expression: the same shape, pointing at the tangent
   * memory.
   */
  private Expr shadow(Expr array) {
    if (array instanceof Expr.Ref r) {
      return ref(tangent(r.var()));
    }
    if (array instanceof Expr.Index i) {
      return new Expr.Index(shadow(i.array()), i.index(), i.type().tangentType());
    }
    if (array instanceof Expr.NewArray n) {
      return new Expr.NewArray(n.type().tangentType(), n.dimensions());
    }
    if (array instanceof Expr.Field f) {
      return new Expr.Field(shadow(f.target()), f.name(), f.type().tangentType());
    }
    if (array instanceof Expr.New n) {
      return newTangent(n);
    }
    if (array instanceof Expr.StaticField f && f.type().isRecord()) {
      return Exprs.zeroTangent(f); // a constant: a zero tangent
    }
    if (array instanceof Expr.Lit nothing) {
      return nothing; // null: no array, no tangent
    }
    if (Exprs.isTable(array)) {
      // a static final table is a constant: its tangent is zero (of the same shape)
      return new Expr.Call("io.jgrad.tape.Snapshots", "zerosLike", List.of(array),
          array.type().tangentType());
    }
    throw new IllegalStateException("no tangent for array expression " + array);
  }

  /** A zero tangent shaped like the record or array {@code value} (null if it is null). */
  private static Expr zeroLike(Expr value) {
    return value.type().shape() != null ? Exprs.zeroTangent(value)
        : new Expr.Call("io.jgrad.tape.Snapshots", "zerosLike", List.of(value),
            value.type().tangentType());
  }

  /**
   * {@code new R(a, x)}: the tangent {@code new R_Tangent(aDot, xDot)} of its components; an
   * array or record component shares the argument's tangent, as the record shares the argument.
   */
  private Expr newTangent(Expr.New n) {
    List<Expr> args = new ArrayList<>();
    List<io.jgrad.processor.ir.RecordShape.Component> components = n.type().shape().components();
    for (int k = 0; k < components.size(); k++) {
      Expr arg = n.componentArg(k);
      if (!components.get(k).isDifferentiable()) {
        continue;
      }
      Type type = components.get(k).type();
      args.add(type.isRecord() || type.isArray() ? shadow(arg)
          : activity.isActive(arg) ? tangentOf(arg) : ZERO);
    }
    return new Expr.New(n.type().tangentType(), args);
  }

  /** The tangent of a field of a mutable object, or null if the field has none (data). */
  private Expr.Field tangentField(Expr.Field field) {
    Type owner = field.target().type();
    io.jgrad.processor.ir.RecordShape.Component c = owner.shape().component(field.name());
    return owner.hasShadow() && c.isDifferentiable() ? new Expr.Field(shadow(field.target()),
        field.name(), c.type().tangentType()) : null;
  }

  private Expr tangentOf(Expr operand) {
    if (operand instanceof Expr.Ref r) {
      return ref(tangent(r.var()));
    }
    if (operand instanceof Expr.Field f) {
      return new Expr.Field(shadow(f.target()), f.name(), Type.DOUBLE);
    }
    Expr.Index i = (Expr.Index) operand;
    return new Expr.Index(shadow(i.array()), i.index(), Type.DOUBLE);
  }
}
