package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.generatedMethod;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import io.jgrad.tape.Tapes;
import java.lang.reflect.InvocationTargetException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Loops {@code fAdjoint} reverses inside its forward sweep (the transform's {@code FusedLoops}):
 * a sum into the result runs each iteration's reverse right after the iteration, as a
 * hand-written adjoint does, with nothing taped across iterations; where an adjoint the loop
 * needs is not known before it, {@code fAdjoint} calls the two parts as before. Gradients and
 * Hessian-vector products against closed forms derived by hand.
 */
class FusedLoopsTest {
  private static final Fixture SUMS = source("test.Sums", """
      package test;

      import io.jgrad.Grad;

      public class Sums {
        /** 2 sum log(1 + x_i^2). */
        @Grad
        public static double logSum(double[] x) {
          double s = 0;
          for (int i = 0; i < x.length; i++) {
            s += Math.log(1 + x[i] * x[i]);
          }
          return 2.0 * s;
        }

        /** c sum x_i w with c = w^2, known before the loop: w^3 sum x_i. */
        @Grad
        public static double scaled(double[] x, double w) {
          double c = w * w;
          double s = 0;
          for (int i = 0; i < x.length; i++) {
            s += x[i] * w;
          }
          return c * s;
        }

        /** sum_i sin(x_i) s with s = sum_j x_j: the second loop's reverse adds into s's adjoint. */
        @Grad
        public static double chained(double[] x) {
          double s = 0;
          for (int i = 0; i < x.length; i++) {
            s += x[i];
          }
          double t = 0;
          for (int i = 0; i < x.length; i++) {
            t += Math.sin(x[i]) * s;
          }
          return t;
        }

        /** log(sum x_i^2): the sum's adjoint, 1/s, is known only after the loop. */
        @Grad
        public static double nonlinear(double[] x) {
          double s = 0;
          for (int i = 0; i < x.length; i++) {
            s += x[i] * x[i];
          }
          return Math.log(s);
        }

        /** sum over points of log sum_m exp(-|x_n - mu_m|^2 / 2), with work arrays. */
        @Grad
        public static double mixture(double[][] x, double[][] mu) {
          int k = mu.length;
          int d = mu[0].length;
          double[] c = new double[d];
          double[] beta = new double[k];
          double total = 0;
          for (int n = 0; n < x.length; n++) {
            for (int m = 0; m < k; m++) {
              for (int j = 0; j < d; j++) {
                c[j] = x[n][j] - mu[m][j];
              }
              double s = 0;
              for (int j = 0; j < d; j++) {
                s += c[j] * c[j];
              }
              beta[m] = -0.5 * s;
            }
            double z = 0;
            for (int m = 0; m < k; m++) {
              z += Math.exp(beta[m]);
            }
            total += Math.log(z);
          }
          return total;
        }
      }
      """);

  private static final double[] X = {0.5, -1.25, 2.0, 0.75};
  private static Compilation compilation;
  private static String rules;
  private static GeneratedClasses classes;

  @BeforeAll
  static void compileOnce() throws Exception {
    compilation = compile(SUMS);
    assertThat(compilation).succeeded();
    rules = compilation.generatedSourceFile("test.Sums_Rrule").orElseThrow()
        .getCharContent(true).toString();
    classes = new GeneratedClasses(compilation);
  }

  @Test
  void aSumIsReversedInsideItsLoopWithNothingTaped() throws Exception {
    String adjoint = generatedMethod(rules, "static double logSumAdjoint(");
    assertFalse(adjoint.contains("logSumForward(") || adjoint.contains("tapes"),
        "fAdjoint runs the parts or tapes:\n" + adjoint);
    assertEquals(1, adjoint.lines().filter(line -> !line.strip().startsWith("//")
        && (line.contains("for (") || line.contains("while ("))).count(), "one loop:\n" + adjoint);
    assertTrue(adjoint.contains("for (int i = 0; i < x.length; i++)"), adjoint);

    double[] xBar = new double[X.length];
    double value = (double) rule("logSumAdjoint", double[].class, double[].class, double.class)
        .invoke(null, X, xBar, 1.0);
    double primal = (double) classes.load("test.Sums").getMethod("logSum", double[].class)
        .invoke(null, (Object) X);
    assertEquals(Double.doubleToLongBits(primal), Double.doubleToLongBits(value));
    double[] expected = new double[X.length];
    for (int i = 0; i < X.length; i++) {
      expected[i] = 4 * X[i] / (1 + X[i] * X[i]);
    }
    assertArrayEquals(expected, xBar, 1e-14);
  }

  @Test
  void theHessianVectorProductOfAFusedSumIsTheHessiansTimesTheDirection() throws Exception {
    String hvp = generatedMethod(rules, "static double logSumHvpAdjoint(");
    assertFalse(hvp.contains("logSumHvpForward(") || hvp.contains("tapes"), hvp);
    double[] direction = {1.0, -0.5, 0.25, 2.0};
    double[] xBar = new double[X.length];
    double[] xHvp = new double[X.length];
    rule("logSumHvpAdjoint", double[].class, double[].class, double[].class, double[].class,
        double.class).invoke(null, X, direction, xBar, xHvp, 1.0);
    double[] expected = new double[X.length];
    for (int i = 0; i < X.length; i++) {
      double q = 1 + X[i] * X[i];
      expected[i] = 2 * (2 - 2 * X[i] * X[i]) / (q * q) * direction[i];
    }
    assertArrayEquals(expected, xHvp, 1e-14);
  }

  @Test
  void anAdjointFromValuesFinalBeforeTheLoopLetsItFuse() throws Exception {
    String adjoint = generatedMethod(rules, "static double scaledAdjoint(");
    assertFalse(adjoint.contains("scaledForward("), adjoint);
    double w = 1.5;
    double[] xBar = new double[X.length];
    double[] scalarBars = new double[1];
    rule("scaledAdjoint", double[].class, double[].class, double.class, double.class,
        double[].class).invoke(null, X, xBar, w, 1.0, scalarBars);
    double sum = 0;
    for (double x : X) {
      sum += x;
    }
    for (double bar : xBar) {
      assertEquals(w * w * w, bar, 1e-14);
    }
    assertEquals(3 * w * w * sum, scalarBars[0], 1e-13);
  }

  @Test
  void aLoopWhoseAccumulatorALaterLoopReadsKeepsItsReverseWhereItWas() throws Exception {
    double[] xBar = new double[X.length];
    rule("chainedAdjoint", double[].class, double[].class, double.class)
        .invoke(null, X, xBar, 1.0);
    double s = 0;
    double sines = 0;
    for (double x : X) {
      s += x;
      sines += Math.sin(x);
    }
    double[] expected = new double[X.length];
    for (int i = 0; i < X.length; i++) {
      expected[i] = Math.cos(X[i]) * s + sines;
    }
    assertArrayEquals(expected, xBar, 1e-14);
    String adjoint = generatedMethod(rules, "static double chainedAdjoint(");
    assertFalse(adjoint.contains("chainedForward("), "the second loop fuses:\n" + adjoint);
  }

  @Test
  void aSumWhoseAdjointNeedsItsValueIsNotFused() throws Exception {
    assertTrue(generatedMethod(rules, "static double nonlinearAdjoint(")
        .contains("nonlinearForward("), rules);
    double[] xBar = new double[X.length];
    rule("nonlinearAdjoint", double[].class, double[].class, double.class)
        .invoke(null, X, xBar, 1.0);
    double s = 0;
    for (double x : X) {
      s += x * x;
    }
    for (int i = 0; i < X.length; i++) {
      assertEquals(2 * X[i] / s, xBar[i], 1e-14);
    }
  }

  /**
   * Work arrays overwritten per point and component: each point's iteration tapes what it
   * overwrites and takes it back at once. The gradient is the mixture's, derived by hand; an
   * exception in the middle of the loop leaves the thread's tapes as they were.
   */
  @Test
  void aMixtureFusesItsLoopOverPoints() throws Exception {
    String adjoint = generatedMethod(rules, "static double mixtureAdjoint(");
    assertFalse(adjoint.contains("mixtureForward("), adjoint);
    double[][] x = {{1.0, 0.5, 2.0}, {0.25, 1.5, 0.75}, {2.5, 1.25, 0.5}};
    double[][] mu = {{0.125, -0.5, 0.375}, {1.0, 0.25, -0.75}};
    double[][] xBar = new double[3][3];
    double[][] muBar = new double[2][3];
    rule("mixtureAdjoint", double[][].class, double[][].class, double[][].class,
        double[][].class, double.class).invoke(null, x, xBar, mu, muBar, 1.0);
    // d/dmu_m = sum_n w_nm (x_n - mu_m), w_nm the softmax of -|x_n - mu_m|^2 / 2 over m
    double[][] expected = new double[2][3];
    for (double[] point : x) {
      double[] weights = new double[2];
      double z = 0;
      for (int m = 0; m < 2; m++) {
        double s = 0;
        for (int j = 0; j < 3; j++) {
          s += (point[j] - mu[m][j]) * (point[j] - mu[m][j]);
        }
        weights[m] = Math.exp(-0.5 * s);
        z += weights[m];
      }
      for (int m = 0; m < 2; m++) {
        for (int j = 0; j < 3; j++) {
          expected[m][j] += weights[m] / z * (point[j] - mu[m][j]);
        }
      }
    }
    for (int m = 0; m < 2; m++) {
      assertArrayEquals(expected[m], muBar[m], 1e-13);
    }

    Tapes tapes = Tapes.current();
    int doubles = tapes.doubleSize();
    int ints = tapes.intSize();
    double[][] ragged = {{1.0, 0.5, 2.0}, {0.25}};
    InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
        () -> rule("mixtureAdjoint", double[][].class, double[][].class, double[][].class,
            double[][].class, double.class).invoke(null, ragged, new double[][] {{0, 0, 0}, {0}},
            mu, new double[2][3], 1.0));
    assertInstanceOf(ArrayIndexOutOfBoundsException.class, thrown.getCause());
    assertEquals(doubles, tapes.doubleSize());
    assertEquals(ints, tapes.intSize());
  }

  private static java.lang.reflect.Method rule(String name, Class<?>... types)
      throws Exception {
    return classes.load("test.Sums_Rrule").getMethod(name, types);
  }
}
