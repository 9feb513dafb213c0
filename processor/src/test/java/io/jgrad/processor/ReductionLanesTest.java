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
 * The reverse of {@code h[j] += w * x[k][j]} sums {@code wBar += hBar[j] * x[k][j]} over j: the
 * transform's {@code ReductionLanes} splits such sums of adjoints over four lanes, and never
 * a sum of the primal's. Gradients against the closed form for lengths around a multiple of
 * four (the rounds and the iterations left), values bit for bit.
 */
class ReductionLanesTest {
  private static final Fixture ROWS = source("test.Rows", """
      package test;

      import io.jgrad.Grad;

      public class Rows {
        /** |h|^2 with h = sum_k w_k x_k. */
        @Grad
        public static double scaledRows(double[] w, double[][] x) {
          int n = x[0].length;
          double[] h = new double[n];
          for (int k = 0; k < w.length; k++) {
            double wk = w[k];
            for (int j = 0; j < n; j++) {
              h[j] += wk * x[k][j];
            }
          }
          double s = 0;
          for (int j = 0; j < n; j++) {
            s += h[j] * h[j];
          }
          return s;
        }
      }
      """);

  private static Compilation compilation;
  private static String rules;

  @BeforeAll
  static void compileOnce() throws Exception {
    compilation = compile(ROWS);
    assertThat(compilation).succeeded();
    rules = compilation.generatedSourceFile("test.Rows_Rrule").orElseThrow()
        .getCharContent(true).toString();
  }

  @Test
  void anAdjointSumRunsInFourLanesAndThePrimalsSumInOne() {
    for (String head : new String[] {"static double scaledRowsAdjoint(",
        "static void scaledRowsReverse("}) {
      String code = generatedMethod(rules, head);
      assertTrue(code.contains("wkBar4 +=") && code.contains("wkBar += wkBar2 + wkBar3 + wkBar4;"),
          code);
    }
    String adjoint = generatedMethod(rules, "static double scaledRowsAdjoint(");
    assertFalse(adjoint.contains("s2") || adjoint.contains("sBar2"), adjoint);
  }

  @Test
  void theGradientIsTheClosedFormAndTheValueThePrimalsForEveryLength() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Method primal = classes.load("test.Rows").getMethod("scaledRows", double[].class,
        double[][].class);
    Method adjoint = classes.load("test.Rows_Rrule").getMethod("scaledRowsAdjoint",
        double[].class, double[].class, double[][].class, double[][].class, double.class);
    Random random = new Random(11);
    for (int n = 1; n <= 9; n++) {
      double[] w = normals(random, 3);
      double[][] x = {normals(random, n), normals(random, n), normals(random, n)};
      double[] wBar = new double[3];
      double[][] xBar = new double[3][n];
      double value = (double) adjoint.invoke(null, w, wBar, x, xBar, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, w, x)),
          Double.doubleToLongBits(value), "value, n = " + n);
      double[] h = new double[n];
      for (int k = 0; k < 3; k++) {
        for (int j = 0; j < n; j++) {
          h[j] += w[k] * x[k][j];
        }
      }
      double[] expectedW = new double[3];
      for (int k = 0; k < 3; k++) {
        double[] expectedX = new double[n];
        for (int j = 0; j < n; j++) {
          expectedW[k] += 2 * h[j] * x[k][j];
          expectedX[j] = 2 * h[j] * w[k];
        }
        assertArrayEquals(expectedX, xBar[k], 1e-12, "xBar[" + k + "], n = " + n);
      }
      assertArrayEquals(expectedW, wBar, 1e-12, "wBar, n = " + n);
    }
  }

  private static double[] normals(Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }
}
