package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.ArrayCreation;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.BooleanLiteral;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NullLiteral;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.StringLiteral;
import org.eclipse.jdt.core.dom.SwitchExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

/**
 * Lowers expressions. Floating-point computations become one operation per assignment (so each
 * has a local derivative rule); integer and boolean expressions stay trees. Operands are
 * evaluated in Java's order, each once ({@link InOrder}); side effects become statements.
 *
 * <p>Three shapes of result: {@link #operation} (one floating operation over operands, to be
 * assigned), {@link #operand} (a floating literal, variable or element read; a passive value
 * otherwise) and {@link #value} (a tree, for conditions, indices and other passive values). A
 * result is valid at the end of the code emitted for it; a caller that emits more code before
 * using it goes through {@link InOrder} or {@link MethodLowerer#stable}.
 */
final class ExpressionLowerer {
  private final MethodLowerer lowerer;

  ExpressionLowerer(MethodLowerer lowerer) {
    this.lowerer = lowerer;
  }

  // ---------------------------------------------------------------- statements

  /** A method call evaluated for its effects (the only other expression statements). */
  void statement(Expression e, Block out) {
    if (e instanceof MethodInvocation m && ArrayLibrary.isStatement(m)) {
      lowerer.arrays.statement(m, out);
    } else if (e instanceof MethodInvocation m && isArray(m)) {
      // an unused array result still gets a variable: its rules need a buffer of its length
      arrayAtom(arrayValue(m, out), out);
    } else if (e instanceof MethodInvocation m) {
      Expr result = value(m, out);
      // a passive instance method (c.check()) may throw or loop: keep it (seed 24, program 125)
      if (result instanceof Expr.Call || result instanceof Expr.Invoke) {
        out.add(new Stmt.Eval(result, lowerer.origin()));
      }
    } else {
      lowerer.report(e, Message.UNSUPPORTED_STATEMENT.format(SourceText.describe(e)
          + " as a statement", SourceText.fixFor(e)));
    }
  }

  // ---------------------------------------------------------------- floating operations

