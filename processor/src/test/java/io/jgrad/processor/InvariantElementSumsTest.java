package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.generatedMethod;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reverse of a triangular product {@code qx[row] += l[p] * v[col]} adds into {@code
 * vBar[col]} for every row: the transform's {@code InvariantElementSums} keeps that sum in a
 * variable and adds it into the element after the row loop, in the fAdjoint that runs both
 * sweeps (where {@code vBar} is its own array) and in the Hessian-vector product made from it.
 * Gradients against the closed form, values bit for bit, for sizes whose row loops run zero to
 * five times.
 */
class InvariantElementSumsTest {
  private static final Fixture TRIANGLE = source("test.Triangle", """
      package test;

      import io.jgrad.Grad;

      public class Triangle {
        /** sum over points of log(1 + |M (x_i - mu)|^2), M unit lower triangular (l). */
        @Grad
        public static double f(double[][] x, double[] mu, double[] l) {
          int d = mu.length;
          double[] v = new double[d];
          double[] qx = new double[d];
          double s = 0.0;
          for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < d; j++) {
              v[j] = x[i][j] - mu[j];
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
            s += Math.log(1.0 + q);
          }
          return s;
        }
      }
      """);

  private static Compilation compilation;
  private static String rules;

  @BeforeAll
  static void compileOnce() throws Exception {
    compilation = compile(TRIANGLE);
    assertThat(compilation).succeeded();
    rules = compilation.generatedSourceFile("test.Triangle_Rrule").orElseThrow()
        .getCharContent(true).toString();
  }

  @Test
  void theSumIntoTheColumnsElementIsAVariableAddedAfterTheRowLoop() {
    String adjoint = generatedMethod(rules, "static double fAdjoint(");
    assertTrue(adjoint.contains("double vBar2 = 0.0;") && adjoint.contains("vBar2 += ")
        && adjoint.contains("if (0 <= col && col < vBar.length)")
        && adjoint.contains("vBar[col] += vBar2;"), adjoint);
    String hvp = rules.substring(rules.indexOf("static double fHvpAdjoint("));
    assertTrue(hvp.contains("vBar2Dot += ") && hvp.contains("vBarDot[col] += vBar2Dot;"), hvp);
  }

  @Test
  void theGradientIsTheClosedFormAndTheValueThePrimalsForEverySize() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Method primal = classes.load("test.Triangle").getMethod("f", double[][].class,
        double[].class, double[].class);
    Method adjoint = classes.load("test.Triangle_Rrule").getMethod("fAdjoint", double[][].class,
        double[][].class, double[].class, double[].class, double[].class, double[].class,
        double.class);
    Random random = new Random(5);
    for (int d = 1; d <= 6; d++) {
      double[][] x = {normals(random, d), normals(random, d), normals(random, d)};
      double[] mu = normals(random, d);
      double[] l = normals(random, d * (d - 1) / 2);
      double[][] xBar = new double[3][d];
      double[] muBar = new double[d];
      double[] lBar = new double[l.length];
      double value = (double) adjoint.invoke(null, x, xBar, mu, muBar, l, lBar, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, x, mu, l)),
          Double.doubleToLongBits(value), "value, d = " + d);
      double[] expectedMu = new double[d];
      double[] expectedL = new double[l.length];
      for (int i = 0; i < 3; i++) {
        // qx = M v; d log(1 + |qx|^2) / d qx = 2 qx / (1 + |qx|^2); vBar = M^T qxBar
        double[] v = new double[d];
        double[] qx = new double[d];
        for (int j = 0; j < d; j++) {
          v[j] = x[i][j] - mu[j];
          qx[j] = v[j];
        }
        int p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            qx[row] += l[p++] * v[col];
          }
        }
        double q = 0.0;
        for (double e : qx) {
          q += e * e;
        }
        double[] qxBar = new double[d];
        double[] vBar = new double[d];
        for (int j = 0; j < d; j++) {
          qxBar[j] = 2 * qx[j] / (1 + q);
          vBar[j] = qxBar[j];
        }
        p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            vBar[col] += l[p] * qxBar[row];
            expectedL[p++] += qxBar[row] * v[col];
          }
        }
        for (int j = 0; j < d; j++) {
          expectedMu[j] -= vBar[j];
        }
        assertArrayEquals(vBar, xBar[i], 1e-12, "xBar[" + i + "], d = " + d);
      }
      assertArrayEquals(expectedMu, muBar, 1e-12, "muBar, d = " + d);
      assertArrayEquals(expectedL, lBar, 1e-12, "lBar, d = " + d);
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
