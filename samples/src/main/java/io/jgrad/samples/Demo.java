package io.jgrad.samples;

import io.jgrad.Dual;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runnable demo of the code jgrad generates for {@link Rosenbrock}, {@link LogisticRegression} and
 * {@link SumCosExp}: values, reverse-mode gradients, forward-mode directional derivatives, and
 * checks of both against central finite differences.
 *
 * <p>Run it with {@code mvn -pl samples -am compile exec:java} (or from the {@code samples}
 * directory). It exits with status 1 if any check fails, so it doubles as a smoke test.
 */
public final class Demo {
  /** Central finite-difference step. */
  private static final double H = 1e-6;
  /** Pass threshold for {@code |AD - FD| / max(1, |AD|)}. */
  private static final double FD_TOL = 1e-6;
  /** Pass threshold for {@code |<grad, dir> - tangent| / max(1, |<grad, dir>|)}. */
  private static final double DOT_TOL = 1e-10;
  /** Pass threshold when two reverse-mode paths (convenience vs. adjoint) are compared. */
  private static final double SAME_TOL = 1e-14;

  private static final Path GENERATED =
      Path.of("target", "generated-sources", "annotations", "io", "jgrad", "samples");

  private final PrintStream out;
  private int checks;
  private int failures;

  private Demo(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    if (!run(System.out)) {
      System.out.flush();
      System.err.println("jgrad samples: FAILED (see [FAIL] lines above)");
      System.exit(1);
    }
  }

  /**
   * Prints the whole demo to {@code out}.
   *
   * @return {@code true} if every check passed
   */
  public static boolean run(PrintStream out) {
    Demo demo = new Demo(out);
    demo.header();
    demo.rosenbrock();
    demo.logisticRegression();
    demo.sumCosExp();
    demo.generatedSources();
    demo.summary();
    return demo.failures == 0;
  }

  // ---------------------------------------------------------------------------------------------
  // The three examples. Each one calls the generated API directly, then hands the numbers to the
  // shared reporting code below.
  // ---------------------------------------------------------------------------------------------

  private void rosenbrock() {
    double[] x = {-1.2, 1.0, 0.5, -0.3};
    double[] xDot = {1.0, -0.5, 0.25, 2.0};

    double primal = Rosenbrock.f(x);

    // Reverse mode, convenience form: value and a fresh gradient.
    Rosenbrock_Rrule.FGradient rev = Rosenbrock_Rrule.f(x);

    // Forward mode: value and the directional derivative along xDot.
    Dual fwd = Rosenbrock_Frule.f(x, xDot);

    // Reverse mode, low-level form: adds seed * gradient into a caller-owned buffer. Rosenbrock.f
    // has no scalar differentiable parameters, so there is no scalarBars argument.
    double[] xBar = new double[x.length];
    double adjointValue = Rosenbrock_Rrule.fAdjoint(x, xBar, 1.0);

    title("Rosenbrock.f(double[] x)");
    row("x", Arrays.toString(x));
    row("direction xDot", Arrays.toString(xDot));
    report(
        new Case(
            indexed("x", x.length),
            x,
            xDot,
            Rosenbrock::f,
            primal,
            rev.value(),
            rev.xBar(),
            fwd,
            "Rosenbrock_Rrule.fAdjoint(x, xBar, 1.0)",
            adjointValue,
            xBar));
  }

  private void logisticRegression() {
    double[] w = {0.3, -0.2, 0.5};
    double b = 0.1;
    double[] wDot = {0.5, 1.0, -1.0};
    double bDot = 0.3;

    double primal = LogisticRegression.loss(w, b);

    LogisticRegression_Rrule.LossGradient rev = LogisticRegression_Rrule.loss(w, b);

    Dual fwd = LogisticRegression_Frule.loss(w, wDot, b, bDot);

    // Low level: wBar receives dLoss/dw, scalarBars[0] receives dLoss/db (b is the first - and only
    // - scalar differentiable parameter).
    double[] wBar = new double[w.length];
    double[] scalarBars = new double[1];
    double adjointValue = LogisticRegression_Rrule.lossAdjoint(w, wBar, b, 1.0, scalarBars);

    title("LogisticRegression.loss(double[] w, double b)   (12 samples, 3 features)");
    row("w", Arrays.toString(w));
    row("b", Double.toString(b));
    row("direction wDot", Arrays.toString(wDot));
    row("direction bDot", Double.toString(bDot));

    // For the finite-difference checks the parameters are flattened into p = (w[0..2], b).
    String[] names = concat(indexed("w", w.length), new String[] {"b"});
    report(
        new Case(
            names,
            append(w, b),
            append(wDot, bDot),
            p -> LogisticRegression.loss(Arrays.copyOf(p, p.length - 1), p[p.length - 1]),
            primal,
            rev.value(),
            append(rev.wBar(), rev.bBar()),
            fwd,
            "LogisticRegression_Rrule.lossAdjoint(w, wBar, b, 1.0, scalarBars)",
            adjointValue,
            append(wBar, scalarBars[0])));
  }

