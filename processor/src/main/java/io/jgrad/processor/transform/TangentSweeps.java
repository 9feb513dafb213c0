package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ZERO;
import static io.jgrad.processor.ir.Ops.add;
import static io.jgrad.processor.ir.Ops.mul;
import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.DataArrays;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.MathRules;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: forward mode applied to a reverse rule's code (forward-over-reverse), for Hessian-vector
 * products. The input is one of the functions a reverse rule is made of (its forward part, its
 * reverse part, or {@code fAdjoint} calling both); the output carries, next to every value of
 * it that carries a derivative (numbers, arrays of them, records, objects, adjoints), the value's
 * directional derivative along the direction given with the arguments. Derivatives of the reverse sweep's adjoints are the Hessian times that
 * direction.
 *
 * <p>The reverse rule's own machinery gets forward rules too:
 * <ul>
 *   <li>a double pushed onto the tape is followed by its tangent, an array by its tangent array;
 *       a pop takes the tangent first (the tape is a stack), then the value;
 *   <li>{@code t += e} (adjoint accumulation) adds e's tangent into t's;
 *   <li>snapshots ({@code Snapshots.copy}, {@code restore}, {@code rows}) are taken and put
 *       back for the tangent arrays as for the arrays;
 *   <li>a call to a callee's forward or reverse part calls its tangent form, each argument that
 *       carries a derivative followed by its tangent; a forward part leaves its value's tangent
 *       on top of the tape, where its caller takes it;
 *   <li>everything else (loops, branches, integer pushes, conditions) is kept as it is.
 * </ul>
 * Nested floating expressions (the reverse sweep's local derivatives, such as
 * {@code t1Bar * (b / (b * b + a * a))}) are taken apart into temporaries in evaluation order,
 * so every operation gets its tangent by the same local rules as first-order forward mode
 * ({@link LocalDerivatives}). A record's or object's tangent is an object of its tangent class
 * ({@code Vec3_Tangent}), and so is the tangent of an adjoint object of that class: both are made,
 * read, added to and copied like the values they follow.
 */
public final class TangentSweeps {
  /** Code this transform does not handle (yet): the method gets no second-order rules. */
  public static final class Unsupported extends RuntimeException {
    Unsupported(String what) {
      super(what, null, false, false);
    }
  }

  /**
   * A call to a reverse part: the tangent part to call instead and, for each argument, whether a
   * tangent follows it; {@code valueTangent}: a forward part that leaves its value's tangent on
   * the tape (every one but the one {@code fHvpAdjoint} calls, whose value's tangent nothing
   * reads).
   */
  public record PartCall(String owner, String name, List<Boolean> tangentArgs,
      boolean valueTangent) {}

  /** Resolves the calls to reverse parts in the code being transformed. */
  public interface Parts {
    /** The tangent form of {@code call}, or null if it calls no reverse part. */
    PartCall of(Expr.Call call);
  }

  /** A value and its tangent, each an atom (or, for arrays, a reference expression). */
  private record Dual(Expr value, Expr tangent) {}

  private final Function function;
  private final Parts parts;
  private final Set<Var> zero;
  private final Map<Var, String> paramNames;
  private final boolean pushesResult;
  private final Names names;
  private final DotTypes types;
  private final Map<Var, Var> tangents = new HashMap<>();
  /** Every local this transform made to hold a tangent. */
  private final Set<Var> tangentVars = new java.util.HashSet<>();
  /** The pushes and dropped pops of tangents (by identity), for {@link VectorTangents}. */
  private final Set<Stmt> tangentTapeOps =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  /** The calls of tangent parts (by identity): their tangent arguments may be literals. */
  private final Set<Expr.Call> partCalls =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  private final List<Var> locals = new ArrayList<>();
  private final Block entry = new Block();
  /** Local arrays of {@code @NoGrad} data ({@link DataArrays}): zero tangents, none kept. */
  private final Set<Var> data;
  private Var tapes;

  private TangentSweeps(Function function, Parts parts, Set<Var> zero,
      Map<Var, String> paramNames, boolean pushesResult) {
    this.function = function;
    this.parts = parts;
    this.zero = zero;
    this.paramNames = paramNames;
    this.pushesResult = pushesResult;
    this.names = Names.of(function);
    this.types = DotTypes.of(function);
    // an argument without a tangent in a part's tangent form: a @NoGrad parameter of the callee
    this.data = DataArrays.of(function, (call, k) -> parts.of(call) != null
        && !parts.of(call).tangentArgs().get(k));
  }

  /**
   * The types of the tangents this transform adds: a double for a number, a double array for an
   * array of numbers, the tangent class for a record or object (and arrays of them), and the
   * tangent class itself for an adjoint object of a tangent class; null for data.
   */
  static final class DotTypes {
    private final Set<String> tangentClasses = new java.util.HashSet<>();

    static DotTypes of(Function f) {
      DotTypes types = new DotTypes();
      f.params().forEach(p -> types.collect(p.type()));
      f.locals().forEach(l -> types.collect(l.type()));
      types.collect(f.returnType());
      Blocks.visitExprs(f.body(), e -> types.collect(e.type()));
      return types;
    }

