package io.jgrad.realistic;

import io.jgrad.check.GradCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Numeric Java written the way people write it, not shaped to jgrad (see
 * {@code src/realistic/README.md}): the programs jgrad accepts unchanged live in this package and
 * are checked here with {@link GradCheck}, at arguments drawn as that README describes (values
 * bit for bit, forward against central differences, dot-product tests, arguments as the primal
 * leaves them). The programs jgrad does not accept yet stay in {@code src/realistic}.
 */
class RealisticProgramsTest {
  static final int POINTS = 4;
  static final long SEED = 20_261_123L;

  record Entry(Class<?> owner, String method, UnaryOperator<GradCheck> config) {
    void check() {
      // exceptions(): the rules must throw where the primal throws (argument checks), and a
      // finite-difference step that leaves the domain (an unstable time step) is skipped
      config.apply(GradCheck.of(owner, method).points(POINTS).seed(SEED).exceptions()).check();
    }
  }

  static List<Entry> entries() {
    List<Entry> e = new ArrayList<>();
    // BinomialTree: a CRR tree, European and American exercise, @Grad calling @Grad
    e.add(new Entry(BinomialTree.class, "price", c -> c.args(r -> new Object[] {
        pick(r, OptionType.values()), pick(r, BinomialTree.Exercise.values()), u(r, 80, 120),
        u(r, 80, 120), u(r, 0.01, 0.06), u(r, 0.15, 0.5), u(r, 0.25, 2), r.nextInt(10, 60)})));
    e.add(new Entry(BinomialTree.class, "earlyExercisePremium", c -> c.args(r -> new Object[] {
        pick(r, OptionType.values()), u(r, 80, 120), u(r, 80, 120), u(r, 0.01, 0.06),
        u(r, 0.15, 0.5), u(r, 0.25, 2), r.nextInt(10, 60)})));
    // HeatEquation1D: explicit finite volumes, a void step, a solver, an inverse problem
    e.add(new Entry(HeatEquation1D.class, "step", c -> c.args(r -> {
      Heat h = Heat.draw(r);
      return new Object[] {h.u0, h.kappa, h.dx, h.dt, h.bc, new double[h.u0.length]};
    })));
    e.add(new Entry(HeatEquation1D.class, "solve", c -> c.args(r -> {
      Heat h = Heat.draw(r);
      return new Object[] {h.u0, h.kappa, h.dx, h.dt, r.nextInt(0, 20), h.bc};
    })));
    e.add(new Entry(HeatEquation1D.class, "inverseLoss", c -> c.args(r -> {
      Heat h = Heat.draw(r);
      return new Object[] {h.kappa, h.u0, array(r, h.u0.length, -1, 1), h.dx, h.dt,
          r.nextInt(0, 20), h.bc, u(r, 0, 0.1)};
    })));
    // LennardJones: periodic box, neighbour list in int[][], forces into an output array
    e.add(new Entry(LennardJones.class, "energy", c -> c.args(r -> {
      Lattice l = Lattice.draw(r);
      return new Object[] {l.positions, l.box, u(r, 0.5, 2), l.sigma};
    })));
    e.add(new Entry(LennardJones.class, "forces", c -> c.args(r -> {
      Lattice l = Lattice.draw(r);
      return new Object[] {l.positions, l.box, u(r, 0.5, 2), l.sigma,
          new double[l.positions.length]};
    })));
    e.add(new Entry(LennardJones.class, "virialPressure", c -> c.args(r -> {
      Lattice l = Lattice.draw(r);
      return new Object[] {l.positions, l.box, u(r, 0.5, 2), l.sigma, u(r, 0.5, 2)};
    })));
    e.add(new Entry(LennardJones.class, "meanSquaredForce", c -> c.args(r -> {
      Lattice l = Lattice.draw(r);
      return new Object[] {l.positions, l.box, u(r, 0.5, 2), l.sigma};
    })));
    // PoissonRegression: long[] counts, logGamma by recursion and a constant table
    e.add(new Entry(PoissonRegression.class, "negLogLikelihood",
        c -> c.args(r -> poisson(r, false))));
    e.add(new Entry(PoissonRegression.class, "deviance", c -> c.args(r -> poisson(r, false))));
    e.add(new Entry(PoissonRegression.class, "negBinomialNll",
        c -> c.args(r -> poisson(r, true))));
    // FiniteElementBar: 1-D FEM, int[][] connectivity, boolean[] supports, Gaussian elimination
    // with row swaps, a matrix-returning helper
    for (String method : List.of("displacements", "compliance")) {
      e.add(new Entry(FiniteElementBar.class, method, c -> c.args(r -> {
        Bar b = Bar.draw(r);
        return new Object[] {array(r, b.elements.length, 0.5, 2), array(r, b.elements.length,
            0.5, 2), b.nodeX, b.elements, b.order, b.fixed, array(r, b.nodeX.length, -1, 1)};
      })));
    }
    e.add(new Entry(FiniteElementBar.class, "simpCompliance", c -> c.args(r -> {
      Bar b = Bar.draw(r);
      return new Object[] {array(r, b.elements.length, 0.2, 1), u(r, 1, 3), b.nodeX, b.elements,
          b.order, b.fixed, array(r, b.nodeX.length, -1, 1)};
    })));
    // GaussianProcess: Cholesky (a helper returning a matrix), triangular solves, kernels
    e.add(new Entry(GaussianProcess.class, "negLogMarginalLikelihood", c -> c.args(r -> {
      double[][] x = points(r, r.nextInt(1, 9), r.nextInt(1, 4), null);
      return new Object[] {u(r, -1, 1), u(r, -1, 1), u(r, -4, -1), x,
          array(r, x.length, -2, 2), pick(r, GaussianProcess.Kernel.values())};
    })));
    e.add(new Entry(GaussianProcess.class, "posteriorMean", c -> c.args(r -> {
      int d = r.nextInt(1, 4);
      double[][] x = points(r, r.nextInt(1, 9), d, null);
      double[][] xStar = points(r, r.nextInt(1, 5), d, x);
      return new Object[] {u(r, -1, 1), u(r, -1, 1), u(r, -4, -1), x,
          array(r, x.length, -2, 2), xStar, pick(r, GaussianProcess.Kernel.values())};
    })));
    // RpnFormula: a string interpreter (split, charAt, parseDouble, switches over String and
    // char, a double[] stack, a null array argument); the programs and ranges of its Javadoc
    e.add(new Entry(RpnFormula.class, "evaluate", c -> c.args(r -> {
      switch (r.nextInt(4)) {
        case 0:
          return new Object[] {"x0 x1 * sin x2 exp +", array(r, 3, -1, 1)};
        case 1:
          return new Object[] {" x0 sq x1 sq + sqrt ", array(r, 2, 0.5, 2)};
        case 2:
          return new Object[] {"x0 dup * x1 swap / 1.5 ^", array(r, 2, 0.5, 2)};
        default:
          return new Object[] {"x0 log x1 tanh neg -",
              new double[] {u(r, 0.5, 3), u(r, -2, 2)}};
      }
    })));
    e.add(new Entry(RpnFormula.class, "fitLoss", c -> c.args(r -> {
      int n = r.nextInt(1, 21);
      return new Object[] {array(r, 2, -1, 1),
          r.nextBoolean() ? "c0 x0 * exp c1 +" : "c0 c1 x0 * sin *", array(r, n, -1, 1),
          array(r, n, -1, 1)};
    })));
    return e;
  }

