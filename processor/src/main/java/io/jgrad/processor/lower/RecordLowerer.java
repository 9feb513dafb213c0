package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NullLiteral;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SwitchExpression;
import org.eclipse.jdt.core.dom.ThisExpression;

/**
 * Lowers values of the user's records: {@code new R(...)}, component reads ({@code p.x()},
 * {@code p.x}, {@code x} and {@code this.x} inside the record), {@code this}, elements of record
 * arrays, record constants. A record is a value: its components never change, so a component
 * read is a plain operand like an array element, and {@code new} is one operation whose
 * operands are the components.
 */
final class RecordLowerer {
  private final MethodLowerer lowerer;
  private final ExpressionLowerer expressions;

  RecordLowerer(MethodLowerer lowerer, ExpressionLowerer expressions) {
    this.lowerer = lowerer;
    this.expressions = expressions;
  }

  /**
   * A record-valued expression: a variable, {@code null}, a constant, an element or component
   * path ({@code ps[i]}, {@code ray.origin()}), or {@code new R(atoms)}, to be assigned.
   */
  Expr value(Expression e, Type type, Block out) {
    e = ExpressionLowerer.unparenthesize(e);
    if (e instanceof NullLiteral) {
      return new Expr.Lit(type, "null");
    }
    if (e instanceof ThisExpression t) {
      return self(t);
    }
    if (e instanceof Name || e instanceof FieldAccess) {
      return expressions.value(e, out); // a variable, a constant or a component
    }
    if (e instanceof ArrayAccess) {
      return expressions.value(e, out);
    }
    if (e instanceof ClassInstanceCreation c) {
      return construct(c, type, out);
    }
    if (e instanceof MethodInvocation m) {
      return lowerer.calls.call(m, type, out, true);
    }
    if (e instanceof Assignment a) {
      return lowerer.places.assignment(a, out);
    }
    if (e instanceof CastExpression c) {
      return value(c.getExpression(), type, out);
    }
    if (e instanceof ConditionalExpression c) {
      Expr condition = expressions.value(c.getExpression(), out);
      Var temp = lowerer.temp(type);
      Block whenTrue = new Block();
      whenTrue.add(new Stmt.Assign(temp, value(c.getThenExpression(), type, whenTrue),
          lowerer.origin()));
      Block whenFalse = new Block();
      whenFalse.add(new Stmt.Assign(temp, value(c.getElseExpression(), type, whenFalse),
          lowerer.origin()));
      out.add(new Stmt.If(condition, whenTrue, whenFalse, lowerer.origin()));
      return new Expr.Ref(temp);
    }
    if (e instanceof SwitchExpression sw) {
      return lowerer.switches.expression(sw, type, out);
    }
    lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(e),
        SourceText.fixFor(e)));
    return new Expr.Lit(type, "null");
  }

  /** A record as a variable, {@code null} or a constant: what a call or {@code new} takes. */
  Expr atom(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    Expr value = value(e, type, out);
    return value instanceof Expr.Ref || value instanceof Expr.Lit
        || value instanceof Expr.StaticField ? value : lowerer.spill(value, out);
  }

  /**
   * The record a component is read from: a variable, or a path over one ({@code ps[i]},
   * {@code ray.origin()}), which the transforms mirror in the tangents and adjoints.
   */
  Expr path(Expression e, Block out) {
    Type type = JdtTypes.of(e.resolveTypeBinding());
    Expr value = value(e, type, out);
    return Exprs.root(value) != null || value instanceof Expr.StaticField ? value
        : lowerer.spill(value, out);
  }

  /** {@code this}: the receiver of an instance method of a record or value class. */
  Expr self(org.eclipse.jdt.core.dom.ASTNode at) {
    if (lowerer.self() == null) {
      lowerer.report(at, Message.UNSUPPORTED_EXPRESSION.format("'this'",
          ": a @Grad method is static; 'this' is read in instance methods of records and of"
              + " classes used as values"));
      return Expr.Lit.ofInt(0);
    }
    return new Expr.Ref(lowerer.self());
  }

  /**
   * True if {@code field} is a component of a record (an instance field of one), or a field of
   * a class jgrad treats as a value.
   */
  static boolean isComponent(IVariableBinding field) {
    if (!field.isField() || Modifier.isStatic(field.getModifiers())
        || field.getDeclaringClass() == null) {
      return false;
    }
    if (field.getDeclaringClass().isRecord()) {
      return true;
    }
    Type owner = JdtTypes.of(field.getDeclaringClass());
    return owner != null && owner.isRecord() && owner.shape().isClass();
  }

  /**
   * A component read through its field: {@code x} or {@code this.x} in the record's own
   * methods, {@code o.x} where the record's fields are visible.
   */
  Expr component(Expression e, IVariableBinding field, Type type, Block out) {
    Expr target;
    if (e instanceof SimpleName) {
      target = self(e);
    } else if (e instanceof QualifiedName q) {
      target = path(q.getQualifier(), out);
    } else if (e instanceof FieldAccess f && f.getExpression() instanceof ThisExpression t) {
      target = self(t);
    } else if (e instanceof FieldAccess f) {
      target = path(f.getExpression(), out);
    } else {
      lowerer.report(e, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(e), ""));
      return Expr.Lit.ofInt(0);
    }
    return read(e, target, field.getName(), type);
  }

  /** {@code o.x()}: the implicit accessor of a component. */
  static boolean isAccessor(IMethodBinding method) {
    return method.getDeclaringClass().isRecord() && method.isSyntheticRecordMethod()
        && method.getParameterTypes().length == 0 && !method.getName().equals("toString")
        && !method.getName().equals("hashCode");
  }

  Expr accessor(MethodInvocation m, Type type, Block out) {
    Expr target = m.getExpression() == null || m.getExpression() instanceof ThisExpression
        ? self(m) : path(m.getExpression(), out);
    return read(m, target, m.getName().getIdentifier(), type);
  }

  private Expr read(Expression at, Expr target, String name, Type type) {
    if (!target.type().isRecord() || target.type().shape().component(name) == null) {
      lowerer.report(at, Message.UNSUPPORTED_EXPRESSION.format("reading " + at,
          ": jgrad reads components of records and fields of classes whose components are"
              + " numbers, booleans, enums, Strings, arrays of numbers, such records and arrays of"
              + " them"));
      return Expr.Lit.ofInt(0);
    }
    return new Expr.Field(target, name, type);
  }

  /**
   * {@code new R(a, b)}: the canonical constructor, its arguments evaluated in order into
   * variables or literals (the transforms read them again for the derivative).
   */
  private Expr construct(ClassInstanceCreation c, Type type, Block out) {
    IMethodBinding constructor = c.resolveConstructorBinding();
    if (c.getAnonymousClassDeclaration() != null || c.getExpression() != null
        || type == null || !type.isRecord()) {
      lowerer.report(c, Message.UNSUPPORTED_EXPRESSION.format(SourceText.describe(c),
          SourceText.fixFor(c)));
      return new Expr.Lit(type, "null");
    }
    if (type.shape().isClass()) {
      return constructObject(c, type, constructor, out);
    }
    if (constructor == null || !constructor.isCanonicalConstructor()) {
      lowerer.report(c, Message.UNSUPPORTED_EXPRESSION.format("calling a constructor of "
          + type.shape().qualifiedName() + " other than its canonical one",
          ": call new " + simpleName(type) + "(" + componentList(type.shape()) + ")"
              + " or a static factory method"));
      return new Expr.Lit(type, "null");
    }
    lowerer.constructed(constructor);
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : c.arguments()) {
      arguments.add((Expression) arg);
    }
    List<Expr> args = expressions.inOrder(arguments, out, true);
    List<RecordShape.Component> components = type.shape().components();
    for (int k = 0; k < args.size(); k++) {
      Expr arg = args.get(k);
      Type componentType = components.get(k).type();
      if (!arg.type().equals(componentType) && componentType.isPrimitive()) {
        // Java converts the argument (an int to a double component): one operation first
        arg = lowerer.spill(new Expr.Cast(componentType, arg), out);
      } else if (!(arg instanceof Expr.Ref || arg instanceof Expr.Lit
          || arg instanceof Expr.StaticField) && componentType.isDifferentiable()) {
        arg = lowerer.spill(arg, out);
      }
      args.set(k, arg);
    }
    return new Expr.New(type, args);
  }

  /**
   * {@code new C(a, b)} of a class used as a value: the constructor must store its arguments in
   * the fields that hold derivatives or memory ({@code this.w = w}); other fields it may compute.
   */
  private Expr constructObject(ClassInstanceCreation c, Type type, IMethodBinding constructor,
      Block out) {
    ConstructorFields.Result stored = constructor == null ? null
        : lowerer.callees.constructorFields(constructor);
    if (stored != null && stored.computes()) {
      return constructorCall(c, type, constructor, out);
    }
    if (stored == null || stored.problem() != null) {
      lowerer.report(c, Message.UNSUPPORTED_EXPRESSION.format("new " + simpleName(type) + "(...)",
          stored == null ? ": jgrad cannot read the constructor's source"
              : ": " + stored.problem()));
      return new Expr.Lit(type, "null");
    }
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : c.arguments()) {
      arguments.add((Expression) arg);
    }
    List<Expr> args = expressions.inOrder(arguments, out, true);
    List<RecordShape.Component> components = type.shape().components();
    List<Integer> sources = new ArrayList<>();
    for (RecordShape.Component k : components) {
      sources.add(stored.sources().getOrDefault(k.name(), -1));
    }
    for (int i = 0; i < args.size(); i++) {
      if (!(args.get(i) instanceof Expr.Ref || args.get(i) instanceof Expr.Lit
          || args.get(i) instanceof Expr.StaticField) && args.get(i).type().isDifferentiable()) {
        args.set(i, lowerer.spill(args.get(i), out));
      }
    }
    // an argument Java converts for its parameter (an int for a double) carries no derivative;
    // the constructor is called with the arguments as written, so it picks the same overload
    return new Expr.New(type, args, sources);
  }

  /**
   * {@code new C(a, b)} whose constructor computes fields: a call of the constructor's rules
   * ({@code newC}), which the transforms treat like a helper returning the object.
   */
  private Expr constructorCall(ClassInstanceCreation c, Type type, IMethodBinding constructor,
      Block out) {
    io.jgrad.processor.rules.GradCallee callee = lowerer.callees.constructor(constructor);
    if (callee == null) {
      lowerer.report(c, Message.UNSUPPORTED_EXPRESSION.format("new " + simpleName(type) + "(...)",
          ": its constructor computes fields, and jgrad cannot read its source to differentiate"
              + " it"));
      return new Expr.Lit(type, "null");
    }
    // the constructor's rules read their arguments again
    List<Expr> args = expressions.calleeArguments(c.arguments(), out);
    return lowerer.spill(new Expr.Call(callee.owner(), callee.name(), args, type), out);
  }

  private static String simpleName(Type type) {
    String name = type.shape().qualifiedName();
    return name.substring(name.lastIndexOf('.') + 1);
  }

  private static String componentList(RecordShape shape) {
    return String.join(", ", shape.components().stream().map(RecordShape.Component::name)
        .toList());
  }
}