    private void collect(Type type) {
      // an adjoint object the sweeps hold where its record is gone (the zero adjoint of a
      // constant whose value the rule does not need, say) still needs its record's tangents
      RecordShape shape = type.shape() != null ? type.shape() : type.tangentOf();
      if (shape != null && tangentClasses.add(shape.tangentName())) {
        shape.components().forEach(c -> collect(c.type()));
      }
    }

    /** The tangent type of a value of type {@code type}, or null if it carries no derivative. */
    Type of(Type type) {
      if (type.isFloating()) {
        return Type.DOUBLE;
      }
      if (type.isFloatingArray() || type.hasShadow()) {
        return type.tangentType();
      }
      if (type.shape() == null && type.className() != null
          && tangentClasses.contains(type.className())) {
        return type; // an adjoint object: its tangent is of its own class
      }
      return null;
    }

    boolean carries(Type type) {
      return of(type) != null;
    }

    /** A reference carrying a derivative: an array of numbers, a record, an object, a tangent. */
    boolean isReference(Type type) {
      return !type.isFloating() && carries(type);
    }

    boolean isTangentClass(String owner) {
      return tangentClasses.contains(owner);
    }
  }

  /**
   * The tangent form of {@code function}, named {@code name}: every parameter that carries a
   * derivative ({@link Var#isDifferentiableParam()}: numbers, arrays of them, adjoint buffers,
   * a seed) is followed by its tangent, but those in {@code zero} (their tangent is zero: the
   * seed of the entry point), named as {@code paramNames} says (else {@code xDot}).
   * {@code pushesResult}: a forward part, which leaves its result's tangent on the tape.
   *
   * @throws Unsupported for code with records or objects, or unknown calls
   */
  public static Function apply(Function function, String name, Parts parts, Set<Var> zero,
      Map<Var, String> paramNames, boolean pushesResult) {
    return new TangentSweeps(function, parts, zero, paramNames, pushesResult).run(name);
  }

  /**
   * A tangent form with what {@link VectorTangents} needs to carry several directions: the
   * variables holding tangents (parameters included) and the statements that push a tangent or
   * drop a popped one.
   */
  public record Result(Function function, Set<Var> tangents, Set<Stmt> tangentTapeOps,
      Set<Expr.Call> partCalls) {}

  /** {@link #apply} or, if {@code clean}, {@link #applyAndClean}, with its tangents. */
  public static Result applyWithTangents(Function function, String name, Parts parts,
      Set<Var> zero, Map<Var, String> paramNames, boolean pushesResult, boolean clean) {
    TangentSweeps sweeps = new TangentSweeps(function, parts, zero, paramNames, pushesResult);
    Function out = sweeps.run(name);
    if (clean) {
      out = DeadStores.applyToTangents(out, sweeps.tangentVars);
    }
    Set<Var> all = new java.util.HashSet<>(sweeps.tangentVars);
    all.addAll(sweeps.tangents.values());
    return new Result(out, all, sweeps.tangentTapeOps, sweeps.partCalls);
  }

  /**
   * {@link #apply}, then dead stores removed ({@link DeadStores#applyToTangents}): a tangent
   * nothing reads is dropped even where it reads elements.
   */
  public static Function applyAndClean(Function function, String name, Parts parts,
      Set<Var> zero, Map<Var, String> paramNames, boolean pushesResult) {
    TangentSweeps sweeps = new TangentSweeps(function, parts, zero, paramNames, pushesResult);
    return DeadStores.applyToTangents(sweeps.run(name), sweeps.tangentVars);
  }

  /**
   * Which arguments of a call to {@code callee}'s forward ({@code reversePart} false) or reverse
   * part take a tangent in its tangent form: the parts take the tapes, then each argument (with
   * its adjoint buffer after an array), and the reverse part the result's cotangent last. This
   * must agree with {@link #apply}'s rule for the parameters of the callee's own parts.
   */
  public static List<Boolean> calleeSlots(GradCallee callee, boolean reversePart) {
    List<Boolean> slots = new ArrayList<>();
    slots.add(false); // the tapes
    for (int k = 0; k < callee.parameterTypes().size(); k++) {
      Type type = callee.parameterTypes().get(k);
      slots.add(callee.differentiable(k));
      if (type.hasShadow() && callee.differentiable(k)) {
        slots.add(true); // its adjoint buffer
      }
    }
    Type returns = callee.returnType();
    if (reversePart && (returns.hasShadow() || returns.isArray() && !returns.isPassiveArray()
        || returns.isFloating())) {
      slots.add(true);
    }
    return slots;
  }

  /** Which parameters of {@code part} take a tangent in its tangent form. */
  public static List<Boolean> ownSlots(Function part) {
    DotTypes types = DotTypes.of(part);
    return part.params().stream().map(p -> takesTangent(p, types)).toList();
  }

