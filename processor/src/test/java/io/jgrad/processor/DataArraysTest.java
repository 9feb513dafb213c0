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
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Locals holding rows of {@code @NoGrad} data (an LSTM loss's input and target rows, the row of
 * state it copies) get no adjoint and no tangent: no adjoint buffer is allocated for the data,
 * nothing is added into one. Gradient against central differences; gradient and Hessian-vector
 * product bit for bit those of the rules built without the analysis.
 */
class DataArraysTest {
  private static final Fixture SEQUENCE = source("test.Seq", """
      package test;

      import io.jgrad.Grad;
      import io.jgrad.NoGrad;

      public class Seq {
        @Grad
        public static double loss(double[] w, @NoGrad double[][] state, @NoGrad double[][] seq) {
          double[] h = state[0].clone();
          double total = 0.0;
          for (int t = 0; t + 1 < seq.length; t++) {
            double[] input = seq[t];
            double[] gold = seq[t + 1];
            for (int i = 0; i < h.length; i++) {
              h[i] = Math.tanh(w[i] * h[i] + input[i]);
            }
            for (int i = 0; i < gold.length; i++) {
              total += gold[i] * h[i];
            }
          }
          return total;
        }
      }
      """);

  private static Compilation withData;
  private static Compilation plain;

  @BeforeAll
  static void compileBoth() {
    withData = compile(SEQUENCE);
    assertThat(withData).succeeded();
    plain = Fixtures.compileWith("jgrad.noDataArrays", SEQUENCE);
    assertThat(plain).succeeded();
  }

  private static String generated(Compilation compilation, String name) throws Exception {
    return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
  }

  @Test
  void theRowsOfDataHaveNoAdjointsAndNoTangents() throws Exception {
    for (String name : new String[] {"test.Seq_Rrule", "test.Seq_Frule"}) {
      String code = generated(withData, name);
      for (String absent : new String[] {"seqBar", "stateBar", "inputBar", "goldBar", "seqDot",
          "stateDot", "inputDot", "goldDot", "zerosLike(seq", "zerosLike(state"}) {
        assertFalse(code.contains(absent), name + " has " + absent + ":\n" + code);
      }
    }
    // without the analysis the rows are ordinary locals: the checks above are not vacuous
    String without = generated(plain, "test.Seq_Rrule");
    assertTrue(without.contains("double[] goldBar = seqBar[t + 1];"), without);
    assertTrue(without.contains("zerosLike(seq)"), without);
  }

  @Test
  void theGradientMatchesCentralDifferences() throws Exception {
    GeneratedClasses classes = new GeneratedClasses(withData);
    Method primal = classes.load("test.Seq").getMethod("loss", double[].class,
        double[][].class, double[][].class);
    Method adjoint = classes.load("test.Seq_Rrule").getMethod("lossAdjoint", double[].class,
        double[].class, double[][].class, double[][].class, double.class);
    Random random = new Random(11);
    for (int steps = 0; steps <= 5; steps++) {
      double[] w = gaussians(random, 3);
      double[][] state = {gaussians(random, 3)};
      double[][] seq = new double[steps][];
      for (int t = 0; t < steps; t++) {
        seq[t] = gaussians(random, 3);
      }
      double[] wBar = new double[3];
      double value = (double) adjoint.invoke(null, w, wBar, state, seq, 1.0);
      assertEquals(Double.doubleToLongBits((double) primal.invoke(null, w, state, seq)),
          Double.doubleToLongBits(value), "steps = " + steps);
      double[] expected = new double[3];
      for (int k = 0; k < 3; k++) {
        double h = 1e-6;
        double[] up = w.clone();
        double[] down = w.clone();
        up[k] += h;
        down[k] -= h;
        expected[k] = ((double) primal.invoke(null, up, state, seq)
            - (double) primal.invoke(null, down, state, seq)) / (2 * h);
      }
      assertArrayEquals(expected, wBar, 1e-7, "steps = " + steps);
    }
  }

  @Test
  void gradientAndHessianVectorProductAreThoseOfTheRulesWithoutTheAnalysis() throws Exception {
    Class<?> with = new GeneratedClasses(withData).load("test.Seq_Rrule");
    Class<?> without = new GeneratedClasses(plain).load("test.Seq_Rrule");
    Random random = new Random(13);
    for (int steps = 0; steps <= 5; steps++) {
      double[] w = gaussians(random, 3);
      double[] wDir = gaussians(random, 3);
      double[][] state = {gaussians(random, 3)};
      double[][] seq = new double[steps][];
      for (int t = 0; t < steps; t++) {
        seq[t] = gaussians(random, 3);
      }
      Object x = with.getMethod("lossHvp", double[].class, double[].class, double[][].class,
          double[][].class).invoke(null, w, wDir, state, seq);
      Object y = without.getMethod("lossHvp", double[].class, double[].class, double[][].class,
          double[][].class).invoke(null, w, wDir, state, seq);
      for (String part : new String[] {"wBar", "wHvp"}) {
        double[] left = (double[]) x.getClass().getMethod(part).invoke(x);
        double[] right = (double[]) y.getClass().getMethod(part).invoke(y);
        assertTrue(java.util.Arrays.equals(left, right), part + " differs, steps = " + steps);
      }
    }
  }
}
