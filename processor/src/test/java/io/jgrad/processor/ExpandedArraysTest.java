package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.generatedMethod;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A loop over mixture components inside a loop over points, whose work arrays each component
 * fills again: the transform's {@code ExpandedArrays} gives them a row per component, so the
 * reverse of each component reads its rows instead of computing the component a second time,
 * in the fAdjoint that runs both sweeps and in the parts. Gradients against the closed form,
 * values bit for bit, for component counts from -1 to 3; gradient and Hessian-vector product
 * bit for bit those of the rules that compute the components again.
 */
class ExpandedArraysTest {
  private static final Fixture MIXTURE = source("test.Mix", """
      package test;

      import io.jgrad.Grad;

      public class Mix {
        /**
         * sum over points of log sum_{m < k} exp(-|M (x_n - mu_m)|^2 / 2), M unit lower
         * triangular (l below the diagonal, by columns).
         */
        @Grad
        public static double f(double[][] x, double[][] mu, double[] l, int k) {
          int d = x[0].length;
          double[] v = new double[d];
          double[] qx = new double[d];
          double total = 0.0;
          for (int n = 0; n < x.length; n++) {
            double z = 0.0;
            for (int m = 0; m < k; m++) {
              for (int j = 0; j < d; j++) {
                v[j] = x[n][j] - mu[m][j];
              }
              for (int j = 0; j < d; j++) {
                qx[j] = v[j];
              }
              int p = 0;
              for (int col = 0; col < d; col++) {
                for (int row = col + 1; row < d; row++) {
                  qx[row] += l[p] * v[col];
                  p++;
                }
              }
              double q = 0.0;
              for (int j = 0; j < d; j++) {
                q += qx[j] * qx[j];
              }
              z += Math.exp(-0.5 * q);
            }
            total += Math.log(z);
          }
          return total;
        }
      }
      """);

  private static Compilation expanded;
  private static Compilation computedAgain;

  @BeforeAll
  static void compileBoth() {
    expanded = compile(MIXTURE);
    assertThat(expanded).succeeded();
    computedAgain = Fixtures.compileWith("jgrad.noExpandedArrays", MIXTURE);
    assertThat(computedAgain).succeeded();
  }

  private static String rules(Compilation compilation) throws Exception {
    return compilation.generatedSourceFile("test.Mix_Rrule").orElseThrow().getCharContent(true)
        .toString();
  }

  /** Lines of code (not comments) that contain {@code part}. */
  private static long count(String text, String part) {
    return text.lines().filter(line -> !line.strip().startsWith("//") && line.contains(part))
        .count();
  }

  @Test
  void eachComponentKeepsItsRowsAndIsNotComputedAgain() throws Exception {
    String rules = rules(expanded);
    String adjoint = generatedMethod(rules, "static double fAdjoint(");
    assertTrue(adjoint.contains("v = vRows[m];") && adjoint.contains("qx = qxRows[m];"),
        adjoint);
    assertEquals(1L, count(adjoint, "- mu[m][j]"), adjoint);
    // the parts: fReverse computes each point again, but each component once
    String reverse = generatedMethod(rules, "static void fReverse(");
    assertEquals(1L, count(reverse, "- mu[m][j]"), reverse);
    // without the rows each component runs twice in fAdjoint (the test would see it)
    String again = generatedMethod(rules(computedAgain), "static double fAdjoint(");
    assertFalse(again.contains("vRows"), again);
    assertEquals(2L, count(again, "- mu[m][j]"), again);
  }

