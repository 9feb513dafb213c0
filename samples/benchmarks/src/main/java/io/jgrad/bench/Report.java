package io.jgrad.bench;

import io.jgrad.bench.suite.Rows;
import io.jgrad.bench.suite.ExponentialFitJacobianBenchmark;
import io.jgrad.bench.suite.RosenbrockHessianBenchmark;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the suite and reports it: checks every row's implementations against each other, times them
 * with JMH (one fork per benchmark, {@code -prof gc} for bytes per call), prints the table of ratios
 * to the primal and the missed targets, and writes the results as JSON and as an SVG chart.
 *
 * <pre>
 *   java -cp samples/benchmarks/target/benchmarks.jar io.jgrad.bench.Report quick|full
 *        [--rows REGEX] [--out DIR] [--forks N]
 * </pre>
 *
 * <p>{@code quick}: warmup 1 x 1 s, measurement 2 x 1 s; writes {@code quick-results.json},
 * {@code quick-ratios.svg} and {@code quick-jmh.json}. {@code full}: warmup 3 x 2 s, measurement
 * 5 x 2 s; writes {@code results.json}, {@code ratios.svg} and {@code jmh.json} (the published ones).
 * {@code --rows} keeps the rows whose label matches; {@code --out} defaults to
 * {@code samples/benchmarks/bench-results} from the repository root, else {@code bench-results};
 * {@code --forks} runs each benchmark in N JVMs instead of 1 (JIT decisions vary between forks).
 */