  /**
   * An operand of an active operation: a literal, a variable, an element read, or a passive
   * value. Floating computations become temporaries.
   */
  Expr operand(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null || !type.isFloating()) {
      return value(e, out);
    }
    Expr op = operation(e, out);
    if (op instanceof Expr.Ref || op instanceof Expr.Lit || op instanceof Expr.Index
        || op instanceof Expr.Field) {
      return op;
    }
    return lowerer.spill(op, out);
  }

  /**
   * Reports an expression whose type jgrad does not model: nothing more if it reads a variable
   * whose declaration was reported already, else that it cannot be resolved.
   */
  private void unmodelled(Expression e) {
    if (e.resolveTypeBinding() == null || !rejectedRoot(e)) {
      lowerer.report(e, Message.UNRESOLVED.format(e));
    }
  }

  /** True if {@code e} reads through a variable whose declaration was rejected. */
  private boolean rejectedRoot(Expression e) {
    Expression x = unparenthesize(e);
    while (true) {
      if (x instanceof ArrayAccess a) {
        x = unparenthesize(a.getArray());
      } else if (x instanceof FieldAccess f) {
        x = unparenthesize(f.getExpression());
      } else if (x instanceof QualifiedName q) {
        x = q.getQualifier();
      } else if (x instanceof MethodInvocation m && m.getExpression() != null) {
        x = unparenthesize(m.getExpression());
      } else {
        break;
      }
    }
    return x instanceof SimpleName n && lowerer.isRejected(n.resolveBinding());
  }

  /** One operation over operands, computing the floating value of {@code e}. */
  Expr operation(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null) {
      unmodelled(e);
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
      return lowerer.places.compound(p.getOperand(), op == PrefixExpression.Operator.INCREMENT
          ? "+" : "-", null, out, p);
    }
    if (e instanceof PostfixExpression p) {
      return lowerer.places.postfix(p, out);
    }
    if (e instanceof CastExpression c) {
      Expr inner = operand(c.getExpression(), out);
      return inner.type().equals(type) ? inner : new Expr.Cast(type, inner);
    }
    if (e instanceof ConditionalExpression c) {
      return conditional(c, type, out, true);
    }
    if (e instanceof SwitchExpression sw) {
      return lowerer.switches.expression(sw, type, out);
    }
    if (e instanceof ArrayAccess a) {
      return arrayRead(a, out);
    }
    if (e instanceof MethodInvocation m) {
      return lowerer.calls.call(m, type, out, true);
    }
    if (e instanceof Assignment a) {
      return lowerer.places.assignment(a, out);
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(e),
        SourceText.fixFor(e)));
    return Expr.Lit.of(0);
  }

  // ---------------------------------------------------------------- passive values

  /**
   * The value of {@code e} as an expression tree: used for integer and boolean expressions and
   * wherever no derivative is taken (conditions, indices). Side effects become statements.
   */
  Expr value(Expression e, Block out) {
    if (unparenthesize(e) instanceof NullLiteral n) {
      return nullArray(n);
    }
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null) {
      unmodelled(e);
      return Expr.Lit.ofInt(0);
    }
    if (e instanceof ParenthesizedExpression p) {
      return value(p.getExpression(), out);
    }
    if (e instanceof org.eclipse.jdt.core.dom.ThisExpression t) {
      return lowerer.records.self(t); // the receiver of an instance method (an enum's too)
    }
    if (type.isArray()) {
      return arrayValue(e, out);
    }
    if (type.isRecord() && !(e instanceof Name || e instanceof FieldAccess
        || e instanceof ArrayAccess)) {
      return lowerer.records.value(e, type, out);
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
      return name(e, type, out);
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
        return lowerer.places.compound(p.getOperand(),
            op == PrefixExpression.Operator.INCREMENT ? "+" : "-", null, out, p);
      }
      return new Expr.Unary(op.toString(), value(p.getOperand(), out), type);
    }
    if (e instanceof PostfixExpression p) {
      return lowerer.places.postfix(p, out);
    }
    if (e instanceof CastExpression c) {
      Expr inner = value(c.getExpression(), out);
      return inner.type().equals(type) ? inner : new Expr.Cast(type, inner);
    }
    if (e instanceof ConditionalExpression c) {
      return conditional(c, type, out, false);
    }
    if (e instanceof SwitchExpression sw) {
      return lowerer.switches.expression(sw, type, out);
    }
    if (e instanceof MethodInvocation m) {
      return lowerer.calls.call(m, type, out, false);
    }
    if (e instanceof Assignment a) {
      return lowerer.places.assignment(a, out);
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(e),
        SourceText.fixFor(e)));
    return Expr.Lit.ofInt(0);
  }

  /**
   * An array index: a tree that can be evaluated again after the store or read it belongs to
   * (the transforms do, for the tangent and adjoint of the element), else a temporary.
   */
  Expr index(Expression e, Block out) {
    Expr index = value(e, out);
    return Effects.isReevaluable(index) ? index : lowerer.spill(index, out);
  }

  private Expr name(Expression e, Type type, Block out) {
    IBinding binding = e instanceof Name n ? n.resolveBinding()
        : ((FieldAccess) e).resolveFieldBinding();
    if (!(binding instanceof IVariableBinding variable)) {
      lowerer.report(e, Message.UNRESOLVED.format(e));
      return Expr.Lit.ofInt(0);
    }
    Var constructed = lowerer.constructorField(e);
    if (constructed != null) {
      return new Expr.Ref(constructed);
    }
    Var var = lowerer.variable(variable);
    if (var != null) {
      return new Expr.Ref(var);
    }
    if (RecordLowerer.isComponent(variable)) {
      return lowerer.records.component(e, variable, type, out);
    }
    if (lowerer.isRejected(variable)) {
      return Expr.Lit.ofInt(0); // its declaration was reported already
    }
    if (variable.isField() && variable.getName().equals("length")
        && variable.getDeclaringClass() == null) {
      Expression qualifier = e instanceof QualifiedName q ? q.getQualifier()
          : ((FieldAccess) e).getExpression();
      return new Expr.Length(arrayValue(qualifier, out));
    }
    if (variable.isField() && org.eclipse.jdt.core.dom.Modifier.isStatic(
        variable.getModifiers())) {
      return staticField(e, variable, type);
    }
    if (rejectedRoot(e)) {
      return Expr.Lit.ofInt(0); // a field of a variable whose declaration was reported
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format("reading field " + e,
        ": @Grad methods read their parameters, locals and static final constants only; pass"
            + " the value in as a parameter"));
    return Expr.Lit.ofInt(0);
  }

  /**
   * A static field: a compile-time constant becomes its literal, as javac folds it; any other
   * {@code static final} field of a primitive or array type is read as it is (no derivative).
   */
  private Expr staticField(Expression e, IVariableBinding field, Type type) {
    if (!org.eclipse.jdt.core.dom.Modifier.isFinal(field.getModifiers())) {
      lowerer.report(e, Message.NON_FINAL_STATIC.format(field.getDeclaringClass().getName()
          + "." + field.getName()));
      return Expr.Lit.ofInt(0);
    }
    Object constant = field.getConstantValue();
    if (constant != null) {
      return Constants.of(constant, type, field);
    }
    if (type.isRecordArray() || !type.isPrimitive() && !type.isArray() && !type.isRecord()
        && !JdtTypes.isPassiveObject(field.getType())) {
      lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format("reading constant "
          + field.getDeclaringClass().getName() + "." + field.getName() + " of type " + type,
          ": static final constants of primitive and array types are read"));
      return Expr.Lit.ofInt(0);
    }
    ITypeBinding owner = field.getDeclaringClass().getErasure();
    return Constants.isVisibleToRules(field, lowerer.packageName())
        ? new Expr.StaticField(owner.getQualifiedName(), field.getName(), type)
        : new Expr.StaticField(owner.getBinaryName(), field.getName(), type, true);
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
          : isShift(op) ? JdtTypes.promote(result.type(), Type.INT)
          : JdtTypes.promote(result.type(), right.type());
      if (active && k > 1) {
        result = lowerer.spill(result, out);
      }
      result = new Expr.Binary(op, result, right, stepType);
    }
    return result;
  }

  static boolean isShift(String op) {
    return op.equals("<<") || op.equals(">>") || op.equals(">>>");
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
      Var temp = lowerer.temp(Type.BOOLEAN);
      out.add(new Stmt.Assign(temp, result, lowerer.origin()));
      rightCode.add(new Stmt.Assign(temp, right, lowerer.origin()));
      Expr test = op.equals("&&") ? new Expr.Ref(temp)
          : new Expr.Unary("!", new Expr.Ref(temp), Type.BOOLEAN);
      out.add(new Stmt.If(test, rightCode, new Block(), lowerer.origin()));
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
    Var temp = lowerer.temp(type);
    whenTrue.add(new Stmt.Assign(temp, branchValue(type, a, whenTrue), lowerer.origin()));
    whenFalse.add(new Stmt.Assign(temp, branchValue(type, b, whenFalse), lowerer.origin()));
    out.add(new Stmt.If(condition, whenTrue, whenFalse, lowerer.origin()));
    return new Expr.Ref(temp);
  }

  /**
   * A branch's value converted to the conditional's type ({@code c ? -g : d} with a float g and a
   * double d): a floating operation is computed into a temporary of its own type first, so the
   * cast applies to an operand and every assignment stays one operation. Otherwise the derivative
   * rules and activity see an operation inside a cast (no derivative), and a call to a
   * {@code @Grad} method returning float inside the cast runs as a plain call, not through its
   * rule.
   */
  private Expr branchValue(Type type, Expr e, Block out) {
    if (e.type().equals(type)) {
      return e;
    }
    if (e.type().isFloating()
        && !(e instanceof Expr.Ref || e instanceof Expr.Lit || e instanceof Expr.Index)) {
      e = lowerer.spill(e, out);
    }
    return new Expr.Cast(type, e);
  }

  static Expr castIfNeeded(Type type, Expr e) {
    return e.type().equals(type) ? e : new Expr.Cast(type, e);
  }

  /**
   * Operands left to right, as Java evaluates them ({@link InOrder}): floating ones as operands
   * when {@code active}, arrays as variables, the rest as values.
   */
  /**
   * A callee's arguments, in order, an element read or a value with effects read into a
   * temporary first: the callee's rules read their arguments again.
   */
  List<Expr> calleeArguments(List<?> arguments, Block out) {
    List<Expression> operands = new ArrayList<>();
    for (Object arg : arguments) {
      operands.add((Expression) arg);
    }
    List<Expr> args = inOrder(operands, out, true);
    args.replaceAll(arg -> arg instanceof Expr.Index || !Effects.isReevaluable(arg)
        ? lowerer.spill(arg, out) : arg);
    return args;
  }

  List<Expr> inOrder(List<Expression> operands, Block out, boolean active) {
    InOrder order = new InOrder(lowerer, out);
    for (Expression e : operands) {
      order.next(code -> isArray(e) ? arrayAtom(e, code)
          : isRecord(e) ? lowerer.records.atom(e, code)
          : active ? operand(e, code) : value(e, code));
    }
    return order.values();
  }

  /** True if lowering {@code e} as a tree keeps its meaning: no side effects, nothing to split. */
  private static boolean isPure(Expression e) {
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

      @Override
      public boolean visit(SwitchExpression node) {
        return pure[0] = false;
      }
    });
    return pure[0];
  }

  /** {@code throw new E(args)}: arguments are evaluated, no derivative is taken. */
  Expr thrown(Expression e, Block out) {
    if (e instanceof ClassInstanceCreation c && c.getAnonymousClassDeclaration() == null
        && c.getExpression() == null) {
      List<Expression> arguments = new ArrayList<>();
      for (Object arg : c.arguments()) {
        arguments.add((Expression) arg);
      }
      return new Expr.New(Type.classType(c.resolveTypeBinding().getErasure().getQualifiedName()),
          inOrder(arguments, out, false));
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format("throwing " + e,
        ": throw a new exception, e.g. throw new IllegalArgumentException(\"...\")"));
    return new Expr.New(Type.classType("java.lang.IllegalStateException"), List.of());
  }

  // ---------------------------------------------------------------- arrays

  static Expression unparenthesize(Expression e) {
    while (e instanceof ParenthesizedExpression p) {
      e = p.getExpression();
    }
    return e;
  }

  static boolean isArray(Expression e) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    return type != null && type.isArray();
  }

  static boolean isRecord(Expression e) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    return type != null && type.isRecord();
  }

  /**
   * An array-valued expression: a variable, a row {@code w[i]}, a new array, or the result of a
   * call. Copies ({@code clone}, {@code Arrays.copyOf}) and initialisers become a new array
   * filled by a loop.
   */
  /**
   * {@code null} where an array is expected (an optional argument, {@code w == null}): a literal
   * of the array type, whose tangent and adjoint are null too. Elsewhere it is an error.
   */
  private Expr nullArray(NullLiteral e) {
    Type type = JdtTypes.of(expectedType(e));
    if (type == null || !(type.isFloatingArray() || type.isPassiveArray() || type.isRecord()
        || type.isRecordArray())) {
      lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format("'null'",
          " except where an array is expected (an optional array argument, a comparison with an"
          + " array)"));
      return Expr.Lit.ofInt(0);
    }
    return new Expr.Lit(type, "null");
  }

  /** The type the context of {@code e} expects, or null where jgrad does not look. */
  private static ITypeBinding expectedType(Expression e) {
    ASTNode node = e;
    while (node.getParent() instanceof ParenthesizedExpression p) {
      node = p;
    }
    ASTNode parent = node.getParent();
    if (parent instanceof MethodInvocation m && m.resolveMethodBinding() != null) {
      int k = m.arguments().indexOf(node);
      ITypeBinding[] params = m.resolveMethodBinding().getParameterTypes();
      return k >= 0 && k < params.length ? params[k] : null;
    }
    if (parent instanceof InfixExpression i) {
      return (i.getLeftOperand() == node ? i.getRightOperand() : i.getLeftOperand())
          .resolveTypeBinding();
    }
    if (parent instanceof Assignment a && a.getRightHandSide() == node) {
      return a.getLeftHandSide().resolveTypeBinding();
    }
    if (parent instanceof VariableDeclarationFragment f && f.resolveBinding() != null) {
      return f.resolveBinding().getType();
    }
    if (parent instanceof ConditionalExpression c && c.getExpression() != node) {
      return c.resolveTypeBinding();
    }
    if (parent instanceof ReturnStatement) {
      for (ASTNode up = parent; up != null; up = up.getParent()) {
        if (up instanceof MethodDeclaration d) {
          return d.resolveBinding() == null ? null : d.resolveBinding().getReturnType();
        }
      }
    }
    return null;
  }

  Expr arrayValue(Expression e, Block out) {
    e = unparenthesize(e);
    if (e instanceof NullLiteral n) {
      return nullArray(n);
    }
    Type type = JdtTypes.of(e.resolveTypeBinding());
    if (type == null && e.resolveTypeBinding() != null && rejectedRoot(e)) {
      return new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(Expr.Lit.ofInt(0)));
    }
    if (type == null || !(type.isDifferentiableArray() || type.isPassiveArray()
        || type.isRecordArray())) {
      lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format("an array of type " + (type == null
          ? "?" : type.toString()), ": jgrad differentiates double[], double[][] and"
          + " double[][][] arrays and reads int, long, boolean and String arrays (and matrices"
          + " of them) as data"));
      return new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(Expr.Lit.ofInt(0)));
    }
    if (e instanceof SimpleName || e instanceof QualifiedName || e instanceof FieldAccess) {
      return name(e, type, out);
    }
    if (e instanceof ArrayAccess a) {
      return arrayRead(a, out);
    }
    if (e instanceof ArrayCreation c) {
      if (c.getInitializer() != null) {
        return lowerer.arrays.initializer(c.getInitializer(), type, out);
      }
      List<Expression> dimensions = new ArrayList<>();
      for (Object d : c.dimensions()) {
        dimensions.add((Expression) d);
      }
      return new Expr.NewArray(type, inOrder(dimensions, out, false));
    }
    if (e instanceof ArrayInitializer init) {
      return lowerer.arrays.initializer(init, type, out);
    }
    if (e instanceof MethodInvocation m && ArrayLibrary.isCopy(m)) {
      return lowerer.arrays.copy(m, type, out);
    }
    if (e instanceof MethodInvocation m) {
      return lowerer.calls.call(m, type, out, true);
    }
    if (e instanceof Assignment a) {
      return lowerer.places.assignment(a, out);
    }
    if (e instanceof ConditionalExpression c) {
      Expr condition = value(c.getExpression(), out);
      Var temp = lowerer.temp(type);
      Block whenTrue = new Block();
      whenTrue.add(new Stmt.Assign(temp, arrayValue(c.getThenExpression(), whenTrue),
          lowerer.origin()));
      Block whenFalse = new Block();
      whenFalse.add(new Stmt.Assign(temp, arrayValue(c.getElseExpression(), whenFalse),
          lowerer.origin()));
      out.add(new Stmt.If(condition, whenTrue, whenFalse, lowerer.origin()));
      return new Expr.Ref(temp);
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(e),
        SourceText.fixFor(e)));
    return new Expr.NewArray(type, List.of(Expr.Lit.ofInt(0)));
  }

  /** An array-valued expression as a variable (a temporary unless it already is one). */
  Expr arrayAtom(Expression e, Block out) {
    return arrayAtom(arrayValue(e, out), out);
  }

  Expr arrayAtom(Expr value, Block out) {
    return value instanceof Expr.Ref ? value : lowerer.spill(value, out);
  }

  /**
   * The array part of an element access: a variable, or a row path {@code w[i]} over one, which
   * the transforms mirror in the tangent and adjoint arrays.
   */
  Expr arrayPath(Expression e, Block out) {
    return arrayPath(arrayValue(e, out), out);
  }

  /** {@code a[i]} as a value: the array, then the index, then the element is read. */
  private Expr arrayRead(ArrayAccess a, Block out) {
    InOrder order = new InOrder(lowerer, out);
    Expr array = order.next(code -> readPath(a.getArray(), code));
    order.next(code -> index(a.getIndex(), code));
    Type type = JdtTypes.of(a.resolveTypeBinding());
    return new Expr.Index(order.get(0), order.get(1), type == null ? array.type().elementType()
        : type);
  }

  /** Like {@link #arrayPath}, but a static final table stays itself: it is only read. */
  private Expr readPath(Expression e, Block out) {
    Expr array = arrayValue(e, out);
    return Exprs.isTable(array) ? array : arrayPath(array, out);
  }

  Expr arrayPath(Expr array, Block out) {
    return Exprs.root(array) == null ? arrayAtom(array, out) : array;
  }

  /** A scalar as a variable or literal: what a store may write. */
  Expr scalarAtom(Expr value, Block out) {
    return value instanceof Expr.Ref || value instanceof Expr.Lit ? value
        : lowerer.spill(value, out);
  }
}
