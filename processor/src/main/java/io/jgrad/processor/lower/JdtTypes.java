package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Type;
import org.eclipse.jdt.core.dom.ITypeBinding;

/** Maps JDT type bindings to IR types. */
public final class JdtTypes {
  private JdtTypes() {}

  /**
   * The IR type, or null for a type the IR does not model (objects other than String, arrays of
   * them).
   */
  public static Type of(ITypeBinding binding) {
    if (binding == null) {
      return null;
    }
    if (binding.isPrimitive()) {
      return Type.primitive(binding.getName());
    }
    if (binding.isArray()) {
      Type element = of(binding.getElementType());
      if (element == null || !(element.isPrimitive() || element.equals(Type.STRING))) {
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

  /**
   * True for the object types a @Grad method may hold as plain values, with no derivative:
   * {@code String} (for messages and switches) and enums.
   */
  public static boolean isPassiveObject(ITypeBinding binding) {
    return binding != null && !binding.isArray() && !binding.isPrimitive()
        && ("java.lang.String".equals(binding.getQualifiedName()) || isEnum(binding));
  }

  public static boolean isEnum(ITypeBinding binding) {
    return binding != null && (binding.isEnum()
        || binding.getSuperclass() != null && binding.getSuperclass().isEnum());
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
