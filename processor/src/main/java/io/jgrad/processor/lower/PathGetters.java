package io.jgrad.processor.lower;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.ThisExpression;

/**
 * Getters: methods whose whole body is {@code return} of a path from the receiver or a
 * parameter through fields, record accessors and elements indexed by a parameter or a
 * literal ({@code return weights;}, {@code return this.body;}, {@code return s.values();},
 * {@code return rows[i];}). A call of one is read as that path at the call
 * ({@code m.getWeights()} as {@code m.weights}): the result is the very array or object the
 * argument holds, which a call through rules could not return (it gives a result its own
 * adjoint), and reading the path is what the call does, exceptions included.
 */
public final class PathGetters {
  private PathGetters() {}

  /**
   * The path a getter returns: from its receiver ({@code root} -1) or its parameter
   * {@code root}, through {@code steps} (none: the receiver or parameter itself).
   */
  public record Path(int root, List<Step> steps) {}

  /**
   * A field or accessor ({@code field} set), or an element indexed by parameter {@code param}
   * or, if that is -1, by the int {@code literal}.
   */
  public record Step(String field, int param, int literal) {
    static Step field(String name) {
      return new Step(name, -1, 0);
    }
  }

  /** The path {@code method} returns, read from its declaration in {@code ast}, or null. */
  public static Path read(CompilationUnit ast, IMethodBinding method) {
    MethodDeclaration declaration = declaration(ast, method);
    if (declaration == null || declaration.getBody() == null
        || declaration.getBody().statements().size() != 1
        || !(declaration.getBody().statements().get(0) instanceof ReturnStatement r)
        || r.getExpression() == null) {
      return null;
    }
    return path(r.getExpression(), declaration);
  }

  private static Path path(Expression e, MethodDeclaration m) {
    while (e instanceof ParenthesizedExpression p) {
      e = p.getExpression();
    }
    if (e instanceof MethodInvocation call && call.arguments().isEmpty()
        && call.resolveMethodBinding() != null
        && RecordLowerer.isAccessor(call.resolveMethodBinding())) {
      Path base = call.getExpression() == null ? receiver(m) : path(call.getExpression(), m);
      return base == null ? null : with(base, Step.field(call.getName().getIdentifier()));
    }
    if (e instanceof ArrayAccess a) {
      Path base = path(a.getArray(), m);
      Expression index = a.getIndex();
      while (index instanceof ParenthesizedExpression p) {
        index = p.getExpression();
      }
      if (base == null) {
        return null;
      }
      if (index instanceof NumberLiteral n && n.resolveConstantExpressionValue()
          instanceof Integer literal) {
        return with(base, new Step(null, -1, literal));
      }
      int k = index instanceof SimpleName name ? parameter(name, m) : -1;
      return k < 0 || !isInt(index) ? null : with(base, new Step(null, k, 0));
    }
    if (e instanceof ThisExpression t && t.getQualifier() == null) {
      return receiver(m);
    }
    if (e instanceof SimpleName n) {
      IBinding b = n.resolveBinding();
      if (!(b instanceof IVariableBinding v)) {
        return null;
      }
      if (v.isParameter()) {
        int k = parameter(n, m);
        return k < 0 ? null : new Path(k, List.of());
      }
      Path self = receiver(m);
      return isInstanceField(v) && self != null ? with(self, Step.field(n.getIdentifier()))
          : null;
    }
    if (e instanceof FieldAccess f) {
      return append(path(f.getExpression(), m), f.getName());
    }
    if (e instanceof QualifiedName q) {
      return append(path(q.getQualifier(), m), q.getName());
    }
    return null;
  }

  private static Path append(Path base, SimpleName field) {
    if (base == null || !(field.resolveBinding() instanceof IVariableBinding v)
        || !isInstanceField(v)) {
      return null;
    }
    return with(base, Step.field(field.getIdentifier()));
  }

  private static Path with(Path base, Step step) {
    List<Step> steps = new ArrayList<>(base.steps());
    steps.add(step);
    return new Path(base.root(), steps);
  }

  /** The receiver, for an instance method. */
  private static Path receiver(MethodDeclaration m) {
    return Modifier.isStatic(m.getModifiers()) ? null : new Path(-1, List.of());
  }

  /** The index of the parameter {@code name} names, or -1. */
  private static int parameter(SimpleName name, MethodDeclaration m) {
    if (!(name.resolveBinding() instanceof IVariableBinding v) || !v.isParameter()) {
      return -1;
    }
    for (int k = 0; k < m.parameters().size(); k++) {
      if (((SingleVariableDeclaration) m.parameters().get(k)).getName().getIdentifier()
          .equals(name.getIdentifier())) {
        return k;
      }
    }
    return -1;
  }

  private static boolean isInt(Expression e) {
    return e.resolveTypeBinding() != null && e.resolveTypeBinding().getName().equals("int");
  }

  /** A field of a class or record ({@code length} of an array has no declaring class). */
  private static boolean isInstanceField(IVariableBinding v) {
    return v.isField() && !Modifier.isStatic(v.getModifiers()) && v.getDeclaringClass() != null;
  }

  static MethodDeclaration declaration(CompilationUnit ast, IMethodBinding method) {
    String key = method.getMethodDeclaration().getKey();
    MethodDeclaration[] found = new MethodDeclaration[1];
    ast.accept(new ASTVisitor() {
      @Override
      public boolean visit(MethodDeclaration m) {
        IMethodBinding b = m.resolveBinding();
        if (b != null && b.getKey().equals(key)) {
          found[0] = m;
        }
        return found[0] == null;
      }
    });
    return found[0];
  }
}
