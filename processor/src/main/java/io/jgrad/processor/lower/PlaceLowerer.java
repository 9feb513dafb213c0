package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.SimpleName;

/**
 * Assignments, compound assignments, {@code ++} and {@code --}, as statements and as values, in
 * the order of JLS 15.26 and 15.14-15.15: the left-hand side's array reference and index first
 * ({@link Place}), then for a compound assignment the current value is read once, then the
 * right-hand side, then the store. The value of the expression is the value stored (the old
 * value for postfix operators).
 */
final class PlaceLowerer {
  private final MethodLowerer lowerer;
  private final ExpressionLowerer expressions;

  PlaceLowerer(MethodLowerer lowerer) {
    this.lowerer = lowerer;
    this.expressions = lowerer.expressions;
  }

  /** Lowers {@code e} as a statement if it is an assignment or an increment; else false. */
  boolean statement(Expression e, Block out) {
    if (e instanceof Assignment a) {
      assignment(a, out);
      return true;
    }
    if (e instanceof PostfixExpression p) {
      compound(p.getOperand(), p.getOperator() == PostfixExpression.Operator.INCREMENT ? "+"
          : "-", null, out, p);
      return true;
    }
    if (e instanceof PrefixExpression p && (p.getOperator() == PrefixExpression.Operator.INCREMENT
        || p.getOperator() == PrefixExpression.Operator.DECREMENT)) {
      compound(p.getOperand(), p.getOperator() == PrefixExpression.Operator.INCREMENT ? "+"
          : "-", null, out, p);
      return true;
    }
    return false;
  }

  /** {@code lhs op= rhs}; returns the value of the assignment expression. */
  Expr assignment(Assignment a, Block out) {
    if (a.getOperator() == Assignment.Operator.ASSIGN) {
      Place place = place(a.getLeftHandSide(), out);
      return place == null ? dummy(a) : assign(place, a.getRightHandSide(), out);
    }
    String op = a.getOperator().toString();
    return compound(a.getLeftHandSide(), op.substring(0, op.length() - 1), a.getRightHandSide(),
        out, a);
  }

  /** The left-hand side, its array and index evaluated; null (reported) if not assignable. */
  Place place(Expression lhs, Block out) {
    lhs = ExpressionLowerer.unparenthesize(lhs);
    Var constructed = lowerer.constructorField(lhs);
    if (constructed != null) {
      return new Place.Variable(constructed); // a field of the object a constructor builds
    }
    if (lhs instanceof SimpleName n && n.resolveBinding() instanceof IVariableBinding b
        && lowerer.variable(b) != null) {
      return new Place.Variable(lowerer.variable(b));
    }
    if (lhs instanceof ArrayAccess element) {
      Type type = JdtTypes.of(element.resolveTypeBinding());
      if (type == null) {
        lowerer.report(element, Message.UNRESOLVED.format(element));
        return null;
      }
      InOrder order = new InOrder(lowerer, out);
      order.next(code -> expressions.arrayPath(element.getArray(), code));
      order.next(code -> expressions.index(element.getIndex(), code));
      if (!type.isPrimitive() && !type.isArray() && !type.equals(Type.STRING)
          && !type.isRecord()) {
        lowerer.report(element, Message.UNSUPPORTED_EXPRESSION.format("writing to an array of "
            + type, ": jgrad writes arrays of numbers, booleans and Strings"));
        return null;
      }
      return new Place.Element(order.get(0), order.get(1), type);
    }
    if (lhs instanceof SimpleName n && lowerer.isRejected(n.resolveBinding())) {
      return null; // its declaration was reported already
    }
    if (lhs instanceof org.eclipse.jdt.core.dom.Name n
        && n.resolveBinding() instanceof IVariableBinding field && field.isField()
        && org.eclipse.jdt.core.dom.Modifier.isStatic(field.getModifiers())) {
      lowerer.report(lhs, Message.STATIC_WRITE.format(field.getDeclaringClass().getName() + "."
          + field.getName()));
      return null;
    }
    IVariableBinding field = lhs instanceof org.eclipse.jdt.core.dom.Name n
        && n.resolveBinding() instanceof IVariableBinding b ? b
        : lhs instanceof org.eclipse.jdt.core.dom.FieldAccess f ? f.resolveFieldBinding() : null;
    if (field != null && RecordLowerer.isComponent(field) && field.getDeclaringClass() != null
        && !field.getDeclaringClass().isRecord()) {
      return fieldPlace(lhs, field, out);
    }
    if (field != null && RecordLowerer.isComponent(field)) {
      lowerer.report(lhs, Message.UNSUPPORTED_EXPRESSION.format("assigning to field "
          + field.getName() + " of " + field.getDeclaringClass().getName(), ": jgrad treats"
          + " objects as values and does not yet differentiate changes to their fields; build"
          + " a new object instead (new " + field.getDeclaringClass().getName() + "(...)), or"
          + " keep the changing numbers in a double[]"));
      return null;
    }
    lowerer.report(lhs, Message.UNSUPPORTED_EXPRESSION.format("assigning to " + lhs,
        ": only local variables, parameters and array elements can be assigned"));
    return null;
  }

