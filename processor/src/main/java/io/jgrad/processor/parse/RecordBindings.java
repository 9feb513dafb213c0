package io.jgrad.processor.parse;

import java.util.HashSet;
import java.util.Set;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.SimpleName;

/**
 * A JDT workaround, kept here: the members of a record (or of a class used as a value) that JDT read from the source path can
 * only be listed while the batch that read it is running (afterwards its scope is gone and
 * {@code getDeclaredMethods} fails). The lowering asks for a record's canonical constructor and
 * accessors long after the batch, so each AST's record types and calls are resolved as the AST
 * is delivered; JDT keeps what it resolved.
 */
final class RecordBindings {
  private RecordBindings() {}

  static void warm(CompilationUnit ast) {
    Set<String> seen = new HashSet<>();
    ast.accept(new ASTVisitor() {
      @Override
      public void preVisit(org.eclipse.jdt.core.dom.ASTNode node) {
        if (node instanceof Expression e) {
          record(e.resolveTypeBinding(), seen);
        }
        if (node instanceof MethodInvocation m) {
          method(m.resolveMethodBinding(), seen);
        } else if (node instanceof ClassInstanceCreation c) {
          method(c.resolveConstructorBinding(), seen);
        } else if (node instanceof SimpleName n
            && n.resolveBinding() instanceof org.eclipse.jdt.core.dom.IVariableBinding v) {
          record(v.getType(), seen);
        }
      }
    });
  }

  private static void method(IMethodBinding method, Set<String> seen) {
    if (method != null) {
      record(method.getDeclaringClass(), seen);
      record(method.getReturnType(), seen);
      for (ITypeBinding p : method.getParameterTypes()) {
        record(p, seen);
      }
    }
  }

  private static void record(ITypeBinding type, Set<String> seen) {
    if (type == null) {
      return;
    }
    ITypeBinding element = type.isArray() ? type.getElementType() : type;
    boolean sourceClass = element.isClass() && element.isFromSource();
    if (!(element.isRecord() || sourceClass) || !seen.add(element.getKey())) {
      return;
    }
    for (IMethodBinding m : element.getDeclaredMethods()) {
      m.getParameterNames();
      for (ITypeBinding p : m.getParameterTypes()) {
        record(p, seen);
      }
    }
    if (sourceClass) {
      // a class used as a value: its fields are its components
      for (org.eclipse.jdt.core.dom.IVariableBinding f : element.getDeclaredFields()) {
        record(f.getType(), seen);
      }
    }
  }
}
