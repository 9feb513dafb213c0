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
import org.junit.jupiter.api.Test;

/**
 * Loops whose iterations the reverse sweep computes again instead of taping what each one
 * overwrites (the transform's {@code RecomputedIterations}): a sum over data points with a work
 * array keeps nothing per point on the tape, and loops that read what they overwrite, or write
 * memory the method returns, are taped as before.
 */
class RecomputedIterationsTest {
  private static final Fixture POINTS = source("test.Points", """
      package test;

      import io.jgrad.Grad;

      public class Points {
        /** sum over n of log(sum_j exp(c_j) c_j), c = x[n] - mu, with c reused per point. */
        @Grad
        public static double f(double[][] x, double[] mu) {
          int d = mu.length;
          double[] c = new double[d];
          double total = 0;
          for (int n = 0; n < x.length; n++) {
            for (int j = 0; j < d; j++) {
              c[j] = x[n][j] - mu[j];
            }
            double s = 0;
            for (int j = 0; j < d; j++) {
              s += Math.exp(c[j]) * c[j];
            }
            total += Math.log(s);
          }
          return total;
        }

        /** y = b + w x, row by row: each iteration reads the y[i] it adds to. */
        @Grad
        public static double[] affine(double[][] w, double[] b, double[] x) {
          double[] y = b.clone();
          for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < x.length; j++) {
              y[i] += w[i][j] * Math.sin(x[j]);
            }
          }
          return y;
        }

        /** f with the point's row read into a variable, as qTimesX(qdiag[c], ...) does. */
        @Grad
        public static double rows(double[][] x, double[] mu) {
          int d = mu.length;
          double[] c = new double[d];
          double total = 0;
          for (int n = 0; n < x.length; n++) {
            double[] point = x[n];
            for (int j = 0; j < d; j++) {
              c[j] = point[j] - mu[j];
            }
            double s = 0;
            for (int j = 0; j < d; j++) {
              s += Math.exp(c[j]) * c[j];
            }
            total += Math.log(s);
          }
          return total;
        }

        /** log sum_m exp(beta_m) per point, beta_m = -|x[n] - mu[m]|^2 / 2 from a work array. */
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

        /** sum of sin(cos(exp(x_ij))) through rows of a new array, as broadcast_sin_cos_exp. */
        @Grad
        public static double elementwise(double[][] x) {
          double[][] y = new double[x.length][x[0].length];
          for (int i = 0; i < x.length; i++) {
            double[] xi = x[i];
            double[] yi = y[i];
            for (int j = 0; j < xi.length; j++) {
              yi[j] = Math.sin(Math.cos(Math.exp(xi[j])));
            }
          }
          double s = 0;
          for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y[i].length; j++) {
              s += y[i][j];
            }
          }
          return s;
        }

        /** elementwise indexing the parameter's rows: the inner loops end at x[i].length. */
        @Grad
        public static double indexed(double[][] x) {
          double[][] y = new double[x.length][x[0].length];
          for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[i].length; j++) {
              y[i][j] = Math.sin(Math.cos(Math.exp(x[i][j])));
            }
          }
          double s = 0;
          for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y[i].length; j++) {
              s += y[i][j];
            }
          }
          return s;
        }

        /** d-- only adds into d, but the reverse of the remainder reads d as it left it. */
        @Grad
        public static double decrements(double x, double y) {
          double d = Math.atan(x) % (0.75 * y);
          for (int i = 0; i < 3; i++) {
            d--;
          }
          return d;
        }
      }
      """);

  private static final double[][] X = {{1.0, 0.5, 2.0}, {0.25, 1.5, 0.75}, {2.5, 1.25, 0.5}};
  private static final double[] MU = {0.125, -0.5, 0.375};

