package io.jgrad.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.bench.rows.LogDensity100k;
import io.jgrad.bench.suite.Rows;
import java.util.List;
import java.util.stream.Stream;
import org.hipparchus.special.Erf;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every implementation of every row agrees with the others (the check the report runs first). */
class AgreementTest {
  @TestFactory
  Stream<DynamicTest> everyImplementationOfEveryRowAgrees() {
    return Rows.all().stream().map(row -> DynamicTest.dynamicTest(row.label(), () -> {
      List<String> lines = Agreement.check(row);
      assertEquals(row.columns().size() - 1, lines.size(), String.join("\n", lines));
    }));
  }

  @Test
  void rowLabelsAreUnique() {
    assertEquals(Rows.all().size(), Rows.all().stream().map(RowBenchmark::label).distinct().count());
  }

  @Test
  void logDensityConstantsAreWhatTheySay() {
    double m = LogDensity100k.PRIOR_MEAN;
    double s = LogDensity100k.PRIOR_SD;
    double mass = 0.5 * Erf.erf((LogDensity100k.LO - m) / (s * Math.sqrt(2)),
        (LogDensity100k.HI - m) / (s * Math.sqrt(2)));
    assertEquals(Math.log(mass), LogDensity100k.LOG_Z, 1e-15);
    assertEquals(Math.log(LogDensity100k.HI - LogDensity100k.LO), LogDensity100k.LOG_WIDTH, 1e-15);
    assertEquals(Math.log(s), LogDensity100k.LOG_PRIOR_SD, 1e-15);
    assertEquals(0.5 * Math.log(2 * Math.PI), LogDensity100k.HALF_LOG_2PI, 1e-15);
  }

  @Test
  void logDensityIsTheTuringModelsDensity() {
    // prior terms at theta = 0: mu = sigma = 5.05, logistic(0) = 1/2
    double[] x = {0.5, 2.0, 7.5};
    double mu = LogDensity100k.LO + (LogDensity100k.HI - LogDensity100k.LO) / 2;
    double prior = Math.log(normalDensity(mu, 1.0, 2.0) / Math.exp(LogDensity100k.LOG_Z));
    double jacobian = Math.log((LogDensity100k.HI - LogDensity100k.LO) * 0.25);
    double expected = 2 * (prior + jacobian);
    for (double xi : x) {
      expected += Math.log(normalDensity(Math.log(xi), mu, mu) / xi);
    }
    assertEquals(expected, LogDensity100k.logDensity(0.0, 0.0, x), 1e-12);
  }

  private static double normalDensity(double v, double mean, double sd) {
    double z = (v - mean) / sd;
    return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
  }

  @Test
  void reportWritesTableJsonAndChart() {
    Results results = new Results("quick", new java.util.LinkedHashMap<>(java.util.Map.of(
        "date", "2026-01-01")));
    Results.Row row = new Results.Row("sum_1000", "x: 1000", 1000, List.of("ok"));
    row.put(Column.PRIMAL, new Results.Measurement(1.0, 0.01, 0));
    row.put(Column.JGRAD_REVERSE, new Results.Measurement(2.5, 0.01, 0));
    row.put(Column.JGRAD_FORWARD, new Results.Measurement(1.2, 0.01, 24));
    row.put(Column.HAND_WRITTEN, new Results.Measurement(2.0, 0.01, 0));
    row.put(Column.HIPPARCHUS, new Results.Measurement(5000.0, 1, 8e6));
    results.add(row);
    String table = results.table();
    assertTrue(table.contains("| sum_1000 | 1.000 | 2.50 | - | 1.20 | 2.00 | 5,000 | - | - | 1.25 | 0 | 24 |"),
        table);
    List<String> misses = results.misses();
    assertTrue(misses.contains("sum_1000: jgrad-rev is 1.25x hand-written (target <= 1.2)"), misses.toString());
    assertTrue(misses.contains("sum_1000: jgrad-fwd allocates 24 bytes per call (target 0)"), misses.toString());
    String json = ResultsJson.write(results);
    assertTrue(json.contains("\"jgradReverse\": {\"title\": \"jgrad-rev\", \"microsPerCall\": 2.50000"), json);
    String svg = RatioChart.write(results, "t");
    assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>"), svg);
    assertEquals(4, svg.split("<title>").length - 1, svg);
  }
}
