package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.generatedMethod;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import org.junit.jupiter.api.Test;

/**
 * Triangular loops ({@code for (j = i + off; j < n; j++)} inside a loop over i): the reverse
 * sweep computes where the inner counter started from the outer counter, which it has counted
 * back to this iteration's value, and the parameter; the forward sweep tapes nothing for it.
 * Exact Math functions ({@code sqrt}) are computed again likewise, not taped.
 */
class LoopStartsTest {
  private static final Fixture TRIANGLE = source("test.Triangle", """
      package test;

      import io.jgrad.Grad;

      public class Triangle {
        /** sum over i, j >= i + off of x_i x_j. */
        @Grad
        public static double pairs(double[] x, int off) {
          int n = x.length;
          double s = 0.0;
          for (int i = 0; i < n; i++) {
            for (int j = i + off; j < n; j++) {
              s += Math.sin(x[i] * x[j]) + x[i] * x[j];
            }
          }
          return s;
        }

        /**
         * sum over i < j of sqrt(1 + (x_i - x_j)^2) exp(x_j): the loop is taped (it calls exp),
         * the root is computed again rather than taped with it.
         */
        @Grad
        public static double lengths(double[] x) {
          double s = 0.0;
          for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
              double d = x[i] - x[j];
              double r = Math.sqrt(1.0 + d * d);
              s += r * Math.exp(x[j]);
            }
          }
          return s;
        }
      }
      """);

  @Test
  void theInnerStartIsComputedAgainNotTaped() throws Exception {
    Compilation compilation = compile(TRIANGLE);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Triangle_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String forward = generatedMethod(rules, "static double pairsForward(");
    String reverse = generatedMethod(rules, "static void pairsReverse(");
    // neither pushed by a call nor through the stack kept in a local (TapeCursors)
    assertFalse(forward.contains("pushInt(jStart)")
        || forward.contains("intStack[intSize] = jStart;"), forward);
    assertTrue(reverse.matches("(?s).*int jStart = i\\w* \\+ off;.*"), reverse);

    GeneratedClasses classes = new GeneratedClasses(compilation);
    double[] x = {0.5, -1.25, 0.75, 2.0, -0.375};
    for (int off = 0; off <= 2; off++) {
      double value = (double) classes.load("test.Triangle").getMethod("pairs", double[].class,
          int.class).invoke(null, x.clone(), off);
      Object gradient = classes.load("test.Triangle_Rrule").getMethod("pairs", double[].class,
          int.class).invoke(null, x.clone(), off);
      assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
          (double) gradient.getClass().getMethod("value").invoke(gradient)));
      double[] xBar = (double[]) gradient.getClass().getMethod("xBar").invoke(gradient);
      // each pair (i, j) adds (cos(x_i x_j) + 1) x_j to d/dx_i and (cos(x_i x_j) + 1) x_i to
      // d/dx_j (both on the diagonal, where j = i and the term is sin(x_i^2) + x_i^2)
      double[] expected = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        for (int j = i + off; j < x.length; j++) {
          double w = Math.cos(x[i] * x[j]) + 1.0;
          expected[i] += w * x[j];
          expected[j] += w * x[i];
        }
      }
      for (int m = 0; m < x.length; m++) {
        assertEquals(expected[m], xBar[m], 1e-12, "off " + off + ", x[" + m + "]");
      }
    }
  }

  @Test
  void anExactRootIsComputedAgainNotTaped() throws Exception {
    Compilation compilation = compile(TRIANGLE);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Triangle_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String forward = generatedMethod(rules, "static double lengthsForward(");
    // the exponential is pushed per pair, the root is not (neither per pair nor at the end)
    assertFalse(forward.contains("pushDouble(r)")
        || forward.contains("doubleStack[doubleSize] = r;"), forward);
    assertTrue(generatedMethod(rules, "static void lengthsReverse(").contains("Math.sqrt("));

    GeneratedClasses classes = new GeneratedClasses(compilation);
    double[] x = {0.5, -1.25, 0.75, 2.0};
    Object gradient = classes.load("test.Triangle_Rrule").getMethod("lengths", double[].class)
        .invoke(null, (Object) x.clone());
    double[] xBar = (double[]) gradient.getClass().getMethod("xBar").invoke(gradient);
    // d/dx_i of r_ij e^x_j: e^x_j d / r_ij; d/dx_j: (r_ij - d / r_ij) e^x_j (d = x_i - x_j)
    double[] expected = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      for (int j = i + 1; j < x.length; j++) {
        double d = x[i] - x[j];
        double r = Math.sqrt(1.0 + d * d);
        expected[i] += Math.exp(x[j]) * d / r;
        expected[j] += (r - d / r) * Math.exp(x[j]);
      }
    }
    for (int m = 0; m < x.length; m++) {
      assertEquals(expected[m], xBar[m], 1e-12, "x[" + m + "]");
    }
  }
}