  /**
   * A field of an object of a class jgrad treats as a value: {@code f} or {@code this.f} in its
   * own methods, {@code o.f}, {@code ps[i].f}; the object evaluated first (JLS 15.26.1).
   */
  private Place fieldPlace(Expression lhs, IVariableBinding field, Block out) {
    Type type = JdtTypes.of(field.getType());
    Expr target;
    if (lhs instanceof SimpleName
        || lhs instanceof org.eclipse.jdt.core.dom.FieldAccess f
            && f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression) {
      target = lowerer.records.self(lhs);
    } else if (lhs instanceof org.eclipse.jdt.core.dom.QualifiedName q) {
      target = lowerer.records.path(q.getQualifier(), out);
    } else {
      target = lowerer.records.path(((org.eclipse.jdt.core.dom.FieldAccess) lhs).getExpression(),
          out);
    }
    if (type == null || !target.type().isRecord()
        || target.type().shape().component(field.getName()) == null) {
      lowerer.report(lhs, Message.UNRESOLVED.format(lhs));
      return null;
    }
    if (Exprs.root(target) == null) {
      // an object held by a static final field: static state, which the rules must not change
      lowerer.report(lhs, Message.STATIC_WRITE.format(lhs.toString()));
      return null;
    }
    return new Place.FieldOf(target, field.getName(), type);
  }

  /** {@code place = rhs}. */
  Expr assign(Place place, Expression rhs, Block out) {
    if (place instanceof Place.Variable v) {
      assignVariable(v.var(), rhs, out);
      return new Expr.Ref(v.var());
    }
    if (place instanceof Place.FieldOf field) {
      return assignField(field, rhs, out);
    }
    Place.Element element = (Place.Element) place;
    Block valueCode = new Block();
    Expr value = element.type().isArray() ? expressions.arrayAtom(rhs, valueCode)
        : element.type().isRecord() ? lowerer.records.atom(rhs, valueCode)
        : expressions.scalarAtom(expressions.operand(rhs, valueCode), valueCode);
    Effects effects = Effects.of(valueCode);
    Expr array = lowerer.stable(element.array(), effects, out);
    Expr index = lowerer.stable(element.index(), effects, out);
    out.addAll(valueCode);
    out.add(new Stmt.Store(array, index, value, lowerer.origin()));
    // the assignment's value is the element's: (double) g for a float g stored into a double[],
    // so that n + (x[i] = g) adds in double as Java does (seed 704, program 224)
    return element.type().isArray() || element.type().isRecord()
        || value.type().equals(element.type()) ? value
        : new Expr.Cast(element.type(), value);
  }

  /** {@code o.f = rhs}: the object first, then the value, then the store. */
  private Expr assignField(Place.FieldOf field, Expression rhs, Block out) {
    Block valueCode = new Block();
    Expr value = fieldValue(field.type(), rhs, valueCode);
    Expr target = lowerer.stable(field.target(), Effects.of(valueCode), out);
    out.addAll(valueCode);
    out.add(new Stmt.SetField(new Expr.Field(target, field.name(), field.type()), value,
        lowerer.origin()));
    return value.type().equals(field.type()) || !field.type().isPrimitive() ? value
        : new Expr.Cast(field.type(), value);
  }

  /** A value to store into a field of {@code type}: an atom (a variable or a literal). */
  private Expr fieldValue(Type type, Expression rhs, Block out) {
    if (type.isArray()) {
      return expressions.arrayAtom(rhs, out);
    }
    if (type.isRecord()) {
      return lowerer.records.atom(rhs, out);
    }
    Expr value = expressions.scalarAtom(expressions.operand(rhs, out), out);
    if (!value.type().equals(type) && type.isPrimitive()) {
      value = lowerer.spill(new Expr.Cast(type, value), out); // Java converts: an int to a double
    }
    return value;
  }

