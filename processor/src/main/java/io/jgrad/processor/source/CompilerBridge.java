package io.jgrad.processor.source;

import io.jgrad.processor.diag.Reporter;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * What jgrad needs from the compiler that javax.lang.model does not give: the source text of a
 * class, and diagnostics positioned inside method bodies. One implementation per compiler keeps
 * each compiler's quirks in one small class.
 */
public interface CompilerBridge {
  /** The source of the compilation unit declaring {@code type}, or null if unavailable. */
  SourceUnit source(TypeElement type);

  Reporter reporter();

  /** Picks the bridge for the compiler running this processor. */
  static CompilerBridge detect(ProcessingEnvironment env) {
    String name = env.getClass().getName();
    if (name.startsWith("org.eclipse.jdt")) {
      return new EcjBridge(env);
    }
    CompilerBridge javac = JavacBridge.tryCreate(env);
    return javac != null ? javac : new FilerBridge(env);
  }
}
