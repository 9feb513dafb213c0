package io.jgrad.processor.lower;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.VariableDeclaration;

/**
 * Calls on data: a static method whose arguments are all <em>data</em> — values that carry no
 * derivative by construction — is called by the rules as it is, whatever its body does and
 * whether or not jgrad has its source: {@code Gamma.logGamma(0.5 * n)}, a helper computing a
 * normalising constant from the problem's sizes, {@code Math.ulp(1.0)}.
 *
 * <p>Data is decided on the source, before any analysis, so it is conservative: literals; values
 * of types without derivatives (int, long, boolean, char, String, enums); {@code static final}
 * fields; {@code @NoGrad} parameters never assigned; final or effectively final locals whose
 * initialiser is data; and operators, casts, conditionals and such calls over data. Arrays never
 * are (their elements may be written with derivatives).
 */
final class DataCalls {
  private DataCalls() {}

  /**
   * True if the rules may call {@code method} as it is at {@code call}: it is static, visible
   * from the rule classes (which live in the caller's package), takes and returns single
   * values (no arrays or objects it could write or return derivatives through), and every
   * argument is data.
   */
  static boolean isDataCall(MethodInvocation call, IMethodBinding method) {
    // without arguments there is nothing to decide on: Math.random() stays an error, a helper
    // without parameters keeps its rules
    return !call.arguments().isEmpty() && isCallableAsIs(call, method)
        && allData(call.arguments(), new HashSet<>());
  }

  private static boolean isCallableAsIs(ASTNode call, IMethodBinding method) {
    int modifiers = method.getModifiers();
    if (!Modifier.isStatic(modifiers) || Modifier.isPrivate(modifiers) || method.isVarargs()
        || !isScalar(method.getReturnType()) || method.getReturnType().getName().equals("void")) {
      return false;
    }
    for (ITypeBinding p : method.getParameterTypes()) {
      if (!isScalar(p)) {
        return false;
      }
    }
    return Modifier.isPublic(modifiers) && Modifier.isPublic(method.getDeclaringClass()
        .getModifiers()) || samePackage(call, method.getDeclaringClass());
  }

  private static boolean samePackage(ASTNode call, ITypeBinding type) {
    if (!(call.getRoot() instanceof CompilationUnit unit) || type.getPackage() == null) {
      return false;
    }
    String caller = unit.getPackage() == null ? ""
        : unit.getPackage().getName().getFullyQualifiedName();
    return caller.equals(type.getPackage().getName());
  }

  /** A primitive, a boxed primitive, a String or an enum: a single value. */
  private static boolean isScalar(ITypeBinding type) {
    return type.isPrimitive() || type.isEnum() || isBoxedOrString(type);
  }

  private static boolean isBoxedOrString(ITypeBinding type) {
    return switch (type.getErasure().getQualifiedName()) {
      case "java.lang.String", "java.lang.Double", "java.lang.Float", "java.lang.Integer",
          "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
          "java.lang.Boolean" -> true;
      default -> false;
    };
  }

  private static boolean isFloating(ITypeBinding type) {
    String name = type.getErasure().getQualifiedName();
    return name.equals("double") || name.equals("float") || name.equals("java.lang.Double")
        || name.equals("java.lang.Float");
  }

  private static boolean allData(List<?> expressions, Set<IVariableBinding> seen) {
    for (Object e : expressions) {
      if (!isData((Expression) e, seen)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isData(Expression e, Set<IVariableBinding> seen) {
    ITypeBinding type = e.resolveTypeBinding();
    if (type == null || type.isArray()) {
      return false;
    }
    if (!isFloating(type)) {
      // an int, boolean, String or enum value carries no derivative, however it is computed
      return isScalar(type);
    }
    if (e instanceof NumberLiteral || e instanceof CharacterLiteral) {
      return true;
    }
    if (e instanceof ParenthesizedExpression p) {
      return isData(p.getExpression(), seen);
    }
    if (e instanceof CastExpression c) {
      return isData(c.getExpression(), seen);
    }
    if (e instanceof PrefixExpression p) {
      return (p.getOperator() == PrefixExpression.Operator.MINUS
          || p.getOperator() == PrefixExpression.Operator.PLUS) && isData(p.getOperand(), seen);
    }
    if (e instanceof InfixExpression i) {
      return isData(i.getLeftOperand(), seen) && isData(i.getRightOperand(), seen)
          && allData(i.extendedOperands(), seen);
    }
    if (e instanceof ConditionalExpression c) {
      return isData(c.getThenExpression(), seen) && isData(c.getElseExpression(), seen);
    }
    if (e instanceof MethodInvocation m) {
      IMethodBinding method = m.resolveMethodBinding();
      return method != null && !m.arguments().isEmpty() && (m.getExpression() == null
          || m.getExpression() instanceof Name
          && ((Name) m.getExpression()).resolveBinding() instanceof ITypeBinding)
          && isCallableAsIs(m, method) && allData(m.arguments(), seen);
    }
    if (e instanceof Name name) {
      return isDataVariable(name.resolveBinding(), e, seen);
    }
    if (e instanceof FieldAccess f) {
      return isDataVariable(f.resolveFieldBinding(), e, seen);
    }
    return false;
  }

  /**
   * A constant, an unassigned {@code @NoGrad} parameter, or a local that is never reassigned and
   * whose initialiser is data.
   */
  private static boolean isDataVariable(IBinding binding, ASTNode use,
      Set<IVariableBinding> seen) {
    if (!(binding instanceof IVariableBinding v)) {
      return false;
    }
    boolean finalOrUnassigned = Modifier.isFinal(v.getModifiers()) || v.isEffectivelyFinal();
    if (v.isField()) {
      return Modifier.isStatic(v.getModifiers()) && Modifier.isFinal(v.getModifiers());
    }
    if (!finalOrUnassigned) {
      return false;
    }
    if (v.isParameter()) {
      return ConstantParams.isNoGrad(v.getAnnotations());
    }
    if (!(use.getRoot() instanceof CompilationUnit unit)
        || !(unit.findDeclaringNode(v) instanceof VariableDeclaration declaration)
        || declaration.getInitializer() == null || !seen.add(v)) {
      return false;
    }
    boolean data = isData(declaration.getInitializer(), seen);
    seen.remove(v);
    return data;
  }
}
