package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jgrad.Jacobians;
import io.jgrad.function.GradientFunction;
import io.jgrad.function.HessianFunction;
import io.jgrad.function.JacobianFunction;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The function objects of {@link FunctionObjects}, {@code Classic.rosenbrock} and {@code
 * SecondOrder.squaredInPlace}: at random points (and at earlier points
 * again, so that state a call leaves behind would show), {@code value} is the method's value bit
 * for bit, {@code valueAndGradient} and {@code gradient} the gradient of {@code Foo_Rrule.f(...)}
 * flattened, bit for bit, {@code hessian} is {@code fHessian}, the Hessian-vector product is
 * {@code fHvp}'s and {@code jacobian} is {@code fJacobian}, each bit for bit; the gradient (and
 * Jacobian) agree with central differences of {@code value}, and the Hessian-vector product with
 * central differences of the gradient. The rules are called here on arguments built from the
 * point by hand, not through the layout code the function objects use.
 */
class FunctionObjectsTest {
  private static final int POINTS = 5;

  /** The rules of one method, at a point laid out as the function object lays it out. */
  record Rules(ToDoubleFunction<double[]> value, Function<double[], double[]> gradient,
      Function<double[], double[][]> hessian, BiFunction<double[], double[], double[]> hvp) {}

  @Test
  void singleArray() {
    HessianFunction f = Classic_Rrule.rosenbrockFunction(new double[4]);
    assertEquals(4, f.dimension());
    check(f, new Rules(p -> Classic.rosenbrock(p.clone()),
        p -> Classic_Rrule.rosenbrock(p.clone()).xBar(),
        p -> Classic_Rrule.rosenbrockHessian(p.clone()),
        (p, d) -> Classic_Rrule.rosenbrockHvp(p.clone(), d.clone()).xHvp()),
        new Random(1), 1e-6, 1e-6);
  }

  /** The point is (a, x); n and data are bound, data as the array itself. */
  @Test
  void scalarArrayIntAndData() {
    double[] data = {0.5, -0.25, 1.0};
    HessianFunction f = FunctionObjects_Rrule.weightedLossFunction(0.0, new double[4], 3, data);
    assertEquals(5, f.dimension());
    check(f, new Rules(p -> FunctionObjects.weightedLoss(p[0], tail(p, 1), 3, data),
        p -> {
          FunctionObjects_Rrule.WeightedLossGradient g =
              FunctionObjects_Rrule.weightedLoss(p[0], tail(p, 1), 3, data);
          return concat(new double[] {g.aBar()}, g.xBar());
        },
        p -> FunctionObjects_Rrule.weightedLossHessian(p[0], tail(p, 1), 3, data),
        (p, d) -> {
          FunctionObjects_Rrule.WeightedLossHvp h = FunctionObjects_Rrule.weightedLossHvp(p[0],
              d[0], tail(p, 1), tail(d, 1), 3, data);
          return concat(new double[] {h.aHvp()}, h.xHvp());
        }), new Random(2), 1e-6, 1e-6);
    // the data is the caller's array, read at every call
    double[] point = {0.3, 0.1, 0.2, 0.3, 0.4};
    double before = f.value(point);
    data[0] = 2.0;
    assertEquals(FunctionObjects.weightedLoss(0.3, tail(point, 1), 3, data), f.value(point));
    assertTrue(f.value(point) != before);
  }

  /** A ragged matrix whose rows the method moves: the point is its rows in turn. */
  @Test
  void raggedMatrixWithMovedRows() {
    int[] lengths = {3, 1, 3};
    HessianFunction f = FunctionObjects_Rrule.movedRowsFunction(rows(new double[7], lengths));
    assertEquals(7, f.dimension());
    check(f, new Rules(p -> FunctionObjects.movedRows(rows(p, lengths)),
        p -> flat(FunctionObjects_Rrule.movedRows(rows(p, lengths)).mBar()),
        p -> FunctionObjects_Rrule.movedRowsHessian(rows(p, lengths)),
        (p, d) -> flat(FunctionObjects_Rrule.movedRowsHvp(rows(p, lengths), rows(d, lengths))
            .mHvp())), new Random(3), 1e-6, 1e-6);
  }

