package io.jgrad.processor.source;

import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Any other compiler: the source is read from the source path through the {@code Filer} (Maven
 * passes {@code -sourcepath}); errors go on the element, with file and line in the message. The
 * class path is not visible through javax.annotation.processing: only the class output folder
 * is (besides {@code -Ajgrad.classpath}, which the pipeline adds for every compiler).
 */
final class FilerBridge implements CompilerBridge, Reporter {
  private final ProcessingEnvironment env;

  FilerBridge(ProcessingEnvironment env) {
    this.env = env;
  }

  @Override
  public SourceUnit source(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    String pkg = env.getElementUtils().getPackageOf(top).getQualifiedName().toString();
    String file = top.getSimpleName() + ".java";
    try {
      FileObject source = env.getFiler().getResource(StandardLocation.SOURCE_PATH, pkg, file);
      return new SourceUnit(pkg, file, source.getCharContent(true).toString());
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }

  @Override
  public List<String> classpath(Collection<? extends TypeElement> roots) {
    ClassPathEntries entries = new ClassPathEntries();
    entries.add(ClassPathEntries.classOutput(env.getFiler()));
    return entries.toList();
  }

  @Override
  public Reporter reporter() {
    return this;
  }

  @Override
  public void error(Element element, Problem problem) {
    error(element, "line " + problem.line() + ", column " + problem.column() + ": "
        + problem.message());
  }

  @Override
  public void error(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  @Override
  public void warning(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.WARNING, message, element);
  }
}
