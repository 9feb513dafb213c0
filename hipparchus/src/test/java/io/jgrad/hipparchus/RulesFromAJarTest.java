package io.jgrad.hipparchus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.Grad;
import io.jgrad.processor.GradProcessor;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.hipparchus.special.Erf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's build: javac with jgrad compiles a {@code @Grad} method calling {@code Erf.erfc}
 * against this module's classes, as a directory (what the test sources of this module see) and
 * as a jar (what a user's build sees), and the derivative of the compiled rules is the closed
 * form.
 */
class RulesFromAJarTest {
  private static final String CALLER = """
      package app;

      import io.jgrad.Grad;
      import org.hipparchus.special.Erf;

      public final class NormalTail {
        private NormalTail() {}

        /** P(Z > z) for a standard normal Z. */
        @Grad
        public static double upperTail(double z) {
          return 0.5 * Erf.erfc(z / Math.sqrt(2));
        }
      }
      """;

  @TempDir Path temp;

  @Test
  void rulesInAClassesDirectory() throws Exception {
    checkCompiledAgainst(moduleClasses());
  }

  /**
   * As a Maven dependency brings the rules: in a jar (javac's file manager shows processors only
   * the folders of a jar named like packages, which is why the index is in {@code
   * io/jgrad/rules/}, not {@code META-INF}).
   */
  @Test
  void rulesInAJar() throws Exception {
    checkCompiledAgainst(jarOf(moduleClasses()));
  }

  private void checkCompiledAgainst(Path rules) throws Exception {
    Path sources = Files.createDirectories(temp.resolve("src/app"));
    Files.writeString(sources.resolve("NormalTail.java"), CALLER);
    Path out = Files.createDirectories(temp.resolve("out"));
    String classPath = Stream.of(rules, locationOf(Erf.class), locationOf(Grad.class))
        .map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("--release", "17", "-classpath", classPath, "-d", out.toString()), null,
          files.getJavaFileObjects(sources.resolve("NormalTail.java")));
      task.setProcessors(List.of(new GradProcessor()));
      assertTrue(task.call(), () -> diagnostics.getDiagnostics().stream()
          .map(d -> d.getMessage(null)).collect(Collectors.joining("\n")));
    }

    try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL(),
        rules.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> reverse = loader.loadClass("app.NormalTail_Rrule");
      Method upperTail = reverse.getMethod("upperTail", double.class);
      for (double z : new double[] {-2, -0.3, 0, 1.1, 4}) {
        Object gradient = upperTail.invoke(null, z);
        double zBar = (double) gradient.getClass().getMethod("zBar").invoke(gradient);
        // d/dz P(Z > z) = -phi(z)
        double expected = -Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
        assertEquals(expected, zBar, 1e-14 * Math.abs(expected), "at " + z);
      }
    }
  }

  private static Path moduleClasses() throws URISyntaxException {
    return locationOf(ErfRules.class);
  }

  private static Path locationOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** A jar of the classes and resources under {@code root}. */
  private Path jarOf(Path root) throws IOException {
    Path jar = temp.resolve("jgrad-hipparchus.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
        String name = root.relativize(p).toString().replace('\\', '/');
        if (name.isEmpty()) {
          continue;
        }
        boolean directory = Files.isDirectory(p);
        out.putNextEntry(new JarEntry(directory ? name + "/" : name));
        if (!directory) {
          Files.copy(p, out);
        }
        out.closeEntry();
      }
    }
    return jar;
  }
}