  /** The method squares its argument in place: derivatives are with respect to the point. */
  @Test
  void argumentWrittenByTheMethod() {
    HessianFunction f = SecondOrder_Rrule.squaredInPlaceFunction(new double[5]);
    check(f, new Rules(p -> SecondOrder.squaredInPlace(p.clone()),
        p -> SecondOrder_Rrule.squaredInPlace(p.clone()).xBar(),
        p -> SecondOrder_Rrule.squaredInPlaceHessian(p.clone()),
        (p, d) -> SecondOrder_Rrule.squaredInPlaceHvp(p.clone(), d.clone()).xHvp()),
        new Random(4), 1e-6, 1e-6);
  }

  /** The method rotates the int[] it is bound to: each call sees the order as bound. */
  @Test
  void dataArrayWrittenByTheMethod() {
    int[] order = {2, 0, 3, 1};
    HessianFunction f = FunctionObjects_Rrule.permutedFunction(new double[4], order);
    check(f, new Rules(p -> FunctionObjects.permuted(p.clone(), order.clone()),
        p -> FunctionObjects_Rrule.permuted(p.clone(), order.clone()).xBar(),
        p -> FunctionObjects_Rrule.permutedHessian(p.clone(), order.clone()),
        (p, d) -> FunctionObjects_Rrule.permutedHvp(p.clone(), d.clone(), order.clone())
            .xHvp()), new Random(5), 1e-6, 1e-6);
    assertArrayEquals(new int[] {2, 0, 3, 1}, order, "the bound array is read, not written");
  }

  /** A float scalar and a float array: the point's entries are rounded to float, as casts. */
  @Test
  void floatInputs() {
    HessianFunction f = FunctionObjects_Rrule.floatScaledFunction(0f, new float[3],
        new double[3]);
    assertEquals(7, f.dimension());
    check(f, new Rules(p -> FunctionObjects.floatScaled((float) p[0], floats(p, 1, 3),
            Arrays.copyOfRange(p, 4, 7)),
        p -> {
          FunctionObjects_Rrule.FloatScaledGradient g = FunctionObjects_Rrule.floatScaled(
              (float) p[0], floats(p, 1, 3), Arrays.copyOfRange(p, 4, 7));
          return concat(new double[] {g.aBar()}, concat(g.wBar(), g.xBar()));
        },
        p -> FunctionObjects_Rrule.floatScaledHessian((float) p[0], floats(p, 1, 3),
            Arrays.copyOfRange(p, 4, 7)),
        (p, d) -> {
          FunctionObjects_Rrule.FloatScaledHvp h = FunctionObjects_Rrule.floatScaledHvp(
              (float) p[0], d[0], floats(p, 1, 3), Arrays.copyOfRange(d, 1, 4),
              Arrays.copyOfRange(p, 4, 7), Arrays.copyOfRange(d, 4, 7));
          return concat(new double[] {h.aHvp()}, concat(h.wHvp(), h.xHvp()));
        }), new Random(6), 1e-3, 1e-2);
  }

  /** A method without second-order rules gets a GradientFunction. */
  @Test
  void noSecondOrderRules() {
    GradientFunction f = FunctionObjects_Rrule.gradientNormFunction(new double[3]);
    assertFalse(f instanceof HessianFunction);
    check(f, new Rules(p -> FunctionObjects.gradientNorm(p.clone()),
        p -> FunctionObjects_Rrule.gradientNorm(p.clone()).xBar(), null, null), new Random(7),
        1e-6, 1e-5);
  }

  /** A double[] result: value and Jacobian are the method's and fJacobian's, bit for bit. */
  @Test
  void arrayResult() {
    double[] t = {0.0, 0.25, 0.5, 0.75, 1.0};
    double[] y = {1.0, 1.2, 1.5, 1.9, 2.4};
    JacobianFunction f = FunctionObjects_Rrule.residualsFunction(new double[] {1.0, 0.5}, t, y);
    assertEquals(2, f.dimension());
    Random random = new Random(8);
    double[][] points = points(random, f.dimension());
    for (double[] p : points) {
      double[] copy = p.clone();
      assertArrayEquals(FunctionObjects.residuals(p.clone(), t, y), f.value(p));
      double[][] jacobian = f.jacobian(p);
      assertTrue(Arrays.deepEquals(FunctionObjects_Rrule.residualsJacobian(p.clone(), t, y),
          jacobian));
      assertArrayEquals(copy, p, "the point is left as it is");
      for (int k = 0; k < p.length; k++) {
        double h = 1e-6;
        double[] up = f.value(shifted(p, k, h));
        double[] down = f.value(shifted(p, k, -h));
        for (int r = 0; r < up.length; r++) {
          assertEquals((up[r] - down[r]) / (2 * h), jacobian[r][k], 1e-6, "J[" + r + "][" + k
              + "]");
        }
      }
    }
  }

