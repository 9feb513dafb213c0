package io.jgrad.ecj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jgrad.ecj.EcjCompileTest.EcjRun;
import io.jgrad.processor.GradProcessor;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under Eclipse's compiler, jgrad's errors inside a {@code @Grad} method's body are positioned at
 * the offending code, as under javac: ecj prints each at its own line with its own code underlined
 * (batch compiler), and reports its line, column and character range through javax.tools (as the
 * Eclipse IDE marks it), not on the method's declaration line. Every problem of the method is
 * reported, not just the first.
 */
class EcjPositionsTest {
  /** A method with three unsupported constructs on three lines; markers are unique. */
  static final String SOURCE = String.join("\n",
      "package ecjpos;",
      "",
      "import io.jgrad.Grad;",
      "",
      "public final class Positions {",
      "  private Positions() {}",
      "",
      "  @Grad",
      "  public static double f(double x) {",
      "    double s = x * x;",
      "    try {",
      "      s += Math.log(x);",
      "    } catch (ArithmeticException e) {",
      "      s = 0.0;",
      "    }",
      "    java.util.function.DoubleUnaryOperator g = (v) -> v * v;",
      "    return s * \"abc\".codePointAt(0);",
      "  }",
      "}",
      "");

  /** The jgrad errors expected: a text of the message, and where the offending code starts. */
  record Expected(String message, String marker) {
    int offset() {
      int at = SOURCE.indexOf(marker);
      assertTrue(at >= 0 && SOURCE.indexOf(marker, at + 1) < 0, marker);
      return at;
    }

    int line() {
      return (int) SOURCE.substring(0, offset()).chars().filter(c -> c == '\n').count() + 1;
    }

    int column() {
      return offset() - (SOURCE.lastIndexOf('\n', offset() - 1) + 1) + 1;
    }
  }

  static final List<Expected> EXPECTED = List.of(
      new Expected("a try statement is not supported in a @Grad method", "try {"),
      new Expected(
          "write the computation inline, or as a static method (jgrad differentiates it too)",
          "(v) -> v * v"),
      new Expected("String.codePointAt(int)", "\"abc\".codePointAt(0)"));

  static final int DECLARATION_LINE = new Expected("", "public static double f(").line();

  @TempDir Path temp;

  private Path writeSource() throws IOException {
    Path file = temp.resolve("src/ecjpos/Positions.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, SOURCE, StandardCharsets.UTF_8);
    return file;
  }

  /** The batch compiler prints each error at its line, underlining the offending code. */
  @Test
  void batchCompilerPrintsEachErrorAtTheOffendingCode() throws IOException {
    Path file = writeSource();
    EcjRun run = EcjRun.compile(temp, List.of(file));
    assertFalse(run.success(), run.output());
    List<String> problems = run.problems();
    for (Expected expected : EXPECTED) {
      List<String> matching = problems.stream().filter(p -> p.contains(expected.message()))
          .collect(Collectors.toList());
      assertEquals(1, matching.size(), "one error containing '" + expected.message()
          + "' expected; ecj said:\n" + run.output());
      String problem = matching.get(0);
      assertTrue(problem.contains("ERROR in " + file + " (at line " + expected.line() + ")"),
          "not at line " + expected.line() + " (the method is declared on line "
          + DECLARATION_LINE + "):\n" + problem);
      assertEquals(expected.marker(), underlined(problem, expected.marker().length()),
          "underlined code of:\n" + problem);
    }
    assertFalse(run.output().contains("line " + EXPECTED.get(0).line() + ", column"),
        "the position is ecj's, not in the message text:\n" + run.output());
  }

  /**
   * Through javax.tools (ecj's {@code EclipseCompiler}, as build tools and the IDE see problems),
   * each error has the line, column and character range of the offending code.
   */
  @Test
  void javaxToolsSeesLineColumnAndRangeOfTheOffendingCode() throws IOException {
    Path file = writeSource();
    Path classes = Files.createDirectories(temp.resolve("classes"));
    Path generated = Files.createDirectories(temp.resolve("generated"));
    JavaCompiler ecj = new EclipseCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean ok;
    try (StandardJavaFileManager files =
        ecj.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of("-17", "-encoding", "UTF-8",
          "-d", classes.toString(), "-s", generated.toString(),
          "-classpath", String.join(File.pathSeparator, EcjCompileTest.compileClasspath()),
          "-processorpath", String.join(File.pathSeparator, EcjCompileTest.processorPath()),
          "-processor", GradProcessor.class.getName());
      ok = ecj.getTask(null, files, diagnostics, options, null,
          files.getJavaFileObjects(file.toFile())).call();
    }
    assertFalse(ok, "ecj accepted the unsupported constructs");
    List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).collect(Collectors.toList());
    for (Expected expected : EXPECTED) {
      List<Diagnostic<? extends JavaFileObject>> matching = errors.stream()
          .filter(d -> d.getMessage(Locale.ROOT).contains(expected.message()))
          .collect(Collectors.toList());
      assertEquals(1, matching.size(), "one error containing '" + expected.message()
          + "' expected: " + describe(errors));
      Diagnostic<? extends JavaFileObject> error = matching.get(0);
      String where = describe(List.of(error));
      assertEquals(expected.line(), error.getLineNumber(), where);
      assertEquals(expected.column(), error.getColumnNumber(), where);
      assertEquals(expected.offset(), error.getStartPosition(), where);
      assertTrue(error.getEndPosition() >= expected.offset() + expected.marker().length() - 1,
          where);
    }
  }

  /**
   * The code ecj underlines with {@code ^} in one printed problem: ecj prints the problem's source
   * lines (left-trimmed) after the header, then a line of carets under its characters.
   */
  private static String underlined(String problem, int length) {
    String[] lines = problem.split("\\R");
    for (int h = 0; h + 1 < lines.length; h++) {
      if (lines[h].contains("ERROR in")) {
        String code = lines[h + 1];
        for (int k = h + 2; k < lines.length; k++) {
          Matcher carets = Pattern.compile("\\^+").matcher(lines[k]);
          if (carets.find() && lines[k].substring(0, carets.start()).isBlank()) {
            int from = carets.start();
            return code.substring(Math.min(code.length(), from),
                Math.min(code.length(), from + length));
          }
        }
      }
    }
    fail("no underline in:\n" + problem);
    return null;
  }

  private static String describe(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    List<String> lines = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      lines.add("line " + d.getLineNumber() + " column " + d.getColumnNumber() + " ["
          + d.getStartPosition() + ".." + d.getEndPosition() + "] " + d.getMessage(Locale.ROOT));
    }
    return String.join("\n", lines);
  }
}
