package io.jgrad.processor.source;

import io.jgrad.processor.diag.Reporter;
import java.util.Collection;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * What jgrad needs from the compiler that javax.lang.model does not give: the source text of a
 * class, diagnostics positioned inside method bodies, and the class path the compiler resolves
 * types against. One implementation per compiler keeps each compiler's quirks in one small class.
 */
public interface CompilerBridge {
  /** The source of the compilation unit declaring {@code type}, or null if unavailable. */
  SourceUnit source(TypeElement type);

  Reporter reporter();

  /**
   * The class folders and jars the compiler resolves types against (class path, module path, and
   * the class output folder, where an incremental build's earlier classes live), as far as the
   * compiler lets a processor see them, so that JDT resolves {@code roots}' compilation units
   * against the same classes. Absolute, existing entries JDT accepts; never throws.
   *
   * @param roots the types being compiled in this round
   */
  List<String> classpath(Collection<? extends TypeElement> roots);

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
