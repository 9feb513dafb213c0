package io.jgrad.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The random-program tester: generates programs inside jgrad's documented language, compiles
 * them with jgrad and checks every rule against the primal and finite differences (see {@link
 * ProgramChecker}). Fails listing the findings; each is printed in full (check, numbers, program
 * source) and written to {@code target/fuzz-findings/seed<seed>/}.
 *
 * <p>System properties (pass them to Maven with {@code -D}):
 *
 * <ul>
 *   <li>{@code jgrad.fuzz.seed} (default 1) and {@code jgrad.fuzz.count} (default 170): which
 *       programs; {@code jgrad.fuzz.from} (default 0) the index of the first one, so that
 *       {@code -Djgrad.fuzz.from=123 -Djgrad.fuzz.count=1} reruns program 123 alone;
 *   <li>{@code jgrad.fuzz.programs} (for example {@code 3,17,40}): only these programs;
 *   <li>{@code jgrad.fuzz.points} (default 4): random points per method;
 *   <li>{@code jgrad.fuzz.shrink} (default false) and {@code jgrad.fuzz.shrinkSeconds}
 *       (default 60 per finding): shrink findings by removing statements and methods;
 *   <li>{@code jgrad.fuzz.batch} (default 100): programs per javac run;
 *   <li>{@code jgrad.fuzz.timeoutSeconds} (default 20): time limit of one method's checks;
 *   <li>{@code jgrad.fuzz.without} (names of productions to leave out, {@link GenConfig}),
 *       {@code jgrad.fuzz.records} (default 0.45: the share of programs with record types),
 *       {@code jgrad.fuzz.objects} (default 0.3: the share of programs with mutable classes),
 *       {@code jgrad.fuzz.writtenObjects} (default 0.5: the share of their methods taking
 *       objects that may change them; {@code -Djgrad.fuzz.without=written object params} for
 *       none), {@code jgrad.fuzz.objectParams} (default 0.2: in programs with classes, the
 *       probability that a parameter is an object or an array of objects) and
 *       {@code jgrad.fuzz.knownBugs} (default false: the constructs of open processor bugs,
 *       {@link GenConfig#KNOWN_BUGS}, are left out).
 * </ul>
 */
class RandomProgramsTest {

  /** {@code "3,17,40"}: these program indexes only. */
  private static List<Integer> programs(String list) {
    List<Integer> indexes = new java.util.ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        indexes.add(Integer.parseInt(s.trim()));
      }
    }
    return indexes;
  }

  @Test
  void randomProgramsAreDifferentiatedCorrectly() {
    Path base = Path.of(System.getProperty("basedir", "."));
    Fuzzer.Settings settings = new Fuzzer.Settings(
        Long.getLong("jgrad.fuzz.seed", 1),
        Integer.getInteger("jgrad.fuzz.from", 0),
        Integer.getInteger("jgrad.fuzz.count", 170),
        Integer.getInteger("jgrad.fuzz.batch", 100),
        Integer.getInteger("jgrad.fuzz.points", 4),
        Boolean.parseBoolean(System.getProperty("jgrad.fuzz.shrink", "false")),
        1000L * Integer.getInteger("jgrad.fuzz.shrinkSeconds", 60),
        1000L * Integer.getInteger("jgrad.fuzz.timeoutSeconds", 20),
        base.resolve("target/fuzz-findings"),
        base.resolve("target/fuzz-work/" + ProcessHandle.current().pid()),
        programs(System.getProperty("jgrad.fuzz.programs", "")));
    Fuzzer.Result result = new Fuzzer(settings, System.out).run();
    List<Finding> findings = result.findings();
    if (!findings.isEmpty()) {
      Map<String, Integer> groups = new LinkedHashMap<>();
      StringBuilder list = new StringBuilder();
      for (Finding f : findings) {
        groups.merge(f.group(), 1, Integer::sum);
        list.append("\n  ").append(f.headline());
      }
      StringBuilder message = new StringBuilder(findings.size() + " finding(s); "
          + result.summary() + "\nby kind:");
      groups.forEach((k, v) -> message.append("\n  ").append(v).append(" x ").append(k));
      message.append("\nfindings (details and sources above and in ").append(
          settings.findings().resolve("seed" + settings.seed())).append("):").append(list);
      fail(message.toString());
    }
  }
}
