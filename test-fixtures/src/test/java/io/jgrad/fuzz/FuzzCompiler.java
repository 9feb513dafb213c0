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
   * Compiles {@code programs}: jgrad alone ({@code -proc:only}) writes the rules and reports its
   * errors; then javac alone compiles every program, its traced twin and the rules jgrad wrote,
   * reporting the errors of every class ({@code should-stop.ifError}); as it writes no class once
   * some class has an error, the programs without errors are compiled once more.
   */
  private void compileInto(List<Program> programs, Map<Program, Outcome> outcomes) {
    if (programs.isEmpty()) {
      return;
    }
    Run generate = javac(programs, true, null);
    if (!generate.unattributed.isEmpty() && programs.size() > 1) {
      // a failure of the whole run: compile every program alone
      for (Program p : programs) {
        compileInto(List.of(p), outcomes);
      }
      return;
    }
    List<Program> left = programs;
    while (!left.isEmpty()) {
      Run compile = javac(left, false, generate);
      if (!compile.unattributed.isEmpty() && left.size() > 1) {
        for (Program p : left) {
          compileInto(List.of(p), outcomes);
        }
        return;
      }
      List<Program> again = new ArrayList<>();
      for (Program p : left) {
        String jgrad = generate.errors.getOrDefault(p, "") + generate.unattributed;
        String javac = compile.errors.getOrDefault(p, "") + compile.unattributed;
        if (compile.javacErrors.contains(p)) {
          outcomes.put(p, new Outcome(p, Kind.NOT_JAVA, javac, null, null));
        } else if (!jgrad.isEmpty()) {
          Kind kind = jgrad.contains("jgrad internal error") ? Kind.INTERNAL : Kind.REJECTED;
          outcomes.put(p, new Outcome(p, kind, jgrad + javac, null, null));
        } else if (!javac.isEmpty()) {
          outcomes.put(p, new Outcome(p, Kind.RULES_DO_NOT_COMPILE, javac, null, null));
        } else if (compile.hasClasses(p)) {
          outcomes.put(p, loaded(p, compile));
        } else {
          // javac writes no classes once some class has an error: compile the rest again
          again.add(p);
        }
      }
      if (again.size() == left.size()) {
        for (Program p : again) {
          outcomes.put(p, new Outcome(p, Kind.RULES_DO_NOT_COMPILE, "javac wrote no classes"
              + " and reported no error", null, null));
        }
        return;
      }
      left = again;
    }
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
    /** Where jgrad wrote the rules (-s). */
    Path generated;
    final Map<Program, String> errors = new HashMap<>();
    final Set<Program> inRules = new LinkedHashSet<>();
    /** Programs with errors javac reports on their own source (not jgrad's messages). */
    final Set<Program> javacErrors = new LinkedHashSet<>();
    final StringBuilder unattributed = new StringBuilder();
    private URLClassLoader loader;

    /** True if the program, its traced twin and both rule classes were written. */
    boolean hasClasses(Program p) {
      Path dir = classes.resolve(p.packageName().replace('.', '/'));
      for (String name : List.of(p.name(), p.tracedName(), p.name() + "_Frule",
          p.name() + "_Rrule")) {
        if (!Files.exists(dir.resolve(name + ".class"))) {
          return false;
        }
      }
      return true;
    }

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

  /**
   * One javac run: with {@code withProcessor}, jgrad alone ({@code -proc:only}) writing the rules;
   * without, a plain compile of the programs, their twins and the rules {@code generated} wrote
   * (if not null) for the programs it has no error for.
   */
  private Run javac(List<Program> programs, boolean withProcessor, Run generated) {
    long start = System.currentTimeMillis();
    Path dir = work.resolve("run" + (++runs));
    Path src = dir.resolve("src");
    Path classes = dir.resolve("classes");
    Path generatedDir = dir.resolve("generated");
    Map<String, Program> byName = new HashMap<>();
    Set<String> generatedNames = new java.util.HashSet<>();
    List<Path> files = new ArrayList<>();
    try {
      Files.createDirectories(classes);
      Files.createDirectories(generatedDir);
      for (Program p : programs) {
        Path pkg = src.resolve(p.packageName().replace('.', '/'));
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
        if (generated != null && !generated.errors.containsKey(p)) {
          // the rules and the tangent classes of the program's records (Prog5_R0_Tangent)
          Path rules = generated.generated.resolve(p.packageName().replace('.', '/'));
          if (Files.isDirectory(rules)) {
            try (var listing = Files.list(rules)) {
              for (Path rule : listing.sorted().toList()) {
                String simple = rule.getFileName().toString().replaceFirst("\\.java$", "");
                if (rule.toString().endsWith(".java") && simple.startsWith(p.name() + "_")) {
                  files.add(rule);
                  byName.put(simple, p);
                  generatedNames.add(simple);
                }
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Run run = new Run();
    run.classes = classes;
    run.generated = generatedDir;
    try (StandardJavaFileManager files2 =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-s",
          generatedDir.toString(), "-classpath", classpath, "-parameters", "-nowarn",
          "-Xlint:none", "-g", "-encoding", "UTF-8", "-Xmaxerrs", "10000",
          // report the errors of every class, not only of the first one with an error
          "-XDshould-stop.ifError=FLOW"));
      options.add(withProcessor ? "-proc:only" : "-proc:none");
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
      boolean inGenerated = simple != null && (simple.endsWith("_Frule")
          || simple.endsWith("_Rrule") || generatedNames.contains(simple));
      if (inGenerated) {
        line += "    (generated code: " + sourceLine(d) + ")\n";
      }
      if (p == null) {
        run.unattributed.append(line);
      } else {
        run.errors.merge(p, line, String::concat);
        if (inGenerated) {
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