  @Test
  void theGradientIsTheClosedFormForEveryComponentCount() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(expanded);
    Method primal = classes.load("test.Mix").getMethod("f", double[][].class, double[][].class,
        double[].class, int.class);
    Class<?> rrule = classes.load("test.Mix_Rrule");
    Method adjoint = rrule.getMethod("fAdjoint", double[][].class, double[][].class,
        double[][].class, double[][].class, double[].class, double[].class, int.class,
        double.class);
    Method parts = rrule.getMethod("f", double[][].class, double[][].class, double[].class,
        int.class);
    Random random = new Random(11);
    for (int d = 1; d <= 4; d++) {
      for (int k = -1; k <= 3; k++) {
        double[][] x = matrix(random, 3, d);
        double[][] mu = matrix(random, 3, d);
        double[] l = normals(random, d * (d - 1) / 2);
        double[][] xBar = new double[3][d];
        double[][] muBar = new double[3][d];
        double[] lBar = new double[l.length];
        double value = (double) adjoint.invoke(null, x, xBar, mu, muBar, l, lBar, k, 1.0);
        String where = "d = " + d + ", k = " + k;
        assertEquals(Double.doubleToLongBits((double) primal.invoke(null, x, mu, l, k)),
            Double.doubleToLongBits(value), "value, " + where);
        double[][] expectedX = new double[3][d];
        double[][] expectedMu = new double[3][d];
        double[] expectedL = new double[l.length];
        closedForm(x, mu, l, k, expectedX, expectedMu, expectedL);
        for (int i = 0; i < 3; i++) {
          assertArrayEquals(expectedX[i], xBar[i], 1e-12, "xBar[" + i + "], " + where);
          assertArrayEquals(expectedMu[i], muBar[i], 1e-12, "muBar[" + i + "], " + where);
        }
        assertArrayEquals(expectedL, lBar, 1e-12, "lBar, " + where);
        // the record API runs the parts (fForward, fReverse): the same numbers
        Object gradient = parts.invoke(null, x, mu, l, k);
        assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
            (double) gradient.getClass().getMethod("value").invoke(gradient)), where);
        double[][] partsMu = (double[][]) gradient.getClass().getMethod("muBar")
            .invoke(gradient);
        for (int i = 0; i < 3; i++) {
          assertArrayEquals(muBar[i], partsMu[i], 1e-12, "parts' muBar[" + i + "], " + where);
        }
      }
    }
  }

  @Test
  void gradientAndHessianVectorProductAreThoseOfTheRulesThatComputeComponentsAgain()
      throws Exception {
    Class<?> withRows = new GeneratedClasses(expanded).load("test.Mix_Rrule");
    Class<?> without = new GeneratedClasses(computedAgain).load("test.Mix_Rrule");
    Random random = new Random(13);
    int d = 4;
    double[][] x = matrix(random, 5, d);
    double[][] mu = matrix(random, 3, d);
    double[] l = normals(random, d * (d - 1) / 2);
    double[][] xDir = matrix(random, 5, d);
    double[][] muDir = matrix(random, 3, d);
    double[] lDir = normals(random, l.length);
    Object[] args = {x, xDir, mu, muDir, l, lDir, 3};
    Class<?>[] types = {double[][].class, double[][].class, double[][].class, double[][].class,
        double[].class, double[].class, int.class};
    Object a = withRows.getMethod("fHvp", types).invoke(null, args);
    Object b = without.getMethod("fHvp", types).invoke(null, args);
    for (String part : new String[] {"xBar", "muBar", "lBar", "xHvp", "muHvp", "lHvp"}) {
      Object left = a.getClass().getMethod(part).invoke(a);
      Object right = b.getClass().getMethod(part).invoke(b);
      assertTrue(java.util.Arrays.deepEquals(new Object[] {left}, new Object[] {right}),
          part + " differs");
    }
    assertEquals(Double.doubleToLongBits((double) a.getClass().getMethod("value").invoke(a)),
        Double.doubleToLongBits((double) b.getClass().getMethod("value").invoke(b)));
  }

  /** The gradient of {@code Mix.f}, derived by hand: softmax weights times each component's. */
  private static void closedForm(double[][] x, double[][] mu, double[] l, int k,
      double[][] xBar, double[][] muBar, double[] lBar) {
    int d = x[0].length;
    for (int n = 0; n < x.length; n++) {
      double[][] v = new double[Math.max(k, 0)][d];
      double[][] qx = new double[Math.max(k, 0)][d];
      double[] e = new double[Math.max(k, 0)];
      double z = 0;
      for (int m = 0; m < k; m++) {
        for (int j = 0; j < d; j++) {
          v[m][j] = x[n][j] - mu[m][j];
          qx[m][j] = v[m][j];
        }
        int p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            qx[m][row] += l[p++] * v[m][col];
          }
        }
        double q = 0;
        for (double value : qx[m]) {
          q += value * value;
        }
        e[m] = Math.exp(-0.5 * q);
        z += e[m];
      }
      for (int m = 0; m < k; m++) {
        // d log z / d qx_m = -(e_m / z) qx_m; vBar = M^T qxBar
        double[] qxBar = new double[d];
        double[] vBar = new double[d];
        for (int j = 0; j < d; j++) {
          qxBar[j] = -e[m] / z * qx[m][j];
          vBar[j] = qxBar[j];
        }
        int p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            vBar[col] += l[p] * qxBar[row];
            lBar[p++] += qxBar[row] * v[m][col];
          }
        }
        for (int j = 0; j < d; j++) {
          xBar[n][j] += vBar[j];
          muBar[m][j] -= vBar[j];
        }
      }
    }
  }

  private static double[][] matrix(Random random, int rows, int cols) {
    double[][] out = new double[rows][];
    for (int i = 0; i < rows; i++) {
      out[i] = normals(random, cols);
    }
    return out;
  }

  private static double[] normals(Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }
}
