package io.jgrad.bench;

import java.util.Random;

/**
 * A row whose function is {@code f(double[] x)}: the gradient is {@code df/dx}, the jgrad buffer is
 * {@link #xBar}, the forward direction is {@link #xDot}.
 */
public abstract class VectorRowBenchmark extends RowBenchmark {
  private final int length;
  private final double[] fixed;

  /** Inputs. */
  protected double[] x;
  /** Direction of the forward rule. */
  protected double[] xDot;
  /** jgrad's adjoint buffer. */
  protected double[] xBar;
  /** jgrad's Hessian-vector product buffer. */
  protected double[] xHvp;

  /** x: {@code length} standard normals. */
  protected VectorRowBenchmark(String label, int length) {
    super(label, "x: " + length);
    this.length = length;
    this.fixed = null;
  }

  /** x fixed by the suite (the direction is still random). */
  protected VectorRowBenchmark(String label, double[] fixed) {
    super(label, "x = " + java.util.Arrays.toString(fixed));
    this.length = fixed.length;
    this.fixed = fixed.clone();
  }

  @Override
  protected void prepare(Random random) {
    x = fixed != null ? fixed.clone() : normals(random, length);
    xDot = normals(random, length);
    xBar = new double[length];
    xHvp = new double[length];
  }

  @Override
  public double[] hvpProduct() {
    return xHvp.clone();
  }

  @Override
  public double[] jgradGradient() {
    return xBar.clone();
  }

  @Override
  public double[] direction() {
    return xDot.clone();
  }

  @Override
  public int comparedInputs() {
    return length;
  }

  @Override
  protected double input(int k) {
    return x[k];
  }

  @Override
  protected void setInput(int k, double value) {
    x[k] = value;
  }
}
