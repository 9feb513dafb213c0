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
  /** Field name to parameter index, or the reason the constructor is not one jgrad reads. */
  public record Result(Map<String, Integer> sources, String problem) {
    static Result problem(String why) {
      return new Result(Map.of(), why);
    }
  }

  private ConstructorFields() {}

  /**
   * @param ast the compilation unit declaring the class
   * @param shape the class's fields
   * @param constructor the constructor called
   */
  public static Result read(CompilationUnit ast, RecordShape shape, IMethodBinding constructor) {
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
        return Result.problem(problem);
      }
    }
    for (RecordShape.Component c : shape.components()) {
      if (computed.contains(c.name()) && !sources.containsKey(c.name())
          && (ArrayEffects.holdsMemory(c.type()) || c.type().isRecord()
              || c.isDifferentiable() && !c.type().isPrimitive())) {
        return Result.problem("its constructor computes field " + c.name() + " (a "
            + c.type() + "); jgrad builds objects whose constructors store their arguments in"
            + " the fields that carry arrays, records or objects (this." + c.name() + " = "
            + c.name() + "): compute the value in a static factory method and pass it to the"
            + " constructor");
      }
      if (computed.contains(c.name()) && !sources.containsKey(c.name())
          && c.isDifferentiable()) {
        return Result.problem("its constructor computes field " + c.name() + " from its"
            + " arguments; jgrad builds objects whose constructors store their arguments in the"
            + " fields that carry derivatives (this." + c.name() + " = " + c.name() + "):"
            + " compute the value in a static factory method and pass it to the constructor");
      }
    }
    return new Result(sources, null);
  }

  /** Notes each field assignment; returns why the constructor cannot be read, or null. */
  private static String scan(MethodDeclaration declaration, Map<String, Integer> sources,
      Set<String> computed) {
    List<?> params = declaration.parameters();
    String[] problem = {null};
    Set<String> changedParams = new HashSet<>();
    declaration.getBody().accept(new ASTVisitor() {
      @Override
      public boolean visit(ConstructorInvocation c) {
        problem[0] = "its constructor calls this(...); jgrad reads constructors that assign the"
            + " fields themselves";
        return false;
      }
    });
    Writes.scan(declaration.getBody(), (target, value) -> {
      String field = fieldName(target);
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
    for (Map.Entry<String, Integer> e : sources.entrySet()) {
      String param = ((org.eclipse.jdt.core.dom.SingleVariableDeclaration)
          params.get(e.getValue())).getName().getIdentifier();
      if (changedParams.contains(param)) {
        return "its constructor changes parameter " + param + " before or after storing it in"
            + " field " + e.getKey() + "; validate it without assigning, and normalise it in a"
            + " static factory method instead";
      }
    }
    return null;
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
