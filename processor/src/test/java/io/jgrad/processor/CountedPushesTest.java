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
 * Pushes in a counting loop that runs all its counted iterations go onto room made for all of
 * them before it starts, without a check each ({@code TapeCursors}); a loop that may stop early
 * keeps pushes that grow the tape. Both at more iterations than the room made for a loop that
 * may stop early (2^22 elements): the unchecked pushes only work if the room really is all.
 */
class CountedPushesTest {
  private static final Fixture CHAIN = source("test.Chain", """
      package test;

      import io.jgrad.Grad;

      public class Chain {
        /** t_i = tanh(x_i + t_(i-1)), t_(-1) = 0; sum of t_i x_i. */
        @Grad
        public static double chain(double[] x) {
          double t = 0.0;
          double s = 0.0;
          for (int i = 0; i < x.length; i++) {
            t = Math.tanh(x[i] + t);
            s += t * x[i];
          }
          return s;
        }

        /** As chain, up to the first x_i above limit (included). */
        @Grad
        public static double chainUpTo(double[] x, double limit) {
          double t = 0.0;
          double s = 0.0;
          for (int i = 0; i < x.length; i++) {
            t = Math.tanh(x[i] + t);
            s += t * x[i];
            if (x[i] > limit) {
              break;
            }
          }
          return s;
        }
      }
      """);

  @Test
  void aLoopThatRunsAllItsIterationsPushesWithoutChecks() throws Exception {
    Compilation compilation = compile(CHAIN);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Chain_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String all = generatedMethod(rules, "static double chainForward(");
    assertTrue(all.contains("tapes.roomForAllDoubles("), all);
    assertTrue(all.contains("doubleStack[doubleSize] = t;"), all);
    assertFalse(all.contains("moreDoubles"), all);
    String upTo = generatedMethod(rules, "static double chainUpToForward(");
    // a loop with a break is no counted loop: its pushes stay calls, which grow the tape
    assertFalse(upTo.contains("roomForAll"), upTo);
    assertTrue(upTo.contains("tapes.pushDouble(t);"), upTo);

    // beyond the capped room (2^22 elements): every push must land
    GeneratedClasses classes = new GeneratedClasses(compilation);
    int n = (1 << 22) + 1000;
    double[] x = new double[n];
    java.util.Random random = new java.util.Random(11);
    for (int i = 0; i < n; i++) {
      x[i] = random.nextGaussian();
    }
    Object gradient = classes.load("test.Chain_Rrule").getMethod("chain", double[].class)
        .invoke(null, (Object) x);
    assertGradient(x, n, gradient, "chain");
    Object upToGradient = classes.load("test.Chain_Rrule").getMethod("chainUpTo",
        double[].class, double.class).invoke(null, x, 100.0);
    assertGradient(x, n, upToGradient, "chainUpTo, no element above the limit");
    // stopped early: the gradient of the first m terms
    int m = 1000;
    x[m - 1] = 200.0;
    Object early = classes.load("test.Chain_Rrule").getMethod("chainUpTo", double[].class,
        double.class).invoke(null, x, 100.0);
    assertGradient(x, m, early, "chainUpTo, stopped at " + m);
  }

  /** The gradient record's value and xBar against the adjoint of the first m terms by hand. */
  private static void assertGradient(double[] x, int m, Object gradient, String what)
      throws Exception {
    double[] t = new double[m];
    double s = 0.0;
    double previous = 0.0;
    for (int i = 0; i < m; i++) {
      t[i] = Math.tanh(x[i] + previous);
      s += t[i] * x[i];
      previous = t[i];
    }
    assertEquals(s, (double) gradient.getClass().getMethod("value").invoke(gradient), 0.0, what);
    double[] xBar = (double[]) gradient.getClass().getMethod("xBar").invoke(gradient);
    // tBar_i = x_i + tBar_(i+1) (1 - t_(i+1)^2); xBar_i = t_i + tBar_i (1 - t_i^2)
    double tBar = 0.0;
    for (int i = m - 1; i >= 0; i--) {
      double next = i + 1 < m ? tBar * (1 - t[i + 1] * t[i + 1]) : 0.0;
      tBar = x[i] + next;
      double expected = t[i] + tBar * (1 - t[i] * t[i]);
      if (Math.abs(expected - xBar[i]) > 1e-9 * (1 + Math.abs(expected))) {
        assertEquals(expected, xBar[i], 1e-9 * (1 + Math.abs(expected)), what + ", x[" + i
            + "]");
      }
    }
    for (int i = m; i < x.length; i++) {
      if (xBar[i] != 0.0) {
        assertEquals(0.0, xBar[i], what + ", x[" + i + "] after the last term");
      }
    }
  }
}
