package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.generatedMethod;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import java.lang.reflect.Array;
import org.junit.jupiter.api.Test;

/**
 * Sums into the records of an array ({@code acc[i] = acc[i].plus(...)}, as n-body accelerations
 * are written): the elements' adjoint objects stay in their slots going forward ({@code
 * SlotAdjoints}), so a pair tapes no adjoint object and allocates none; the reverse sweep takes
 * the new element's adjoint from the slot and puts a fresh one there for the element overwritten.
 */
class RecordAccumulationTest {
  private static final Fixture PULL = source("test.Pull", """
      package test;

      import io.jgrad.Grad;

      public class Pull {
        public record V(double x, double y) {
          V plus(V o) {
            return new V(x + o.x, y + o.y);
          }

          V scale(double s) {
            return new V(s * x, s * y);
          }
        }

        /** acc_i = k sum_j (p_j - p_i), pair by pair; s = sum_i (i + 1) acc_i.x + acc_i.y^2. */
        @Grad
        public static double pull(V[] ps, double k) {
          int n = ps.length;
          V[] acc = new V[n];
          for (int i = 0; i < n; i++) {
            acc[i] = new V(0.0, 0.0);
          }
          for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
              V d = ps[j].plus(ps[i].scale(-1.0));
              acc[i] = acc[i].plus(d.scale(k));
              acc[j] = acc[j].plus(d.scale(-k));
            }
          }
          double s = 0.0;
          for (int i = 0; i < n; i++) {
            s += acc[i].x() * (i + 1) + acc[i].y() * acc[i].y();
          }
          return s;
        }
      }
      """);

  @Test
  void onlyTheOverwrittenElementsAdjointsAreTapedAndTheGradientIsRight() throws Exception {
    Compilation compilation = compile(PULL);
    assertThat(compilation).succeeded();
    String rules = compilation.generatedSourceFile("test.Pull_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String forward = generatedMethod(rules, "static double pullForward(");
    String pairs = forward.substring(forward.indexOf("j < n"),
        forward.indexOf("double s = 0.0;"));
    // per pair: no adjoint object taped or allocated, for the stores or the aliases
    assertEquals(0, pairs.split("tapes\\.pushRef\\(", -1).length - 1, pairs);
    // (only where a slot has none yet: the first store into a new array)
    assertEquals(pairs.split("new Pull_V_Tangent", -1).length - 1,
        pairs.split("== null\\) \\{\\s+accBar\\[\\w+\\] = new Pull_V_Tangent", -1).length - 1, pairs);
    String reverse = generatedMethod(rules, "static void pullReverse(");
    assertEquals(0, reverse.split("\\(Pull_V_Tangent\\) tapes\\.popRef", -1).length - 1, reverse);

    GeneratedClasses classes = new GeneratedClasses(compilation);
    Class<?> v = classes.load("test.Pull$V");
    double[][] p = {{0.5, -1.0}, {1.25, 0.75}, {-0.5, 2.0}, {0.125, -0.25}};
    int n = p.length;
    double k = 0.75;
    Object ps = Array.newInstance(v, n);
    for (int i = 0; i < n; i++) {
      Array.set(ps, i, v.getConstructor(double.class, double.class).newInstance(p[i][0],
          p[i][1]));
    }
    double value = (double) classes.load("test.Pull").getMethod("pull", ps.getClass(),
        double.class).invoke(null, ps, k);
    Object gradient = classes.load("test.Pull_Rrule").getMethod("pull", ps.getClass(),
        double.class).invoke(null, ps, k);
    assertEquals(Double.doubleToLongBits(value), Double.doubleToLongBits(
        (double) gradient.getClass().getMethod("value").invoke(gradient)));

    // closed form, acc_i = k (P - n p_i) with P the sum of the points:
    // ds/dk = sum_i (i + 1) (P.x - n p_i.x) + 2 acc_i.y (P.y - n p_i.y),
    // ds/dp_m.x = k (sum_i (i + 1) - n (m + 1)), ds/dp_m.y = 2 k (sum_i acc_i.y - n acc_m.y)
    double sumX = 0;
    double sumY = 0;
    for (double[] q : p) {
      sumX += q[0];
      sumY += q[1];
    }
    double[] accY = new double[n];
    double sumAccY = 0;
    double kBar = 0;
    for (int i = 0; i < n; i++) {
      accY[i] = k * (sumY - n * p[i][1]);
      sumAccY += accY[i];
      kBar += (i + 1) * (sumX - n * p[i][0]) + 2 * accY[i] * (sumY - n * p[i][1]);
    }
    assertEquals(kBar, (double) gradient.getClass().getMethod("kBar").invoke(gradient), 1e-12);
    Object psBar = gradient.getClass().getMethod("psBar").invoke(gradient);
    double weights = n * (n + 1) / 2.0;
    for (int m = 0; m < n; m++) {
      Object bar = Array.get(psBar, m);
      assertEquals(k * (weights - n * (m + 1)), bar.getClass().getField("x").getDouble(bar),
          1e-12);
      assertEquals(2 * k * (sumAccY - n * accY[m]), bar.getClass().getField("y").getDouble(bar),
          1e-12);
    }
  }
}