public final class Report {
  private Report() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0 || !(args[0].equals("quick") || args[0].equals("full"))) {
      System.err.println("usage: Report quick|full [--rows REGEX] [--out DIR] [--forks N]");
      System.exit(2);
    }
    String mode = args[0];
    Pattern rowFilter = null;
    Path out = defaultOut();
    int forks = 1;
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rowFilter = Pattern.compile(args[++i]);
        case "--out" -> out = Paths.get(args[++i]);
        case "--forks" -> forks = Integer.parseInt(args[++i]);
        default -> {
          System.err.println("unknown argument " + args[i]);
          System.exit(2);
        }
      }
    }
    boolean quick = mode.equals("quick");
    long start = System.nanoTime();

    List<RowBenchmark> rows = new ArrayList<>();
    for (RowBenchmark row : Rows.all()) {
      if (rowFilter == null || rowFilter.matcher(row.label()).find()) {
        rows.add(row);
      }
    }

    Results results = new Results(mode, environment(quick, forks));
    System.out.println("jgrad benchmarks, " + mode + " run: " + rows.size() + " rows");
    System.out.println("agreement (before timing):");
    for (RowBenchmark row : rows) {
      List<String> lines;
      try {
        lines = Agreement.check(row);
      } catch (AssertionError e) {
        System.out.println("  " + row.label() + ": DISAGREE: " + e.getMessage());
        System.exit(1);
        return;
      }
      System.out.println("  " + row.label() + ": ok (" + String.join("; ", lines) + ")");
      results.add(new Results.Row(row.label(), row.inputs(), row.comparedInputs(), lines));
    }

    List<RunResult> raw = new ArrayList<>();
    int total = 0;
    for (RowBenchmark row : rows) {
      total += row.columns().size();
    }
    int done = 0;
    for (int r = 0; r < rows.size(); r++) {
      RowBenchmark row = rows.get(r);
      Results.Row resultRow = results.rows().get(r);
      for (Column column : row.columns()) {
        done++;
        String name = row.getClass().getName() + "." + column.method();
        RunResult result;
        try {
          result = run(name, quick, forks);
        } catch (RunnerException | RuntimeException e) {
          System.out.printf(Locale.ROOT, "[%d/%d] %s %s: FAILED (%s)%n", done, total, row.label(),
              column.title(), e.getMessage());
          continue;
        }
        raw.add(result);
        Results.Measurement m = measurement(result);
        resultRow.put(column, m);
        System.out.printf(Locale.ROOT, "[%d/%d] %-24s %-20s %14s us/call %12s B/call%n", done, total,
            row.label(), column.title(), Results.micros(m.micros()),
            Results.bytes(m));
      }
    }
    List<String> hessianLines = new ArrayList<>();
    if (rowFilter == null || rowFilter.matcher("hessian").find()) {
      hessianLines = hessianRow(quick, forks, raw, results);
    }
    List<String> jacobianLines = new ArrayList<>();
    if (rowFilter == null || rowFilter.matcher("jacobian").find()) {
      jacobianLines = jacobianRow(quick, forks, raw, results);
    }
    results.wallSeconds((System.nanoTime() - start) / 1e9);

    System.out.println();
    System.out.println("Ratios to the primal (time per call / primal time per call), " + mode + " run, "
        + results.environment.get("date") + ":");
    System.out.println();
    System.out.print(results.table());
    System.out.println();
    if (!hessianLines.isEmpty()) {
      System.out.println();
      System.out.println(HessianRow.header());
      hessianLines.forEach(System.out::println);
    }
    if (!jacobianLines.isEmpty()) {
      System.out.println();
      System.out.println(JacobianRow.header());
      jacobianLines.forEach(System.out::println);
    }
    List<String> misses = results.misses();
    System.out.println(misses.isEmpty() ? "All targets met." : "Missed targets:");
    for (String miss : misses) {
      System.out.println("  - " + miss);
    }

    Files.createDirectories(out);
    String prefix = quick ? "quick-" : "";
    Path json = out.resolve(prefix + "results.json");
    Path svg = out.resolve(prefix + "ratios.svg");
    Path jmh = out.resolve(prefix + "jmh.json");
    Files.writeString(json, ResultsJson.write(results), StandardCharsets.UTF_8);
    Files.writeString(svg, RatioChart.write(results, "jgrad: gradient time / primal time ("
        + mode + " run, " + results.environment.get("date") + ")"), StandardCharsets.UTF_8);
    try (PrintStream stream = new PrintStream(Files.newOutputStream(jmh), true,
        StandardCharsets.UTF_8)) {
      ResultFormatFactory.getInstance(ResultFormatType.JSON, stream).writeOut(raw);
    }
    System.out.printf(Locale.ROOT, "%nwrote %s, %s, %s (%.0f s in all)%n", json, svg, jmh,
        results.wallSeconds);
  }

  /**
   * The Hessian row ({@link RosenbrockHessianBenchmark}): agreement, then each method timed; its
   * lines of the report (the target it misses is added to {@code results}' misses).
   */
  private static List<String> hessianRow(boolean quick, int forks, List<RunResult> raw,
      Results results) {
    RosenbrockHessianBenchmark row = new RosenbrockHessianBenchmark();
    try {
      System.out.println("  hessian: ok (" + String.join("; ", HessianRow.check(row)) + ")");
    } catch (AssertionError e) {
      System.out.println("  hessian: DISAGREE: " + e.getMessage());
      System.exit(1);
    }
    double[] micros = timeAll(RosenbrockHessianBenchmark.class.getName(),
        RosenbrockHessianBenchmark.METHODS, "hessian", quick, forks, raw);
    results.extraMiss(HessianRow.miss(row.n(), micros));
    return HessianRow.lines(row.n(), micros);
  }

  /**
   * The Jacobian row ({@link ExponentialFitJacobianBenchmark}): agreement, then each method
   * timed; its line of the report (the target it misses is added to {@code results}' misses).
   */
  private static List<String> jacobianRow(boolean quick, int forks, List<RunResult> raw,
      Results results) {
    ExponentialFitJacobianBenchmark row = new ExponentialFitJacobianBenchmark();
    try {
      System.out.println("  jacobian: ok (" + String.join("; ", JacobianRow.check(row)) + ")");
    } catch (AssertionError e) {
      System.out.println("  jacobian: DISAGREE: " + e.getMessage());
      System.exit(1);
    }
    double[] micros = timeAll(ExponentialFitJacobianBenchmark.class.getName(),
        ExponentialFitJacobianBenchmark.METHODS, "jacobian", quick, forks, raw);
    results.extraMiss(JacobianRow.miss(micros));
    return JacobianRow.lines(row.parameters(), micros);
  }

  /** Times each method of a benchmark class; NaN where one fails. */
  private static double[] timeAll(String benchmarkClass, String[] methods, String row,
      boolean quick, int forks, List<RunResult> raw) {
    double[] micros = new double[methods.length];
    for (int k = 0; k < methods.length; k++) {
      micros[k] = Double.NaN;
      try {
        RunResult result = run(benchmarkClass + "." + methods[k], quick, forks);
        raw.add(result);
        micros[k] = measurement(result).micros();
        System.out.printf(Locale.ROOT, "[%s] %-20s %14s us/call%n", row, methods[k],
            Results.micros(micros[k]));
      } catch (RunnerException | RuntimeException e) {
        System.out.printf(Locale.ROOT, "[%s] %s: FAILED (%s)%n", row, methods[k],
            e.getMessage());
      }
    }
    return micros;
  }

  private static RunResult run(String benchmark, boolean quick, int forks) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^" + Pattern.quote(benchmark) + "$")
        .forks(forks)
        .jvmArgsAppend("-Xmx2g")
        .timeUnit(TimeUnit.MICROSECONDS)
        .addProfiler(GCProfiler.class)
        .shouldFailOnError(true)
        .verbosity(VerboseMode.SILENT);
    if (quick) {
      options.warmupIterations(1).warmupTime(TimeValue.seconds(1))
          .measurementIterations(2).measurementTime(TimeValue.seconds(1));
    } else {
      options.warmupIterations(3).warmupTime(TimeValue.seconds(2))
          .measurementIterations(5).measurementTime(TimeValue.seconds(2));
    }
    Collection<RunResult> results = new Runner(options.build()).run();
    if (results.size() != 1) {
      throw new IllegalStateException("no result for " + benchmark);
    }
    return results.iterator().next();
  }

  private static Results.Measurement measurement(RunResult result) {
    Result<?> primary = result.getPrimaryResult();
    double bytes = Double.NaN;
    for (Map.Entry<String, Result> e : result.getSecondaryResults().entrySet()) {
      if (e.getKey().endsWith("gc.alloc.rate.norm")) {
        bytes = e.getValue().getScore();
      }
    }
    return new Results.Measurement(primary.getScore(), primary.getScoreError(), bytes);
  }

  private static Path defaultOut() {
    Path inRepo = Paths.get("samples", "benchmarks");
    return Files.isDirectory(inRepo) ? inRepo.resolve("bench-results") : Paths.get("bench-results");
  }

  private static Map<String, String> environment(boolean quick, int forks) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE));
    env.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    env.put("cpu", cpuModel());
    env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    env.put("jmh", (quick ? "warmup 1 x 1 s, measurement 2 x 1 s" : "warmup 3 x 2 s, measurement 5 x 2 s")
        + ", " + forks + (forks == 1 ? " fork" : " forks")
        + " per benchmark, -Xmx2g, mode AverageTime, -prof gc");
    return env;
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: leave the model out
    }
    return System.getProperty("os.arch");
  }
}
