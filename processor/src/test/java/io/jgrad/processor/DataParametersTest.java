package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.gaussians;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A helper parameter every call of the build passes data to is {@code @NoGrad} in the helper's
 * rules (no tangent, no adjoint buffer); one some call passes a derivative to keeps them. The
 * helpers are recursive, so they are called, not inlined. Gradient against central differences,
 * gradient and Hessian-vector product bit for bit those of the rules built without the analysis.
 */
class DataParametersTest {
  private static final Fixture POLY = source("test.Poly", """
      package test;

      import io.jgrad.Grad;
      import io.jgrad.NoGrad;

      public class Poly {
        /** Least squares of a polynomial in several variables, x[0] * (c1 + x[1] * (...)). */
        @Grad
        public static double fit(double[] c, @NoGrad double[][] xs, @NoGrad double[] ys) {
          double s = 0.0;
          for (int i = 0; i < ys.length; i++) {
            double r = horner(c, xs[i], 0) - ys[i];
            s += r * r + mix(c, xs[i], 0);
          }
          return s;
        }

        /** Rows of data passed to horner only: no adjoint for them anywhere. */
        @Grad
        public static double curve(double[] c, @NoGrad double[][] xs) {
          double s = 0.0;
          for (int i = 0; i < xs.length; i++) {
            s += horner(c, xs[i], 0);
          }
          return s;
        }

        /** Calls mix with a derivative in both arrays: mix keeps its adjoints. */
        @Grad
        public static double both(double[] a, double[] b) {
          return mix(a, b, 0);
        }

        static double horner(double[] c, double[] x, int k) {
          if (k == c.length) {
            return 0.0;
          }
          return c[k] + x[k] * horner(c, x, k + 1);
        }

        static double mix(double[] a, double[] b, int k) {
          if (k == a.length) {
            return 0.0;
          }
          return Math.sin(a[k] * b[k]) + mix(a, b, k + 1);
        }
      }
      """);

  private static Compilation inferred;
  private static Compilation plain;

  @BeforeAll
  static void compileBoth() {
    inferred = compile(POLY);
    assertThat(inferred).succeeded();
    plain = Fixtures.compileWith("jgrad.noDataParameters", POLY);
    assertThat(plain).succeeded();
  }

  /** The generated source, its whitespace runs made single spaces (signatures wrap). */
  private static String generated(Compilation compilation, String name) throws Exception {
    return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString()
        .replaceAll("\\s+", " ");
  }

  @Test
  void aParameterEveryCallPassesDataToHasNoAdjointOrTangent() throws Exception {
    String reverse = generated(inferred, "test.Poly_Rrule");
    assertTrue(reverse.contains("static double hornerForward(Tapes tapes, double[] c, "
        + "double[] cBar, double[] x, int k)"), reverse);
    // fit passes the row of xs alone: no adjoint for it (mix's call below passes one)
    assertTrue(java.util.regex.Pattern.compile(
        "hornerForward\\(tapes, c, cBar, t\\d+, 0\\)").matcher(reverse).find(), reverse);
    for (String head : new String[] {"static double curveForward(", "static void curveReverse(",
        "static double curveAdjoint(", "static double curveForwardTangent("}) {
      String method = reverse.substring(reverse.indexOf(head),
          reverse.indexOf(" } /**", reverse.indexOf(head)));
      assertFalse(method.contains("xsBar") || method.contains("xsDot"), method);
    }
    String forward = generated(inferred, "test.Poly_Frule");
    assertTrue(forward.contains("static Dual horner(double[] c, double[] cDot, double[] x, "
        + "int k)"), forward);
    // mix: b is data for fit's call, not for both's: b keeps its adjoint
    assertTrue(reverse.contains("static double mixForward(Tapes tapes, double[] a, "
        + "double[] aBar, double[] b, double[] bBar, int k)"), reverse);
    // without the analysis horner's x has an adjoint: the checks above are not vacuous
    String without = generated(plain, "test.Poly_Rrule");
    assertTrue(without.contains("static double hornerForward(Tapes tapes, double[] c, "
        + "double[] cBar, double[] x, double[] xBar, int k)"), without);
  }

  @Test
  void theGradientMatchesCentralDifferences() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(inferred);
    Method primal = classes.load("test.Poly").getMethod("fit", double[].class,
        double[][].class, double[].class);
    Method adjoint = classes.load("test.Poly_Rrule").getMethod("fitAdjoint", double[].class,
        double[].class, double[][].class, double[].class, double.class);
    Random random = new Random(17);
    for (int n = 0; n <= 4; n++) {
      double[] c = gaussians(random, 3);
      double[][] xs = new double[n][];
      for (int i = 0; i < n; i++) {
        xs[i] = gaussians(random, 3);
      }
      double[] ys = gaussians(random, n);
      double[] cBar = new double[3];
      double value = (double) adjoint.invoke(null, c, cBar, xs, ys, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, c, xs, ys)),
          Double.doubleToLongBits(value), "n = " + n);
      double[] expected = new double[3];
      for (int k = 0; k < 3; k++) {
        double h = 1e-6;
        double[] up = c.clone();
        double[] down = c.clone();
        up[k] += h;
        down[k] -= h;
        expected[k] = ((double) primal.invoke(null, up, xs, ys)
            - (double) primal.invoke(null, down, xs, ys)) / (2 * h);
      }
      assertArrayEquals(expected, cBar, 1e-6 * (1 + n), "n = " + n);
    }
  }

  @Test
  void gradientAndHessianVectorProductAreThoseOfTheRulesWithoutTheAnalysis() throws Exception {
    Class<?> with = new GeneratedClasses(inferred).load("test.Poly_Rrule");
    Class<?> without = new GeneratedClasses(plain).load("test.Poly_Rrule");
    Random random = new Random(19);
    for (int n = 0; n <= 4; n++) {
      double[] c = gaussians(random, 3);
      double[] cDir = gaussians(random, 3);
      double[][] xs = new double[n][];
      for (int i = 0; i < n; i++) {
        xs[i] = gaussians(random, 3);
      }
      double[] ys = gaussians(random, n);
      Object x = with.getMethod("fitHvp", double[].class, double[].class, double[][].class,
          double[].class).invoke(null, c, cDir, xs, ys);
      Object y = without.getMethod("fitHvp", double[].class, double[].class, double[][].class,
          double[].class).invoke(null, c, cDir, xs, ys);
      for (String part : new String[] {"cBar", "cHvp"}) {
        double[] left = (double[]) x.getClass().getMethod(part).invoke(x);
        double[] right = (double[]) y.getClass().getMethod(part).invoke(y);
        assertTrue(Arrays.equals(left, right), part + " differs, n = " + n);
      }
    }
  }
}
