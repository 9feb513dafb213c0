package io.jgrad.processor.lower;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.IAnnotationBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.Modifier;

/** Which parameters of a method are declared {@code @NoGrad} (data, not variables). */
public final class ConstantParams {
  public static final String NO_GRAD = "io.jgrad.NoGrad";

  private ConstantParams() {}

  /** True if the annotations include {@code @NoGrad}. */
  static boolean isNoGrad(IAnnotationBinding[] annotations) {
    for (IAnnotationBinding a : annotations) {
      if (a.getAnnotationType() != null
          && NO_GRAD.equals(a.getAnnotationType().getErasure().getQualifiedName())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Per parameter of the method's rules (the receiver of an instance method first, never
   * constant): true where the parameter is {@code @NoGrad}.
   */
  public static List<Boolean> of(IMethodBinding method) {
    List<Boolean> out = new ArrayList<>();
    if (!Modifier.isStatic(method.getModifiers()) && !method.isConstructor()) {
      out.add(false);
    }
    for (int k = 0; k < method.getParameterTypes().length; k++) {
      out.add(isNoGrad(method.getParameterAnnotations(k)));
    }
    return out;
  }
}
