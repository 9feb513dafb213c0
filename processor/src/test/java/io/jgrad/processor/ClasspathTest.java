package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.jgrad.Grad;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDT sees the class path javac compiles against: a {@code @Grad} method calling a {@code @Grad}
 * method and reading a constant of a class compiled earlier, which is only on the class path (a
 * jar of another module, or an incremental build's output folder), is resolved and differentiated
 * instead of being skipped as "does not compile".
 *
 * <p>This module's tests run with javac's internals exported ({@code --add-exports} in the
 * surefire configuration), so this is the route through javac's file manager; the public-API route
 * of a plain Maven build is tested in test-fixtures ({@code ClasspathCompileTest}), where they are
 * not exported.
 */
class ClasspathTest {
  /** Compiled first; afterwards only its class files are on the class path. */
  static final String LIBRARY = """
      package lib;

      import io.jgrad.Grad;

      public final class B {
        public static final double TWO_PI = 2 * Math.PI;

        private B() {}

        @Grad
        public static double g(double x) {
          return x * x + TWO_PI * x;
        }
      }
      """;

  /** Imports B; calls B.g and reads B.TWO_PI. */
  static final String IMPORTING = """
      package app;

      import io.jgrad.Grad;
      import lib.B;

      public final class A {
        private A() {}

        @Grad
        public static double f(double x) {
          return B.g(x) * B.TWO_PI;
        }
      }
      """;

  /** Names B by its qualified name, without an import. */
  static final String QUALIFIED = """
      package app;

      import io.jgrad.Grad;

      public final class Q {
        private Q() {}

        @Grad
        public static double f(double x) {
          return lib.B.g(x) + lib.B.TWO_PI;
        }
      }
      """;

  /** In B's package (as when an incremental build recompiles only C): no import. */
  static final String SAME_PACKAGE = """
      package lib;

      import io.jgrad.Grad;

      public final class C {
        private C() {}

        @Grad
        public static double f(double x) {
          return B.g(x) / TWO;
        }

        static final double TWO = B.TWO_PI / Math.PI;
      }
      """;

  static final List<String> CALLERS = List.of("app.A", "app.Q", "lib.C");

  @Test
  void compileTestingClasspathResolvesCalleeAndConstant(@TempDir Path dir) throws IOException {
    Path library = compileLibrary(dir);
    Compilation callers = Compiler.javac().withProcessors(new GradProcessor())
        .withClasspath(List.of(library.toFile(), new File(runtimeJar())))
        .compile(JavaFileObjects.forSourceString("app.A", IMPORTING),
            JavaFileObjects.forSourceString("app.Q", QUALIFIED),
            JavaFileObjects.forSourceString("lib.C", SAME_PACKAGE));
    assertNotSkipped(callers.diagnostics());
    assertThat(callers).succeeded();
    for (String caller : CALLERS) {
      for (String suffix : List.of("_Frule", "_Rrule")) {
        assertThat(callers).generatedSourceFile(caller + suffix);
      }
    }
  }

  /**
   * javax.tools with javac's own file manager on folders: B's classes are in the output folder of
   * an earlier compilation, which the second compilation has on its class path and writes to.
   */
  @Test
  void javacClasspathAndOutputFolderResolveCalleeAndConstant(@TempDir Path dir)
      throws Exception {
    Path classes = compileLibrary(dir);
    List<Path> sources = new ArrayList<>();
    sources.add(write(dir.resolve("src"), "app/A.java", IMPORTING));
    sources.add(write(dir.resolve("src"), "app/Q.java", QUALIFIED));
    sources.add(write(dir.resolve("src"), "lib/C.java", SAME_PACKAGE));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean ok;
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, UTF_8)) {
      ok = javac.getTask(null, files, diagnostics, List.of(
              "-classpath", classes + File.pathSeparator + runtimeJar(),
              "-d", classes.toString(), "-s", generated.toString()),
          null, files.getJavaFileObjectsFromPaths(sources)).call();
    }
    assertNotSkipped(diagnostics.getDiagnostics());
    assertTrue(ok, () -> describe(diagnostics.getDiagnostics()));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
        getClass().getClassLoader())) {
      // A.f(x) = B.g(x) * 2pi, B.g(x) = x^2 + 2pi x: d/dx = (2x + 2pi) * 2pi
      Object dual = loader.loadClass("app.A_Frule").getMethod("f", double.class, double.class)
          .invoke(null, 1.5, 1.0);
      double tangent = (double) dual.getClass().getMethod("tangent").invoke(dual);
      assertEquals((2 * 1.5 + 2 * Math.PI) * 2 * Math.PI, tangent, 1e-12);
    }
  }

  /** Compiles {@link #LIBRARY} with jgrad into {@code dir/lib-classes}: B and its rules. */
  static Path compileLibrary(Path dir) throws IOException {
    Compilation library = Compiler.javac().withProcessors(new GradProcessor())
        .compile(JavaFileObjects.forSourceString("lib.B", LIBRARY));
    assertThat(library).succeededWithoutWarnings();
    Path classes = Files.createDirectories(dir.resolve("lib-classes"));
    for (JavaFileObject file : library.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        String path = file.toUri().getPath();
        Path target = classes.resolve(path.substring(path.indexOf("/lib/") + 1));
        Files.createDirectories(target.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.write(target, in.readAllBytes());
        }
      }
    }
    try (Stream<Path> files = Files.list(classes.resolve("lib"))) {
      assertEquals(List.of("B.class", "B_Frule.class", "B_Rrule.class"), files
          .map(f -> f.getFileName().toString()).filter(f -> !f.contains("$")).sorted()
          .collect(Collectors.toList()));
    }
    return classes;
  }

  /** No method was skipped because JDT could not resolve it. */
  static void assertNotSkipped(List<? extends Diagnostic<? extends JavaFileObject>> diagnostics) {
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      String message = d.getMessage(Locale.ROOT);
      assertFalse(message.contains("jgrad skipped") || message.contains("does not compile")
          || message.contains("cannot resolve") || message.contains("cannot be resolved"),
          () -> "JDT did not resolve the class path: " + describe(diagnostics));
    }
  }

  static String describe(List<? extends Diagnostic<? extends JavaFileObject>> diagnostics) {
    return diagnostics.stream().map(d -> d.getKind() + " "
            + (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber())
            + " " + d.getMessage(Locale.ROOT))
        .collect(Collectors.joining("\n"));
  }

  static Path write(Path root, String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, UTF_8);
    return file;
  }

  static String runtimeJar() {
    try {
      return Path.of(Grad.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
