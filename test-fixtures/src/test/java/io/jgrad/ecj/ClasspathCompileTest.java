package io.jgrad.ecj;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.Dual;
import io.jgrad.ecj.EcjCompileTest.EcjRun;
import io.jgrad.processor.GradProcessor;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDT sees the class path of the compiler running jgrad: {@code @Grad} methods that call the
 * {@code @Grad} method {@code lib.B.g} and read its constant {@code B.TWO_PI}, where {@code B} and
 * its rules were compiled earlier and are only on the class path (another module's classes, or an
 * incremental build's output folder), are differentiated, not skipped as "does not compile".
 * Three callers: one importing B, one naming it by qualified name, one in B's package.
 *
 * <p>Under javac this JVM does not export javac's internals to processors, exactly as in a plain
 * Maven build, so jgrad finds the class path through public API (the {@code Filer}); under ecj it
 * reads the class path of ecj's name environment.
 */
class ClasspathCompileTest {
  static final String LIBRARY = String.join("\n",
      "package lib;",
      "",
      "import io.jgrad.Grad;",
      "",
      "public final class B {",
      "  public static final double TWO_PI = 2 * Math.PI;",
      "",
      "  private B() {}",
      "",
      "  @Grad",
      "  public static double g(double x) {",
      "    return x * x + TWO_PI * x;",
      "  }",
      "}",
      "");

  static final String IMPORTING = String.join("\n",
      "package app;",
      "",
      "import io.jgrad.Grad;",
      "import lib.B;",
      "",
      "public final class A {",
      "  private A() {}",
      "",
      "  @Grad",
      "  public static double f(double x) {",
      "    return B.g(x) * B.TWO_PI;",
      "  }",
      "}",
      "");

  static final String QUALIFIED = String.join("\n",
      "package app;",
      "",
      "import io.jgrad.Grad;",
      "",
      "public final class Q {",
      "  private Q() {}",
      "",
      "  @Grad",
      "  public static double f(double x) {",
      "    return lib.B.g(x) + lib.B.TWO_PI;",
      "  }",
      "}",
      "");

  static final String SAME_PACKAGE = String.join("\n",
      "package lib;",
      "",
      "import io.jgrad.Grad;",
      "",
      "public final class C {",
      "  static final double TWO = B.TWO_PI / Math.PI;",
      "",
      "  private C() {}",
      "",
      "  @Grad",
      "  public static double f(double x) {",
      "    return B.g(x) / TWO;",
      "  }",
      "}",
      "");

  @TempDir static Path temp;

  /** B, B_Frule and B_Rrule, compiled by javac with jgrad. */
  static Path library;

  @BeforeAll
  static void compileLibrary() throws IOException {
    Path src = temp.resolve("lib-src");
    library = temp.resolve("lib-classes");
    Javac run = Javac.compile(List.of(write(src, "lib/B.java", LIBRARY)), library,
        temp.resolve("lib-generated"), List.of());
    assertTrue(run.success(), run.describe());
    for (String name : List.of("B", "B_Frule", "B_Rrule")) {
      assertTrue(Files.isRegularFile(library.resolve("lib/" + name + ".class")), name);
    }
  }

  /** The callers: class name, source, and d/dx of f at {@link #X}. */
  record Caller(String name, String source, double derivative) {
    Path write(Path dir) throws IOException {
      return ClasspathCompileTest.write(dir.resolve("src"), name.replace('.', '/') + ".java",
          source);
    }
  }

  static final double X = 1.5;

  /** d/dx B.g(x) at {@link #X}. */
  static final double DG = 2 * X + 2 * Math.PI;

  static final List<Caller> CALLERS = List.of(
      new Caller("app.A", IMPORTING, DG * 2 * Math.PI),
      new Caller("app.Q", QUALIFIED, DG),
      new Caller("lib.C", SAME_PACKAGE, DG / 2));

  private static List<Path> write(Path dir, List<Caller> callers) throws IOException {
    List<Path> sources = new ArrayList<>();
    for (Caller c : callers) {
      sources.add(c.write(dir));
    }
    return sources;
  }

  /**
   * A plain Maven-like javac run: B's folder on the class path, the caller's classes to a folder
   * of their own. javac's internals are not visible to the processor here. Each caller is
   * compiled alone, since each names B differently (import, qualified name, same package).
   */
  @Test
  void javacClassPathIsSeenThroughPublicApi() throws Exception {
    assertFalse(ModuleLayer.boot().findModule("jdk.compiler").orElseThrow()
            .isExported("com.sun.tools.javac.api", GradProcessor.class.getModule()),
        "javac's internals are exported to this JVM's processors: this test would not exercise"
            + " the public-API route of a plain Maven build");
    for (Caller caller : CALLERS) {
      Path dir = temp.resolve("javac-" + caller.name());
      Path classes = dir.resolve("classes");
      Javac run = Javac.compile(write(dir, List.of(caller)), classes, dir.resolve("generated"),
          List.of(library.toString()));
      assertNotSkipped(caller.name() + ":\n" + run.describe());
      assertTrue(run.success(), run.describe());
      checkRules(classes, List.of(caller));
    }
  }

  /**
   * An incremental javac build: B's classes are in the output folder the callers are compiled to
   * (Maven also puts that folder on the class path).
   */
  @Test
  void javacOutputFolderOfAnEarlierBuildIsSeen() throws Exception {
    Path dir = temp.resolve("javac-incremental");
    Path classes = dir.resolve("classes");
    copy(library, classes);
    Javac run = Javac.compile(write(dir, CALLERS), classes, dir.resolve("generated"),
        List.of(classes.toString()));
    assertNotSkipped(run.describe());
    assertTrue(run.success(), run.describe());
    checkRules(classes, CALLERS);
  }

  @Test
  void ecjClassPathIsSeen() throws Exception {
    Path dir = temp.resolve("ecj");
    EcjRun run = EcjRun.compile(dir, write(dir, CALLERS), List.of(library.toString()));
    assertNotSkipped(run.output());
    assertTrue(run.success(), run.output());
    checkRules(run.classes(), CALLERS);
  }

  /** The callers' rules exist and compose through B's rules on the class path. */
  private static void checkRules(Path classes, List<Caller> callers) throws Exception {
    for (Caller caller : callers) {
      for (String suffix : List.of("_Frule", "_Rrule")) {
        String file = caller.name().replace('.', '/') + suffix + ".class";
        assertTrue(Files.isRegularFile(classes.resolve(file)), file + " was not generated");
      }
    }
    try (URLClassLoader loader = new URLClassLoader(
        new URL[] {classes.toUri().toURL(), library.toUri().toURL()},
        ClasspathCompileTest.class.getClassLoader())) {
      for (Caller caller : callers) {
        assertEquals(caller.derivative(), tangent(loader, caller.name() + "_Frule", X), 1e-12,
            caller.name());
      }
    }
  }

  private static double tangent(ClassLoader loader, String rule, double x) throws Exception {
    Method f = loader.loadClass(rule).getMethod("f", double.class, double.class);
    return ((Dual) f.invoke(null, x, 1.0)).tangent();
  }

  private static void assertNotSkipped(String output) {
    assertFalse(output.contains("jgrad skipped") || output.contains("does not compile")
            || output.contains("cannot be resolved") || output.contains("cannot resolve"),
        "JDT did not see the compiler's class path:\n" + output);
  }

  /** One in-process javac run with jgrad, through javax.tools and javac's own file manager. */
  record Javac(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    static Javac compile(List<Path> sources, Path classes, Path generated, List<String> classpath)
        throws IOException {
      Files.createDirectories(classes);
      Files.createDirectories(generated);
      List<String> entries = new ArrayList<>(classpath);
      entries.addAll(EcjCompileTest.compileClasspath());
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      boolean ok;
      try (StandardJavaFileManager files =
          javac.getStandardFileManager(diagnostics, Locale.ROOT, UTF_8)) {
        JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics, List.of(
                "-classpath", String.join(File.pathSeparator, entries),
                "-d", classes.toString(), "-s", generated.toString()),
            null, files.getJavaFileObjectsFromPaths(sources));
        task.setProcessors(List.of(new GradProcessor()));
        ok = task.call();
      }
      return new Javac(ok, diagnostics.getDiagnostics());
    }

    String describe() {
      return diagnostics.stream().map(d -> d.getKind() + " "
              + (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber())
              + " " + d.getMessage(Locale.ROOT))
          .collect(Collectors.joining("\n"));
    }
  }

  private static Path write(Path root, String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, UTF_8);
    return file;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (var files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }
}