  /** Records and declared checked exceptions get no function object. */
  @Test
  void recordsAndCheckedExceptionsGetNone() {
    for (String name : new String[] {"pairNormFunction", "checkedFunction"}) {
      assertTrue(Arrays.stream(FunctionObjects_Rrule.class.getDeclaredMethods())
          .noneMatch(m -> m.getName().equals(name)), name);
    }
    assertTrue(Arrays.stream(FunctionObjects_Rrule.class.getDeclaredMethods())
        .anyMatch(m -> m.getName().equals("weightedLossFunction")));
  }

  /** A function object is an ordinary interface value: here a gradient descent minimises it. */
  @Test
  void gradientDescentDecreasesRosenbrock() {
    Classic_Rrule.RosenbrockFunction rosenbrock =
        Classic_Rrule.rosenbrockFunction(new double[] {-1.2, 1.0});
    double[] start = rosenbrock.initialPoint();
    GradientFunction f = rosenbrock;
    assertArrayEquals(new double[] {-1.2, 1.0}, start);
    double[] end = descend(f, start, 500);
    assertTrue(f.value(end) < 1e-2 * f.value(start),
        "f(start) = " + f.value(start) + ", f(end) = " + f.value(end));
  }

  /** Steepest descent with backtracking: what an optimiser library does with the interface. */
  private static double[] descend(GradientFunction f, double[] start, int steps) {
    double[] x = start.clone();
    double[] g = new double[f.dimension()];
    double fx = f.valueAndGradient(x, g);
    double step = 1.0;
    for (int s = 0; s < steps; s++) {
      double[] next = new double[x.length];
      double fNext;
      do {
        for (int i = 0; i < x.length; i++) {
          next[i] = x[i] - step * g[i];
        }
        fNext = f.value(next);
        step /= 2;
      } while (fNext >= fx && step > 1e-12);
      assertTrue(fNext <= fx, "step " + s + " did not decrease f");
      x = next;
      fx = f.valueAndGradient(x, g);
      step *= 4;
    }
    return x;
  }

  @Test
  void wrongLengthsAreIllegalArguments() {
    HessianFunction f = FunctionObjects_Rrule.weightedLossFunction(0.0, new double[4], 3,
        new double[3]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> f.value(new double[4]));
    assertEquals("point has 4 entries, but the function has 5 inputs", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> f.valueAndGradient(new double[5], new double[6]));
    assertThrows(IllegalArgumentException.class,
        () -> f.valueGradientAndHessianTimes(new double[5], new double[4], new double[5],
            new double[5]));
    assertThrows(IllegalArgumentException.class, () -> f.hessian(new double[2]));
  }