  @Test
  void aSumOverPointsKeepsNothingPerPointAndHasTheGradient() throws Exception {
    Compilation compilation = compile(POINTS);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Points_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String forward = generatedMethod(rules, "static double fForward(");
    String loop = forward.substring(forward.indexOf("for (n = 0; n < x.length; n++)"),
        forward.indexOf("// line 22"));
    assertFalse(loop.contains("tapes.push"), "the loop over the points tapes:\n" + forward);
    assertTrue(generatedMethod(rules, "static void fReverse(").contains("Math.exp"),
        "the reverse sweep does not compute the iterations again:\n" + rules);

    GeneratedClasses classes = new GeneratedClasses(compilation);
    Class<?> primal = classes.load("test.Points");
    double value = (double) primal.getMethod("f", double[][].class, double[].class)
        .invoke(null, X, MU);
    Object gradient = classes.load("test.Points_Rrule")
        .getMethod("f", double[][].class, double[].class).invoke(null, X, MU);
    assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
        (double) gradient.getClass().getMethod("value").invoke(gradient)));
    // d/dmu_j = -sum_n exp(c_nj) (1 + c_nj) / s_n, derived by hand
    double[] expected = new double[MU.length];
    for (double[] point : X) {
      double s = 0;
      for (int j = 0; j < MU.length; j++) {
        s += Math.exp(point[j] - MU[j]) * (point[j] - MU[j]);
      }
      for (int j = 0; j < MU.length; j++) {
        double c = point[j] - MU[j];
        expected[j] -= Math.exp(c) * (1 + c) / s;
      }
    }
    double[] muBar = (double[]) gradient.getClass().getMethod("muBar").invoke(gradient);
    assertArrayEquals(expected, muBar, 1e-12);
  }

  /**
   * A row read at the top of an iteration computed again is read again there: not taped per
   * iteration (nor at the end of the forward sweep), and the gradient is f's.
   */
  @Test
  void aRowReadInAnIterationComputedAgainIsNotTaped() throws Exception {
    Compilation compilation = compile(POINTS);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Points_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String reverse = generatedMethod(rules, "static void rowsReverse(");
    assertTrue(reverse.contains("double[] point = x[n];"), reverse);
    assertFalse(reverse.contains("point = (double[]) tapes.popRef()")
        || reverse.contains("pointBar = (double[]) tapes.popRef()")
        || generatedMethod(rules, "static double rowsForward(").contains("pushRef(point"),
        "the row is taped:\n" + rules);
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Class<?> rrule = classes.load("test.Points_Rrule");
    Object rows = rrule.getMethod("rows", double[][].class, double[].class).invoke(null, X, MU);
    Object f = rrule.getMethod("f", double[][].class, double[].class).invoke(null, X, MU);
    assertArrayEquals((double[]) f.getClass().getMethod("muBar").invoke(f),
        (double[]) rows.getClass().getMethod("muBar").invoke(rows));
    assertEquals((double) f.getClass().getMethod("value").invoke(f),
        (double) rows.getClass().getMethod("value").invoke(rows));
  }

  /**
   * The loop over components inside a point's iteration runs again per component in its own
   * reverse (without rows per component: -Djgrad.noExpandedArrays, or a work array that cannot
   * have them); the point's iteration computed again takes the scores it left from the tape
   * instead of running it a third time. The gradient is the mixture's, derived by hand.
   */
  @Test
  void scoresAnInnerLoopLeavesComeFromTheTape() throws Exception {
    // with rows per component (ExpandedArraysTest) the component loop is not computed again
    Compilation compilation = Fixtures.compileWith("jgrad.noExpandedArrays", POINTS);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Points_Rrule").orElseThrow()
        .getCharContent(true).toString();
    // pushed by a call or through the stack kept in a local (TapeCursors)
    String mixtureForward = generatedMethod(rules, "static double mixtureForward(");
    assertTrue(mixtureForward.contains("tapes.pushDouble(beta[")
        || mixtureForward.contains("doubleStack[doubleSize] = beta["),
        "the scores are not kept:\n" + rules);
    String reverse = generatedMethod(rules, "static void mixtureReverse(");
    assertTrue(reverse.contains("= tapes.popDouble();")
        || reverse.contains("= doubleStack[--doubleSize];"), reverse);
    // the work array is filled once per component in the reverse sweep (it was twice)
    assertEquals(1, reverse.lines().filter(line -> !line.strip().startsWith("//")
        && line.contains("- mu[")).count(), reverse);

    GeneratedClasses classes = new GeneratedClasses(compilation);
    double[][] mu = {{0.125, -0.5, 0.375}, {1.0, 0.25, -0.75}};
    double value = (double) classes.load("test.Points")
        .getMethod("mixture", double[][].class, double[][].class).invoke(null, X, mu);
    Object gradient = classes.load("test.Points_Rrule")
        .getMethod("mixture", double[][].class, double[][].class).invoke(null, X, mu);
    assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
        (double) gradient.getClass().getMethod("value").invoke(gradient)));
    // d/dmu_mj = sum_n p_nm (x_nj - mu_mj), p_n = softmax(beta_n)
    double[][] expected = new double[mu.length][mu[0].length];
    for (double[] point : X) {
      double[] beta = new double[mu.length];
      double z = 0;
      for (int m = 0; m < mu.length; m++) {
        for (int j = 0; j < point.length; j++) {
          beta[m] -= 0.5 * (point[j] - mu[m][j]) * (point[j] - mu[m][j]);
        }
        z += Math.exp(beta[m]);
      }
      for (int m = 0; m < mu.length; m++) {
        for (int j = 0; j < point.length; j++) {
          expected[m][j] += Math.exp(beta[m]) / z * (point[j] - mu[m][j]);
        }
      }
    }
    double[][] muBar = (double[][]) gradient.getClass().getMethod("muBar").invoke(gradient);
    for (int m = 0; m < mu.length; m++) {
      assertArrayEquals(expected[m], muBar[m], 1e-12);
    }
  }

  /**
   * A loop that would tape only scalars while its iterations call exp, cos and sin is taped:
   * the reverse sweep computes no exp again (a push and a pop cost less); what it reads again
   * (rows, where the inner loop ended) it does not tape. The gradient is
   * cos(cos(e)) (-sin(e)) e with e = exp(x), derived by hand.
   */
  @Test
  void scalarsOfTranscendentalIterationsAreTapedNotComputedAgain() throws Exception {
    Compilation compilation = compile(POINTS);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Points_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String reverse = generatedMethod(rules, "static void elementwiseReverse(");
    assertFalse(code(reverse).contains("Math.exp("), "the reverse sweep computes exp again:\n"
        + reverse);
    // the rows are read again (Math.exp writes no row), and the inner counter's end is xi.length
    String forward = generatedMethod(rules, "static double elementwiseForward(");
    assertFalse(forward.contains("tapes.pushRef(xi") || forward.contains("tapes.pushRef(yi")
        || forward.contains("tapes.pushInt(j)") || forward.contains("intStack[intSize] = j;"),
        "rows or the inner counter are taped:\n"
        + forward);
    // printed as for, with j > -1, not j >= 0 (see JavaEmitter.downLoop)
    assertTrue(reverse.contains("double[] xi = x[i];")
        && reverse.contains("for (int j = xi.length - 1; j > -1; j--)"), reverse);
    // yi read again would be dead there: only its adjoint row is used on the way back
    assertFalse(code(reverse).contains("double[] yi = y[i];"), reverse);
    // indexing x[i] and y[i] directly: where the inner loops end is computed, not taped
    String indexedForward = generatedMethod(rules, "static double indexedForward(");
    assertFalse(indexedForward.contains("pushInt(j")
        || indexedForward.contains("intStack[intSize] = j"), rules);
    String indexed = generatedMethod(rules, "static void indexedReverse(");
    assertTrue(indexed.contains("int j = x[i].length - 1;") && indexed.contains("= y[i2"),
        indexed);
    assertFalse(code(indexed).contains("= y[i];"), "a dead row read again:\n" + indexed);
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Object same = classes.load("test.Points_Rrule")
        .getMethod("indexed", double[][].class).invoke(null, (Object) X);
    double value = (double) classes.load("test.Points")
        .getMethod("elementwise", double[][].class).invoke(null, (Object) X);
    Object gradient = classes.load("test.Points_Rrule")
        .getMethod("elementwise", double[][].class).invoke(null, (Object) X);
    assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
        (double) same.getClass().getMethod("value").invoke(same)));
    double[][] sameBar = (double[][]) same.getClass().getMethod("xBar").invoke(same);
    assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
        (double) gradient.getClass().getMethod("value").invoke(gradient)));
    double[][] xBar = (double[][]) gradient.getClass().getMethod("xBar").invoke(gradient);
    for (int i = 0; i < X.length; i++) {
      for (int j = 0; j < X[i].length; j++) {
        double e = Math.exp(X[i][j]);
        assertEquals(Math.cos(Math.cos(e)) * -Math.sin(e) * e, xBar[i][j], 1e-14);
        assertEquals(xBar[i][j], sameBar[i][j], 1e-15);
      }
    }
  }

  /** The loops of a clone and of y[i] += ... are taped: the value is the primal's. */
  @Test
  void loopsThatReadWhatTheyOverwriteOrFillTheResultAreTaped() throws Exception {
    Compilation compilation = compile(POINTS);
    assertThat(compilation).succeeded();
    GeneratedClasses classes = new GeneratedClasses(compilation);
    double[][] w = {{0.5, -1.0, 2.0}, {1.5, 0.25, -0.75}};
    double[] b = {0.125, -2.0};
    double[] x = {0.3, -1.2, 2.2};
    double[] value = (double[]) classes.load("test.Points")
        .getMethod("affine", double[][].class, double[].class, double[].class)
        .invoke(null, w, b, x);
    Method rule = classes.load("test.Points_Rrule").getMethod("affine", double[][].class,
        double[].class, double[].class, double[].class);
    double[] cotangent = {1.0, -0.5};
    Object gradient = rule.invoke(null, w, b, x, cotangent);
    assertArrayEquals(value, (double[]) gradient.getClass().getMethod("value").invoke(gradient));
    // x̄_j = cos(x_j) sum_i w_ij ȳ_i, b̄ = ȳ
    double[] xBar = (double[]) gradient.getClass().getMethod("xBar").invoke(gradient);
    for (int j = 0; j < x.length; j++) {
      assertEquals(Math.cos(x[j]) * (w[0][j] * cotangent[0] + w[1][j] * cotangent[1]),
          xBar[j], 1e-15);
    }
    assertArrayEquals(cotangent,
        (double[]) gradient.getClass().getMethod("bBar").invoke(gradient));
  }

  /**
   * Corpus {@code FuzzFindings.remainderThenDecrements}: a loop that only adds into a variable
   * an earlier statement's reverse reads is taped (its additions undone), not computed again.
   */
  @Test
  void anAccumulatorReadBeforeTheLoopOnTheWayBackIsRestored() throws Exception {
    Compilation compilation = compile(POINTS);
    assertThat(compilation).succeeded();
    GeneratedClasses classes = new GeneratedClasses(compilation);
    double x = 2.6952773986335092;
    double y = 0.9526178803493505;
    Object gradient = classes.load("test.Points_Rrule")
        .getMethod("decrements", double.class, double.class).invoke(null, x, y);
    // d = atan(x) - q 0.75 y - 3 with the quotient q = trunc(atan(x) / (0.75 y)) = 1 here
    assertEquals(1.0, Math.floor(Math.atan(x) / (0.75 * y)));
    assertEquals(1 / (1 + x * x),
        (double) gradient.getClass().getMethod("xBar").invoke(gradient), 1e-15);
    assertEquals(-0.75, (double) gradient.getClass().getMethod("yBar").invoke(gradient), 1e-15);
  }

  /** Generated code without its comment lines (which quote the source). */
  private static String code(String generated) {
    return String.join("\n", generated.lines().filter(line -> !line.strip().startsWith("//"))
        .toList());
  }
}