  /** {@code var = e}, with e lowered straight into var when that keeps one operation a line. */
  void assignVariable(Var var, Expression e, Block out) {
    if (var.type().isArray()) {
      Expr value = indicesReadFirst(expressions.arrayValue(e, out), var, out);
      if (value instanceof Expr.NewArray n && Exprs.vars(n).contains(var)) {
        // the rules allocate the derivative's array after var changed, with the same dimensions:
        // read them first (in order)
        value = new Expr.NewArray(n.type(),
            n.dimensions().stream().map(d -> lowerer.spill(d, out)).toList());
      }
      out.add(new Stmt.Assign(var, value, lowerer.origin()));
      return;
    }
    if (!var.type().isFloating()) {
      Expr value = expressions.value(e, out);
      if (var.type().isRecord()) {
        value = indicesReadFirst(value, var, out);
      }
      out.add(new Stmt.Assign(var, value, lowerer.origin()));
      return;
    }
    Expr op = expressions.operation(e, out);
    if (Exprs.vars(op).contains(var) && !isAddition(op)) {
      op = lowerer.spill(op, out); // the reverse sweep reads the operands after var changed
    }
    out.add(new Stmt.Assign(var, elementsReadFirst(op, var, out), lowerer.origin()));
  }

  /**
   * {@code op} with every element operand whose index reads {@code var} read into a temporary
   * first: the transforms read an element operand again after the assignment (for its tangent
   * or adjoint), when {@code var} has its new value ({@code s += x[(int) s]}).
   */
  private Expr elementsReadFirst(Expr op, Var var, Block out) {
    if ((op instanceof Expr.Index || op instanceof Expr.Field)
        && Exprs.indexVars(op).contains(var)) {
      return lowerer.spill(op, out); // ps[(int) s].x() too (seed 302, program 667)
    }
    if (op instanceof Expr.Binary b) {
      return new Expr.Binary(b.op(), elementsReadFirst(b.left(), var, out),
          elementsReadFirst(b.right(), var, out), b.type());
    }
    if (op instanceof Expr.Unary u) {
      return new Expr.Unary(u.op(), elementsReadFirst(u.operand(), var, out), u.type());
    }
    if (op instanceof Expr.Cast c) {
      return new Expr.Cast(c.type(), elementsReadFirst(c.operand(), var, out));
    }
    if (op instanceof Expr.Call c) {
      java.util.List<Expr> args = new java.util.ArrayList<>();
      for (Expr arg : c.args()) {
        args.add(elementsReadFirst(arg, var, out));
      }
      return c.withArgs(args);
    }
    return op;
  }

  /**
   * {@code value}, an element or component path ({@code ps[i]}, {@code m[i][j]}, {@code
   * t.rows()[i]}), with every index that reads {@code var} read into a temporary first: the
   * rules take the tangent or adjoint of the same path after the assignment, when {@code var}
   * has its new value ({@code p = ps[p.k()]}, seed 304, program 20).
   */
  private Expr indicesReadFirst(Expr value, Var var, Block out) {
    if (value instanceof Expr.Index i) {
      Expr array = indicesReadFirst(i.array(), var, out);
      Expr index = Exprs.vars(i.index()).contains(var) ? lowerer.spill(i.index(), out)
          : i.index();
      return new Expr.Index(array, index, i.type());
    }
    if (value instanceof Expr.Field f) {
      return new Expr.Field(indicesReadFirst(f.target(), var, out), f.name(), f.type());
    }
    return value;
  }

  private static boolean isAddition(Expr op) {
    return op instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"));
  }

