package io.jgrad.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import io.jgrad.Grad;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import io.jgrad.processor.emit.RuleWriter;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.lower.MethodLowerer;
import io.jgrad.processor.parse.JdtParser;
import io.jgrad.processor.parse.SourceMirror;
import io.jgrad.processor.source.CompilerBridge;
import io.jgrad.processor.source.SourceUnit;
import io.jgrad.processor.transform.AliasGuards;
import io.jgrad.processor.transform.CalleeTable;
import io.jgrad.processor.transform.ForwardTransform;
import io.jgrad.processor.transform.ReverseTransform;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.MethodDeclaration;

/**
 * One round of processing, stage by stage: check declarations, read sources, parse with JDT,
 * lower each method to IR (reporting what cannot be differentiated), transform to forward and
 * reverse mode, and write one {@code _Frule} and one {@code _Rrule} class per declaring class.
 */
final class GradPipeline {
  static final String CLASSPATH_OPTION = "jgrad.classpath";
  static final String SOURCEPATH_OPTION = "jgrad.sourcepath";

  private final ProcessingEnvironment env;
  private final CompilerBridge bridge;
  private final Reporter reporter;

  GradPipeline(ProcessingEnvironment env, CompilerBridge bridge) {
    this.env = env;
    this.bridge = bridge;
    this.reporter = bridge.reporter();
  }

  void run(RoundEnvironment round) {
    Map<TypeElement, List<ExecutableElement>> byOwner = new LinkedHashMap<>();
    ElementFilter.methodsIn(round.getElementsAnnotatedWith(Grad.class)).stream()
        .sorted(Comparator.comparing((ExecutableElement m) ->
            ((TypeElement) m.getEnclosingElement()).getQualifiedName().toString())
            // declaration order: compilers hand elements over in different orders
            .thenComparing(m -> m.getEnclosingElement().getEnclosedElements().indexOf(m)))
        .filter(m -> MethodChecks.check(m, reporter))
        .forEach(m -> byOwner.computeIfAbsent((TypeElement) m.getEnclosingElement(),
            k -> new ArrayList<>()).add(m));
    if (byOwner.isEmpty()) {
      return;
    }
    try (SourceMirror mirror = new SourceMirror()) {
      for (TypeElement root : ElementFilter.typesIn(round.getRootElements())) {
        SourceUnit unit = bridge.source(root);
        if (unit != null) {
          mirror.add(unit);
        }
      }
      List<String> sourcepath = new ArrayList<>(List.of(mirror.root()));
      sourcepath.addAll(pathOption(SOURCEPATH_OPTION));
      JdtParser parser = new JdtParser(
          classpath(ElementFilter.typesIn(round.getRootElements())), sourcepath);
      ElementCallees callees = new ElementCallees(env.getElementUtils(), env.getTypeUtils());
      Map<String, CompilationUnit> parsed = new HashMap<>();
      List<Lowered> lowered = new ArrayList<>();
      byOwner.forEach((owner, methods) ->
          lowered.addAll(lowerClass(owner, methods, parser, parsed, callees)));
      Map<String, Set<Integer>> writes = WriteEffects.of(lowered.stream()
          .collect(java.util.stream.Collectors.toMap(Lowered::key, Lowered::function)), callees);
      CalleeTable table = callees.table(writes);
      Map<TypeElement, List<RuleWriter.Rule>> rules = new LinkedHashMap<>();
      for (Lowered l : lowered) {
        try {
          Function guarded = AliasGuards.apply(l.function(), table);
          ReverseTransform.Result reverse = ReverseTransform.apply(guarded, table);
          rules.computeIfAbsent(l.owner(), k -> new ArrayList<>()).add(new RuleWriter.Rule(
              l.function(), l.isPublic(), ForwardTransform.apply(guarded, table),
              reverse.adjoint(), reverse.forwardPart(), reverse.reversePart()));
        } catch (RuntimeException | StackOverflowError e) {
          reporter.error(l.method(), Message.INTERNAL.format(l.method().getSimpleName(), e));
        }
      }
      rules.forEach((owner, ownerRules) -> {
        RuleWriter writer = new RuleWriter(ClassName.get(owner), RuleBases.of(owner));
        TypeElement top = RuleBases.topLevel(owner);
        write(writer.forwardFile(ownerRules), top);
        write(writer.reverseFile(ownerRules), top);
      });
    }
  }

  /** A method in IR form, before differentiation. */
  record Lowered(TypeElement owner, ExecutableElement method, Function function,
      boolean isPublic) {
    String key() {
      return CalleeTable.key(owner.getQualifiedName().toString(),
          method.getSimpleName().toString());
    }
  }

  private List<Lowered> lowerClass(TypeElement owner, List<ExecutableElement> methods,
      JdtParser parser, Map<String, CompilationUnit> parsed, ElementCallees callees) {
    TypeElement top = RuleBases.topLevel(owner);
    SourceUnit unit = bridge.source(top);
    if (unit == null) {
      methods.forEach(m -> reporter.error(m, Message.NO_SOURCE.format(top.getQualifiedName(),
          "the compiler gave no source text")));
      return List.of();
    }
    CompilationUnit ast = parsed.computeIfAbsent(unit.relativePath(), k -> parser.parse(unit));
    List<Lowered> result = new ArrayList<>();
    for (ExecutableElement method : methods) {
      try {
        Function function = lower(owner, method, unit, ast, callees);
        if (function != null) {
          boolean isPublic = method.getModifiers().contains(Modifier.PUBLIC)
              || method.getModifiers().contains(Modifier.PROTECTED);
          result.add(new Lowered(owner, method, function, isPublic));
        }
      } catch (RuntimeException | StackOverflowError e) {
        reporter.error(method, Message.INTERNAL.format(method.getSimpleName(), e));
      }
    }
    return result;
  }

