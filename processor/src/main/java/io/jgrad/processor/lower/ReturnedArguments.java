package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Type;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IAnnotationBinding;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.LambdaExpression;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.ThisExpression;
import org.eclipse.jdt.core.dom.TypeDeclaration;

/**
 * Helpers that return what they were passed: every {@code return} of the method returns the
 * same parameter, never reassigned, or {@code this} ({@code static double[] axpy(double a,
 * double[] x, double[] y) { ...; return y; }}, {@code Vec addInPlace(Vec o) { ...; return this;
 * }}). Their rules are {@code void} (a rule result gets an adjoint of its own, which an argument
 * already has) and a call of one is read as the call, then the argument itself: the caller gets
 * the very array or object it passed, as in Java.
 */
public final class ReturnedArguments {
  private ReturnedArguments() {}

  /**
   * The index, among the rules' parameters (the receiver first for an instance method), of the
   * argument every {@code return} of {@code declaration} returns, or -1. Only for helpers: a
   * {@code @Grad} method's rules return their result (returning an argument is an error there).
   */
  public static int of(MethodDeclaration declaration) {
    IMethodBinding method = declaration.resolveBinding();
    if (method == null || method.isConstructor() || declaration.getBody() == null
        || isGrad(method)) {
      return -1;
    }
    Type returns = JdtTypes.of(method.getReturnType());
    if (returns == null || !(returns.isArray() || returns.isMutableObject()
        || returns.isRecord() && returns.shape().holdsMemory())) {
      return -1;
    }
    boolean instance = !Modifier.isStatic(method.getModifiers());
    List<Expression> returned = new ArrayList<>();
    boolean[] nested = {false};
    declaration.getBody().accept(new ASTVisitor() {
      @Override
      public boolean visit(ReturnStatement r) {
        returned.add(r.getExpression());
        return false;
      }

      @Override
      public boolean visit(LambdaExpression e) {
        nested[0] = true;
        return false;
      }

      @Override
      public boolean visit(TypeDeclaration t) {
        nested[0] = true;
        return false;
      }
    });
    if (returned.isEmpty() || nested[0]) {
      return -1;
    }
    int index = -1;
    for (Expression e : returned) {
      int k = argument(e, declaration, instance);
      if (k < 0 || index >= 0 && k != index) {
        return -1;
      }
      index = k;
    }
    if (index >= (instance ? 1 : 0) && isAssigned(declaration,
        ((SingleVariableDeclaration) declaration.parameters().get(index - (instance ? 1 : 0)))
            .resolveBinding())) {
      return -1;
    }
    return index;
  }

  /** The rules' parameter index {@code e} names (a parameter, or {@code this}), or -1. */
  private static int argument(Expression e, MethodDeclaration declaration, boolean instance) {
    while (e instanceof ParenthesizedExpression p) {
      e = p.getExpression();
    }
    if (e instanceof ThisExpression t && t.getQualifier() == null && instance) {
      return 0;
    }
    if (!(e instanceof SimpleName name)) {
      return -1;
    }
    IBinding binding = name.resolveBinding();
    for (int k = 0; k < declaration.parameters().size(); k++) {
      IVariableBinding p = ((SingleVariableDeclaration) declaration.parameters().get(k))
          .resolveBinding();
      if (p != null && p.isEqualTo(binding)) {
        return k + (instance ? 1 : 0);
      }
    }
    return -1;
  }

  private static boolean isAssigned(MethodDeclaration declaration, IVariableBinding param) {
    boolean[] assigned = {param == null};
    declaration.getBody().accept(new ASTVisitor() {
      @Override
      public boolean visit(Assignment a) {
        Expression target = a.getLeftHandSide();
        while (target instanceof ParenthesizedExpression p) {
          target = p.getExpression();
        }
        if (target instanceof SimpleName n && param.isEqualTo(n.resolveBinding())) {
          assigned[0] = true;
        }
        return true;
      }
    });
    return assigned[0];
  }

  /** True if {@code method} carries {@code @Grad}: an entry point, whose rules return results. */
  static boolean isGrad(IMethodBinding method) {
    for (IAnnotationBinding a : method.getAnnotations()) {
      if (a.getAnnotationType() != null
          && a.getAnnotationType().getQualifiedName().equals("io.jgrad.Grad")) {
        return true;
      }
    }
    return false;
  }

  /** {@link #of} for the declaration of {@code method} in {@code ast}; -1 if it is not there. */
  public static int read(CompilationUnit ast, IMethodBinding method) {
    MethodDeclaration declaration = PathGetters.declaration(ast, method);
    return declaration == null ? -1 : of(declaration);
  }
}