  /**
   * A parameter followed by its tangent: one carrying a derivative (a number, an array, a record
   * or object, an adjoint buffer or object, a seed), but {@code @NoGrad} ones.
   */
  private static boolean takesTangent(Var p, DotTypes types) {
    return p.isParam() && !p.isConstant() && types.carries(p.type());
  }

  private Function run(String name) {
    List<Var> params = new ArrayList<>();
    for (Var p : function.params()) {
      params.add(p);
      if (p.type().equals(TapeCode.TAPES) && tapes == null) {
        tapes = p;
      }
      if (takesTangent(p, types) && !zero.contains(p)) {
        Var dot = new Var(names.fresh(paramNames.getOrDefault(p, RuleNames.tangent(p.name()))),
            types.of(p.type()), Var.Kind.PARAM);
        tangents.put(p, dot);
        params.add(dot);
      }
    }
    if (io.jgrad.processor.rules.ParameterSlots.of(params.stream().map(Var::type).toList())
        > io.jgrad.processor.rules.ParameterSlots.LIMIT) {
      throw new Unsupported("past the JVM's limit of 255 parameter slots");
    }
    locals.addAll(function.locals());
    Block body = block(function.body());
    return new Function(name, params, function.returnType(),
        new Block().addAll(entry).addAll(body), locals);
  }

  // ------------------------------------------------------------------------------ statements