  private Function lower(TypeElement owner, ExecutableElement method, SourceUnit unit,
      CompilationUnit ast, ElementCallees callees) {
    MethodDeclaration declaration = find(ast, owner, method);
    if (declaration == null) {
      reporter.error(method, Message.NO_SOURCE.format(owner.getQualifiedName() + "."
          + method.getSimpleName(), "its declaration was not found in " + unit.fileName()));
      return null;
    }
    String compileError = firstError(ast, declaration);
    if (compileError != null) {
      // javac reports the real error once processing is over; an error from us would hide it
      reporter.warning(method, Message.DOES_NOT_COMPILE.format(method.getSimpleName(),
          compileError));
      return null;
    }
    MethodLowerer.Result lowered = MethodLowerer.lower(ast, unit.text(), declaration, callees);
    if (!lowered.problems().isEmpty()) {
      for (Problem problem : lowered.problems()) {
        reporter.error(method, problem);
      }
      return null;
    }
    return lowered.function();
  }

  /** JDT's first compile error inside the method, or null. */
  private static String firstError(CompilationUnit ast, MethodDeclaration declaration) {
    int start = declaration.getStartPosition();
    int end = start + declaration.getLength();
    for (org.eclipse.jdt.core.compiler.IProblem problem : ast.getProblems()) {
      if (problem.isError() && problem.getSourceStart() >= start
          && problem.getSourceStart() < end) {
        return "line " + problem.getSourceLineNumber() + ": " + problem.getMessage();
      }
    }
    return null;
  }

  /** The JDT declaration of {@code method}: same class, name and parameter types. */
  private MethodDeclaration find(CompilationUnit ast, TypeElement owner,
      ExecutableElement method) {
    MethodDeclaration[] found = new MethodDeclaration[1];
    ast.accept(new org.eclipse.jdt.core.dom.ASTVisitor() {
      @Override
      public boolean visit(MethodDeclaration node) {
        if (found[0] == null && matches(node, owner, method)) {
          found[0] = node;
        }
        return false;
      }
    });
    return found[0];
  }

  private boolean matches(MethodDeclaration node, TypeElement owner, ExecutableElement method) {
    if (!node.getName().getIdentifier().contentEquals(method.getSimpleName())
        || node.parameters().size() != method.getParameters().size()) {
      return false;
    }
    IMethodBinding binding = node.resolveBinding();
    if (binding == null) {
      return node.getParent() instanceof AbstractTypeDeclaration type
          && type.getName().getIdentifier().contentEquals(owner.getSimpleName());
    }
    if (!binding.getDeclaringClass().getErasure().getQualifiedName()
        .contentEquals(owner.getQualifiedName())) {
      return false;
    }
    for (int k = 0; k < binding.getParameterTypes().length; k++) {
      String expected = env.getTypeUtils().erasure(method.getParameters().get(k).asType())
          .toString();
      if (!expected.equals(binding.getParameterTypes()[k].getErasure().getQualifiedName())) {
        return false;
      }
    }
    return true;
  }

  private void write(JavaFile file, Element originating) {
    try {
      javax.tools.JavaFileObject out = env.getFiler().createSourceFile(
          file.packageName().isEmpty() ? file.typeSpec().name()
              : file.packageName() + "." + file.typeSpec().name(), originating);
      try (java.io.Writer writer = out.openWriter()) {
        file.writeTo(writer);
      }
    } catch (IOException e) {
      reporter.error(originating, Message.INTERNAL.format(originating.getSimpleName(),
          "could not write " + file.typeSpec().name() + ": " + e));
    }
  }

  /**
   * What JDT resolves binary types against: whatever the user passes ({@code -Ajgrad.classpath}),
   * then the compiler's own class path as far as the bridge can see it (so callees and constants
   * of classes compiled earlier, in other modules or jars, resolve as they do for the compiler),
   * then the runtime jar (for {@code @Grad} itself).
   */
  private List<String> classpath(Set<TypeElement> roots) {
    java.util.LinkedHashSet<String> entries = new java.util.LinkedHashSet<>(
        pathOption(CLASSPATH_OPTION));
    entries.addAll(bridge.classpath(roots));
    try {
      entries.add(new File(Grad.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI()).getPath());
    } catch (Exception e) {
      // the annotation then resolves by name only, which is enough
    }
    return new ArrayList<>(entries);
  }

  private List<String> pathOption(String name) {
    String value = env.getOptions().get(name);
    List<String> entries = new ArrayList<>();
    if (value != null) {
      for (String entry : value.split(File.pathSeparator)) {
        if (!entry.isBlank() && new File(entry).exists()) {
          entries.add(entry);
        }
      }
    }
    return entries;
  }
}
