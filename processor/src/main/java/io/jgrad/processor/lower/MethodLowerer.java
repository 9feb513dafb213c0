package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EmptyStatement;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.LambdaExpression;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodReference;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.SwitchStatement;
import org.eclipse.jdt.core.dom.ThrowStatement;
import org.eclipse.jdt.core.dom.VariableDeclarationExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.WhileStatement;
import org.eclipse.jdt.core.dom.YieldStatement;

/**
 * Lowers one {@code @Grad} method from the typed JDT AST to the IR, checking as it goes that every
 * construct is differentiable; what is not becomes a {@link Problem} at the offending node, and
 * lowering goes on so that every problem is reported at once.
 *
 * <p>This class holds what the lowering of one method shares (variables, temporaries, the
 * statement being lowered) and lowers statements; {@link ExpressionLowerer} lowers expressions,
 * {@link CallLowerer} method calls, {@link PlaceLowerer} assignments, {@link SwitchLowerer}
 * switches and {@link ArrayLibrary} the array library, in Java's evaluation order (JLS 15.7), so
 * that generated code computes the primal value bit for bit.
 */
public final class MethodLowerer {
  /** The result of lowering: a function, or the problems that prevent it. */
  public record Result(Function function, List<Problem> problems,
      Set<IMethodBinding> recordConstructors) {}

  private final CompilationUnit unit;
  private final String source;
  final CalleeResolver callees;
  private final List<Problem> problems = new ArrayList<>();
  private final Map<IVariableBinding, Var> vars = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  private final Names names;
  private final Set<String> claimed = new HashSet<>();
  /** Locals whose declaration was reported: their uses are not reported again. */
  private final Set<IVariableBinding> rejected = new HashSet<>();
  final ExpressionLowerer expressions;
  final CallLowerer calls;
  final PlaceLowerer places;
  final ArrayLibrary arrays;
  final SwitchLowerer switches;
  final RecordLowerer records;
  /** Explicit canonical constructors of records this method calls (checked by the caller). */
  private final Set<IMethodBinding> constructors = new java.util.LinkedHashSet<>();
  /** Loops and switches around the statement being lowered, innermost first. */
  private final java.util.Deque<Breakable> breakables = new java.util.ArrayDeque<>();

  /** What a {@code break} or {@code continue} may leave, as lowered. */
  private enum Jump {
    /** A loop: the target of {@code continue} and of an unlabelled {@code break}. */
    LOOP,
    /** A switch lowered to an if/else chain: nothing inside jumps to it. */
    SWITCH,
    /** A switch lowered to a run-once loop. */
    SWITCH_ONCE,
    /** A labelled block lowered to a run-once loop: only {@code break label} targets it. */
    BLOCK;

    boolean isSwitch() {
      return this == SWITCH || this == SWITCH_ONCE;
    }

    /** True for a construct the lowered code puts in a loop the source does not have. */
    boolean runsOnce() {
      return this == SWITCH_ONCE || this == BLOCK;
    }
  }

  /** A construct a jump may leave; a made-up label is added when a jump must cross a run-once loop. */
  private static final class Breakable {
    final Jump kind;
    final Var result;
    String label;

    Breakable(Jump kind, Var result, String label) {
      this.kind = kind;
      this.result = result;
      this.label = label;
    }
  }
  /** The receiver of an instance method of a record, else null. */
  private Var self;
  /** The object under construction, if a constructor is being lowered; else null. */
  private ConstructorBody construction;
  /** True for a helper whose every return returns one argument: its rules are void. */
  private boolean returnsArgument;
  private int loopLabels;
  private int temps;
  private Origin origin = Origin.NONE;

  private MethodLowerer(CompilationUnit unit, String source, CalleeResolver callees,
      MethodDeclaration method) {
    this.unit = unit;
    this.source = source;
    this.callees = callees;
    List<String> declared = new ArrayList<>();
    method.accept(new ASTVisitor() {
      @Override
      public boolean visit(SimpleName node) {
        declared.add(node.getIdentifier());
        return true;
      }
    });
    this.names = new Names(declared);
    // a local named like a class the rules refer to (Math, Tapes, java...) would hide it there
    for (String name : ReservedNames.of(method)) {
      names.reserve(name);
      claimed.add(name);
    }
    this.expressions = new ExpressionLowerer(this);
    this.calls = new CallLowerer(this, expressions);
    this.places = new PlaceLowerer(this);
    this.arrays = new ArrayLibrary(this);
    this.switches = new SwitchLowerer(this);
    this.records = new RecordLowerer(this, expressions);
  }

