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
import io.jgrad.tape.Tapes;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An fAdjoint that runs both sweeps itself borrows its own work arrays (the primal's {@code w}
 * and {@code v}, their adjoints) from the thread's tapes ({@code PooledArrays}) and gives them
 * back, and so does the forward rule (with their tangents): calls of any sizes, in any order,
 * compute what fresh arrays would (the closed-form gradient, the primal's value bit for bit),
 * leave nothing lent, and a call that finds its arrays allocates none of them again.
 */
class PooledArraysTest {
  private static final Fixture WORK = source("test.Work", """
      package test;

      import io.jgrad.Grad;

      public class Work {
        /** sum_i x_i sin(x_i) sin(x_(i+1 mod n)). */
        @Grad
        public static double f(double[] x) {
          int n = x.length;
          double[] w = new double[n];
          double[] v = new double[n];
          for (int i = 0; i < n; i++) {
            w[i] = Math.sin(x[i]);
          }
          for (int i = 0; i < n; i++) {
            v[i] = w[i] * w[(i + 1) % n];
          }
          double s = 0;
          for (int i = 0; i < n; i++) {
            s += v[i] * x[i];
          }
          return s;
        }
      }
      """);

  private static Compilation compilation;
  private static Method primal;
  private static Method adjoint;

  @BeforeAll
  static void compileOnce() throws Exception {
    compilation = compile(WORK);
    assertThat(compilation).succeeded();
    GeneratedClasses classes = new GeneratedClasses(compilation);
    primal = classes.load("test.Work").getMethod("f", double[].class);
    adjoint = classes.load("test.Work_Rrule").getMethod("fAdjoint", double[].class,
        double[].class, double.class);
  }

  @Test
  void theWorkArraysAreBorrowedAndGivenBack() throws Exception {
    String rules = compilation.generatedSourceFile("test.Work_Rrule").orElseThrow()
        .getCharContent(true).toString();
    String code = generatedMethod(rules, "static double fAdjoint(");
    for (String array : new String[] {"w", "v", "wBar", "vBar"}) {
      assertTrue(code.contains("double[] " + array + " = tapes.zeros(n);"), code);
    }
    assertTrue(code.contains("int arrayMark = tapes.arraySize();")
        && code.contains("tapes.releaseArrays(arrayMark);\n      return"), code);
  }

  @Test
  void callsOfAnySizeComputeTheClosedFormAndLeaveNothingLent() throws Exception {
    Random random = new Random(3);
    double[][] points = new double[8][];
    double[][] gradients = new double[8][];
    int[] sizes = {5, 7, 5, 1, 7, 5, 2, 5};
    for (int k = 0; k < sizes.length; k++) {
      double[] x = new double[sizes[k]];
      for (int i = 0; i < x.length; i++) {
        x[i] = random.nextGaussian();
      }
      points[k] = x;
      double[] xBar = new double[x.length];
      double value = (double) adjoint.invoke(null, x, xBar, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, x)),
          Double.doubleToLongBits(value), "value, call " + k);
      assertArrayEquals(closedForm(x), xBar, 1e-12, "gradient, call " + k);
      assertEquals(0, Tapes.current().arraySize(), "arrays lent after call " + k);
      gradients[k] = xBar;
    }
    // the same point again, on arrays a call of another size left: the same bits
    double[] again = new double[5];
    adjoint.invoke(null, points[0], again, 1.0);
    assertArrayEquals(gradients[0], again, 0.0);
  }

  @Test
  void aCallThatFindsItsArraysAllocatesNoneOfThem() throws Exception {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    int n = 20_000;
    double[] x = new double[n];
    double[] xBar = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = 0.001 * i;
    }
    adjoint.invoke(null, x, xBar, 1.0);
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    int calls = 20;
    for (int k = 0; k < calls; k++) {
      adjoint.invoke(null, x, xBar, 1.0);
    }
    long perCall = (threads.getThreadAllocatedBytes(id) - before) / calls;
    // four arrays of 20,000 doubles would be 640,000 bytes a call; reflection boxes a few
    assertTrue(perCall < 20_000, perCall + " bytes a call");
  }

  @Test
  void theForwardRuleBorrowsItsArraysToo() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Method into = classes.load("test.Work_Frule").getMethod("fInto", double[].class,
        double[].class, double[].class);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    int n = 20_000;
    double[] x = new double[n];
    double[] xDot = new double[n];
    double[] tangent = new double[1];
    for (int i = 0; i < n; i++) {
      x[i] = 0.001 * i;
      xDot[i] = Math.cos(i);
    }
    double value = (double) into.invoke(null, x, xDot, tangent);
    assertEquals(Double.doubleToLongBits((double) primal.invoke(null, x)),
        Double.doubleToLongBits(value));
    double expected = 0.0;
    double[] gradient = closedForm(x);
    for (int i = 0; i < n; i++) {
      expected += gradient[i] * xDot[i];
    }
    assertEquals(expected, tangent[0], 1e-9 * Math.abs(expected));
    assertEquals(0, Tapes.current().arraySize());
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    int calls = 20;
    for (int k = 0; k < calls; k++) {
      into.invoke(null, x, xDot, tangent);
    }
    long perCall = (threads.getThreadAllocatedBytes(id) - before) / calls;
    // w, v and their tangents would be 640,000 bytes a call
    assertTrue(perCall < 20_000, perCall + " bytes a call");
  }

  private static double[] closedForm(double[] x) {
    int n = x.length;
    double[] g = new double[n];
    for (int i = 0; i < n; i++) {
      int next = (i + 1) % n;
      double v = Math.sin(x[i]) * Math.sin(x[next]);
      g[i] += v;
      g[i] += x[i] * Math.cos(x[i]) * Math.sin(x[next]);
      g[next] += x[i] * Math.sin(x[i]) * Math.cos(x[next]);
    }
    return g;
  }
}
