package io.jgrad.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A run of the random-program tester: generates programs {@code from .. from + count - 1} of a
 * seed, compiles them in batches with jgrad, checks every method, optionally shrinks the
 * findings, prints each finding (seed, program, check, numbers, source) and writes it to the
 * findings folder.
 */
final class Fuzzer {
  /** What to run. */
  record Settings(long seed, int from, int count, int batch, int points, boolean shrink,
      long shrinkMillis, long timeoutMillis, Path findings, Path work, List<Integer> only) {

    /** The program indexes to run: {@code only} if given, else {@code from .. from+count-1}. */
    List<Integer> indexes() {
      if (only != null && !only.isEmpty()) {
        return only;
      }
      List<Integer> all = new ArrayList<>();
      for (int i = from; i < from + count; i++) {
        all.add(i);
      }
      return all;
    }
  }

  /** The outcome of a run. */
  record Result(List<Finding> findings, String summary) {}

  private final Settings settings;
  private final PrintStream log;
  private final java.util.Set<String> written = new java.util.HashSet<>();

  Fuzzer(Settings settings, PrintStream log) {
    this.settings = settings;
    this.log = log;
  }

  Result run() {
    long start = System.currentTimeMillis();
    ProgramGenerator generator = new ProgramGenerator(GenConfig.fromSystemProperties());
    FuzzCompiler compiler = new FuzzCompiler(settings.work());
    List<Finding> findings = new ArrayList<>();
    int statements = 0;
    long checkMillis = 0;
    try (ProgramChecker checker = new ProgramChecker(settings.points(),
        settings.timeoutMillis())) {
      List<Integer> indexes = settings.indexes();
      for (int first = 0; first < indexes.size(); first += settings.batch()) {
        int last = Math.min(first + settings.batch(), indexes.size());
        List<Program> programs = new ArrayList<>();
        for (int i : indexes.subList(first, last)) {
          Program p = generator.generate(settings.seed(), i);
          statements += p.size();
          programs.add(p);
        }
        List<FuzzCompiler.Outcome> outcomes = compiler.compile(programs);
        long checkStart = System.currentTimeMillis();
        for (FuzzCompiler.Outcome outcome : outcomes) {
          if (outcome.kind() != FuzzCompiler.Kind.OK) {
            String kind = outcome.kind() == FuzzCompiler.Kind.NOT_JAVA
                ? Finding.GENERATOR + " (not Java)" : outcome.kind().description;
            findings.add(new Finding(outcome.program(), null, kind, outcome.diagnostics()));
            continue;
          }
          findings.addAll(checker.check(outcome));
        }
        checkMillis += System.currentTimeMillis() - checkStart;
        deleteQuietly(settings.work());
      }
      if (settings.shrink() && !findings.isEmpty()) {
        try (ProgramChecker shrinkChecker = new ProgramChecker(settings.points(),
            settings.timeoutMillis())) {
          Shrinker shrinker = new Shrinker(new FuzzCompiler(settings.work().resolve("shrink")),
              shrinkChecker, settings.shrinkMillis(), log);
          List<Finding> shrunk = new ArrayList<>();
          for (Finding f : findings) {
            shrunk.add(f.isGeneratorBug() || f.kind().equals("timeout") ? f : shrinker.shrink(f));
          }
          findings = shrunk;
        }
        deleteQuietly(settings.work());
      }
      long millis = System.currentTimeMillis() - start;
      String range = settings.only() != null && !settings.only().isEmpty()
          ? settings.only().toString()
          : settings.from() + ".." + (settings.from() + settings.count() - 1);
      String summary = "random programs: seed " + settings.seed() + ", programs " + range
          + " (" + indexes.size() + " programs, " + statements + " statements); "
          + checker.stats + "; " + findings.size() + " finding(s) in "
          + findings.stream().map(f -> f.program().index()).distinct().count()
          + " program(s); " + millis + " ms (javac + jgrad " + compiler.millis
          + " ms, checks " + checkMillis + " ms)";
      report(findings, summary);
      return new Result(findings, summary);
    }
  }

  private void report(List<Finding> findings, String summary) {
    Path dir = settings.findings().resolve("seed" + settings.seed());
    Map<String, List<Finding>> groups = new LinkedHashMap<>();
    for (Finding f : findings) {
      groups.computeIfAbsent(f.group(), k -> new ArrayList<>()).add(f);
      log.println();
      log.println("=== FINDING " + f.headline());
      log.println("kind: " + f.kind());
      log.println(f.message());
      log.println("--- program (also in " + dir.resolve(f.program().name() + ".java") + "):");
      log.println(f.program().source());
      write(dir, f);
    }
    log.println();
    log.println(summary);
    if (!groups.isEmpty()) {
      log.println("findings by kind:");
      for (Map.Entry<String, List<Finding>> e : groups.entrySet()) {
        log.println("  " + e.getValue().size() + " x " + e.getKey() + "  (e.g. program "
            + e.getValue().get(0).program().index() + ")");
      }
    }
  }

  private void write(Path dir, Finding f) {
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(f.program().name() + ".java"), f.program().source(),
          StandardCharsets.UTF_8);
      Path text = dir.resolve(f.program().name() + ".txt");
      String previous = written.add(f.program().name()) || !Files.exists(text) ? ""
          : Files.readString(text) + "\n";
      Files.writeString(text, previous + f.headline() + "\nkind: " + f.kind() + "\n"
          + f.message() + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void deleteQuietly(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // leftovers in target/ are harmless
    }
  }
}