  /** Lowers {@code method}; method-level checks (static, return type) are done by the caller. */
  public static Result lower(CompilationUnit unit, String source, MethodDeclaration method,
      CalleeResolver callees) {
    return new MethodLowerer(unit, source, callees, method).run(method);
  }

  private Result run(MethodDeclaration method) {
    List<Var> params = new ArrayList<>();
    IMethodBinding declared = method.resolveBinding();
    if (declared != null && method.isConstructor()) {
      construction = new ConstructorBody(this, JdtTypes.of(declared.getDeclaringClass()));
    } else if (declared != null && !Modifier.isStatic(declared.getModifiers())) {
      // an instance method of a record or value class: its rules are static, the receiver
      // comes first, named after its class (mlp for an Mlp)
      Type receiver = JdtTypes.of(declared.getDeclaringClass());
      String simple = declared.getDeclaringClass().getErasure().getName();
      String name = Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
      boolean taken = method.parameters().stream().anyMatch(p -> ((SingleVariableDeclaration) p)
          .getName().getIdentifier().equals(name));
      self = new Var(names.fresh(taken ? "self" : name), receiver, Var.Kind.PARAM);
      claimed.add(self.name());
      params.add(self);
    }
    for (Object o : method.parameters()) {
      SingleVariableDeclaration p = (SingleVariableDeclaration) o;
      IVariableBinding binding = p.resolveBinding();
      Type type = binding == null ? null : JdtTypes.of(binding.getType());
      if (binding == null || !JdtTypes.isValueType(type, binding.getType()) || p.isVarargs()) {
        type = Type.DOUBLE; // reported with the declaration; the body is still checked
        if (binding != null) {
          rejected.add(binding); // its uses are not reported again
        }
      }
      String name = p.getName().getIdentifier();
      name = claimed.add(name) ? name : names.fresh(name);
      claimed.add(name);
      Var var = binding != null && ConstantParams.isNoGrad(binding.getAnnotations())
          ? Var.constantParam(name, type) : new Var(name, type, Var.Kind.PARAM);
      params.add(var);
      if (binding != null) {
        vars.put(binding, var);
      }
    }
    // a helper returning one of its arguments has void rules (ReturnedArguments)
    returnsArgument = ReturnedArguments.of(method) >= 0;
    Block body = new Block();
    if (construction != null) {
      construction.start(method, body);
    }
    if (method.getBody() != null) {
      statements(method.getBody().statements(), body);
    }
    if (construction != null) {
      construction.finish(params, body);
    }
    Type returnType = construction != null ? construction.type()
        : returnsArgument ? Type.VOID : JdtTypes.of(method.getReturnType2().resolveBinding());
    return new Result(new Function(method.getName().getIdentifier(), params, returnType, body,
        locals), problems, constructors);
  }

  // ---------------------------------------------------------------- statements

  private void statements(List<?> statements, Block out) {
    for (Object s : statements) {
      statement((Statement) s, out, null);
    }
  }

  private void statement(Statement s, Block out, String label) {
    Origin saved = origin;
    origin = SourceText.originOf(s, unit, source);
    try {
      lowerStatement(s, out, label);
    } finally {
      origin = saved;
    }
  }

