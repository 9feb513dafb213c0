package io.jgrad.samples;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * Newton's method on {@link Rosenbrock} with second derivatives from jgrad: the gradient from
 * {@code Rosenbrock_Rrule.f}, the Hessian from {@code Rosenbrock_Rrule.fHessian} (forward mode
 * over the reverse rule, generated at compile time), each step {@code H p = -g} solved by
 * Gaussian elimination and damped by backtracking until the value decreases (a steepest-descent
 * step where the Hessian is not positive definite).
 *
 * <p>Run it with {@code mvn -B -q -f samples exec:java -Dsample=Newton}.
 */
public final class Newton {
  private Newton() {}

  public static void main(String[] args) {
    double[] x = minimize(new double[] {-1.2, 1.0}, 1e-12, 100, System.out);
    System.out.println("minimum at " + Arrays.toString(x));
  }

  /**
   * Newton iterations from {@code x0} until the gradient's largest entry is below
   * {@code tolerance}; prints one line per iteration.
   *
   * @return the minimiser found
   */
  public static double[] minimize(double[] x0, double tolerance, int maxIterations,
      PrintStream out) {
    double[] x = x0.clone();
    for (int iteration = 0; iteration < maxIterations; iteration++) {
      Rosenbrock_Rrule.FGradient g = Rosenbrock_Rrule.f(x);
      double gradientNorm = Arrays.stream(g.xBar()).map(Math::abs).max().orElse(0);
      out.printf("iteration %2d  f = %-24s |g| = %s%n", iteration, g.value(), gradientNorm);
      if (gradientNorm < tolerance) {
        return x;
      }
      double[][] hessian = Rosenbrock_Rrule.fHessian(x);
      double[] step = solve(hessian, negated(g.xBar()));
      if (dot(step, g.xBar()) >= 0) {
        step = negated(g.xBar()); // H not positive definite here: not a descent direction
      }
      double t = 1.0;
      double[] next = plus(x, t, step);
      while (Rosenbrock.f(next) > g.value() && t > 1e-10) {
        t /= 2; // damped: a full Newton step may go uphill far from the minimum
        next = plus(x, t, step);
      }
      x = next;
    }
    return x;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double[] negated(double[] v) {
    return Arrays.stream(v).map(e -> -e).toArray();
  }

  private static double[] plus(double[] x, double t, double[] step) {
    double[] out = x.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] += t * step[i];
    }
    return out;
  }

  /** Solves {@code a p = b} by Gaussian elimination with partial pivoting. */
  static double[] solve(double[][] a, double[] b) {
    int n = b.length;
    double[][] m = new double[n][];
    for (int i = 0; i < n; i++) {
      m[i] = Arrays.copyOf(a[i], n + 1);
      m[i][n] = b[i];
    }
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
          pivot = r;
        }
      }
      double[] swap = m[col];
      m[col] = m[pivot];
      m[pivot] = swap;
      for (int r = col + 1; r < n; r++) {
        double factor = m[r][col] / m[col][col];
        for (int c = col; c <= n; c++) {
          m[r][c] -= factor * m[col][c];
        }
      }
    }
    double[] p = new double[n];
    for (int r = n - 1; r >= 0; r--) {
      double s = m[r][n];
      for (int c = r + 1; c < n; c++) {
        s -= m[r][c] * p[c];
      }
      p[r] = s / m[r][r];
    }
    return p;
  }
}
