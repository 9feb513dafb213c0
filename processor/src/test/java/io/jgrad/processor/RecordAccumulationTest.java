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
 * the new element's adjoint from the slot, which, for an increment, is the old element's too
 * ({@code RecordIncrementAdjoints}): the reverse sweep of the pairs allocates nothing either.
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
    // the reverse of the pairs: the slot's object is the old element's adjoint as well
    for (String method : new String[] {"static void pullReverse(",
        "static void pullReverseTangent("}) {
      String body = generatedMethod(rules, method);
      String reversePairs = body.substring(body.indexOf("jStart"),
          body.indexOf("acc[i] = new V(0.0, 0.0);"));
      assertEquals(0, reversePairs.split("new Pull_V_Tangent", -1).length - 1, reversePairs);
    }

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

  /** The gradient and the Hessian-vector product are those of the rules built without it. */
  @Test
  void keepingTheSlotsObjectChangesNoNumber() throws Exception {
    Compilation kept = compile(PULL);
    Compilation fresh = Fixtures.compileWith("jgrad.noRecordIncrements", PULL);
    assertThat(kept).succeeded();
    assertThat(fresh).succeeded();
    double[] withPass = hvpNumbers(new GeneratedClasses(kept));
    double[] without = hvpNumbers(new GeneratedClasses(fresh));
    assertEquals(without.length, withPass.length);
    for (int m = 0; m < without.length; m++) {
      assertEquals(without[m], withPass[m], 0.0, "entry " + m); // up to the sign of a zero
    }
  }

  /** value, kBar, kHvp, then psBar and psHvp's components, of pullHvp at a fixed point. */
  private static double[] hvpNumbers(GeneratedClasses classes) throws Exception {
    Class<?> v = classes.load("test.Pull$V");
    Class<?> tangent = classes.load("test.Pull_V_Tangent");
    double[][] p = {{0.5, -1.0}, {1.25, 0.75}, {-0.5, 2.0}, {0.125, -0.25}, {0.3, 0.6}};
    Object ps = Array.newInstance(v, p.length);
    Object dir = Array.newInstance(tangent, p.length);
    for (int i = 0; i < p.length; i++) {
      Array.set(ps, i, v.getConstructor(double.class, double.class).newInstance(p[i][0],
          p[i][1]));
      Array.set(dir, i, tangent.getConstructor(double.class, double.class).newInstance(
          0.25 * i - 0.5, 1.0 / (i + 2)));
    }
    Object hvp = classes.load("test.Pull_Rrule").getMethod("pullHvp", ps.getClass(),
        dir.getClass(), double.class, double.class).invoke(null, ps, dir, 0.75, -0.375);
    java.util.List<Double> out = new java.util.ArrayList<>();
    for (String scalar : new String[] {"value", "kBar", "kHvp"}) {
      out.add((double) hvp.getClass().getMethod(scalar).invoke(hvp));
    }
    for (String array : new String[] {"psBar", "psHvp"}) {
      Object bars = hvp.getClass().getMethod(array).invoke(hvp);
      for (int i = 0; i < p.length; i++) {
        Object bar = Array.get(bars, i);
        out.add(bar.getClass().getField("x").getDouble(bar));
        out.add(bar.getClass().getField("y").getDouble(bar));
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