  /**
   * In steady state {@code valueAndGradient} allocates what {@code rosenbrockAdjoint} with
   * caller-owned buffers allocates: nothing.
   */
  @Test
  void valueAndGradientAllocatesNothingOfItsOwn() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    GradientFunction f = Classic_Rrule.rosenbrockFunction(new double[8]);
    double[] point = points(new Random(9), 8)[0];
    double[] gradient = new double[8];
    for (int i = 0; i < 20_000; i++) {
      f.valueAndGradient(point, gradient);
    }
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 10_000; i++) {
      f.valueAndGradient(point, gradient);
    }
    long perCall = (threads.getThreadAllocatedBytes(id) - before) / 10_000;
    assertTrue(perCall < 16, perCall + " bytes per call");
  }

  // ---------------------------------------------------------------- the checks

  /**
   * At each point, then at the first points again: the function object against the rules, bit
   * for bit, and its gradient against central differences of its value with step {@code h}
   * (relative error {@code tolerance}).
   */
  private static void check(GradientFunction f, Rules rules, Random random, double h,
      double tolerance) {
    double[][] points = points(random, f.dimension());
    for (int round = 0; round < 2; round++) {
      for (double[] p : points) {
        double[] copy = p.clone();
        double value = rules.value().applyAsDouble(p);
        assertEquals(value, f.value(p), "value");
        double[] gradient = new double[f.dimension()];
        Arrays.fill(gradient, Double.NaN); // overwritten, not added into
        assertEquals(value, f.valueAndGradient(p, gradient), "valueAndGradient's value");
        assertArrayEquals(rules.gradient().apply(p), gradient, "gradient");
        assertArrayEquals(gradient, f.gradient(p), "gradient(point)");
        assertArrayEquals(copy, p, "the point is left as it is");
        if (round == 0) {
          assertAgreesWithDifferences(f::value, p, gradient, h, tolerance, "gradient");
        }
        if (f instanceof HessianFunction hf) {
          checkSecondOrder(hf, rules, p, random, h, tolerance);
        }
      }
    }
  }

  private static void checkSecondOrder(HessianFunction f, Rules rules, double[] p,
      Random random, double h, double tolerance) {
    double[][] hessian = f.hessian(p);
    assertTrue(Arrays.deepEquals(rules.hessian().apply(p), hessian), "hessian");
    double[] direction = random.doubles(f.dimension(), -1, 1).toArray();
    double[] gradient = new double[f.dimension()];
    double[] product = new double[f.dimension()];
    Arrays.fill(product, Double.NaN);
    double value = f.valueGradientAndHessianTimes(p, direction, gradient, product);
    assertEquals(rules.value().applyAsDouble(p), value, "valueGradientAndHessianTimes's value");
    assertArrayEquals(rules.gradient().apply(p), gradient, "valueGradientAndHessianTimes's"
        + " gradient");
    assertArrayEquals(rules.hvp().apply(p, direction), product, "Hessian times the direction");
    // H d against central differences of the gradient along d
    double[] up = f.gradient(plus(p, direction, h));
    double[] down = f.gradient(plus(p, direction, -h));
    double scale = 1 + Arrays.stream(product).map(Math::abs).max().orElse(0);
    for (int k = 0; k < p.length; k++) {
      assertEquals((up[k] - down[k]) / (2 * h), product[k], tolerance * scale * 10,
          "(H d)[" + k + "]");
    }
  }

  private static void assertAgreesWithDifferences(ToDoubleFunction<double[]> f, double[] p,
      double[] gradient, double h, double tolerance, String what) {
    double scale = 1 + Arrays.stream(gradient).map(Math::abs).max().orElse(0);
    for (int k = 0; k < p.length; k++) {
      double difference = (f.applyAsDouble(shifted(p, k, h))
          - f.applyAsDouble(shifted(p, k, -h))) / (2 * h);
      assertEquals(difference, gradient[k], tolerance * scale, what + "[" + k + "]");
    }
  }

  // ---------------------------------------------------------------- points and layouts

  private static double[][] points(Random random, int dimension) {
    double[][] points = new double[POINTS][];
    for (int i = 0; i < POINTS; i++) {
      points[i] = random.doubles(dimension, -1, 1).toArray();
    }
    return points;
  }

  private static double[] shifted(double[] p, int k, double h) {
    double[] q = p.clone();
    q[k] += h;
    return q;
  }

  private static double[] plus(double[] p, double[] d, double h) {
    double[] q = p.clone();
    for (int i = 0; i < q.length; i++) {
      q[i] += h * d[i];
    }
    return q;
  }

  private static double[] tail(double[] p, int from) {
    return Arrays.copyOfRange(p, from, p.length);
  }

  private static float[] floats(double[] p, int from, int n) {
    float[] out = new float[n];
    for (int i = 0; i < n; i++) {
      out[i] = (float) p[from + i];
    }
    return out;
  }

  private static double[] concat(double[] a, double[] b) {
    double[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** Rows of the given lengths, filled from {@code p} in turn. */
  private static double[][] rows(double[] p, int[] lengths) {
    double[][] m = new double[lengths.length][];
    int at = 0;
    for (int i = 0; i < lengths.length; i++) {
      m[i] = Arrays.copyOfRange(p, at, at + lengths[i]);
      at += lengths[i];
    }
    return m;
  }

  private static double[] flat(double[][] m) {
    double[] out = new double[Jacobians.size(m)];
    Jacobians.put(out, 0, m);
    return out;
  }
}
