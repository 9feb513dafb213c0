package io.jgrad.bench;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One row of the suite: its inputs (the JMH state) and one method per {@link Column}. A row's class
 * (package {@code io.jgrad.bench.suite}) is annotated {@code @State(Scope.Benchmark)} and annotates
 * each implementation it measures with {@code @Benchmark}; {@link Agreement} calls the same methods
 * before anything is timed.
 *
 * <p>Conventions every row follows:
 *
 * <ul>
 *   <li>"the gradient" is with respect to every differentiable input of the {@code @Grad} method, in
 *       parameter order, scalars as one entry and arrays element by element; its first
 *       {@link #comparedInputs()} entries are what the peers compute and are compared (for most rows
 *       all of it);
 *   <li>{@link #jgradReverse()} zeroes the caller-owned buffers and calls {@code ...Adjoint} with
 *       seed 1; {@link #jgradGradient()} reads them back;
 *   <li>{@link #handWritten()}, {@link #finmath()} and {@link #finiteDifferences()} write the compared
 *       gradient into {@link #handBar}, {@link #finmathBar} and {@link #fdBar};
 *       {@link #hipparchus()} returns Hipparchus' own result.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class RowBenchmark {
  /** Seed of every row's random inputs. */
  public static final long SEED = 20_261_122L;

  /** Central-difference step relative to {@code max(1, |x|)}: about the cube root of ulp(1). */
  public static final double FD_STEP = 6.0e-6;

  private final String label;
  private final String inputs;

  /** Where {@link #jgradForward()} stores the directional derivative. */
  protected final double[] forwardTangent = new double[1];

  /** Gradient buffers of the hand-written, finmath and finite-difference implementations. */
  protected double[] handBar;
  protected double[] finmathBar;
  protected double[] fdBar;

  protected RowBenchmark(String label, String inputs) {
    this.label = label;
    this.inputs = inputs;
  }

  /** The row's label, as in the suite's table. */
  public final String label() {
    return label;
  }

  /** A short description of the inputs, e.g. {@code "x: 1000"}. */
  public final String inputs() {
    return inputs;
  }

  /** The implementations this row measures (all, unless a peer cannot express the row). */
  public Set<Column> columns() {
    return EnumSet.allOf(Column.class);
  }

  /** Draws the inputs from {@link #SEED} and allocates every buffer. */
  @Setup(Level.Trial)
  public final void setUp() {
    prepare(new Random(SEED));
    int n = comparedInputs();
    handBar = new double[n];
    finmathBar = new double[n];
    fdBar = new double[n];
  }

  /** Draws the inputs and allocates the jgrad buffers. */
  protected abstract void prepare(Random random);

  // ------------------------------------------------------------------------------------------------
  // The implementations (annotated @Benchmark in the row's class)
  // ------------------------------------------------------------------------------------------------

  public abstract double primal();

  public abstract double jgradReverse();

  public abstract Object jgradReverseRecord();

  /**
   * The value, by the forward rule that allocates nothing ({@code fInto}); the directional
   * derivative goes to {@link #forwardTangent}.
   */
  public abstract double jgradForward();

  /**
   * Value, gradient and Hessian times {@link #direction()} by jgrad's second-order rules
   * ({@code fHvpAdjoint}, buffers zeroed first): the value returned, the gradient left where
   * {@link #jgradGradient()} reads it, the product where {@link #hvpProduct()} does. Rows whose
   * method has no second-order rules leave {@link Column#JGRAD_HVP} out of {@link #columns()}.
   */
  public double jgradHvp() {
    throw new UnsupportedOperationException(label + " has no second-order rules");
  }

  /** The Hessian times the direction the last {@link #jgradHvp()} computed. */
  public double[] hvpProduct() {
    throw new UnsupportedOperationException(label + " has no second-order rules");
  }

  public abstract double handWritten();

  public abstract Gradient hipparchus();

  public abstract double finmath();

  public abstract double finiteDifferences();

  // ------------------------------------------------------------------------------------------------
  // Reading results back (never timed)
  // ------------------------------------------------------------------------------------------------

  /** The full gradient left in the jgrad buffers by the last {@link #jgradReverse()}. */
  public abstract double[] jgradGradient();

  /**
   * The derivatives in the gradient record {@link #jgradReverseRecord()} returned, laid out like
   * {@link #jgradGradient()}. The default reads every component after the value ({@code double},
   * {@code double[]}, {@code double[][]}); rows whose records hold generated tangent objects
   * ({@code Body_Tangent[]}) override it.
   */
  public double[] recordGradient(Object record) {
    return Agreement.recordGradient(record);
  }

  /** The direction {@link #jgradForward()} differentiates along, laid out like the gradient. */
  public abstract double[] direction();

  /** How many leading entries of the gradient the other implementations compute. */
  public abstract int comparedInputs();

  /** The k-th compared input (for finite differences). */
  protected abstract double input(int k);

  /** Sets the k-th compared input (for finite differences). */
  protected abstract void setInput(int k, double value);

  /** The directional derivative the last {@link #jgradForward()} computed. */
  public final double forwardTangent() {
    return forwardTangent[0];
  }

  public final double[] handGradient() {
    return handBar.clone();
  }

  public final double[] finmathGradient() {
    return finmathBar.clone();
  }

  public final double[] fdGradient() {
    return fdBar.clone();
  }

  /**
   * Central differences over the compared inputs: {@code 2 * comparedInputs()} primal calls, the
   * gradient into {@link #fdBar}. Returns its first entry.
   */
  protected final double centralDifferences() {
    int n = fdBar.length;
    for (int k = 0; k < n; k++) {
      double xk = input(k);
      double h = FD_STEP * Math.max(1.0, Math.abs(xk));
      double up = xk + h;
      double down = xk - h;
      setInput(k, up);
      double fUp = primal();
      setInput(k, down);
      double fDown = primal();
      setInput(k, xk);
      fdBar[k] = (fUp - fDown) / (up - down);
    }
    return fdBar[0];
  }

  /** Standard normals from {@code random}. */
  protected static double[] normals(Random random, int n) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextGaussian();
    }
    return values;
  }
}
