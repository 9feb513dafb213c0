package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.GradCheck;
import io.jgrad.processor.GradProcessor;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Methods whose rules would pass the JVM's 64 KB method limit (issue 8, item 10): a straight-line
 * method of 250 statements (8 KB of bytecode, its rules several times that) and a loop whose
 * body is 200 statements long. The rules are split into chunk methods sharing a frame; they must compile
 * and pass GradCheck like any other method.
 */
class LargeMethodsTest {
  private static String straightLine(int statements) {
    StringBuilder body = new StringBuilder("    double v0 = x;\n    double v1 = y;\n");
    for (int k = 2; k < statements; k++) {
      body.append("    double v").append(k).append(" = Math.sin(v").append(k - 1)
          .append(") * x + v").append(k - 2).append(" * 0.5 - y / (1.0 + v").append(k - 1)
          .append(" * v").append(k - 1).append(");\n");
    }
    return body.append("    return v").append(statements - 1).append(";\n").toString();
  }

  private static String loop(int statements) {
    StringBuilder body = new StringBuilder(
        "    double s = 0;\n    for (int i = 0; i < x.length; i++) {\n      double v0 = x[i];\n");
    for (int k = 1; k < statements; k++) {
      body.append("      double v").append(k).append(" = Math.cos(v").append(k - 1)
          .append(") * x[i] + 0.25 * v").append(k - 1).append(";\n");
    }
    return body.append("      s += v").append(statements - 1).append(";\n    }\n    return s;\n")
        .toString();
  }

  @Test
  void hugeMethodsGetRulesThatCompileAndAreRight(@TempDir Path dir) throws Exception {
    String source = """
        package big;

        import io.jgrad.Grad;

        public final class Huge {
          @Grad
          public static double straight(double x, double y) {
        %s  }

          @Grad
          public static double looped(double[] x) {
        %s  }
        }
        """.formatted(straightLine(250), loop(200));
    Class<?> huge = compile(dir, "big/Huge.java", source, "big.Huge");
    GradCheck.of(huge, "straight").points(2).range(-1, 1).check();
    GradCheck.of(huge, "looped").points(2).range(-1, 1).arrayLength(3).check();
    String rules = Files.readString(dir.resolve("generated/big/Huge_Rrule.java"));
    assertTrue(rules.contains("straightForward$1(frame)"), "the forward part is split");
  }

  private static Class<?> compile(Path dir, String path, String source, String className)
      throws IOException, ClassNotFoundException {
    Path file = dir.resolve("src").resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, source, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(),
              "-s", generated.toString()), null, files.getJavaFileObjects(file));
      task.setProcessors(List.of(new GradProcessor()));
      boolean ok = task.call();
      assertTrue(ok, () -> "compilation failed: " + diagnostics.getDiagnostics());
    }
    URLClassLoader loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
        LargeMethodsTest.class.getClassLoader());
    return loader.loadClass(className);
  }
}
