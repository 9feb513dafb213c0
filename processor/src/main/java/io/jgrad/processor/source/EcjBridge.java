package io.jgrad.processor.source;

import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Eclipse's compiler (ecj): no {@code com.sun.source}, so the source text is read by reflection
 * from ecj's element ({@code _binding.scope.referenceCompilationUnit().compilationResult
 * .compilationUnit.getContents()}), as Immutables does. ecj's Messager positions errors at an
 * element only, so the line inside the method goes into the message text.
 */
final class EcjBridge implements CompilerBridge, Reporter {
  private final ProcessingEnvironment env;
  private final FilerBridge fallback;

  EcjBridge(ProcessingEnvironment env) {
    this.env = env;
    this.fallback = new FilerBridge(env);
  }

  @Override
  public SourceUnit source(TypeElement type) {
    try {
      Object binding = field(type, "_binding");
      Object scope = field(binding, "scope");
      Method referenceUnit = scope.getClass().getMethod("referenceCompilationUnit");
      referenceUnit.setAccessible(true);
      Object declaration = referenceUnit.invoke(scope);
      Object result = field(declaration, "compilationResult");
      Object unit = field(result, "compilationUnit");
      Method contents = unit.getClass().getMethod("getContents");
      Method fileName = unit.getClass().getMethod("getFileName");
      String text = new String((char[]) contents.invoke(unit));
      String file = new String((char[]) fileName.invoke(unit));
      file = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
      String pkg = env.getElementUtils().getPackageOf(type).getQualifiedName().toString();
      return new SourceUnit(pkg, file, text);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return fallback.source(type);
    }
  }

  private static Object field(Object target, String name) throws ReflectiveOperationException {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
      } catch (NoSuchFieldException next) {
        // look in the superclass
      }
    }
    throw new NoSuchFieldException(name);
  }

  @Override
  public Reporter reporter() {
    return this;
  }

  @Override
  public void error(Element element, Problem problem) {
    fallback.error(element, problem);
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
