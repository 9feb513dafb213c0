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
import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A Hessian-vector product that is the forward mode of an {@code fAdjoint} with a fused loop,
 * run in two private methods split where the forward sweep ends ({@code SweepHalves}), as the
 * product is where it would be too large for one method (gmm's is): the gradient it adds is
 * {@code fAdjoint}'s bit for bit, the product equals central differences of that gradient.
 */
class SweepHalvesTest {
  private static final Fixture MIXTURE = source("test.Mixture", """
      package test;

      import io.jgrad.Grad;

      public final class Mixture {
        /**
         * sum_n log sum_m exp(-|x_n - mu_m|^2 / 2) + a prior on mu after the loop, so that the
         * reverse sweep after the fused loop has work of its own.
         */
        @Grad
        public static double logPosterior(double[][] mu, double[][] x, double w) {
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
          double prior = 0;
          for (int m = 0; m < k; m++) {
            for (int j = 0; j < d; j++) {
              prior += Math.log1p(mu[m][j] * mu[m][j] * w);
            }
          }
          return total - prior * w;
        }
      }
      """);

  @Test
  void aFusedHessianVectorProductInTwoHalvesHasTheAdjointsGradientAndIsRight() throws Exception {
    // the halves are for products too large for one method; every one is split here
    Compilation compilation = Fixtures.compileWith("jgrad.hvpHalves", MIXTURE);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Mixture_Rrule").orElseThrow()
        .getCharContent(true).toString();
    assertFalse(generatedMethod(rules, "static double logPosteriorAdjoint(")
        .contains("logPosteriorForward("), "fAdjoint calls the parts:\n" + rules);
    String hvp = generatedMethod(rules, "static double logPosteriorHvpAdjoint(");
    assertTrue(hvp.contains("logPosteriorHvpAdjointForwardSweep(")
        && hvp.contains("return logPosteriorHvpAdjointReverseSweep("), hvp);
    assertTrue(rules.contains("private static void logPosteriorHvpAdjointForwardSweep("), rules);

    Random random = new Random(7);
    double[][] mu = matrix(random, 2, 3);
    double[][] x = matrix(random, 4, 3);
    double w = 0.75;
    double[][] muDir = matrix(random, 2, 3);
    double wDir = 0.5;
    Class<?> rrule = new GeneratedClasses(compilation).load("test.Mixture_Rrule");
    Method adjoint = rrule.getMethod("logPosteriorAdjoint", double[][].class, double[][].class,
        double[][].class, double[][].class, double.class, double.class, double[].class);
    Method hvpAdjoint = rrule.getMethod("logPosteriorHvpAdjoint", double[][].class,
        double[][].class, double[][].class, double[][].class, double[][].class,
        double[][].class, double[][].class, double[][].class, double.class, double.class,
        double.class, double[].class, double[].class);
    double[] g = gradient(adjoint, mu, x, w);
    double[][] muBar = new double[2][3];
    double[][] muHvp = new double[2][3];
    double[] scalarBars = new double[1];
    double[] scalarHvps = new double[1];
    hvpAdjoint.invoke(null, mu, muDir, muBar, muHvp, x, new double[4][3], new double[4][3],
        new double[4][3], w, wDir, 1.0, scalarBars, scalarHvps);
    double[] hvpGradient = flatten(scalarBars, muBar);
    for (int i = 0; i < g.length; i++) {
      assertEquals(Double.doubleToLongBits(g[i]), Double.doubleToLongBits(hvpGradient[i]),
          "gradient entry " + i + " of fHvpAdjoint is fAdjoint's");
    }
    // H v against central differences of the gradient along v
    double h = 1e-6;
    double[] plus = gradient(adjoint, add(mu, muDir, h), x, w + h * wDir);
    double[] minus = gradient(adjoint, add(mu, muDir, -h), x, w - h * wDir);
    double[] product = flatten(scalarHvps, muHvp);
    for (int i = 0; i < product.length; i++) {
      double expected = (plus[i] - minus[i]) / (2 * h);
      assertEquals(expected, product[i], 1e-6 * Math.max(1, Math.abs(expected)), "H v " + i);
    }
  }

  /** The gradient by fAdjoint: w's derivative first, then mu's. */
  private static double[] gradient(Method adjoint, double[][] mu, double[][] x, double w)
      throws Exception {
    double[][] muBar = new double[mu.length][mu[0].length];
    double[] scalarBars = new double[1];
    adjoint.invoke(null, mu, muBar, x, new double[x.length][x[0].length], w, 1.0, scalarBars);
    return flatten(scalarBars, muBar);
  }

  private static double[] flatten(double[] a, double[][]... ms) {
    java.util.List<Double> out = new java.util.ArrayList<>();
    for (double v : a) {
      out.add(v);
    }
    for (double[][] m : ms) {
      for (double[] row : m) {
        for (double v : row) {
          out.add(v);
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static double[] normals(Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }

  private static double[][] matrix(Random random, int rows, int columns) {
    double[][] out = new double[rows][];
    for (int i = 0; i < rows; i++) {
      out[i] = normals(random, columns);
    }
    return out;
  }

  private static double[] add(double[] a, double[] b, double h) {
    double[] out = a.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] += h * b[i];
    }
    return out;
  }

  private static double[][] add(double[][] a, double[][] b, double h) {
    double[][] out = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = add(a[i], b[i], h);
    }
    return out;
  }
}