  private void lowerStatement(Statement s, Block out, String label) {
    if (s instanceof org.eclipse.jdt.core.dom.Block b) {
      statements(b.statements(), out);
    } else if (s instanceof VariableDeclarationStatement d) {
      declare(d.getType().resolveBinding(), d.fragments(), out);
    } else if (s instanceof ExpressionStatement e) {
      expressionStatement(e.getExpression(), out);
    } else if (s instanceof IfStatement i) {
      Expr condition = expressions.value(i.getExpression(), out);
      Block then = new Block();
      statement(i.getThenStatement(), then, null);
      Block otherwise = new Block();
      if (i.getElseStatement() != null) {
        statement(i.getElseStatement(), otherwise, null);
      }
      out.add(new Stmt.If(condition, then, otherwise, origin));
    } else if (s instanceof ForStatement f) {
      for (Object init : f.initializers()) {
        if (init instanceof VariableDeclarationExpression d) {
          declare(d.getType().resolveBinding(), d.fragments(), out);
        } else {
          expressionStatement((Expression) init, out);
        }
      }
      Block update = new Block();
      for (Object u : f.updaters()) {
        expressionStatement((Expression) u, update);
      }
      loop(label, f.getExpression(), f.getBody(), update, true, out);
    } else if (s instanceof WhileStatement w) {
      loop(label, w.getExpression(), w.getBody(), new Block(), true, out);
    } else if (s instanceof DoStatement d) {
      loop(label, d.getExpression(), d.getBody(), new Block(), false, out);
    } else if (s instanceof EnhancedForStatement f) {
      enhancedFor(label, f, out);
    } else if (s instanceof LabeledStatement l) {
      Statement body = l.getBody();
      if (body instanceof ForStatement || body instanceof WhileStatement
          || body instanceof DoStatement || body instanceof EnhancedForStatement
          || body instanceof SwitchStatement) {
        statement(body, out, l.getLabel().getIdentifier());
      } else {
        labelledBlock(l.getLabel().getIdentifier(), body, out);
      }
    } else if (s instanceof SwitchStatement sw) {
      switches.statement(sw, label, out);
    } else if (s instanceof YieldStatement y) {
      yieldStatement(y, out, true);
    } else if (s instanceof BreakStatement b) {
      out.add(new Stmt.Break(b.getLabel() == null ? jumpLabel(false)
          : b.getLabel().getIdentifier(), origin));
    } else if (s instanceof ContinueStatement c) {
      out.add(new Stmt.Continue(c.getLabel() == null ? jumpLabel(true)
          : c.getLabel().getIdentifier(), origin));
    } else if (s instanceof ReturnStatement r && construction != null) {
      report(s, Message.UNSUPPORTED_STATEMENT.format("return in a constructor that computes"
          + " fields", ": let the body run to its end (an if/else around the rest)"));
    } else if (s instanceof ReturnStatement r && returnsArgument) {
      out.add(new Stmt.Return(null, origin)); // the caller reads the argument it passed
    } else if (s instanceof ReturnStatement r) {
      Expression value = r.getExpression();
      Expr result = value == null ? null
          : ExpressionLowerer.isArray(value) ? expressions.arrayAtom(value, out)
          : ExpressionLowerer.isRecord(value) ? records.atom(value, out)
          : expressions.operand(value, out);
      out.add(new Stmt.Return(result, origin));
    } else if (s instanceof ThrowStatement t) {
      out.add(new Stmt.Throw(expressions.thrown(t.getExpression(), out), origin));
    } else if (s instanceof EmptyStatement) {
      // nothing to do
    } else {
      report(s, Message.UNSUPPORTED_STATEMENT.format(SourceText.describe(s),
          SourceText.fixFor(s)));
    }
  }

  /**
   * A loop. A condition with side effects is moved into the body as {@code if (!cond) break;}
   * (for a do-while, at the end of the body, where {@code continue} also leads).
   */
  private void loop(String label, Expression condition, Statement body, Block update,
      boolean testFirst, Block out) {
    Block conditionCode = new Block();
    Expr test = condition == null ? null
        : condition.resolveConstantExpressionValue() instanceof Boolean constant
        ? new Expr.Lit(Type.BOOLEAN, constant.toString()) // reachability depends on it
        : expressions.value(condition, conditionCode);
    Block loopBody = new Block();
    Expr loopCondition = test;
    if (!conditionCode.isEmpty()) {
      loopCondition = null;
      // a plain break leaves the innermost loop, which is this one
      Block exit = new Block().add(new Stmt.Break(label, origin));
      Block check = new Block().addAll(conditionCode)
          .add(new Stmt.If(new Expr.Unary("!", test, Type.BOOLEAN), exit, new Block(), origin));
      if (testFirst) {
        loopBody.addAll(check);
      } else {
        update = new Block().addAll(update).addAll(check);
      }
    }
    Origin loopOrigin = origin;
    Breakable loop = new Breakable(Jump.LOOP, null, label);
    breakables.push(loop);
    try {
      statement(body, loopBody, null);
    } finally {
      breakables.pop();
    }
    out.add(new Stmt.Loop(loop.label, loopCondition, loopBody, update,
        testFirst || loopCondition == null, loopOrigin));
  }

  /**
   * {@code label: { ... }} (any statement but a loop or switch): a loop run once, which
   * {@code break label} leaves.
   */
  private void labelledBlock(String label, Statement body, Block out) {
    Origin blockOrigin = origin;
    Block inside = new Block();
    breakables.push(new Breakable(Jump.BLOCK, null, label));
    try {
      statement(body, inside, null);
    } finally {
      breakables.pop();
    }
    out.add(new Stmt.Loop(label, new Expr.Lit(Type.BOOLEAN, "false"), inside, new Block(), false,
        blockOrigin));
  }