  /**
   * {@code lhs op= rhs} (rhs null: {@code ++}/{@code --}, with op + or -). Java saves the
   * current value before it evaluates rhs, computes in the promoted type and narrows back.
   * Returns the new value.
   */
  Expr compound(Expression lhs, String op, Expression rhs, Block out, ASTNode node) {
    Place place = place(lhs, out);
    if (place == null) {
      return dummy(node);
    }
    if (place.type().isArray()) {
      lowerer.report(node, Message.UNSUPPORTED_EXPRESSION.format("operator " + op + "= on an"
          + " array", ""));
      return dummy(node);
    }
    if (!isArithmetic(op) && place.type().isFloating()) {
      lowerer.report(node, Message.UNSUPPORTED_EXPRESSION.format("operator " + op + "=", ""));
      return dummy(node);
    }
    Block rightCode = new Block();
    Expr right = rhs == null ? Expr.Lit.ofInt(1) : expressions.operand(rhs, rightCode);
    Effects effects = Effects.of(rightCode);
    Expr current;
    Place.Element element = null;
    Place.FieldOf field = null;
    if (place instanceof Place.FieldOf f) {
      field = new Place.FieldOf(lowerer.stable(f.target(), effects, out), f.name(), f.type());
      current = lowerer.spill(field.read(), out); // read once, before the right-hand side
    } else if (place instanceof Place.Element e) {
      element = new Place.Element(lowerer.stable(e.array(), effects, out),
          lowerer.stable(e.index(), effects, out), e.type());
      current = lowerer.stable(element.read(), effects, out);
    } else {
      current = lowerer.stable(new Expr.Ref(((Place.Variable) place).var()), effects, out);
    }
    out.addAll(rightCode);
    Type type = place.type();
    Type promoted = ExpressionLowerer.isShift(op) ? JdtTypes.promote(type, Type.INT)
        : type.equals(Type.BOOLEAN) ? Type.BOOLEAN : JdtTypes.promote(type, right.type());
    Expr combined = new Expr.Binary(op, current, right, promoted);
    if (field != null) {
      Expr stored = lowerer.spill(combined, out);
      if (!promoted.equals(type)) {
        stored = lowerer.spill(new Expr.Cast(type, stored), out);
      }
      out.add(new Stmt.SetField(field.read(), stored, lowerer.origin()));
      return stored;
    }
    if (element != null) {
      Expr stored = lowerer.spill(combined, out);
      if (!promoted.equals(type)) {
        stored = lowerer.spill(new Expr.Cast(type, stored), out);
      }
      out.add(new Stmt.Store(element.array(), element.index(), stored, lowerer.origin()));
      return stored;
    }
    Var var = ((Place.Variable) place).var();
    if (!type.isFloating()) {
      out.add(new Stmt.Assign(var, ExpressionLowerer.castIfNeeded(type, combined),
          lowerer.origin()));
    } else if (promoted.equals(type) && (op.equals("+") || op.equals("-"))) {
      // s += u: the adjoint passes on
      out.add(new Stmt.Assign(var, elementsReadFirst(combined, var, out), lowerer.origin()));
    } else {
      Expr result = lowerer.spill(combined, out);
      out.add(new Stmt.Assign(var, ExpressionLowerer.castIfNeeded(type, result),
          lowerer.origin()));
    }
    return new Expr.Ref(var);
  }

  /** {@code x++} or {@code x--} as a value: the old value, read once before the update. */
  Expr postfix(PostfixExpression p, Block out) {
    Place place = place(p.getOperand(), out);
    if (place == null) {
      return dummy(p);
    }
    String op = p.getOperator() == PostfixExpression.Operator.INCREMENT ? "+" : "-";
    if (place instanceof Place.Variable v) {
      Expr old = lowerer.spill(new Expr.Ref(v.var()), out);
      Type type = v.var().type();
      Type promoted = JdtTypes.promote(type, Type.INT);
      Expr updated = new Expr.Binary(op, new Expr.Ref(v.var()), Expr.Lit.ofInt(1), promoted);
      out.add(new Stmt.Assign(v.var(), ExpressionLowerer.castIfNeeded(type, updated),
          lowerer.origin()));
      return old;
    }
    if (place instanceof Place.FieldOf field) {
      Expr old = lowerer.spill(field.read(), out);
      Type promoted = JdtTypes.promote(field.type(), Type.INT);
      Expr stored = lowerer.spill(new Expr.Binary(op, old, Expr.Lit.ofInt(1), promoted), out);
      if (!promoted.equals(field.type())) {
        stored = lowerer.spill(new Expr.Cast(field.type(), stored), out);
      }
      out.add(new Stmt.SetField(field.read(), stored, lowerer.origin()));
      return old;
    }
    Place.Element element = (Place.Element) place;
    if (element.type().isArray()) {
      lowerer.report(p, Message.UNSUPPORTED_EXPRESSION.format("operator " + op + op
          + " on an array", ""));
      return dummy(p);
    }
    Expr old = lowerer.spill(element.read(), out);
    Type promoted = JdtTypes.promote(element.type(), Type.INT);
    Expr stored = lowerer.spill(new Expr.Binary(op, old, Expr.Lit.ofInt(1), promoted), out);
    if (!promoted.equals(element.type())) {
      stored = lowerer.spill(new Expr.Cast(element.type(), stored), out);
    }
    out.add(new Stmt.Store(element.array(), element.index(), stored, lowerer.origin()));
    return old;
  }

  private static boolean isArithmetic(String op) {
    return op.equals("+") || op.equals("-") || op.equals("*") || op.equals("/")
        || op.equals("%");
  }

  /** A placeholder value after a reported problem (no code is generated anyway). */
  private static Expr dummy(ASTNode node) {
    Type type = node instanceof Expression e ? JdtTypes.of(e.resolveTypeBinding()) : null;
    return type != null && type.isArray() ? new Expr.NewArray(type, java.util.List.of(
        Expr.Lit.ofInt(0))) : Expr.Lit.ofInt(0);
  }
}
