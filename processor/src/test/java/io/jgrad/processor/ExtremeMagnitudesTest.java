package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import org.junit.jupiter.api.Test;

/**
 * Derivatives where the values are huge: the partial of y in x / y, x / y^2, under- or overflows
 * on its own where the seed or tangent times it does not, so the rules multiply that in before
 * the reciprocal. Random program 380 of seed 3142: its Hessian-vector product came out 2-3x off.
 */
class ExtremeMagnitudesTest {
  private static final Fixture GROWTH = source("test.Growth", """
      package test;

      import io.jgrad.Grad;

      public class Growth {
        /** x[0] squared over and over (to about 1e59), then exp(log(1 + t^2)), t ~ 1e119. */
        @Grad
        public static double f(double[] x) {
          for (int k = 0; k < 4; k++) {
            x[0] += Math.pow((x[3] + x[0]) * (x[3] + x[0]) + 1.0, 2.0);
          }
          double s = 0.0;
          for (int m = 0; m < 3; m++) {
            double t = 0.0;
            for (int j = 0; j < x.length; j++) {
              double w = x[j] - 0.5 * m;
              t += w * w;
            }
            s += Math.exp(Math.log(1.0 + t * t));
          }
          return x[3] + s;
        }
      }
      """);

  @Test
  void theHessianTimesADirectionOfAHugeLogIsRight() throws Exception {
    Compilation compilation = compile(GROWTH);
    assertThat(compilation).succeeded();
    Class<?> rules = new GeneratedClasses(compilation).load("test.Growth_Rrule");
    double[] x = {-1.0500960885039357, -1.908145139355049, 0.14882454207042084,
        -0.4189357196254786};
    double[] u = {0.20027714222768606, -0.4982911763601205, -0.6655185335532362,
        -1.0973379771021357};
    Object hvp = rules.getMethod("fHvp", double[].class, double[].class)
        .invoke(null, x.clone(), u.clone());
    double[] hu = (double[]) hvp.getClass().getMethod("xHvp").invoke(hvp);
    // central differences of the gradient along u, which converge over many decades of h here
    double h = 1e-6;
    double[] plus = x.clone();
    double[] minus = x.clone();
    for (int i = 0; i < x.length; i++) {
      plus[i] += h * u[i];
      minus[i] -= h * u[i];
    }
    Object gp = rules.getMethod("f", double[].class).invoke(null, (Object) plus);
    Object gm = rules.getMethod("f", double[].class).invoke(null, (Object) minus);
    double[] bp = (double[]) gp.getClass().getMethod("xBar").invoke(gp);
    double[] bm = (double[]) gm.getClass().getMethod("xBar").invoke(gm);
    for (int i = 0; i < x.length; i++) {
      double expected = (bp[i] - bm[i]) / (2 * h);
      assertEquals(expected, hu[i], 1e-6 * Math.abs(expected), "entry " + i);
    }
  }
}