  private Block block(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      statement(s, out);
    }
    return out;
  }

  private void statement(Stmt s, Block out) {
    if (s instanceof Stmt.Assign a) {
      assign(a, out);
    } else if (s instanceof Stmt.Store st) {
      store(st, out);
    } else if (s instanceof Stmt.Accumulate acc) {
      accumulate(acc, out);
    } else if (s instanceof Stmt.Eval e) {
      eval(e, out);
    } else if (s instanceof Stmt.If i) {
      out.add(new Stmt.If(i.condition(), block(i.then()), block(i.otherwise()), i.origin()));
    } else if (s instanceof Stmt.Loop l) {
      out.add(new Stmt.Loop(l.label(), l.condition(), block(l.body()), block(l.update()),
          l.testFirst(), l.origin()));
    } else if (s instanceof Stmt.Protected p) {
      out.add(new Stmt.Protected(block(p.body()), p.onThrow(), p.thrown(), p.origin()));
    } else if (s instanceof Stmt.Return r) {
      returns(r, out);
    } else if (s instanceof Stmt.SetField f) {
      setField(f, out);
    } else {
      out.add(s); // break, continue, throw, comments
    }
  }

  private void assign(Stmt.Assign a, Block out) {
    Var target = a.target();
    Type type = target.type();
    if (data.contains(target)) {
      out.add(a); // a row of @NoGrad data: its tangent is zero
    } else if (a.value() instanceof Expr.Call call && parts.of(call) != null) {
      partCall(target, call, a.origin(), out);
    } else if (type.isFloating() && isPop(a.value())) {
      // v = pop: the tangent was pushed after the value, so it comes off first
      out.add(new Stmt.Assign(tangent(target), a.value(), a.origin()));
      out.add(a);
    } else if (type.isFloating()) {
      if (isOperation(a.value())) {
        Op o = operands(a.value(), a.origin(), out);
        Expr dot = tangent(o, null);
        if (dot != null) {
          // the tangent first: it reads the operands as they were (s = s + t)
          out.add(new Stmt.Assign(tangent(target), dot, a.origin()));
          out.add(new Stmt.Assign(target, o.op(), a.origin()));
        } else if (!Exprs.vars(o.op()).contains(target)) {
          out.add(new Stmt.Assign(target, o.op(), a.origin()));
          out.add(new Stmt.Assign(tangent(target), tangent(o, ref(target)), a.origin()));
        } else {
          Var t = temp("t", target.type());
          out.add(new Stmt.Assign(t, o.op(), a.origin()));
          out.add(new Stmt.Assign(tangent(target), tangent(o, ref(t)), a.origin()));
          out.add(new Stmt.Assign(target, ref(t), a.origin()));
        }
      } else {
        Dual d = dual(a.value(), a.origin(), out);
        out.add(new Stmt.Assign(target, d.value(), a.origin()));
        out.add(new Stmt.Assign(tangent(target), d.tangent(), a.origin()));
      }
    } else if (types.isReference(type) && isPassiveCall(a.value())) {
      // a record, object or array a call makes from data (a private helper's copy): zero
      out.add(a);
      out.add(new Stmt.Assign(tangent(target), zeroLike(ref(target)), a.origin()));
    } else if (types.isReference(type)) {
      Dual d = reference(a.value(), a.origin(), out);
      out.add(new Stmt.Assign(target, d.value(), a.origin()));
      out.add(new Stmt.Assign(tangent(target), d.tangent(), a.origin()));
    } else {
      requireNoDerivative(a.value());
      out.add(a); // an int, a boolean, an array of data: no tangent
    }
  }

  private void store(Stmt.Store st, Block out) {
    Type arrayType = st.array().type();
    // (an int stored into a double[] carries no derivative, but still overwrites the tangent:
    // dual gives it a zero one, seed 3028, program 235)
    if (!types.carries(arrayType) || types.of(arrayType.elementType()) == null) {
      requireNoDerivative(st.value());
      out.add(st);
      return;
    }
    Dual d = types.isReference(st.value().type()) ? reference(st.value(), st.origin(), out)
        : dual(st.value(), st.origin(), out);
    out.add(new Stmt.Store(st.array(), st.index(), d.value(), st.origin()));
    out.add(new Stmt.Store(shadow(st.array()), st.index(), d.tangent(), st.origin()));
  }

  /** {@code o.f = v} on an object (or an adjoint object): its tangent's field too. */
  private void setField(Stmt.SetField f, Block out) {
    Expr.Field field = f.field();
    if (!types.carries(field.target().type()) || !types.carries(field.type())) {
      requireNoDerivative(f.value());
      out.add(f);
      return;
    }
    Dual d = types.isReference(f.value().type()) ? reference(f.value(), f.origin(), out)
        : dual(f.value(), f.origin(), out);
    out.add(new Stmt.SetField(field, d.value(), f.origin()));
    out.add(new Stmt.SetField(new Expr.Field(shadow(field.target()), field.name(),
        types.of(field.type())), d.tangent(), f.origin()));
  }

  private void accumulate(Stmt.Accumulate acc, Block out) {
    if (!acc.target().type().isFloating()) {
      out.add(acc);
      return;
    }
    if (isPop(acc.value())) {
      // aBar += pop (a callee's scalar adjoint): its tangent first, on top of the tape
      out.add(new Stmt.Accumulate(tangentTarget(acc.target()), acc.value(), acc.origin()));
      out.add(acc);
      return;
    }
    if (isOperation(acc.value())) {
      Op o = operands(acc.value(), acc.origin(), out);
      Expr dot = tangent(o, null);
      if (dot != null) {
        // the tangent first: it reads the operands as they were (aBar += t2Bar * aBar)
        if (!Ops.isZero(dot)) {
          out.add(new Stmt.Accumulate(tangentTarget(acc.target()), dot, acc.origin()));
        }
        out.add(new Stmt.Accumulate(acc.target(), o.op(), acc.origin()));
        return;
      }
      Var t = temp("t", acc.value().type());
      out.add(new Stmt.Assign(t, o.op(), acc.origin()));
      Var tDot = tangent(t);
      out.add(new Stmt.Assign(tDot, tangent(o, ref(t)), acc.origin()));
      out.add(new Stmt.Accumulate(acc.target(), ref(t), acc.origin()));
      out.add(new Stmt.Accumulate(tangentTarget(acc.target()), ref(tDot), acc.origin()));
      return;
    }
    Dual d = dual(acc.value(), acc.origin(), out);
    out.add(new Stmt.Accumulate(acc.target(), d.value(), acc.origin()));
    if (!Ops.isZero(d.tangent())) {
      out.add(new Stmt.Accumulate(tangentTarget(acc.target()), d.tangent(), acc.origin()));
    }
  }

  /** The tangent of an accumulation's target: a variable's tangent or a tangent element. */
  private Expr tangentTarget(Expr target) {
    if (target instanceof Expr.Ref r) {
      return ref(tangent(r.var()));
    }
    if (target instanceof Expr.Index i) {
      return new Expr.Index(shadow(i.array()), i.index(), Type.DOUBLE);
    }
    if (target instanceof Expr.Field f) {
      return new Expr.Field(shadow(f.target()), f.name(), Type.DOUBLE);
    }
    throw new Unsupported("accumulation into " + target);
  }

  private void eval(Stmt.Eval e, Block out) {
    Origin origin = e.origin();
    if (e.expr() instanceof Expr.Invoke i && i.target().type().equals(TapeCode.TAPES)) {
      switch (i.name()) {
        case "pushDouble" -> {
          Dual d = dual(i.args().get(0), origin, out);
          out.add(new Stmt.Eval(withArg(i, d.value()), origin));
          out.add(tangentTapeOp(new Stmt.Eval(withArg(i, d.tangent()), origin)));
        }
        case "pushRef" -> {
          Expr pushed = i.args().get(0);
          if (types.isReference(pushed.type())) {
            Dual d = reference(pushed, origin, out);
            out.add(new Stmt.Eval(withArg(i, d.value()), origin));
            out.add(tangentTapeOp(new Stmt.Eval(withArg(i, d.tangent()), origin)));
          } else {
            out.add(e);
          }
        }
        case "popDouble" -> {
          out.add(tangentTapeOp(new Stmt.Eval(e.expr(), origin))); // the tangent
          out.add(e);
        }
        case "popRef" -> throw new Unsupported("a reference popped and dropped");
        default -> out.add(e); // int, long, boolean stacks; marks; truncation
      }
    } else if (e.expr() instanceof Expr.Call call && parts.of(call) != null) {
      partCall(null, call, origin, out);
    } else if (e.expr() instanceof Expr.Call call && (call.owner().equals(SNAPSHOTS)
        || types.isTangentClass(call.owner()))) {
      snapshots(e, call, out);
    } else {
      requireNoDerivative(e.expr());
      out.add(e);
    }
  }

  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";

  /**
   * Snapshots taken back or added ({@code Snapshots}, or a tangent class's own helpers): the same
   * for the tangents of arrays and objects that have them.
   */
  private void snapshots(Stmt.Eval e, Expr.Call call, Block out) {
    switch (call.name()) {
      // linear in the adjoints or contents they act on, given the primal's structure: the
      // tangents, which have the same structure, get the same
      case "restore", "restoreRows", "addTo", "addPositional", "clear", "clearEntry",
          "clearRows" -> {
        if (!types.carries(call.args().get(0).type())) {
          requireNoDerivative(call);
          out.add(e);
          return;
        }
        List<Expr> values = new ArrayList<>();
        List<Expr> tangents = new ArrayList<>();
        for (Expr arg : call.args()) {
          Dual d = reference(arg, e.origin(), out); // a popped snapshot: its tangent first
          values.add(d.value());
          tangents.add(d.tangent());
        }
        out.add(new Stmt.Eval(call.withArgs(values), e.origin()));
        out.add(new Stmt.Eval(call.withArgs(tangents), e.origin()));
      }
      case "requireNotRow", "requireDistinct" -> out.add(e); // checks of the arguments
      default -> throw new Unsupported(call.owner() + "." + call.name());
    }
  }

  private static Expr withArg(Expr.Invoke i, Expr arg) {
    return new Expr.Invoke(i.target(), i.name(), List.of(arg), i.type());
  }

  private void returns(Stmt.Return r, Block out) {
    Expr value = r.value();
    if (!pushesResult || value == null
        || !types.carries(value.type())) {
      out.add(r);
      return;
    }
    // a forward part: its caller takes the value's tangent from the top of the tape
    Dual d = value.type().isFloating() ? dual(value, r.origin(), out)
        : reference(value, r.origin(), out);
    String push = value.type().isFloating() ? "pushDouble" : "pushRef";
    out.add(tangentTapeOp(new Stmt.Eval(new Expr.Invoke(ref(requireTapes()), push,
        List.of(d.tangent()), Type.VOID), r.origin())));
    out.add(new Stmt.Return(d.value(), r.origin()));
  }

  private Var requireTapes() {
    if (tapes == null) {
      throw new Unsupported("a forward part without tapes");
    }
    return tapes;
  }

  /**
   * {@code v = G_Rrule.gForward(tapes, ...)} or {@code G_Rrule.gReverse(tapes, ...)}: the
   * tangent part, with a tangent after every argument that takes one; a forward part's value's
   * tangent comes from the top of the tape.
   */
  private void partCall(Var target, Expr.Call call, Origin origin, Block out) {
    PartCall part = parts.of(call);
    if (part.tangentArgs().size() != call.args().size()) {
      throw new IllegalStateException("the tangent part of " + call.name() + " takes "
          + part.tangentArgs().size() + " arguments with tangents, the call passes "
          + call.args().size());
    }
    List<Expr> args = new ArrayList<>();
    for (int k = 0; k < call.args().size(); k++) {
      Expr arg = call.args().get(k);
      if (!part.tangentArgs().get(k)) {
        args.add(arg);
        continue;
      }
      // (an int passed for a double: a zero tangent)
      Dual d = types.isReference(arg.type()) ? reference(arg, origin, out)
          : dual(arg, origin, out);
      args.add(d.value());
      args.add(d.tangent());
    }
    Expr.Call tangentCall = new Expr.Call(part.owner(), part.name(), args, call.type());
    partCalls.add(tangentCall);
    Expr callTapes = call.args().get(0);
    Type returns = call.type();
    boolean tangentPushed = part.valueTangent() && types.carries(returns);
    if (target == null) {
      out.add(new Stmt.Eval(tangentCall, origin));
      if (tangentPushed) {
        out.add(tangentTapeOp(new Stmt.Eval(new Expr.Invoke(callTapes,
            returns.isFloating() ? "popDouble" : "popRef", List.of(),
            returns.isFloating() ? Type.DOUBLE : OBJECT), origin)));
      }
      return;
    }
    out.add(new Stmt.Assign(target, tangentCall, origin));
    if (tangentPushed && target.type().isFloating()) {
      out.add(new Stmt.Assign(tangent(target), new Expr.Invoke(callTapes, "popDouble",
          List.of(), Type.DOUBLE), origin));
    } else if (tangentPushed) {
      out.add(new Stmt.Assign(tangent(target), new Expr.Cast(types.of(target.type()),
          new Expr.Invoke(callTapes, "popRef", List.of(), OBJECT)), origin));
    }
  }

  private static final Type OBJECT = Type.classType("java.lang.Object");

  private Stmt tangentTapeOp(Stmt s) {
    tangentTapeOps.add(s);
    return s;
  }

  // ----------------------------------------------------------------------------- expressions

  /**
   * The value of floating expression {@code e} as an atom and its tangent, the operations it
   * nests assigned to temporaries (with their tangents) in evaluation order.
   */
  private Dual dual(Expr e, Origin origin, Block out) {
    if (!e.type().isFloating()) {
      requireNoDerivative(e);
      return new Dual(e, ZERO); // an int or long widened: locally constant
    }
    if (e instanceof Expr.Lit || e instanceof Expr.StaticField
        || e instanceof Expr.Cast c && !c.operand().type().isFloating()) {
      requireNoDerivative(e);
      return new Dual(e, ZERO); // a constant, an integer widened
    }
    if (e instanceof Expr.Ref || e instanceof Expr.Index || e instanceof Expr.Field) {
      return new Dual(e, tangentOf(e));
    }
    if (e instanceof Expr.Invoke i && i.name().equals("popDouble")) {
      Var value = temp("popped", Type.DOUBLE);
      Var dot = tangentTemp("poppedDot", Type.DOUBLE);
      out.add(new Stmt.Assign(dot, i, origin)); // pushed after the value: on top
      out.add(new Stmt.Assign(value, i, origin));
      return new Dual(ref(value), ref(dot));
    }
    if (isOperation(e)) {
      Var value = temp("t", e.type());
      Var dot = tangent(value);
      operation(e, value, dot, origin, out);
      return new Dual(ref(value), ref(dot));
    }
    if (e instanceof Expr.Conditional c) {
      Var value = temp("t", e.type());
      Var dot = tangent(value);
      Block then = new Block();
      Dual a = dual(c.whenTrue(), origin, then);
      then.add(new Stmt.Assign(value, a.value(), origin));
      then.add(new Stmt.Assign(dot, a.tangent(), origin));
      Block otherwise = new Block();
      Dual b = dual(c.whenFalse(), origin, otherwise);
      otherwise.add(new Stmt.Assign(value, b.value(), origin));
      otherwise.add(new Stmt.Assign(dot, b.tangent(), origin));
      out.add(new Stmt.If(c.condition(), then, otherwise, origin));
      return new Dual(ref(value), ref(dot));
    }
    if (e instanceof Expr.Call c && !hasEffects(c)) {
      // a call on data (made as it is): no derivative
      for (Expr arg : c.args()) {
        requireNoDerivative(arg);
      }
      return new Dual(e, ZERO);
    }
    if (e instanceof Expr.Invoke i && !i.target().type().equals(TapeCode.TAPES)
        && !types.carries(i.target().type())
        && i.args().stream().noneMatch(a -> types.carries(a.type()))) {
      // a method of a record of data, made as it is (seed 3098, program 352: new R0(..).m0())
      i.args().forEach(TangentSweeps::requireNoDerivative);
      return new Dual(e, ZERO);
    }
    throw new Unsupported("the expression " + e);
  }

  /** An operation over atoms, and the tangent of each of its operands. */
  private record Op(Expr op, Map<Expr, Expr> operandTangents) {}

  /** Stands for an operation's result in its local derivatives, to see if they need it. */
  private static final Var RESULT = new Var("result", Type.DOUBLE, Var.Kind.TEMP);

  /**
   * Operation {@code e} (arithmetic, a cast, a {@code Math} function) over atoms: its operands
   * taken apart first, in evaluation order.
   */
  private Op operands(Expr e, Origin origin, Block out) {
    Map<Expr, Expr> operandTangents = new HashMap<>();
    Expr op;
    if (e instanceof Expr.Binary b) {
      Dual left = dual(b.left(), origin, out);
      Dual right = dual(b.right(), origin, out);
      operandTangents.put(left.value(), left.tangent());
      operandTangents.put(right.value(), right.tangent());
      op = new Expr.Binary(b.op(), left.value(), right.value(), b.type());
    } else if (e instanceof Expr.Unary u) {
      Dual operand = dual(u.operand(), origin, out);
      operandTangents.put(operand.value(), operand.tangent());
      op = new Expr.Unary(u.op(), operand.value(), u.type());
    } else if (e instanceof Expr.Cast c) {
      Dual operand = dual(c.operand(), origin, out);
      operandTangents.put(operand.value(), operand.tangent());
      op = new Expr.Cast(c.type(), operand.value());
    } else {
      Expr.Call c = (Expr.Call) e;
      List<Expr> args = new ArrayList<>();
      for (Expr arg : c.args()) {
        Dual d = dual(arg, origin, out);
        operandTangents.put(d.value(), d.tangent());
        args.add(d.value());
      }
      op = c.withArgs(args);
    }
    return new Op(op, operandTangents);
  }

  /**
   * The tangent of an operation by the local rules, {@code result} holding its value; with
   * {@code result} null, the tangent if it does not need the value (a sum, a product), else
   * null.
   */
  private static Expr tangent(Op o, Expr result) {
    Expr tangent = null;
    for (LocalDerivatives.Partial p : LocalDerivatives.of(o.op(),
        result == null ? ref(RESULT) : result,
        operand -> !Ops.isZero(o.operandTangents().getOrDefault(operand, ZERO)))) {
      tangent = add(tangent, LocalDerivatives.times(p.derivative(),
          o.operandTangents().get(p.operand()), false));
    }
    if (tangent == null) {
      return ZERO;
    }
    return result == null && Exprs.vars(tangent).contains(RESULT) ? null : tangent;
  }

  /** {@code into = e} for an operation {@code e}, then its tangent into {@code intoDot}. */
  private void operation(Expr e, Var into, Var intoDot, Origin origin, Block out) {
    Op o = operands(e, origin, out);
    out.add(new Stmt.Assign(into, o.op(), origin));
    out.add(new Stmt.Assign(intoDot, tangent(o, ref(into)), origin));
  }

  /** An operation on numbers with a local derivative rule. */
  private static boolean isOperation(Expr e) {
    if (!e.type().isFloating()) {
      return false;
    }
    if (e instanceof Expr.Binary b) {
      return List.of("+", "-", "*", "/", "%").contains(b.op());
    }
    if (e instanceof Expr.Unary u) {
      return u.op().equals("-") || u.op().equals("+");
    }
    if (e instanceof Expr.Cast c) {
      return c.operand().type().isFloating();
    }
    return e instanceof Expr.Call c && MathRules.lookup(c.owner(), c.name()) != null;
  }

  /** The tangent of a floating atom: a variable's tangent, an element of a tangent array. */
  private Expr tangentOf(Expr atom) {
    if (!(atom instanceof Expr.Ref || atom instanceof Expr.Index || atom instanceof Expr.Field)) {
      requireNoDerivative(atom);
      return ZERO; // a literal, a constant
    }
    if (atom instanceof Expr.Ref r) {
      Var v = r.var();
      return !v.type().isFloating() || hasZeroTangent(v) ? ZERO : ref(tangent(v));
    }
    Expr container = atom instanceof Expr.Index i ? i.array() : ((Expr.Field) atom).target();
    if (!atom.type().isFloating() || !types.carries(container.type())) {
      return ZERO; // an element of an array of data, a field of a record of data
    }
    Var root = Exprs.root(atom);
    if (root != null && hasZeroTangent(root)) {
      return ZERO; // an element of a @NoGrad array
    }
    return atom instanceof Expr.Index i ? new Expr.Index(shadow(i.array()), i.index(), Type.DOUBLE)
        : new Expr.Field(shadow(container), ((Expr.Field) atom).name(), Type.DOUBLE);
  }

  /** A parameter without a tangent: a {@code @NoGrad} one the code never assigns, the seed. */
  private boolean hasZeroTangent(Var v) {
    return v.isParam() && !tangents.containsKey(v) && !takesTangent(v, types)
        && !assignedAnywhere().contains(v) || zero.contains(v) || data.contains(v);
  }

  private Set<Var> assigned;

  private Set<Var> assignedAnywhere() {
    if (assigned == null) {
      assigned = Blocks.assignedAnyhow(function.body());
    }
    return assigned;
  }

  /**
   * An array-valued expression and its tangent array; a popped array's tangent is taken off the
   * tape first (it was pushed after the array).
   */
  private Dual reference(Expr e, Origin origin, Block out) {
    if (e instanceof Expr.Cast c && c.operand() instanceof Expr.Invoke i
        && i.name().equals("popRef")) {
      Var dot = tangentTemp("poppedDot", types.of(e.type()));
      out.add(new Stmt.Assign(dot, new Expr.Cast(dot.type(), i), origin));
      return new Dual(e, ref(dot));
    }
    return new Dual(e, shadow(e));
  }

  /** The tangent memory of an array expression: the same shape, pointing at the tangents. */
  private Expr shadow(Expr array) {
    if (array instanceof Expr.Ref r) {
      return ref(tangent(r.var()));
    }
    if (array instanceof Expr.Index i) {
      return new Expr.Index(shadow(i.array()), i.index(), types.of(i.type()));
    }
    if (array instanceof Expr.Field f) {
      return new Expr.Field(shadow(f.target()), f.name(), types.of(f.type()));
    }
    if (array instanceof Expr.NewArray n) {
      return new Expr.NewArray(types.of(n.type()), n.dimensions());
    }
    if (array instanceof Expr.New n) {
      return newTangent(n);
    }
    if (array instanceof Expr.StaticField f && f.type().isRecord()) {
      return Exprs.zeroTangent(f); // a constant: a zero tangent
    }
    if (array instanceof Expr.Lit nothing) {
      return nothing; // null
    }
    if (array instanceof Expr.Cast c && types.carries(c.operand().type())) {
      return new Expr.Cast(types.of(c.type()), shadow(c.operand()));
    }
    if (array instanceof Expr.Conditional c) {
      return new Expr.Conditional(c.condition(), shadow(c.whenTrue()), shadow(c.whenFalse()),
          types.of(c.type()));
    }
    if (array instanceof Expr.Call c && (c.owner().equals(SNAPSHOTS)
        || types.isTangentClass(c.owner()))) {
      switch (c.name()) {
        case "zerosLike" -> {
          return c; // a fresh zero buffer: constant, its tangent is zero of the same shape
        }
        case "copy", "rows" -> {
          return new Expr.Call(c.owner(), c.name(), List.of(shadow(c.args().get(0))),
              types.of(c.type()));
        }
        default -> throw new Unsupported(c.owner() + "." + c.name());
      }
    }
    if (Exprs.isTable(array)) {
      return new Expr.Call(SNAPSHOTS, "zerosLike", List.of(array), types.of(array.type()));
    }
    throw new Unsupported("the array expression " + array);
  }

  /**
   * {@code new R(a, x)}: the tangent {@code new R_Tangent(aDot, xDot)} of its components (an
   * array or record component shares the argument's tangent, as the record shares the
   * argument); {@code new R_Tangent(a, b)} (an adjoint object): {@code new R_Tangent(aDot, bDot)}.
   */
  private Expr newTangent(Expr.New n) {
    List<Expr> args = new ArrayList<>();
    if (n.type().shape() == null) {
      if (!types.carries(n.type())) {
        throw new Unsupported("the object " + n.type());
      }
      for (Expr arg : n.args()) {
        args.add(types.isReference(arg.type()) ? shadow(arg) : tangentOf(arg));
      }
      return new Expr.New(n.type(), args);
    }
    List<RecordShape.Component> components = n.type().shape().components();
    for (int k = 0; k < components.size(); k++) {
      if (!components.get(k).isDifferentiable()) {
        continue;
      }
      Expr arg = n.componentArg(k);
      Type type = components.get(k).type();
      args.add(arg == null ? zeroOf(type) : types.isReference(type) ? shadow(arg) : tangentOf(arg));
    }
    return new Expr.New(types.of(n.type()), args);
  }

  /** A component computed by a constructor from data: a zero tangent of its type. */
  private static Expr zeroOf(Type type) {
    if (type.isFloating()) {
      return ZERO;
    }
    throw new Unsupported("a component computed from data of type " + type);
  }

  /** Fails on a derivative-carrying value in code kept as it is (a pop of a double, say). */
  private static void requireNoDerivative(Expr e) {
    Exprs.visit(e, sub -> {
      if (sub instanceof Expr.Invoke i && (i.name().equals("popDouble")
          || i.name().equals("popRef") && i.type().hasShadow())) {
        throw new Unsupported("a popped value inside " + e);
      }
      if (sub instanceof Expr.Call c && c.owner().endsWith("_Rrule")) {
        throw new Unsupported("a call of a reverse part inside " + e);
      }
    });
  }

  // ------------------------------------------------------------------------------- variables

  private Var tangent(Var v) {
    Var dot = tangents.get(v);
    if (dot != null) {
      return dot;
    }
    dot = new Var(names.fresh(RuleNames.tangent(v.name())), types.of(v.type()),
        Var.Kind.TEMP);
    tangents.put(v, dot);
    locals.add(dot);
    tangentVars.add(dot);
    if (v.isParam()) {
      // a @NoGrad parameter the code assigns or passes on: zero on entry
      Expr zeroValue = v.type().isFloating() ? ZERO
          : v.type().shape() != null ? Exprs.zeroTangent(ref(v))
          : new Expr.Call(SNAPSHOTS, "zerosLike", List.of(ref(v)), dot.type());
      entry.add(new Stmt.Assign(dot, zeroValue, Origin.NONE));
    }
    return dot;
  }

  /** A temporary holding a tangent (what {@link DeadStores#applyToTangents} may drop). */
  private Var tangentTemp(String base, Type type) {
    Var v = temp(base, type);
    tangentVars.add(v);
    return v;
  }

  private Var temp(String base, Type type) {
    Var v = new Var(names.fresh(base), type, Var.Kind.TEMP);
    locals.add(v);
    return v;
  }

  /** {@code tapes.popDouble()}. */
  private static boolean isPop(Expr e) {
    return e instanceof Expr.Invoke i && i.name().equals("popDouble")
        && i.target().type().equals(TapeCode.TAPES);
  }

  /** A call returning data: not a part, not a helper of tapes, snapshots or tangents. */
  private boolean isPassiveCall(Expr e) {
    return e instanceof Expr.Call c && parts.of(c) == null && !hasEffects(c)
        && !types.isTangentClass(c.owner())
        || e instanceof Expr.Invoke i && !i.target().type().equals(TapeCode.TAPES);
  }

  /** A zero tangent shaped like {@code value} (a record, object or array; null if it is). */
  private Expr zeroLike(Expr value) {
    return value.type().shape() != null ? Exprs.zeroTangent(value)
        : new Expr.Call(SNAPSHOTS, "zerosLike", List.of(value), types.of(value.type()));
  }

  /** A call that is not arithmetic on data: tapes, snapshots, a reverse part. */
  private static boolean hasEffects(Expr.Call c) {
    return c.owner().equals(SNAPSHOTS) || c.owner().endsWith("_Rrule")
        || c.owner().equals(ReverseTransform.SELF) || c.owner().equals("io.jgrad.tape.Tapes");
  }
}
