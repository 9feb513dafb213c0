package io.jgrad.processor.lower;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.RecordShape;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConstructorInvocation;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.ThisExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

/**
 * Reads the constructor of a class used as a value for what the rules assume: which fields it
 * stores its arguments in ({@code this.w = w}). The tangent of a new object is then made of its
 * arguments' tangents, as for a record. A field that holds a derivative or memory (a double, a
 * double array, an array of data, a record or object) must be stored from a parameter the
 * constructor does not change, or be left alone; data fields (an int, a String) it may compute.
 */
public final class ConstructorFields {
  /**
   * Field name to parameter index, or the reason the constructor is not one jgrad reads; or
   * {@code computes}: a field that carries a derivative or memory is computed, so the
   * constructor is differentiated itself ({@link ConstructorBody}).
   */
  public record Result(Map<String, Integer> sources, String problem, boolean computes) {
    static Result problem(String why) {
      return new Result(Map.of(), why, false);
    }

    /** A constructor to differentiate; {@code sources}: the fields stored unchanged. */
    static Result computed(Map<String, Integer> stored) {
      return new Result(Map.copyOf(stored), null, true);
    }
  }

  private ConstructorFields() {}

  /**
   * @param ast the compilation unit declaring the class
   * @param shape the class's fields
   * @param constructor the constructor called
   */
  public static Result read(CompilationUnit ast, RecordShape shape, IMethodBinding constructor) {
    if (!shape.isDifferentiable() && !shape.holdsMemory()) {
      return new Result(Map.of(), null, false); // data only: the constructor alone builds it
    }
    AbstractTypeDeclaration declaration = declaration(ast, shape.qualifiedName());
    if (declaration == null) {
      return Result.problem("jgrad cannot read the source of " + shape.qualifiedName());
    }
    Map<String, Integer> sources = new HashMap<>();
    Set<String> computed = new HashSet<>();
    for (Object member : declaration.bodyDeclarations()) {
      if (member instanceof FieldDeclaration f
          && !org.eclipse.jdt.core.dom.Modifier.isStatic(f.getModifiers())) {
        for (Object fragment : f.fragments()) {
          VariableDeclarationFragment v = (VariableDeclarationFragment) fragment;
          if (v.getInitializer() != null) {
            computed.add(v.getName().getIdentifier());
          }
        }
      }
    }
    MethodDeclaration body = constructorDeclaration(declaration, constructor);
    if (body != null && body.getBody() != null) {
      String problem = scan(body, sources, computed);
      if (problem != null) {
        return problem.equals(CHANGES_PARAMETER) ? Result.computed(sources)
            : Result.problem(problem);
      }
    }
    for (RecordShape.Component c : shape.components()) {
      if (computed.contains(c.name()) && !sources.containsKey(c.name())
          && (ArrayEffects.holdsMemory(c.type()) || c.type().isRecord()
              || c.isDifferentiable())) {
        return Result.computed(sources);
      }
    }
    return new Result(sources, null, false);
  }

  /** A stored parameter changed by the constructor: its body is differentiated instead. */
  private static final String CHANGES_PARAMETER = "changes a stored parameter";

  /** Notes each field assignment; returns why the constructor cannot be read, or null. */
  private static String scan(MethodDeclaration declaration, Map<String, Integer> sources,
      Set<String> computed) {
    List<?> params = declaration.parameters();
    String[] problem = {null};
    Set<String> changedParams = new HashSet<>();
    boolean[] mayChangeArguments = {false};
    declaration.getBody().accept(new ASTVisitor() {
      @Override
      public boolean visit(ConstructorInvocation c) {
        problem[0] = "its constructor calls this(...); jgrad reads constructors that assign the"
            + " fields themselves";
        return false;
      }

      @Override
      public boolean visit(org.eclipse.jdt.core.dom.ThrowStatement t) {
        return false; // the message of a validation error changes nothing
      }

      @Override
      public boolean visit(org.eclipse.jdt.core.dom.MethodInvocation m) {
        // a call may change the arrays it is passed (Arrays.sort(x)): the body is differentiated
        // and checked
        IMethodBinding called = m.resolveMethodBinding();
        mayChangeArguments[0] |= called == null || !PureMethods.isPure(
            called.getDeclaringClass().getErasure().getQualifiedName());
        return true;
      }
    });
    Writes.scan(declaration.getBody(), (target, value) -> {
      String field = fieldName(target);
      if (!(target instanceof SimpleName) && field == null) {
        mayChangeArguments[0] = true; // an element or another object's field
      }
      if (field == null) {
        if (target instanceof SimpleName n && n.resolveBinding() instanceof IVariableBinding v
            && v.isParameter()) {
          changedParams.add(n.getIdentifier());
        }
        return;
      }
      int param = value == null ? -1 : parameterIndex(value, params);
      if (param >= 0 && !sources.containsKey(field) && !computed.contains(field)) {
        sources.put(field, param);
      } else {
        sources.remove(field);
        computed.add(field);
      }
    });
    if (problem[0] != null) {
      return problem[0];
    }
    // a field stored from a parameter the body reassigns holds whatever it held then
    int stored = sources.size();
    sources.values().removeIf(k -> changedParams.contains(((org.eclipse.jdt.core.dom
        .SingleVariableDeclaration) params.get(k)).getName().getIdentifier()));
    // differentiated then, and checked to leave its arguments alone
    return mayChangeArguments[0] || sources.size() < stored ? CHANGES_PARAMETER : null;
  }

  /** The field of this object an assignment target names ({@code this.f}, or {@code f}). */
  private static String fieldName(Expression target) {
    if (target instanceof FieldAccess f && f.getExpression() instanceof ThisExpression) {
      return f.getName().getIdentifier();
    }
    if (target instanceof SimpleName n && n.resolveBinding() instanceof IVariableBinding v
        && v.isField() && !org.eclipse.jdt.core.dom.Modifier.isStatic(v.getModifiers())) {
      return n.getIdentifier();
    }
    return null;
  }

  /** The index of the constructor's parameter an expression names, else -1. */
  private static int parameterIndex(Expression e, List<?> params) {
    e = ExpressionLowerer.unparenthesize(e);
    if (e instanceof SimpleName n && n.resolveBinding() instanceof IVariableBinding v
        && v.isParameter()) {
      for (int k = 0; k < params.size(); k++) {
        IVariableBinding p = ((org.eclipse.jdt.core.dom.SingleVariableDeclaration) params.get(k))
            .resolveBinding();
        if (p != null && p.isEqualTo(v)) {
          return k;
        }
      }
    }
    return -1;
  }

  private static AbstractTypeDeclaration declaration(CompilationUnit ast, String name) {
    AbstractTypeDeclaration[] found = {null};
    ast.accept(new ASTVisitor() {
      @Override
      public void preVisit(org.eclipse.jdt.core.dom.ASTNode node) {
        if (found[0] == null && node instanceof AbstractTypeDeclaration t
            && t.resolveBinding() != null
            && t.resolveBinding().getErasure().getQualifiedName().equals(name)) {
          found[0] = t;
        }
      }
    });
    return found[0];
  }

  private static MethodDeclaration constructorDeclaration(AbstractTypeDeclaration type,
      IMethodBinding constructor) {
    for (Object member : type.bodyDeclarations()) {
      if (member instanceof MethodDeclaration m && m.isConstructor()
          && m.resolveBinding() != null
          && m.resolveBinding().getKey().equals(constructor.getKey())) {
        return m;
      }
    }
    return null;
  }
}
