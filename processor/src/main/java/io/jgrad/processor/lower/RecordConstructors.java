package io.jgrad.processor.lower;

import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.SimpleName;

/** Reads a record's explicit canonical (or compact) constructor for what the rules assume. */
public final class RecordConstructors {
  private RecordConstructors() {}

  /**
   * The name of a parameter the canonical constructor (binding key {@code key}) of record
   * {@code record} assigns to (then the component differs from the argument), null if it
   * assigns none or is implicit, "?" if the record is not declared in {@code ast}.
   */
  public static String assignedParameter(CompilationUnit ast, String record, String key) {
    String[] found = {"?"};
    ast.accept(new ASTVisitor() {
      @Override
      public boolean visit(org.eclipse.jdt.core.dom.RecordDeclaration r) {
        if (r.resolveBinding() != null
            && r.resolveBinding().getErasure().getQualifiedName().equals(record)
            && "?".equals(found[0])) {
          found[0] = null; // declared here; an explicit constructor is read below
        }
        return true;
      }

      @Override
      public boolean visit(MethodDeclaration m) {
        IMethodBinding binding = m.resolveBinding();
        if (binding != null && binding.getKey().equals(key) && m.getBody() != null) {
          found[0] = null;
          Writes.scan(m.getBody(), (target, value) -> {
            if (found[0] == null && target instanceof SimpleName n
                && n.resolveBinding() instanceof IVariableBinding v && v.isParameter()
                && isOwnParameter(v, key)) {
              found[0] = n.getIdentifier();
            }
          });
        }
        return true;
      }
    });
    return found[0];
  }

  /** True if {@code ast} declares the constructor with binding key {@code key} (not implicit). */
  public static boolean declares(CompilationUnit ast, String key) {
    boolean[] found = {false};
    ast.accept(new ASTVisitor() {
      @Override
      public boolean visit(MethodDeclaration m) {
        IMethodBinding binding = m.resolveBinding();
        found[0] |= m.isConstructor() && binding != null && binding.getKey().equals(key);
        return !found[0];
      }
    });
    return found[0];
  }

  private static boolean isOwnParameter(IVariableBinding v, String constructorKey) {
    IMethodBinding declaring = v.getDeclaringMethod();
    return declaring == null || declaring.getKey().equals(constructorKey);
  }
}
