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
 * A method whose {@code fAdjoint} fuses a loop and whose Hessian-vector product, the forward mode
 * of that {@code fAdjoint}, is too large for one method: the product runs in two private
 * methods split where the forward sweep ends ({@code SweepHalves}), rather than in chunks
 * sharing a frame object or through the parts (whose gradient may differ in rounding). The
 * shape is GradBench's Gaussian mixture (with a log in place of its log-gamma function).
 */
class SweepHalvesTest {
  private static final Fixture MIXTURE = source("test.Mixture", """
      package test;

      import io.jgrad.Grad;
      import io.jgrad.NoGrad;

      public final class Mixture {
          @Grad
          public static double logPosterior(double[] alpha, double[][] mu, double[][] q, double[][] l,
              @NoGrad double[][] x, @NoGrad double gamma, int m) {
            int k = alpha.length;
            int n = x.length;
            int d = x[0].length;
            double[][] qdiag = new double[k][d];
            double[] sumQ = new double[k];
            for (int c = 0; c < k; c++) {
              for (int j = 0; j < d; j++) {
                qdiag[c][j] = Math.exp(q[c][j]);
                sumQ[c] += q[c][j];
              }
            }
            double[] centered = new double[d];
            double[] qx = new double[d];
            double[] beta = new double[k];
            double slse = 0.0;
            for (int i = 0; i < n; i++) {
              for (int c = 0; c < k; c++) {
                for (int j = 0; j < d; j++) {
                  centered[j] = x[i][j] - mu[c][j];
                }
                qTimesX(qdiag[c], l[c], centered, qx);
                beta[c] = alpha[c] + sumQ[c] - 0.5 * sqnorm(qx);
              }
              slse += logSumExp(beta);
            }
            double logLikelihood = slse - n * (d * 0.9189385332046728 + logSumExp(alpha));
            return logLikelihood + logWishartPrior(qdiag, sumQ, l, gamma, m);
          }

          /** {@code out = Q v}, Q lower triangular: diagonal {@code diag}, {@code lower} below it. */
          static void qTimesX(double[] diag, double[] lower, double[] v, double[] out) {
            int d = v.length;
            for (int j = 0; j < d; j++) {
              out[j] = diag[j] * v[j];
            }
            int p = 0;
            for (int col = 0; col < d; col++) {
              for (int row = col + 1; row < d; row++) {
                out[row] += lower[p] * v[col];
                p++;
              }
            }
          }

          static double sqnorm(double[] v) {
            double s = 0.0;
            for (int j = 0; j < v.length; j++) {
              s += v[j] * v[j];
            }
            return s;
          }

          /** {@code log sum exp(v_i)}, computed stably from the largest entry (the peers use it too). */
          public static double logSumExp(double[] v) {
            double max = v[0];
            for (int i = 1; i < v.length; i++) {
              if (v[i] > max) {
                max = v[i];
              }
            }
            double sum = 0.0;
            for (int i = 0; i < v.length; i++) {
              sum += Math.exp(v[i] - max);
            }
            return Math.log(sum) + max;
          }

          /** The log density of the Wishart prior, summed over the components. */
          static double logWishartPrior(double[][] qdiag, double[] sumQ, double[][] l, double gamma,
              int m) {
            int k = qdiag.length;
            int d = qdiag[0].length;
            int n = d + m + 1;
            double c = n * d * (Math.log(gamma) - 0.5 * Math.log(2)) - logMultivariateGamma(0.5 * n, d);
            double out = 0.0;
            for (int ik = 0; ik < k; ik++) {
              double frobenius = sqnorm(qdiag[ik]) + sqnorm(l[ik]);
              out += 0.5 * gamma * gamma * frobenius - m * sumQ[ik];
            }
            return k * c - out;
          }

          /** {@code log Gamma_p(a)}, the multivariate gamma function. */
          static double logMultivariateGamma(double a, int p) {
            double s = 0.25 * p * (p - 1) * Math.log(Math.PI);
            for (int j = 1; j <= p; j++) {
              s += Math.log(a + 0.5 * j);
            }
            return s;
          }
      }
      """);