  /**
   * The label for an unlabelled {@code continue} or {@code break}: null (the innermost loop, or
   * switch for a break) unless a construct lowered to a run-once loop is in between; then the
   * target's label, made up if needed.
   */
  private String jumpLabel(boolean isContinue) {
    boolean crosses = false;
    for (Breakable b : breakables) {
      boolean target = b.kind == Jump.LOOP || !isContinue && b.kind.isSwitch();
      if (target) {
        if (crosses && b.label == null) {
          b.label = "loop$" + (++loopLabels);
        }
        return crosses ? b.label : null;
      }
      crosses |= b.kind.runsOnce();
    }
    return null;
  }

  void enterSwitch(String name, Var result, boolean flagged) {
    breakables.push(new Breakable(flagged ? Jump.SWITCH_ONCE : Jump.SWITCH, result, name));
  }

  void exitSwitch() {
    breakables.pop();
  }

  /** The variable the innermost switch expression assigns, or null in a switch statement. */
  Var switchResult() {
    for (Breakable b : breakables) {
      if (b.kind.isSwitch()) {
        return b.result;
      }
    }
    return null;
  }

  /**
   * {@code yield e}: the innermost switch expression's value, then (if asked) leave the switch.
   * JDT also writes the arm of a rule in a switch statement ({@code case 1 -> y = x;}) as an
   * implicit yield: that is an expression statement.
   */
  void yieldStatement(YieldStatement y, Block out, boolean leave) {
    Origin saved = origin;
    origin = SourceText.originOf(y, unit, source);
    try {
      if (y.isImplicit() && switchResult() == null) {
        expressionStatement(y.getExpression(), out); // case 1 -> y = x; in a switch statement
      } else {
        yieldValue(y.getExpression(), out, leave);
      }
    } finally {
      origin = saved;
    }
  }

  /** The innermost switch expression takes {@code value}; then (if asked) leave it. */
  private void yieldValue(Expression value, Block out, boolean leave) {
    Breakable target = null;
    for (Breakable b : breakables) {
      if (b.kind.isSwitch()) {
        target = b;
        break;
      }
    }
    if (target == null || target.result == null) {
      report(value, Message.UNSUPPORTED_EXPRESSION.format("yield outside a switch expression",
          ""));
      return;
    }
    places.assign(new Place.Variable(target.result), value, out);
    if (leave) {
      out.add(new Stmt.Break(target.label, origin));
    }
  }

  /** Lowers a statement nested in a construct another lowerer handles (a switch group). */
  void lowerNested(Statement s, Block out) {
    statement(s, out, null);
  }