  /** A bar: E elements, linear or quadratic, node 0 fixed and sometimes another node. */
  record Bar(double[] nodeX, int[][] elements, FiniteElementBar.Order order, boolean[] fixed) {
    static Bar draw(Random r) {
      int e = r.nextInt(1, 6);
      FiniteElementBar.Order order = pick(r, FiniteElementBar.Order.values());
      boolean quadratic = order == FiniteElementBar.Order.QUADRATIC;
      double[] corners = new double[e + 1];
      for (int i = 0; i <= e; i++) {
        corners[i] = i + (i == 0 ? 0 : u(r, -0.2, 0.2));
      }
      double[] nodeX = new double[quadratic ? 2 * e + 1 : e + 1];
      int[][] elements = new int[e][];
      for (int k = 0; k < e; k++) {
        if (quadratic) {
          nodeX[2 * k] = corners[k];
          nodeX[2 * k + 1] = 0.5 * (corners[k] + corners[k + 1])
              + u(r, -0.1, 0.1) * (corners[k + 1] - corners[k]);
          elements[k] = new int[] {2 * k, 2 * k + 1, 2 * k + 2};
        } else {
          nodeX[k] = corners[k];
          elements[k] = new int[] {k, k + 1};
        }
      }
      nodeX[nodeX.length - 1] = corners[e];
      boolean[] fixed = new boolean[nodeX.length];
      fixed[0] = true;
      if (r.nextBoolean()) {
        fixed[nodeX.length - 1] = true;
      }
      return new Bar(nodeX, elements, order, fixed);
    }
  }

