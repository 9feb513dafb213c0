package io.jgrad.processor.lower;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;


/**
 * Names generated code refers to as types or packages. A variable of the same name in scope
 * would obscure them (JLS 6.4.2: {@code Math.sin(x)} with a local named {@code Math} does not
 * compile), so parameters and locals with these names get another name in generated code.
 */
final class ReservedNames {
  /** The runtime's and java.lang's classes the rules use, and package roots of qualified names. */
  private static final List<String> ALWAYS = List.of("java", "javax", "io", "Math", "StrictMath",
      "Double", "Float", "Integer", "Long", "Short", "Byte", "Character", "Boolean", "Object",
      "String", "System", "Arrays", "Dual", "DualArray", "Jacobians", "Snapshots", "Tapes",
      "Throwable");

  private ReservedNames() {}

  static Set<String> of(MethodDeclaration method) {
    Set<String> out = new HashSet<>(ALWAYS);
    if (method.resolveBinding() != null) {
      type(method.resolveBinding().getDeclaringClass(), out); // the Jacobian calls the primal
    }
    method.accept(new ASTVisitor() {
      @Override
      public boolean visit(MethodInvocation node) {
        IMethodBinding binding = node.resolveMethodBinding();
        if (binding != null) {
          type(binding.getDeclaringClass(), out);
        }
        return true;
      }

      @Override
      public boolean visit(ClassInstanceCreation node) {
        type(node.resolveTypeBinding(), out);
        return true;
      }

      @Override
      public boolean visit(org.eclipse.jdt.core.dom.QualifiedName node) {
        if (node.getQualifier().resolveBinding() instanceof ITypeBinding type) {
          type(type, out); // a constant such as Limits.MAX
        }
        return true;
      }
    });
    return out;
  }

  /** The type's simple name, its outermost class's, its rule classes' and its package root. */
  private static void type(ITypeBinding type, Set<String> out) {
    if (type == null) {
      return;
    }
    type = type.getErasure();
    StringBuilder base = new StringBuilder(type.getName());
    ITypeBinding top = type;
    while (top.getDeclaringClass() != null) {
      top = top.getDeclaringClass();
      base.insert(0, top.getName() + "_");
    }
    out.add(type.getName());
    out.add(top.getName());
    out.add(base + "_Frule");
    out.add(base + "_Rrule");
    if (type.getPackage() != null && !type.getPackage().isUnnamed()) {
      String pkg = type.getPackage().getName();
      out.add(pkg.contains(".") ? pkg.substring(0, pkg.indexOf('.')) : pkg);
    }
  }
}