  private void sumCosExp() {
    double[] x = {-1.0, -0.5, 0.0, 0.3, 0.7, 1.1};
    double[] xDot = {1.0, -1.0, 0.5, 2.0, -0.25, 0.75};

    double primal = SumCosExp.f(x);
    SumCosExp_Rrule.FGradient rev = SumCosExp_Rrule.f(x);
    Dual fwd = SumCosExp_Frule.f(x, xDot);
    double[] xBar = new double[x.length];
    double adjointValue = SumCosExp_Rrule.fAdjoint(x, xBar, 1.0);

    title("SumCosExp.f(double[] x)   = sum cos(exp(x[i]))");
    row("x", Arrays.toString(x));
    row("direction xDot", Arrays.toString(xDot));
    report(
        new Case(
            indexed("x", x.length),
            x,
            xDot,
            SumCosExp::f,
            primal,
            rev.value(),
            rev.xBar(),
            fwd,
            "SumCosExp_Rrule.fAdjoint(x, xBar, 1.0)",
            adjointValue,
            xBar));
  }

  // ---------------------------------------------------------------------------------------------
  // Reporting and checks
  // ---------------------------------------------------------------------------------------------

  /**
   * Everything computed for one example.
   *
   * @param names one label per flattened parameter
   * @param point the flattened parameters
   * @param direction the flattened forward-mode tangent
   * @param primalFn the primal as a function of the flattened parameters (for finite differences)
   * @param primal the primal's value at {@code point}
   * @param reverseValue value returned by the reverse convenience method
   * @param gradient flattened gradient from the reverse convenience method
   * @param forward result of the forward rule along {@code direction}
   * @param adjointCall how the low-level adjoint was called (for display)
   * @param adjointValue value returned by the low-level adjoint
   * @param adjointGradient flattened gradient accumulated by the low-level adjoint
   */
  private record Case(
      String[] names,
      double[] point,
      double[] direction,
      ToDoubleFunction<double[]> primalFn,
      double primal,
      double reverseValue,
      double[] gradient,
      Dual forward,
      String adjointCall,
      double adjointValue,
      double[] adjointGradient) {}

  private void report(Case c) {
    row("primal value", Double.toString(c.primal()));
    out.println();

    out.println("  values (must equal the primal bit for bit)");
    sameBits("reverse  ..._Rrule convenience", c.reverseValue(), c.primal());
    sameBits("forward  ..._Frule", c.forward().value(), c.primal());
    sameBits("adjoint  ..._Rrule low level", c.adjointValue(), c.primal());
    out.println();

    out.println("  gradient, reverse mode vs central finite differences");
    out.printf("    %-8s %24s %24s %10s%n", "", "reverse (AD)", "central FD", "rel err");
    double[] fd = centralDifferences(c.primalFn(), c.point());
    double maxErr = 0;
    for (int i = 0; i < fd.length; i++) {
      double err = relErr(c.gradient()[i], fd[i]);
      maxErr = Math.max(maxErr, err);
      out.printf(
          "    %-8s %24.15e %24.15e %10.2e%s%n",
          c.names()[i],
          c.gradient()[i],
          fd[i],
          err,
          err <= FD_TOL ? "" : "  <-- too large");
    }
    check(
        maxErr <= FD_TOL,
        String.format("max FD relative error %.2e (tol %.0e)", maxErr, FD_TOL));
    out.println();

    out.println("  directional derivative, forward mode");
    double dot = dot(c.gradient(), c.direction());
    double tangent = c.forward().tangent();
    double dotErr = relErr(tangent, dot);
    out.printf("    %-34s %24.15e%n", "<gradient, direction> (reverse)", dot);
    out.printf("    %-34s %24.15e%n", "Dual.tangent() (forward)", tangent);
    check(
        dotErr <= DOT_TOL,
        String.format("forward tangent vs <gradient, direction>: rel diff %.2e (tol %.0e)",
            dotErr, DOT_TOL));
    double fdDir = centralDirectional(c.primalFn(), c.point(), c.direction());
    double dirErr = relErr(tangent, fdDir);
    out.printf("    %-34s %24.15e%n", "central FD along direction", fdDir);
    check(
        dirErr <= FD_TOL,
        String.format("forward tangent vs central FD: rel err %.2e (tol %.0e)", dirErr, FD_TOL));
    out.println();

    out.println("  low-level adjoint");
    out.printf("    %s%n", c.adjointCall());
    double adjErr = 0;
    for (int i = 0; i < c.gradient().length; i++) {
      adjErr = Math.max(adjErr, relErr(c.adjointGradient()[i], c.gradient()[i]));
    }
    boolean identical = Arrays.equals(c.adjointGradient(), c.gradient());
    check(
        adjErr <= SAME_TOL,
        identical
            ? "buffers equal the convenience gradient bit for bit"
            : String.format("buffers vs convenience gradient: max rel diff %.2e (tol %.0e)",
                adjErr, SAME_TOL));
  }