  /** n points in [-2, 2]^d, pairwise at least 0.05 apart and apart from {@code others}. */
  private static double[][] points(Random r, int n, int d, double[][] others) {
    double[][] p = new double[n][];
    for (int i = 0; i < n; i++) {
      boolean ok;
      do {
        p[i] = array(r, d, -2, 2);
        ok = true;
        for (int j = 0; j < i; j++) {
          ok &= distance(p[i], p[j]) >= 0.05;
        }
        for (int j = 0; others != null && j < others.length; j++) {
          ok &= distance(p[i], others[j]) >= 0.05;
        }
      } while (!ok);
    }
    return p;
  }

  private static double distance(double[] a, double[] b) {
    double s = 0;
    for (int k = 0; k < a.length; k++) {
      s += (a[k] - b[k]) * (a[k] - b[k]);
    }
    return Math.sqrt(s);
  }

  @TestFactory
  Stream<DynamicTest> everyAcceptedRealisticProgramPassesGradCheck() {
    return entries().stream().map(entry -> DynamicTest.dynamicTest(
        entry.owner().getSimpleName() + "." + entry.method(), entry::check));
  }

  // ------------------------------------------------------------------- argument drawing

  /** A heat-equation problem: n in [3, 10], dt = r dx^2 with r in [0.05, 0.2] (stable). */
  record Heat(double[] u0, double[] kappa, double dx, double dt, BoundaryCondition bc) {
    static Heat draw(Random r) {
      int n = r.nextInt(3, 11);
      double dx = u(r, 0.05, 0.2);
      return new Heat(array(r, n, -1, 1), array(r, n, 0.5, 2), dx, u(r, 0.05, 0.2) * dx * dx,
          pick(r, BoundaryCondition.values()));
    }
  }

  /**
   * Particles on a jittered cubic lattice (spacing 1.2, jitter 0.1), box in [6.5, 8], sigma in
   * [0.9, 1.1]; redrawn while a minimum-image pair distance is within 0.02 of the cutoff (2.5
   * sigma) or of the neighbour list's reach (2.8 sigma), or a coordinate difference within 0.02 of
   * half the box: the energy has kinks there.
   */
  record Lattice(double[] positions, double box, double sigma) {
    static Lattice draw(Random r) {
      while (true) {
        int n = r.nextInt(2, 9);
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
          int[] site = {i % 3, (i / 3) % 3, i / 9};
          for (int d = 0; d < 3; d++) {
            p[3 * i + d] = 1.2 * site[d] + u(r, -0.1, 0.1);
          }
        }
        Lattice l = new Lattice(p, u(r, 6.5, 8), u(r, 0.9, 1.1));
        if (l.awayFromKinks()) {
          return l;
        }
      }
    }

    private boolean awayFromKinks() {
      int n = positions.length / 3;
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          double r2 = 0;
          for (int d = 0; d < 3; d++) {
            double diff = positions[3 * i + d] - positions[3 * j + d];
            if (Math.abs(Math.abs(diff) - box / 2) < 0.02) {
              return false;
            }
            diff -= box * Math.rint(diff / box);
            r2 += diff * diff;
          }
          double dist = Math.sqrt(r2);
          if (Math.abs(dist - 2.5 * sigma) < 0.02 || Math.abs(dist - 2.8 * sigma) < 0.02) {
            return false;
          }
        }
      }
      return true;
    }
  }

  /** beta in [-0.5, 0.5]^P, x N x P in [-1, 1], counts in [0, 20], exposure in [0.5, 2]. */
  private static Object[] poisson(Random r, boolean dispersion) {
    int p = r.nextInt(1, 5);
    int n = r.nextInt(1, 11);
    double[][] x = new double[n][];
    long[] counts = new long[n];
    for (int i = 0; i < n; i++) {
      x[i] = array(r, p, -1, 1);
      counts[i] = r.nextInt(0, 21);
    }
    double[] beta = array(r, p, -0.5, 0.5);
    double[] exposure = array(r, n, 0.5, 2);
    return dispersion
        ? new Object[] {beta, u(r, -2, 2), x, counts, exposure}
        : new Object[] {beta, x, counts, exposure};
  }

  static double u(Random r, double lo, double hi) {
    return lo + (hi - lo) * r.nextDouble();
  }

  static double[] array(Random r, int n, double lo, double hi) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = u(r, lo, hi);
    }
    return a;
  }

  static <T> T pick(Random r, T[] values) {
    return values[r.nextInt(values.length)];
  }
}
