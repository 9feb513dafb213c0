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
 * The log-determinant of a matrix through its Cholesky factor: the reverse of each inner
 * product adds into two rows of the factor's adjoint, which the transform's {@code HoistedRows}
 * reads once before the loop ({@code lBarI = Rows.at(lBar, i)}). Gradient against the closed
 * form (the inverse), gradient and Hessian-vector product bit for bit those of the rules built
 * without the pass, for sizes 0 to 5.
 */
class HoistedRowsTest {
  private static final Fixture CHOLESKY = source("test.Chol", """
      package test;

      import io.jgrad.Grad;

      public class Chol {
        /** log det(a) for a symmetric positive definite a (its lower triangle is read). */
        @Grad
        public static double logDet(double[][] a) {
          int n = a.length;
          double[][] l = new double[n][n];
          double s = 0.0;
          for (int j = 0; j < n; j++) {
            double dj = a[j][j];
            for (int k = 0; k < j; k++) {
              dj -= l[j][k] * l[j][k];
            }
            l[j][j] = Math.sqrt(dj);
            s += 2.0 * Math.log(l[j][j]);
            for (int i = j + 1; i < n; i++) {
              double t = a[i][j];
              for (int k = 0; k < j; k++) {
                t -= l[i][k] * l[j][k];
              }
              l[i][j] = t / l[j][j];
            }
          }
          return s;
        }
      }
      """);

  private static Compilation hoisted;
  private static Compilation plain;

  @BeforeAll
  static void compileBoth() {
    hoisted = compile(CHOLESKY);
    assertThat(hoisted).succeeded();
    plain = Fixtures.compileWith("jgrad.noHoistedRows", CHOLESKY);
    assertThat(plain).succeeded();
  }

  private static String rules(Compilation compilation) throws Exception {
    return compilation.generatedSourceFile("test.Chol_Rrule").orElseThrow().getCharContent(true)
        .toString();
  }

  @Test
  void theInnerProductsAddIntoRowsReadBeforeTheirLoops() throws Exception {
    String code = generatedMethod(rules(hoisted), "static void logDetReverse(");
    assertTrue(code.contains("double[] lBarI = Rows.at(lBar, i);"), code);
    assertTrue(code.contains("lBarJ = Rows.at(lBar, j);"), code);
    assertTrue(code.contains("lBarI[k") && code.contains("lBarJ[k"), code);
    assertFalse(code.contains("lBar[i][k") || code.contains("lBar[j][k"), code);
    String without = generatedMethod(rules(plain), "static void logDetReverse(");
    assertFalse(without.contains("Rows.at"), without);
    assertTrue(without.contains("lBar[i][k") && without.contains("lBar[j][k"), without);
  }

  @Test
  void theGradientIsTheInverse() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(hoisted);
    Method primal = classes.load("test.Chol").getMethod("logDet", double[][].class);
    Method adjoint = classes.load("test.Chol_Rrule").getMethod("logDetAdjoint",
        double[][].class, double[][].class, double.class);
    Random random = new Random(5);
    for (int n = 0; n <= 5; n++) {
      double[][] a = positiveDefinite(random, n);
      double[][] aBar = new double[n][n];
      double value = (double) adjoint.invoke(null, a, aBar, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, (Object) a)),
          Double.doubleToLongBits(value), "n = " + n);
      // d log det / d a_ij = (a^-1)_ji, read from the lower triangle: 2 (a^-1)_ij below the
      // diagonal, (a^-1)_ii on it, 0 above
      double[][] inverse = inverse(a);
      for (int i = 0; i < n; i++) {
        double[] expected = new double[n];
        for (int j = 0; j <= i; j++) {
          expected[j] = i == j ? inverse[i][i] : 2.0 * inverse[i][j];
        }
        assertArrayEquals(expected, aBar[i], 1e-10, "aBar[" + i + "], n = " + n);
      }
    }
  }

  @Test
  void gradientAndHessianVectorProductAreThoseOfTheRulesWithoutThePass() throws Exception {
    Class<?> withRows = new GeneratedClasses(hoisted).load("test.Chol_Rrule");
    Class<?> without = new GeneratedClasses(plain).load("test.Chol_Rrule");
    Random random = new Random(7);
    for (int n = 0; n <= 5; n++) {
      double[][] a = positiveDefinite(random, n);
      double[][] aDir = positiveDefinite(random, n);
      Object x = withRows.getMethod("logDetHvp", double[][].class, double[][].class)
          .invoke(null, a, aDir);
      Object y = without.getMethod("logDetHvp", double[][].class, double[][].class)
          .invoke(null, a, aDir);
      for (String part : new String[] {"aBar", "aHvp"}) {
        double[][] left = (double[][]) x.getClass().getMethod(part).invoke(x);
        double[][] right = (double[][]) y.getClass().getMethod(part).invoke(y);
        assertTrue(java.util.Arrays.deepEquals(left, right), part + " differs, n = " + n);
      }
    }
  }

  /** b b^T + n I for a random b. */
  private static double[][] positiveDefinite(Random random, int n) {
    double[][] b = new double[n][n];
    for (double[] row : b) {
      for (int j = 0; j < n; j++) {
        row[j] = random.nextGaussian();
      }
    }
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int k = 0; k < n; k++) {
          a[i][j] += b[i][k] * b[j][k];
        }
      }
      a[i][i] += n;
    }
    return a;
  }

  /** Gauss-Jordan elimination with partial pivoting. */
  private static double[][] inverse(double[][] a) {
    int n = a.length;
    double[][] m = new double[n][2 * n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(a[i], 0, m[i], 0, n);
      m[i][n + i] = 1.0;
    }
    for (int c = 0; c < n; c++) {
      int pivot = c;
      for (int r = c + 1; r < n; r++) {
        if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) {
          pivot = r;
        }
      }
      double[] swap = m[c];
      m[c] = m[pivot];
      m[pivot] = swap;
      double p = m[c][c];
      for (int j = 0; j < 2 * n; j++) {
        m[c][j] /= p;
      }
      for (int r = 0; r < n; r++) {
        if (r != c) {
          double f = m[r][c];
          for (int j = 0; j < 2 * n; j++) {
            m[r][j] -= f * m[c][j];
          }
        }
      }
    }
    double[][] inverse = new double[n][n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(m[i], n, inverse[i], 0, n);
    }
    return inverse;
  }
}
