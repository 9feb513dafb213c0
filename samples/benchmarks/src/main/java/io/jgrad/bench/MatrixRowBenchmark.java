package io.jgrad.bench;

import java.util.Random;

/**
 * A row whose function takes {@code double[][]} parameters only (plus, possibly, integers): the
 * gradient is with respect to every matrix, one after the other, each row by row; the jgrad buffers
 * are {@link #bar}, the forward direction {@link #dot}. The first {@code comparedMatrices} matrices
 * are what the other implementations differentiate with respect to.
 */
public abstract class MatrixRowBenchmark extends RowBenchmark {
  private final int[][] shapes;
  private final int comparedMatrices;
  private final int compared;

  /** Inputs, one matrix per {@code double[][]} parameter, in parameter order. */
  protected double[][][] in;
  /** Direction of the forward rule, shaped like {@link #in}. */
  protected double[][][] dot;
  /** jgrad's adjoint buffers, shaped like {@link #in}. */
  protected double[][][] bar;
  /** jgrad's Hessian-vector product buffers, shaped like {@link #in}. */
  protected double[][][] hvp;
  /**
   * How many leading matrices jgrad differentiates with respect to; the others are
   * {@code @NoGrad} data (their {@link #bar} and {@link #dot} entries are unused).
   */
  protected int differentiated;

  /**
   * @param names the matrices' names, comma-separated ("A,B"), for the row's description
   * @param comparedMatrices how many leading matrices the peers differentiate with respect to
   * @param shapes {rows, columns} of each matrix parameter, in parameter order
   */
  protected MatrixRowBenchmark(String label, String names, int comparedMatrices, int[]... shapes) {
    super(label, describe(names.split(","), shapes));
    this.shapes = shapes;
    this.comparedMatrices = comparedMatrices;
    this.differentiated = shapes.length;
    int n = 0;
    for (int m = 0; m < comparedMatrices; m++) {
      n += shapes[m][0] * shapes[m][1];
    }
    this.compared = n;
  }

  private static String describe(String[] names, int[][] shapes) {
    StringBuilder out = new StringBuilder();
    for (int m = 0; m < shapes.length; m++) {
      out.append(m == 0 ? "" : ", ").append(names[m]).append(": ").append(shapes[m][0]).append('x')
          .append(shapes[m][1]);
    }
    return out.toString();
  }

  @Override
  protected void prepare(Random random) {
    int count = shapes.length;
    in = new double[count][][];
    dot = new double[count][][];
    bar = new double[count][][];
    hvp = new double[count][][];
    for (int m = 0; m < count; m++) {
      in[m] = Matrices.normals(random, shapes[m][0], shapes[m][1]);
    }
    for (int m = 0; m < count; m++) {
      dot[m] = Matrices.normals(random, shapes[m][0], shapes[m][1]);
      bar[m] = new double[shapes[m][0]][shapes[m][1]];
      hvp[m] = new double[shapes[m][0]][shapes[m][1]];
    }
  }

  /** Zeroes the adjoint and Hessian-vector product buffers (part of the timed jgrad-hvp call). */
  protected final void zeroHvp() {
    for (int m = 0; m < differentiated; m++) {
      Matrices.zero(bar[m]);
      Matrices.zero(hvp[m]);
    }
  }

  @Override
  public double[] hvpProduct() {
    return Matrices.flatten(java.util.Arrays.copyOf(hvp, differentiated));
  }

  @Override
  public double[] jgradGradient() {
    return Matrices.flatten(java.util.Arrays.copyOf(bar, differentiated));
  }

  @Override
  public double[] direction() {
    return Matrices.flatten(java.util.Arrays.copyOf(dot, differentiated));
  }

  @Override
  public int comparedInputs() {
    return compared;
  }

  private double[][][] comparedMatrices() {
    return java.util.Arrays.copyOf(in, comparedMatrices);
  }

  @Override
  protected double input(int k) {
    return Matrices.get(k, comparedMatrices());
  }

  @Override
  protected void setInput(int k, double value) {
    Matrices.set(k, value, comparedMatrices());
  }
}