  private void declare(ITypeBinding typeBinding, List<?> fragments, Block out) {
    for (Object o : fragments) {
      VariableDeclarationFragment f = (VariableDeclarationFragment) o;
      IVariableBinding binding = f.resolveBinding();
      Type type = binding == null ? null : JdtTypes.of(binding.getType());
      if (!JdtTypes.isValueType(type, binding.getType())) {
        rejected.add(binding);
        Expression init = f.getInitializer();
        if (init instanceof LambdaExpression || init instanceof MethodReference) {
          report(init, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(init),
              SourceText.fixFor(init)));
        } else if (binding != null && isRecordType(binding.getType())) {
          report(f, Message.UNSUPPORTED_RECORD.format(binding.getType().getName(),
              f.getName().getIdentifier(), JdtTypes.whyNotModelled(binding.getType())));
        } else {
          report(f, Message.UNSUPPORTED_LOCAL_TYPE.format(f.getName().getIdentifier(),
              binding == null ? String.valueOf(typeBinding) : binding.getType().getName()));
        }
        continue;
      }
      Var var = newLocal(f.getName().getIdentifier(), type, Var.Kind.LOCAL);
      vars.put(binding, var);
      if (f.getInitializer() != null) {
        places.assign(new Place.Variable(var), f.getInitializer(), out);
      }
    }
  }

  /** A record, or a class jgrad treats (or might treat) as a value, or an array of them. */
  private static boolean isRecordType(ITypeBinding type) {
    ITypeBinding element = type.isArray() ? type.getElementType() : type;
    Type value = element.isRecord() ? null : JdtTypes.of(element);
    return element.isRecord() || value != null && value.isRecord()
        || JdtTypes.whyNotValueClass(element) != null;
  }

  /** An expression evaluated for its effects; its value is dropped. */
  private void expressionStatement(Expression e, Block out) {
    if (!places.statement(e, out)) {
      expressions.statement(e, out);
    }
  }

  /** {@code for (double v : a) body} as an indexed loop over a (evaluated once). */
  private void enhancedFor(String label, EnhancedForStatement f, Block out) {
    Expr array = expressions.arrayAtom(f.getExpression(), out);
    IVariableBinding binding = f.getParameter().resolveBinding();
    Type type = binding == null ? null : JdtTypes.of(binding.getType());
    if (!JdtTypes.isValueType(type, binding.getType())) {
      report(f.getParameter(), isRecordType(binding.getType())
          ? Message.UNSUPPORTED_RECORD.format(binding.getType().getName(),
              f.getParameter().getName().getIdentifier(),
              JdtTypes.whyNotModelled(binding.getType()))
          : Message.UNSUPPORTED_LOCAL_TYPE.format(
              f.getParameter().getName().getIdentifier(), f.getParameter().getType()));
      return;
    }
    Var element = newLocal(f.getParameter().getName().getIdentifier(), type, Var.Kind.LOCAL);
    vars.put(binding, element);
    Var index = newLocal("index", Type.INT, Var.Kind.TEMP);
    Origin loopOrigin = origin;
    Block inner = new Block();
    statement(f.getBody(), inner, null);
    // Java evaluates the array once: a body assigning its variable loops over the old array.
    array = stable(array, Effects.of(inner), out);
    Block body = new Block();
    Expr read = new Expr.Index(array, new Expr.Ref(index), array.type().elementType());
    body.add(new Stmt.Assign(element, element.type().equals(read.type()) ? read
        : new Expr.Cast(element.type(), read), loopOrigin));
    body.addAll(inner);
    Block update = new Block().add(new Stmt.Assign(index,
        new Expr.Binary("+", new Expr.Ref(index), Expr.Lit.ofInt(1), Type.INT), loopOrigin));
    out.add(new Stmt.Assign(index, Expr.Lit.ofInt(0), loopOrigin));
    out.add(new Stmt.Loop(label, new Expr.Binary("<", new Expr.Ref(index),
        new Expr.Length(array), Type.BOOLEAN), body, update, true, loopOrigin));
  }

  // ---------------------------------------------------------------- shared state

  /** Notes a call of a record's constructor written in its source (not the implicit one). */
  void constructed(IMethodBinding constructor) {
    if (!constructor.isSyntheticRecordMethod()) {
      constructors.add(constructor.getMethodDeclaration());
    }
  }

  /** The receiver ({@code this}) of an instance method of a record, or null. */
  Var self() {
    return self;
  }

  /**
   * In a constructor jgrad lowers, the local holding the field {@code e} names ({@code m},
   * {@code this.m}); else null.
   */
  Var constructorField(Expression e) {
    return construction == null ? null : construction.field(e);
  }

  /** A new local named after {@code base}. */
  Var local(String base, Type type) {
    return newLocal(base, type, Var.Kind.LOCAL);
  }

  /** {@code var = e}, as an assignment statement lowers it (a field's initializer). */
  void assignInitializer(Var var, Expression e, Block out) {
    places.assignVariable(var, e, out);
  }

  /** The variable of a local or parameter, or null if it is not one of this method's. */
  Var variable(IVariableBinding binding) {
    return vars.get(binding);
  }

  /** True if the declaration of this local was reported already. */
  boolean isRejected(Object binding) {
    return binding != null && rejected.contains(binding);
  }

  Var temp(Type type) {
    return newLocal("t" + (++temps), type, Var.Kind.TEMP);
  }

  /** A fresh int variable for a loop the lowering writes. */
  Var counter() {
    return newLocal("k", Type.INT, Var.Kind.TEMP);
  }

  /** {@code e} read into a temporary now, unless it is a literal (which nothing can change). */
  Expr spill(Expr e, Block out) {
    if (e instanceof Expr.Lit) {
      return e;
    }
    Var temp = temp(e.type());
    out.add(new Stmt.Assign(temp, e, origin));
    return new Expr.Ref(temp);
  }

  /** {@code e}, read into a temporary now if running code with {@code effects} may change it. */
  Expr stable(Expr e, Effects effects, Block out) {
    return effects.changes(e) ? spill(e, out) : e;
  }

  Origin origin() {
    return origin;
  }

  /** The package of the method being lowered: the generated rules live there too. */
  String packageName() {
    return unit.getPackage() == null ? "" : unit.getPackage().getName().getFullyQualifiedName();
  }

  /** A local keeps its source name unless an earlier declaration (a sibling scope) took it. */
  private Var newLocal(String base, Type type, Var.Kind kind) {
    String name = kind != Var.Kind.TEMP && claimed.add(base) ? base : names.fresh(base);
    claimed.add(name);
    Var var = new Var(name, type, kind);
    locals.add(var);
    return var;
  }

  void report(ASTNode node, String message) {
    int start = node.getStartPosition();
    problems.add(new Problem(message, start, start + node.getLength(),
        unit.getLineNumber(start), unit.getColumnNumber(start) + 1));
  }
}