  private void generatedSources() {
    title("Generated sources");
    Path cwd = Path.of("").toAbsolutePath();
    // exec:java runs in the directory Maven was started from: the repository root or samples/.
    List<Path> candidates = List.of(GENERATED, Path.of("samples").resolve(GENERATED));
    boolean found = false;
    for (Path candidate : candidates) {
      Path dir = cwd.resolve(candidate).normalize();
      if (!Files.isDirectory(dir)) {
        continue;
      }
      found = true;
      row("directory", dir.toString());
      List<String> files;
      try (Stream<Path> listing = Files.list(dir)) {
        files =
            listing
                .map(p -> p.getFileName().toString())
                .filter(n -> n.endsWith("_Frule.java") || n.endsWith("_Rrule.java"))
                .sorted()
                .collect(Collectors.toList());
      } catch (IOException e) {
        row("(cannot list)", e.toString());
        continue;
      }
      for (String file : files) {
        out.printf("    %s%n", file);
      }
    }
    if (!found) {
      row("directory", "not found under " + cwd);
      out.printf("    (looked for %s and %s)%n", candidates.get(0), candidates.get(1));
    }
  }

  private void header() {
    out.println("jgrad samples: values, gradients and finite-difference checks");
    out.printf("  finite differences  (f(p + h e_i) - f(p - h e_i)) / 2h with h = %.0e%n", H);
    out.printf("                      pass if |AD - FD| / max(1, |AD|) <= %.0e%n", FD_TOL);
    out.printf(
        "  mode consistency    pass if |tangent - <grad, dir>| / max(1, |<grad, dir>|) <= %.0e%n",
        DOT_TOL);
  }

  private void summary() {
    title("Summary");
    if (failures == 0) {
      out.printf("  all %d checks passed%n", checks);
    } else {
      out.printf("  %d of %d checks FAILED%n", failures, checks);
    }
  }

  private void title(String text) {
    out.println();
    out.println("== " + text + " " + "=".repeat(Math.max(3, 96 - text.length())));
  }

  private void row(String label, String value) {
    out.printf("  %-18s %s%n", label, value);
  }

  private void sameBits(String label, double value, double primal) {
    boolean same = Double.doubleToRawLongBits(value) == Double.doubleToRawLongBits(primal);
    check(
        same,
        String.format("%-34s %s", label, value) + (same ? "" : "  (primal: " + primal + ")"));
  }

  private void check(boolean ok, String message) {
    checks++;
    if (!ok) {
      failures++;
    }
    out.printf("    [%s] %s%n", ok ? " ok " : "FAIL", message);
  }

  // ---------------------------------------------------------------------------------------------
  // Numerics
  // ---------------------------------------------------------------------------------------------

  /** Central differences along each coordinate. */
  static double[] centralDifferences(ToDoubleFunction<double[]> f, double[] p) {
    double[] g = new double[p.length];
    for (int i = 0; i < p.length; i++) {
      double[] plus = p.clone();
      double[] minus = p.clone();
      plus[i] += H;
      minus[i] -= H;
      // Divide by the step actually taken (p[i] +- h rounds), which is 2h up to rounding.
      g[i] = (f.applyAsDouble(plus) - f.applyAsDouble(minus)) / (plus[i] - minus[i]);
    }
    return g;
  }

  /** Central difference along {@code dir}: (f(p + h dir) - f(p - h dir)) / 2h. */
  static double centralDirectional(ToDoubleFunction<double[]> f, double[] p, double[] dir) {
    double[] plus = p.clone();
    double[] minus = p.clone();
    for (int i = 0; i < p.length; i++) {
      plus[i] += H * dir[i];
      minus[i] -= H * dir[i];
    }
    return (f.applyAsDouble(plus) - f.applyAsDouble(minus)) / (2 * H);
  }

  /** {@code |value - reference| / max(1, |reference|)}: relative, absolute near zero. */
  static double relErr(double value, double reference) {
    double err = Math.abs(value - reference) / Math.max(1.0, Math.abs(reference));
    return Double.isNaN(err) ? Double.POSITIVE_INFINITY : err;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double[] append(double[] a, double last) {
    double[] r = Arrays.copyOf(a, a.length + 1);
    r[a.length] = last;
    return r;
  }

  private static String[] concat(String[] a, String[] b) {
    String[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static String[] indexed(String name, int n) {
    String[] r = new String[n];
    for (int i = 0; i < n; i++) {
      r[i] = name + "[" + i + "]";
    }
    return r;
  }
}
