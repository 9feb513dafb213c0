package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Type;
import org.eclipse.jdt.core.dom.ITypeBinding;

/** Maps JDT type bindings to IR types. */
public final class JdtTypes {
  private JdtTypes() {}

  /** The IR type, or null for a type the IR does not model (objects other than String). */
  public static Type of(ITypeBinding binding) {
    if (binding == null) {
      return null;
    }
    if (binding.isPrimitive()) {
      return Type.primitive(binding.getName());
    }
    if (binding.isArray()) {
      Type element = of(binding.getElementType());
      if (element == null || !element.isPrimitive()) {
        return null;
      }
      Type t = element;
      for (int i = 0; i < binding.getDimensions(); i++) {
        t = t.arrayOf();
      }
      return t;
    }
    return Type.classType(binding.getErasure().getQualifiedName());
  }

  /** Binary numeric promotion (JLS 5.6.2). */
  public static Type promote(Type a, Type b) {
    if (a.equals(Type.DOUBLE) || b.equals(Type.DOUBLE)) {
      return Type.DOUBLE;
    }
    if (a.equals(Type.FLOAT) || b.equals(Type.FLOAT)) {
      return Type.FLOAT;
    }
    if (a.equals(Type.LONG) || b.equals(Type.LONG)) {
      return Type.LONG;
    }
    return Type.INT;
  }
}
