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
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.MathRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import io.jgrad.processor.ir.Exprs;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.ArrayCreation;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.BooleanLiteral;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EmptyStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.LambdaExpression;
import org.eclipse.jdt.core.dom.MethodReference;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.StringLiteral;
import org.eclipse.jdt.core.dom.ThrowStatement;
import org.eclipse.jdt.core.dom.VariableDeclarationExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.WhileStatement;

/**
 * Lowers one {@code @Grad} method from the typed JDT AST to the IR, checking as it goes that every
 * construct is differentiable; what is not becomes a {@link Problem} at the offending node.
 *
 * <p>Floating-point computations are split into one operation per assignment (so each has a
 * local derivative rule); integer and boolean expressions stay as trees. Evaluation order and
 * types are those of the source, so generated code computes the primal value bit for bit.
 */
public final class MethodLowerer {
  /** Classes whose static methods are pure and may be called where no derivative is needed. */
  private static final Set<String> PASSIVE_OWNERS = Set.of("java.lang.Math",
      "java.lang.StrictMath", "java.lang.Integer", "java.lang.Long", "java.lang.Double",
      "java.lang.Float", "java.lang.Boolean", "java.lang.Character", "java.lang.Short",
      "java.lang.Byte");

  /** The result of lowering: a function, or the problems that prevent it. */
  public record Result(Function function, List<Problem> problems) {}

