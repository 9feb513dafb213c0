package io.jgrad.fuzz;

import io.jgrad.Grad;
import io.jgrad.processor.GradProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles generated programs in-process with the system javac and jgrad's processor, many per
 * javac run, each run into a fresh folder loaded by a fresh class loader. A program that breaks
 * its batch keeps that run's errors and the others are compiled again, so that one finding does
 * not hide the others; javac's own errors on a program's source (not jgrad's messages) mean the
 * program is not Java: a generator bug.
 */
final class FuzzCompiler {
  /** How compiling one program ended. */
  enum Kind {
    /** Compiled; the rules exist. */
    OK("compiled"),
    /** javac rejects the program even without jgrad: a generator bug. */
    NOT_JAVA("GENERATOR BUG: the program is not valid Java"),
    /** jgrad reported an error on the program (a rejection of a documented construct). */
    REJECTED("jgrad rejects a program inside the documented language"),
    /** jgrad reported an internal error. */
    INTERNAL("jgrad internal error"),
    /** The generated rules do not compile. */
    RULES_DO_NOT_COMPILE("the generated rules do not compile");

    final String description;

    Kind(String description) {
      this.description = description;
    }
  }

  /** The result for one program; {@code primal}/{@code traced} are set when OK. */
  record Outcome(Program program, Kind kind, String diagnostics, Class<?> primal,
      Class<?> traced) {}

  private final Path work;
  private final String classpath;
  private int runs;
  /** Milliseconds spent in javac. */
  long millis;

  FuzzCompiler(Path work) {
    this.work = work;
    this.classpath = location(Grad.class) + java.io.File.pathSeparator + location(Trace.class);
  }

  private static String location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Compiles {@code programs} (distinct class names), isolating the ones that fail. */
  List<Outcome> compile(List<Program> programs) {
    Map<Program, Outcome> outcomes = new LinkedHashMap<>();
    compileInto(programs, outcomes);
    List<Outcome> result = new ArrayList<>();
    for (Program p : programs) {
      result.add(outcomes.get(p));
    }
    return result;
  }

  /**
   * Compiles {@code programs} in one run; the ones with errors keep the diagnostics of that run
   * and the others are compiled again (an error in one stops javac before it writes any class).
   * A program with an error of javac's own (not reported through jgrad's messager, not in the
   * generated rules) is not Java: a generator bug.
   */
  private void compileInto(List<Program> programs, Map<Program, Outcome> outcomes) {
    if (programs.isEmpty()) {
      return;
    }
    Run run = javac(programs, true);
    if (run.ok) {
      for (Program p : programs) {
        outcomes.put(p, loaded(p, run));
      }
      return;
    }
    Set<Program> bad = new LinkedHashSet<>(run.errors.keySet());
    if (!run.unattributed.isEmpty()) {
      // a failure of the whole run: compile every program alone
      if (programs.size() == 1) {
        bad = Set.of(programs.get(0));
      } else {
        for (Program p : programs) {
          compileInto(List.of(p), outcomes);
        }
        return;
      }
    }
    List<Program> good = new ArrayList<>(programs);
    good.removeAll(bad);
    compileInto(good, outcomes);
    for (Program p : bad) {
      String text = run.errors.getOrDefault(p, "") + run.unattributed;
      Kind kind;
      if (run.javacErrors.contains(p)) {
        kind = Kind.NOT_JAVA;
      } else if (text.contains("jgrad internal error")) {
        kind = Kind.INTERNAL;
      } else if (run.inRules.contains(p)) {
        kind = Kind.RULES_DO_NOT_COMPILE;
      } else {
        kind = Kind.REJECTED;
      }
      outcomes.put(p, new Outcome(p, kind, text, null, null));
    }
  }

  /** Compiles without jgrad (for timing). */
  boolean plain(List<Program> programs) {
    return javac(programs, false).ok;
  }

  private Outcome loaded(Program p, Run run) {
    try {
      Class<?> primal = run.loader().loadClass(p.qualifiedName());
      Class<?> traced = run.loader().loadClass(p.qualifiedTracedName());
      return new Outcome(p, Kind.OK, "", primal, traced);
    } catch (ClassNotFoundException e) {
      return new Outcome(p, Kind.RULES_DO_NOT_COMPILE, "class not found: " + e.getMessage(),
          null, null);
    }
  }

  /** One javac run. */
  private static final class Run {
    boolean ok;
    Path classes;
    final Map<Program, String> errors = new HashMap<>();
    final Set<Program> inRules = new LinkedHashSet<>();
    /** Programs with errors javac reports on their own source (not jgrad's messages). */
    final Set<Program> javacErrors = new LinkedHashSet<>();
    final StringBuilder unattributed = new StringBuilder();
    private URLClassLoader loader;

    URLClassLoader loader() {
      if (loader == null) {
        try {
          loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
              FuzzCompiler.class.getClassLoader());
        } catch (MalformedURLException e) {
          throw new IllegalStateException(e);
        }
      }
      return loader;
    }
  }

  private static String sourceLine(Diagnostic<? extends JavaFileObject> d) {
    try {
      String[] lines = d.getSource().getCharContent(true).toString().split("\n", -1);
      long n = d.getLineNumber();
      return n >= 1 && n <= lines.length ? lines[(int) n - 1].trim() : "?";
    } catch (IOException | RuntimeException e) {
      return "?";
    }
  }

  private Run javac(List<Program> programs, boolean withProcessor) {
    long start = System.currentTimeMillis();
    Path dir = work.resolve("run" + (++runs));
    Path src = dir.resolve("src");
    Path pkg = null;
    Path classes = dir.resolve("classes");
    Path generated = dir.resolve("generated");
    Map<String, Program> byName = new HashMap<>();
    List<Path> files = new ArrayList<>();
    try {
      Files.createDirectories(classes);
      Files.createDirectories(generated);
      for (Program p : programs) {
        pkg = src.resolve(p.packageName().replace('.', '/'));
        Files.createDirectories(pkg);
        Path file = pkg.resolve(p.name() + ".java");
        Files.writeString(file, p.source(), StandardCharsets.UTF_8);
        Path traced = pkg.resolve(p.tracedName() + ".java");
        Files.writeString(traced, p.tracedSource(), StandardCharsets.UTF_8);
        files.add(file);
        files.add(traced);
        byName.put(p.name(), p);
        byName.put(p.tracedName(), p);
        byName.put(p.name() + "_Frule", p);
        byName.put(p.name() + "_Rrule", p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Run run = new Run();
    run.classes = classes;
    try (StandardJavaFileManager files2 =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-s",
          generated.toString(), "-classpath", classpath, "-parameters", "-nowarn",
          "-Xlint:none", "-g", "-encoding", "UTF-8", "-Xmaxerrs", "10000",
          // report the errors of every class, not only of the first one with an error
          "-XDshould-stop.ifError=FLOW"));
      if (!withProcessor) {
        options.add("-proc:none");
      }
      JavaCompiler.CompilationTask task = compiler.getTask(null, files2, diagnostics, options,
          null, files2.getJavaFileObjectsFromPaths(files));
      if (withProcessor) {
        task.setProcessors(List.of(new GradProcessor()));
      }
      run.ok = task.call();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      run.ok = false;
      run.unattributed.append("javac threw ").append(e).append('\n');
    }
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      String file = d.getSource() == null ? null : Path.of(d.getSource().getName())
          .getFileName().toString();
      String simple = file == null ? null : file.replaceFirst("\\.java$", "");
      Program p = simple == null ? null : byName.get(simple);
      String line = (file == null ? "" : file + ":" + d.getLineNumber() + ": ")
          + d.getMessage(Locale.ROOT) + "\n";
      if (simple != null && (simple.endsWith("_Frule") || simple.endsWith("_Rrule"))) {
        line += "    (generated code: " + sourceLine(d) + ")\n";
      }
      if (p == null) {
        run.unattributed.append(line);
      } else {
        run.errors.merge(p, line, String::concat);
        if (simple.endsWith("_Frule") || simple.endsWith("_Rrule")) {
          run.inRules.add(p);
        } else if (!"compiler.err.proc.messager".equals(d.getCode())) {
          run.javacErrors.add(p);
        }
      }
    }
    if (run.ok && !run.unattributed.isEmpty()) {
      run.ok = false;
    }
    millis += System.currentTimeMillis() - start;
    if (Boolean.getBoolean("jgrad.fuzz.debugCompile")) {
      System.err.println("javac " + programs.size() + " programs" + (withProcessor ? "" : " (no jgrad)")
          + ": " + (System.currentTimeMillis() - start) + " ms, ok " + run.ok + ", errors in "
          + run.errors.size() + ", unattributed " + run.unattributed.length());
    }
    return run;
  }
}
