package io.jgrad.processor.lower;

import io.jgrad.processor.rules.GradCallee;
import org.eclipse.jdt.core.dom.IMethodBinding;

/** Tells whether a called method has generated rules (is a {@code @Grad} method). */
@FunctionalInterface
public interface CalleeResolver {
  /** The callee's rule description, or null if it is not a {@code @Grad} method. */
  GradCallee resolve(IMethodBinding method);
}