  private final CompilationUnit unit;
  private final String source;
  private final CalleeResolver callees;
  private final List<Problem> problems = new ArrayList<>();
  private final Map<IVariableBinding, Var> vars = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  private final Names names;
  private final Set<String> claimed = new java.util.HashSet<>();
  /** Locals whose declaration was reported: their uses are not reported again. */
  private final Set<IVariableBinding> rejected = new java.util.HashSet<>();
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
  }

  /** Lowers {@code method}; method-level checks (static, return type) are done by the caller. */
  public static Result lower(CompilationUnit unit, String source, MethodDeclaration method,
      CalleeResolver callees) {
    MethodLowerer lowerer = new MethodLowerer(unit, source, callees, method);
    return lowerer.run(method);
  }

  private Result run(MethodDeclaration method) {
    List<Var> params = new ArrayList<>();
    for (Object o : method.parameters()) {
      SingleVariableDeclaration p = (SingleVariableDeclaration) o;
      IVariableBinding binding = p.resolveBinding();
      Type type = binding == null ? null : JdtTypes.of(binding.getType());
      if (type == null || !(type.isPrimitive() || type.isDoubleArray()) || p.isVarargs()) {
        report(p, Message.UNSUPPORTED_PARAMETER.format(p.getName().getIdentifier(), p.getType()));
        type = Type.DOUBLE;
      }
      String name = p.getName().getIdentifier();
      claimed.add(name);
      Var var = new Var(name, type, Var.Kind.PARAM);
      params.add(var);
      if (binding != null) {
        vars.put(binding, var);
      }
    }
    Block body = new Block();
    if (method.getBody() != null) {
      statements(method.getBody().statements(), body);
    }
    Type returnType = JdtTypes.of(method.getReturnType2().resolveBinding());
    return new Result(new Function(method.getName().getIdentifier(), params, returnType, body,
        locals), problems);
  }

  // ---------------------------------------------------------------- statements

  private void statements(List<?> statements, Block out) {
    for (Object s : statements) {
      statement((Statement) s, out, null);
    }
  }

  private void statement(Statement s, Block out, String label) {
    Origin saved = origin;
    origin = originOf(s);
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
      Expr condition = value(i.getExpression(), out);
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
          || body instanceof DoStatement || body instanceof EnhancedForStatement) {
        statement(body, out, l.getLabel().getIdentifier());
      } else {
        report(l, Message.UNSUPPORTED_STATEMENT.format("a label on a statement that is not a loop",
            ": label loops only"));
      }
    } else if (s instanceof BreakStatement b) {
      out.add(new Stmt.Break(b.getLabel() == null ? null : b.getLabel().getIdentifier(), origin));
    } else if (s instanceof ContinueStatement c) {
      out.add(new Stmt.Continue(c.getLabel() == null ? null : c.getLabel().getIdentifier(),
          origin));
    } else if (s instanceof ReturnStatement r) {
      Expression value = r.getExpression();
      Expr result = value == null ? null
          : isArray(value) ? arrayAtom(value, out) : operand(value, out);
      out.add(new Stmt.Return(result, origin));
    } else if (s instanceof ThrowStatement t) {
      out.add(new Stmt.Throw(thrown(t.getExpression(), out), origin));
    } else if (s instanceof EmptyStatement) {
      // nothing to do
    } else {
      report(s, Message.UNSUPPORTED_STATEMENT.format(describe(s), fixFor(s)));
    }
  }

  /**
   * A loop. A condition with side effects is moved into the body as {@code if (!cond) break;}
   * (for a do-while, at the end of the body, where {@code continue} also leads).
   */
  private void loop(String label, Expression condition, Statement body, Block update,
      boolean testFirst, Block out) {
    Block conditionCode = new Block();
    Expr test = condition == null ? null : value(condition, conditionCode);
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
    statement(body, loopBody, null);
    out.add(new Stmt.Loop(label, loopCondition, loopBody, update,
        testFirst || loopCondition == null, loopOrigin));
  }

  private void declare(ITypeBinding typeBinding, List<?> fragments, Block out) {
    for (Object o : fragments) {
      VariableDeclarationFragment f = (VariableDeclarationFragment) o;
      IVariableBinding binding = f.resolveBinding();
      Type type = binding == null ? null : JdtTypes.of(binding.getType());
      if (type == null || !(type.isPrimitive() || type.isDoubleArray())) {
        rejected.add(binding);
        Expression init = f.getInitializer();
        if (init instanceof LambdaExpression || init instanceof MethodReference) {
          report(init, Message.UNSUPPORTED_EXPRESSION.format(describe(init), fixFor(init)));
        } else {
          report(f, Message.UNSUPPORTED_LOCAL_TYPE.format(f.getName().getIdentifier(),
              binding == null ? String.valueOf(typeBinding) : binding.getType().getName()));
        }
        continue;
      }
      Var var = newLocal(f.getName().getIdentifier(), type, Var.Kind.LOCAL);
      vars.put(binding, var);
      if (f.getInitializer() != null) {
        assign(var, f.getInitializer(), out);
      }
    }
  }

  private void expressionStatement(Expression e, Block out) {
    if (e instanceof Assignment a) {
      assignment(a, out);
    } else if (e instanceof PostfixExpression p) {
      increment(p.getOperand(), p.getOperator() == PostfixExpression.Operator.INCREMENT, out);
    } else if (e instanceof PrefixExpression p
        && (p.getOperator() == PrefixExpression.Operator.INCREMENT
            || p.getOperator() == PrefixExpression.Operator.DECREMENT)) {
      increment(p.getOperand(), p.getOperator() == PrefixExpression.Operator.INCREMENT, out);
    } else if (e instanceof MethodInvocation m && ArrayLibrary.isStatement(m)) {
      arrays.statement(m, out);
    } else if (e instanceof MethodInvocation m) {
      // the value is unused; the call stays for its effects on arrays and its exceptions
      Expr result = isArray(m) ? arrayValue(m, out) : value(m, out);
      if (result instanceof Expr.Call) {
        out.add(new Stmt.Eval(result, origin));
      }
    } else {
      report(e, Message.UNSUPPORTED_STATEMENT.format(describe(e) + " as a statement", fixFor(e)));
    }
  }

  // ---------------------------------------------------------------- assignments

  private Var target(Expression lhs) {
    if (lhs instanceof SimpleName n && n.resolveBinding() instanceof IVariableBinding b
        && vars.containsKey(b)) {
      return vars.get(b);
    }
    report(lhs, Message.UNSUPPORTED_EXPRESSION.format("assigning to " + lhs,
        ": only local variables and parameters can be assigned"));
    return null;
  }

  private Var assignment(Assignment a, Block out) {
    if (a.getLeftHandSide() instanceof ArrayAccess element) {
      String op = a.getOperator().toString();
      elementWrite(element, op.substring(0, op.length() - 1), a.getRightHandSide(), out);
      return null;
    }
    Var var = target(a.getLeftHandSide());
    if (var == null) {
      return null;
    }
    if (a.getOperator() == Assignment.Operator.ASSIGN) {
      assign(var, a.getRightHandSide(), out);
      return var;
    }
    String op = a.getOperator().toString();
    op = op.substring(0, op.length() - 1);
    Expr right = operand(a.getRightHandSide(), out);
    compound(var, op, right, out, a);
    return var;
  }

  private void increment(Expression operand, boolean up, Block out) {
    if (unparenthesize(operand) instanceof ArrayAccess element) {
      elementWrite(element, up ? "+" : "-", null, out);
      return;
    }
    Var var = target(operand);
    if (var != null) {
      compound(var, up ? "+" : "-", Expr.Lit.ofInt(1), out, operand);
    }
  }

  /** {@code var op= right}: Java computes in the promoted type, then narrows back. */
  private void compound(Var var, String op, Expr right, Block out, ASTNode node) {
    if (!isArithmetic(op) && var.type().isFloating()) {
      report(node, Message.UNSUPPORTED_EXPRESSION.format("operator " + op + "=", ""));
      return;
    }
    Type promoted = op.equals("<<") || op.equals(">>") || op.equals(">>>")
        ? var.type() : JdtTypes.promote(var.type(), right.type());
    if (var.type().equals(Type.BOOLEAN)) {
      promoted = Type.BOOLEAN;
    }
    Expr combined = new Expr.Binary(op, new Expr.Ref(var), right, promoted);
    if (!var.type().isFloating()) {
      out.add(new Stmt.Assign(var, castIfNeeded(var.type(), combined), origin));
    } else if (promoted.equals(var.type()) && (op.equals("+") || op.equals("-"))) {
      out.add(new Stmt.Assign(var, combined, origin)); // s += u: the adjoint passes straight through
    } else {
      Var temp = temp(promoted);
      out.add(new Stmt.Assign(temp, combined, origin));
      out.add(new Stmt.Assign(var, castIfNeeded(var.type(), new Expr.Ref(temp)), origin));
    }
  }

  private static boolean isArithmetic(String op) {
    return op.equals("+") || op.equals("-") || op.equals("*") || op.equals("/")
        || op.equals("%");
  }

  private static Expr castIfNeeded(Type type, Expr e) {
    return e.type().equals(type) ? e : new Expr.Cast(type, e);
  }

  /** {@code var = e}, with e lowered straight into var when that keeps one operation a line. */
  private void assign(Var var, Expression e, Block out) {
    if (var.type().isArray()) {
      out.add(new Stmt.Assign(var, arrayValue(e, out), origin));
      return;
    }
    if (!var.type().isFloating()) {
      out.add(new Stmt.Assign(var, value(e, out), origin));
      return;
    }
    Expr op = operation(e, out);
    if (readsVar(op, var) && !isAddition(op)) {
      Var temp = temp(op.type());
      out.add(new Stmt.Assign(temp, op, origin));
      op = new Expr.Ref(temp);
    }
    out.add(new Stmt.Assign(var, op, origin));
  }

  private static boolean isAddition(Expr op) {
    return op instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"));
  }

  private static boolean readsVar(Expr e, Var var) {
    return Exprs.vars(e).contains(var);
  }

  // ---------------------------------------------------------------- expressions

  /**
   * An operand of an active operation: a literal, a variable, or a side-effect-free integer
   * expression. Floating computations become temporaries.
   */
  Expr operand(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null || !type.isFloating()) {
      return value(e, out);
    }
    Expr op = operation(e, out);
    if (op instanceof Expr.Ref || op instanceof Expr.Lit || op instanceof Expr.Index) {
      return op; // array parameters are never written, so an element can be read again later
    }
    Var temp = temp(type);
    out.add(new Stmt.Assign(temp, op, origin));
    return new Expr.Ref(temp);
  }

  /** One operation over operands, computing the floating value of {@code e}. */
  private Expr operation(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null) {
      report(e, Message.UNRESOLVED.format(e));
      return Expr.Lit.of(0);
    }
    if (!type.isFloating()) {
      return value(e, out);
    }
    if (e instanceof ParenthesizedExpression p) {
      return operation(p.getExpression(), out);
    }
    if (e instanceof NumberLiteral || e instanceof Name || e instanceof FieldAccess) {
      return value(e, out);
    }
    if (e instanceof InfixExpression i) {
      return infix(i, type, out, true);
    }
    if (e instanceof PrefixExpression p) {
      PrefixExpression.Operator op = p.getOperator();
      if (op == PrefixExpression.Operator.MINUS && p.getOperand() instanceof NumberLiteral n) {
        return new Expr.Lit(type, "-" + n.getToken()); // a constant, not an operation
      }
      if (op == PrefixExpression.Operator.MINUS) {
        return new Expr.Unary("-", operand(p.getOperand(), out), type);
      }
      if (op == PrefixExpression.Operator.PLUS) {
        return operand(p.getOperand(), out);
      }
      increment(p.getOperand(), op == PrefixExpression.Operator.INCREMENT, out);
      return value(p.getOperand(), out);
    }
    if (e instanceof PostfixExpression p) {
      return postfix(p, type, out);
    }
    if (e instanceof CastExpression c) {
      Expr inner = operand(c.getExpression(), out);
      return inner.type().equals(type) ? inner : new Expr.Cast(type, inner);
    }
    if (e instanceof ConditionalExpression c) {
      return conditional(c, type, out, true);
    }
    if (e instanceof ArrayAccess a) {
      return arrayRead(a, out);
    }
    if (e instanceof MethodInvocation m) {
      return call(m, type, out, true);
    }
    if (e instanceof Assignment a) {
      Var var = assignment(a, out);
      return var == null ? Expr.Lit.of(0) : new Expr.Ref(var);
    }
    report(e, Message.UNSUPPORTED_EXPRESSION.format(describe(e), fixFor(e)));
    return Expr.Lit.of(0);
  }

  /**
   * The value of {@code e} as an expression tree: used for integer and boolean expressions and
   * wherever no derivative is taken (conditions, indices). Side effects become statements.
   */
  Expr value(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null) {
      report(e, Message.UNRESOLVED.format(e));
      return Expr.Lit.ofInt(0);
    }
    if (e instanceof ParenthesizedExpression p) {
      return value(p.getExpression(), out);
    }
    if (type.isArray()) {
      return arrayValue(e, out);
    }
    if (e instanceof NumberLiteral n) {
      return new Expr.Lit(type, n.getToken());
    }
    if (e instanceof BooleanLiteral b) {
      return new Expr.Lit(Type.BOOLEAN, Boolean.toString(b.booleanValue()));
    }
    if (e instanceof CharacterLiteral c) {
      return new Expr.Lit(Type.CHAR, c.getEscapedValue());
    }
    if (e instanceof StringLiteral s) {
      return new Expr.Lit(Type.STRING, s.getEscapedValue());
    }
    if (e instanceof SimpleName || e instanceof QualifiedName || e instanceof FieldAccess) {
      return name(e, type);
    }
    if (e instanceof ArrayAccess a) {
      return arrayRead(a, out);
    }
    if (type.isFloating() && !isPure(e)) {
      return operand(e, out);
    }
    if (e instanceof InfixExpression i) {
      return infix(i, type, out, false);
    }
    if (e instanceof PrefixExpression p) {
      PrefixExpression.Operator op = p.getOperator();
      if (op == PrefixExpression.Operator.INCREMENT || op == PrefixExpression.Operator.DECREMENT) {
        increment(p.getOperand(), op == PrefixExpression.Operator.INCREMENT, out);
        return value(p.getOperand(), out);
      }
      return new Expr.Unary(op.toString(), value(p.getOperand(), out), type);
    }
    if (e instanceof PostfixExpression p) {
      return postfix(p, type, out);
    }
    if (e instanceof CastExpression c) {
      Expr inner = value(c.getExpression(), out);
      return inner.type().equals(type) ? inner : new Expr.Cast(type, inner);
    }
    if (e instanceof ConditionalExpression c) {
      return conditional(c, type, out, false);
    }
    if (e instanceof MethodInvocation m) {
      return call(m, type, out, false);
    }
    if (e instanceof Assignment a) {
      Var var = assignment(a, out);
      return var == null ? Expr.Lit.ofInt(0) : new Expr.Ref(var);
    }
    report(e, Message.UNSUPPORTED_EXPRESSION.format(describe(e), fixFor(e)));
    return Expr.Lit.ofInt(0);
  }

  private Expr name(Expression e, Type type) {
    IBinding binding = e instanceof Name n ? n.resolveBinding()
        : ((FieldAccess) e).resolveFieldBinding();
    if (!(binding instanceof IVariableBinding variable)) {
      report(e, Message.UNRESOLVED.format(e));
      return Expr.Lit.ofInt(0);
    }
    Var var = vars.get(variable);
    if (var != null) {
      return new Expr.Ref(var);
    }
    if (rejected.contains(variable)) {
      return Expr.Lit.ofInt(0); // its declaration was reported already
    }
    if (variable.isField() && variable.getName().equals("length")
        && variable.getDeclaringClass() == null) {
      Expression qualifier = e instanceof QualifiedName q ? q.getQualifier()
          : ((FieldAccess) e).getExpression();
      return new Expr.Length(value(qualifier, new Block()));
    }
    Object constant = variable.getConstantValue();
    if (variable.isField() && constant != null) {
      return constant(constant, type, variable);
    }
    report(e, Message.UNSUPPORTED_EXPRESSION.format("reading field " + e,
        ": @Grad methods read their parameters, locals and compile-time constants only; pass the"
            + " value in as a parameter"));
    return Expr.Lit.ofInt(0);
  }

  private static Expr constant(Object value, Type type, IVariableBinding field) {
    String owner = field.getDeclaringClass().getQualifiedName();
    if (owner.startsWith("java.lang.") && owner.indexOf('.', 10) < 0) {
      return new Expr.Lit(type, owner.substring(10) + "." + field.getName());
    }
    if (value instanceof Double d) {
      return new Expr.Lit(type, d.isNaN() ? "Double.NaN" : d.isInfinite()
          ? (d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY") : d.toString());
    }
    if (value instanceof Float f) {
      return new Expr.Lit(type, f.isNaN() || f.isInfinite() ? "((float) " + f.doubleValue()
          + ")" : f + "f");
    }
    if (value instanceof Long l) {
      return new Expr.Lit(type, l + "L");
    }
    if (value instanceof Boolean || value instanceof Integer) {
      return new Expr.Lit(type, value.toString());
    }
    return new Expr.Lit(type, "(" + type + ") " + ((Number) value).intValue());
  }

  private Expr arrayRead(ArrayAccess a, Block out) {
    Expr array = arrayValue(a.getArray(), out);
    if (Exprs.root(array) == null) {
      array = arrayAtom(array, out);
    }
    Expr index = value(a.getIndex(), out);
    Type type = JdtTypes.of(a.resolveTypeBinding());
    return new Expr.Index(array, index, type == null ? Type.DOUBLE : type);
  }

  private Expr infix(InfixExpression i, Type type, Block out, boolean active) {
    String op = i.getOperator().toString();
    List<Expression> operands = new ArrayList<>();
    operands.add(i.getLeftOperand());
    operands.add(i.getRightOperand());
    for (Object extra : i.extendedOperands()) {
      operands.add((Expression) extra);
    }
    if (op.equals("&&") || op.equals("||")) {
      return shortCircuit(op, operands, out);
    }
    boolean comparison = type.equals(Type.BOOLEAN);
    List<Expr> lowered = inOrder(operands, out, active);
    Expr result = lowered.get(0);
    for (int k = 1; k < operands.size(); k++) {
      Expr right = lowered.get(k);
      Type stepType = comparison ? Type.BOOLEAN
          : type.equals(Type.STRING) ? Type.STRING
          : JdtTypes.promote(result.type(), right.type());
      if (active && k > 1) {
        Var temp = temp(result.type());
        out.add(new Stmt.Assign(temp, result, origin));
        result = new Expr.Ref(temp);
      }
      result = new Expr.Binary(op, result, right, stepType);
    }
    return result;
  }

  /** {@code a && b}: b's side effects (if any) must run only when a says so. */
  private Expr shortCircuit(String op, List<Expression> operands, Block out) {
    Expr result = value(operands.get(0), out);
    for (int k = 1; k < operands.size(); k++) {
      Block rightCode = new Block();
      Expr right = value(operands.get(k), rightCode);
      if (rightCode.isEmpty()) {
        result = new Expr.Binary(op, result, right, Type.BOOLEAN);
        continue;
      }
      Var temp = temp(Type.BOOLEAN);
      out.add(new Stmt.Assign(temp, result, origin));
      rightCode.add(new Stmt.Assign(temp, right, origin));
      Expr test = op.equals("&&") ? new Expr.Ref(temp)
          : new Expr.Unary("!", new Expr.Ref(temp), Type.BOOLEAN);
      out.add(new Stmt.If(test, rightCode, new Block(), origin));
      result = new Expr.Ref(temp);
    }
    return result;
  }

  private Expr conditional(ConditionalExpression c, Type type, Block out, boolean active) {
    Expr condition = value(c.getExpression(), out);
    Block whenTrue = new Block();
    Block whenFalse = new Block();
    Expr a = active ? operation(c.getThenExpression(), whenTrue)
        : value(c.getThenExpression(), whenTrue);
    Expr b = active ? operation(c.getElseExpression(), whenFalse)
        : value(c.getElseExpression(), whenFalse);
    if (!active && whenTrue.isEmpty() && whenFalse.isEmpty()) {
      return new Expr.Conditional(condition, a, b, type);
    }
    Var temp = temp(type);
    whenTrue.add(new Stmt.Assign(temp, castIfNeeded(type, a), origin));
    whenFalse.add(new Stmt.Assign(temp, castIfNeeded(type, b), origin));
    out.add(new Stmt.If(condition, whenTrue, whenFalse, origin));
    return new Expr.Ref(temp);
  }

  private Expr call(MethodInvocation m, Type type, Block out, boolean active) {
    IMethodBinding method = m.resolveMethodBinding();
    if (method == null) {
      report(m, Message.UNRESOLVED.format(m.getName() + "(...)"));
      return Expr.Lit.of(0);
    }
    String owner = method.getDeclaringClass().getErasure().getQualifiedName();
    String signature = signature(method);
    if (!org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())) {
      if (!(m.getExpression() instanceof SimpleName receiver
          && rejected.contains(receiver.resolveBinding()))) {
        report(m, Message.INSTANCE_CALL.format(signature));
      }
      return Expr.Lit.of(0);
    }
    if (isBoxedFloating(type)) {
      type = Type.DOUBLE; // Double.valueOf(x) carries x's derivative: it needs a rule too
    }
    GradCallee callee = callees.resolve(method);
    boolean math = MathRules.OWNERS.contains(owner);
    if (callee == null && type.isFloating() && math
        && MathRules.lookup(owner, method.getName()) == null) {
      report(m, Message.NO_MATH_RULE.format(signature));
      return Expr.Lit.of(0);
    }
    if (callee == null && !(math || (!type.isFloating() && PASSIVE_OWNERS.contains(owner)))) {
      report(m, Message.NO_RULE.format(signature, owner.substring(owner.lastIndexOf('.') + 1)
          + "." + method.getName()));
      return Expr.Lit.of(0);
    }
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : m.arguments()) {
      arguments.add((Expression) arg);
    }
    List<Expr> args = inOrder(arguments, out, active || callee != null);
    return new Expr.Call(owner, method.getName(), args, type);
  }

  private static boolean isBoxedFloating(Type type) {
    return type.equals(Type.classType("java.lang.Double"))
        || type.equals(Type.classType("java.lang.Float"));
  }

  private static String signature(IMethodBinding method) {
    String owner = method.getDeclaringClass().getName();
    if (owner.isEmpty()) {
      owner = "an anonymous class's method ";
    }
    StringBuilder sb = new StringBuilder(owner)
        .append('.').append(method.getName()).append('(');
    ITypeBinding[] params = method.getParameterTypes();
    for (int k = 0; k < params.length; k++) {
      sb.append(k > 0 ? ", " : "").append(params[k].getName());
    }
    return sb.append(')').toString();
  }

  /** {@code throw new E(args)}: arguments are evaluated, no derivative is taken. */
  private Expr thrown(Expression e, Block out) {
    if (e instanceof ClassInstanceCreation c && c.getAnonymousClassDeclaration() == null
        && c.getExpression() == null) {
      List<Expr> args = new ArrayList<>();
      for (Object arg : c.arguments()) {
        args.add(value((Expression) arg, out));
      }
      return new Expr.New(Type.classType(c.resolveTypeBinding().getErasure().getQualifiedName()),
          args);
    }
    report(e, Message.UNSUPPORTED_EXPRESSION.format("throwing " + e,
        ": throw a new exception, e.g. throw new IllegalArgumentException(\"...\")"));
    return new Expr.New(Type.classType("java.lang.IllegalStateException"), List.of());
  }

  /** True if lowering {@code e} as a tree keeps its meaning: no side effects, nothing to split. */
  private boolean isPure(Expression e) {
    boolean[] pure = {true};
    e.accept(new ASTVisitor() {
      @Override
      public boolean visit(Assignment node) {
        return pure[0] = false;
      }

      @Override
      public boolean visit(PostfixExpression node) {
        return pure[0] = false;
      }

      @Override
      public boolean visit(PrefixExpression node) {
        if (node.getOperator() == PrefixExpression.Operator.INCREMENT
            || node.getOperator() == PrefixExpression.Operator.DECREMENT) {
          pure[0] = false;
        }
        return pure[0];
      }

      @Override
      public boolean visit(MethodInvocation node) {
        return pure[0] = false; // calls go through call(): rules are checked there
      }

      @Override
      public boolean visit(ConditionalExpression node) {
        return pure[0] = false;
      }
    });
    return pure[0];
  }

  // ---------------------------------------------------------------- arrays

  private final ArrayLibrary arrays = new ArrayLibrary(this);

  static Expression unparenthesize(Expression e) {
    while (e instanceof ParenthesizedExpression p) {
      e = p.getExpression();
    }
    return e;
  }

  private static boolean isArray(Expression e) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    return type != null && type.isArray();
  }

  /**
   * An array-valued expression: a variable, a row {@code w[i]}, a new array, or the result of a
   * call. Copies ({@code clone}, {@code Arrays.copyOf}) and initialisers become a new array
   * filled by a loop.
   */
  Expr arrayValue(Expression e, Block out) {
    e = unparenthesize(e);
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null || !type.isDoubleArray()) {
      report(e, Message.UNSUPPORTED_EXPRESSION.format("an array of type " + (type == null
          ? "?" : type.toString()), ": only double[] and double[][] arrays are differentiated"));
      return new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(Expr.Lit.ofInt(0)));
    }
    if (e instanceof SimpleName || e instanceof QualifiedName || e instanceof FieldAccess) {
      return name(e, type);
    }
    if (e instanceof ArrayAccess a) {
      return arrayRead(a, out);
    }
    if (e instanceof ArrayCreation c) {
      if (c.getInitializer() != null) {
        return arrays.initializer(c.getInitializer(), type, out);
      }
      List<Expr> dims = new ArrayList<>();
      for (Object d : c.dimensions()) {
        dims.add(value((Expression) d, out));
      }
      return new Expr.NewArray(type, dims);
    }
    if (e instanceof ArrayInitializer init) {
      return arrays.initializer(init, type, out);
    }
    if (e instanceof MethodInvocation m && ArrayLibrary.isCopy(m)) {
      return arrays.copy(m, type, out);
    }
    if (e instanceof MethodInvocation m) {
      return call(m, type, out, true);
    }
    if (e instanceof Assignment a) {
      Var var = assignment(a, out);
      return var == null ? new Expr.NewArray(type, List.of(Expr.Lit.ofInt(0))) : new Expr.Ref(var);
    }
    if (e instanceof ConditionalExpression c) {
      Expr condition = value(c.getExpression(), out);
      Var temp = temp(type);
      Block whenTrue = new Block();
      whenTrue.add(new Stmt.Assign(temp, arrayValue(c.getThenExpression(), whenTrue), origin));
      Block whenFalse = new Block();
      whenFalse.add(new Stmt.Assign(temp, arrayValue(c.getElseExpression(), whenFalse), origin));
      out.add(new Stmt.If(condition, whenTrue, whenFalse, origin));
      return new Expr.Ref(temp);
    }
    report(e, Message.UNSUPPORTED_EXPRESSION.format(describe(e), fixFor(e)));
    return new Expr.NewArray(type, List.of(Expr.Lit.ofInt(0)));
  }

  /** An array-valued expression as a variable (a temporary unless it already is one). */
  Expr arrayAtom(Expression e, Block out) {
    return arrayAtom(arrayValue(e, out), out);
  }

  Expr arrayAtom(Expr value, Block out) {
    if (value instanceof Expr.Ref) {
      return value;
    }
    Var temp = temp(value.type());
    out.add(new Stmt.Assign(temp, value, origin));
    return new Expr.Ref(temp);
  }

  /** {@code a[i] op= rhs} (op is empty for a plain assignment, rhs null for ++ and --). */
  private void elementWrite(ArrayAccess element, String op, Expression rhs, Block out) {
    Expr array = arrayValue(element.getArray(), out);
    if (Exprs.root(array) == null) {
      array = arrayAtom(array, out);
    }
    // the index stays an expression (read again on the way back, nothing to record) unless the
    // right-hand side has side effects that could change what it reads
    Expr index = value(element.getIndex(), out);
    Type type = JdtTypes.of(element.resolveTypeBinding());
    if (type == null) {
      report(element, Message.UNRESOLVED.format(element));
      return;
    }
    if (type.isArray()) {
      if (!op.isEmpty()) {
        report(element, Message.UNSUPPORTED_EXPRESSION.format("operator " + op + "= on a row", ""));
        return;
      }
      Block valueCode = new Block();
      Expr row = arrayAtom(rhs, valueCode);
      index = beforeEffects(index, valueCode, out);
      out.add(new Stmt.Store(array, index, row, origin));
      return;
    }
    if (!type.isFloating()) {
      report(element, Message.UNSUPPORTED_EXPRESSION.format("writing to an array of " + type,
          ": only double arrays are supported"));
      return;
    }
    if (op.isEmpty()) {
      Block valueCode = new Block();
      Expr value = scalarAtom(operand(rhs, valueCode), valueCode);
      index = beforeEffects(index, valueCode, out);
      out.add(new Stmt.Store(array, index, value, origin));
      return;
    }
    Block rightCode = new Block();
    Expr right = rhs == null ? Expr.Lit.ofInt(1) : operand(rhs, rightCode);
    Expr current;
    if (hasEffects(rightCode)) {
      index = simple(index, out);
      current = scalarAtom(new Expr.Index(array, index, type), out); // Java reads it first
    } else {
      current = new Expr.Index(array, index, type);
    }
    out.addAll(rightCode);
    Type promoted = JdtTypes.promote(type, right.type());
    Var result = temp(promoted);
    out.add(new Stmt.Assign(result, new Expr.Binary(op, current, right, promoted), origin));
    Expr stored = new Expr.Ref(result);
    if (!promoted.equals(type)) {
      Var narrowed = temp(type);
      out.add(new Stmt.Assign(narrowed, new Expr.Cast(type, stored), origin));
      stored = new Expr.Ref(narrowed);
    }
    out.add(new Stmt.Store(array, index, stored, origin));
  }

  /** Appends {@code code}; an index it could change is evaluated into a temporary first. */
  private Expr beforeEffects(Expr index, Block code, Block out) {
    if (hasEffects(code)) {
      index = simple(index, out);
    }
    out.addAll(code);
    return index;
  }

  /** A scalar as a variable or literal: what a store may write. */
  Expr scalarAtom(Expr value, Block out) {
    if (value instanceof Expr.Ref || value instanceof Expr.Lit) {
      return value;
    }
    Var temp = temp(value.type());
    out.add(new Stmt.Assign(temp, value, origin));
    return new Expr.Ref(temp);
  }

  /** An index evaluated once: a variable or literal, else an int temporary. */
  Expr simple(Expr index, Block out) {
    return index instanceof Expr.Ref || index instanceof Expr.Lit ? index : scalarAtom(index, out);
  }

  /** {@code x++} as a value: the old value, kept in a temporary before the increment. */
  private Expr postfix(PostfixExpression p, Type type, Block out) {
    Var old = temp(type);
    out.add(new Stmt.Assign(old, value(p.getOperand(), out), origin));
    increment(p.getOperand(), p.getOperator() == PostfixExpression.Operator.INCREMENT, out);
    return new Expr.Ref(old);
  }

  /** {@code for (double v : a) body} as an indexed loop over a (evaluated once). */
  private void enhancedFor(String label, EnhancedForStatement f, Block out) {
    Expr array = arrayAtom(f.getExpression(), out);
    IVariableBinding binding = f.getParameter().resolveBinding();
    Type type = binding == null ? null : JdtTypes.of(binding.getType());
    if (type == null || !(type.isFloating() || type.isDoubleArray())) {
      report(f.getParameter(), Message.UNSUPPORTED_LOCAL_TYPE.format(
          f.getParameter().getName().getIdentifier(), f.getParameter().getType()));
      return;
    }
    Var element = newLocal(f.getParameter().getName().getIdentifier(), type, Var.Kind.LOCAL);
    vars.put(binding, element);
    Var index = newLocal("index", Type.INT, Var.Kind.TEMP);
    Block body = new Block();
    body.add(new Stmt.Assign(element, new Expr.Index(array, new Expr.Ref(index), type), origin));
    Origin loopOrigin = origin;
    statement(f.getBody(), body, null);
    Block update = new Block().add(new Stmt.Assign(index,
        new Expr.Binary("+", new Expr.Ref(index), Expr.Lit.ofInt(1), Type.INT), loopOrigin));
    out.add(new Stmt.Assign(index, Expr.Lit.ofInt(0), loopOrigin));
    out.add(new Stmt.Loop(label, new Expr.Binary("<", new Expr.Ref(index),
        new Expr.Length(array), Type.BOOLEAN), body, update, true, loopOrigin));
  }

  /**
   * Operands left to right, as Java evaluates them: when a later operand has side effects (an
   * assignment, a store, a call), the earlier ones are read into temporaries first.
   */
  private List<Expr> inOrder(List<Expression> operands, Block out, boolean active) {
    List<Expr> result = new ArrayList<>();
    for (Expression e : operands) {
      Block code = new Block();
      Expr x = isArray(e) ? arrayAtom(e, code) : active ? operand(e, code) : value(e, code);
      if (hasEffects(code)) {
        for (int k = 0; k < result.size(); k++) {
          Expr earlier = result.get(k);
          if (!(earlier instanceof Expr.Lit) && !earlier.type().isArray()) {
            result.set(k, scalarAtom(earlier, out));
          }
        }
      }
      out.addAll(code);
      result.add(x);
    }
    return result;
  }

  /** True if running {@code code} may change a variable or array element read before it. */
  private static boolean hasEffects(Block code) {
    for (Stmt s : code.stmts()) {
      if (s instanceof Stmt.Store || s instanceof Stmt.If || s instanceof Stmt.Loop
          || s instanceof Stmt.Eval) {
        return true;
      }
      if (s instanceof Stmt.Assign a && (a.target().kind() != Var.Kind.TEMP
          || a.value() instanceof Expr.Call c && !MathRules.OWNERS.contains(c.owner()))) {
        return true;
      }
    }
    return false;
  }

  /** A fresh int variable for a loop the lowering writes. */
  Var counter() {
    return newLocal("k", Type.INT, Var.Kind.TEMP);
  }

  Origin origin() {
    return origin;
  }

  // ---------------------------------------------------------------- helpers

  Var temp(Type type) {
    return newLocal("t" + (++temps), type, Var.Kind.TEMP);
  }

  /** A local keeps its source name unless an earlier declaration (a sibling scope) took it. */
  private Var newLocal(String base, Type type, Var.Kind kind) {
    String name = kind != Var.Kind.TEMP && claimed.add(base) ? base : names.fresh(base);
    claimed.add(name);
    Var var = new Var(name, type, kind);
    locals.add(var);
    return var;
  }

  private Origin originOf(Statement s) {
    int line = unit.getLineNumber(s.getStartPosition());
    String text = source.substring(s.getStartPosition(),
        Math.min(source.length(), s.getStartPosition() + s.getLength()));
    int cut = text.indexOf('\n');
    if (s instanceof ForStatement || s instanceof WhileStatement || s instanceof IfStatement
        || s instanceof DoStatement || s instanceof LabeledStatement) {
      int brace = text.indexOf('{');
      cut = cut < 0 ? brace : brace < 0 ? cut : Math.min(cut, brace);
    }
    String excerpt = (cut < 0 ? text : text.substring(0, cut)).strip();
    return new Origin(line, excerpt);
  }

  void report(ASTNode node, String message) {
    int start = node.getStartPosition();
    problems.add(new Problem(message, start, start + node.getLength(),
        unit.getLineNumber(start), unit.getColumnNumber(start) + 1));
  }

  static String describe(ASTNode node) {
    String simple = node.getClass().getSimpleName();
    switch (simple) {
      case "TryStatement": return "a try statement";
      case "SwitchStatement": return "a switch statement";
      case "SwitchExpression": return "a switch expression";
      case "EnhancedForStatement": return "an enhanced for loop";
      case "SynchronizedStatement": return "a synchronized statement";
      case "AssertStatement": return "an assert statement";
      case "TypeDeclarationStatement": return "a local class";
      case "LambdaExpression": return "a lambda expression";
      case "ClassInstanceCreation": return "creating an object (new " + ((ClassInstanceCreation) node).getType() + ")";
      case "ArrayCreation": return "creating an array";
      case "ArrayInitializer": return "an array initializer";
      case "ThisExpression": return "'this'";
      case "InstanceofExpression": return "instanceof";
      case "MethodReference": case "ExpressionMethodReference": case "TypeMethodReference":
      case "SuperMethodReference": case "CreationReference": return "a method reference";
      case "SuperMethodInvocation": return "a call on super";
      case "StringLiteral": return "a string";
      default: return "'" + node.toString().strip() + "'";
    }
  }

  static String fixFor(ASTNode node) {
    switch (node.getClass().getSimpleName()) {
      case "TryStatement":
        return ": jgrad cannot differentiate through exception handlers; catch exceptions in the"
            + " caller of the @Grad method";
      case "SwitchStatement": case "SwitchExpression":
        return ": rewrite it as if/else";
      case "EnhancedForStatement":
        return ": use an indexed loop, for (int i = 0; i < x.length; i++)";
      case "LambdaExpression": case "ExpressionMethodReference": case "TypeMethodReference":
        return ": write the computation inline, or as another @Grad method";
      case "ClassInstanceCreation": case "ArrayCreation": case "ArrayInitializer":
        return ": @Grad methods compute with primitives and read double[] parameters; objects and"
            + " new arrays are not differentiated yet";
      case "ThisExpression":
        return ": @Grad methods are static; pass what they need as parameters";
      case "SynchronizedStatement":
        return ": @Grad methods compute on their own arguments; synchronize in the caller";
      case "AssertStatement":
        return ": check the condition with if (...) throw new IllegalArgumentException(...)";
      case "TypeDeclarationStatement":
        return ": move the class out of the method; call static @Grad methods instead";
      default:
        return "";
    }
  }
}