  @Test
  void aLargeFusedHessianVectorProductRunsInTwoHalvesWithTheAdjointsGradient() throws Exception {
    Compilation compilation = compile(MIXTURE);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Mixture_Rrule").orElseThrow()
        .getCharContent(true).toString();
    assertFalse(generatedMethod(rules, "static double logPosteriorAdjoint(")
        .contains("logPosteriorForward("), "fAdjoint calls the parts:\n" + rules);
    String hvp = generatedMethod(rules, "static double logPosteriorHvpAdjoint(");
    assertTrue(hvp.contains("logPosteriorHvpAdjointForwardSweep(")
        && hvp.contains("return logPosteriorHvpAdjointReverseSweep("), hvp);
    assertTrue(rules.contains("private static void logPosteriorHvpAdjointForwardSweep("), rules);

    int d = 3;
    int k = 2;
    int n = 4;
    Random random = new Random(7);
    double[] alpha = normals(random, k);
    double[][] mu = matrix(random, k, d);
    double[][] q = matrix(random, k, d);
    double[][] l = matrix(random, k, d * (d - 1) / 2);
    double[][] x = matrix(random, n, d);
    double[] alphaDir = normals(random, k);
    double[][] muDir = matrix(random, k, d);
    double[][] qDir = matrix(random, k, d);
    double[][] lDir = matrix(random, k, d * (d - 1) / 2);
    Class<?> rrule = new GeneratedClasses(compilation).load("test.Mixture_Rrule");
    Method adjoint = rrule.getMethod("logPosteriorAdjoint", double[].class, double[].class,
        double[][].class, double[][].class, double[][].class, double[][].class,
        double[][].class, double[][].class, double[][].class, double.class, int.class,
        double.class);
    Method hvpAdjoint = rrule.getMethod("logPosteriorHvpAdjoint", double[].class,
        double[].class, double[].class, double[].class, double[][].class, double[][].class,
        double[][].class, double[][].class, double[][].class, double[][].class,
        double[][].class, double[][].class, double[][].class, double[][].class,
        double[][].class, double[][].class, double[][].class, double.class, int.class,
        double.class);
    double[] g = gradient(adjoint, alpha, mu, q, l, x);
    double[] alphaBar = new double[k];
    double[][] muBar = new double[k][d];
    double[][] qBar = new double[k][d];
    double[][] lBar = new double[k][l[0].length];
    double[] alphaHvp = new double[k];
    double[][] muHvp = new double[k][d];
    double[][] qHvp = new double[k][d];
    double[][] lHvp = new double[k][l[0].length];
    hvpAdjoint.invoke(null, alpha, alphaDir, alphaBar, alphaHvp, mu, muDir, muBar, muHvp, q,
        qDir, qBar, qHvp, l, lDir, lBar, lHvp, x, 1.0, 0, 1.0);
    double[] hvpGradient = flatten(alphaBar, muBar, qBar, lBar);
    for (int i = 0; i < g.length; i++) {
      assertEquals(Double.doubleToLongBits(g[i]), Double.doubleToLongBits(hvpGradient[i]),
          "gradient entry " + i + " of fHvpAdjoint is fAdjoint's");
    }
    // H v against central differences of the gradient along v
    double h = 1e-6;
    double[] plus = gradient(adjoint, add(alpha, alphaDir, h), add(mu, muDir, h),
        add(q, qDir, h), add(l, lDir, h), x);
    double[] minus = gradient(adjoint, add(alpha, alphaDir, -h), add(mu, muDir, -h),
        add(q, qDir, -h), add(l, lDir, -h), x);
    double[] product = flatten(alphaHvp, muHvp, qHvp, lHvp);
    for (int i = 0; i < product.length; i++) {
      double expected = (plus[i] - minus[i]) / (2 * h);
      assertEquals(expected, product[i], 1e-5 * Math.max(1, Math.abs(expected)), "H v " + i);
    }
  }

  private static double[] gradient(Method adjoint, double[] alpha, double[][] mu, double[][] q,
      double[][] l, double[][] x) throws Exception {
    double[] alphaBar = new double[alpha.length];
    double[][] muBar = new double[mu.length][mu[0].length];
    double[][] qBar = new double[q.length][q[0].length];
    double[][] lBar = new double[l.length][l[0].length];
    adjoint.invoke(null, alpha, alphaBar, mu, muBar, q, qBar, l, lBar, x, 1.0, 0, 1.0);
    return flatten(alphaBar, muBar, qBar, lBar);
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
