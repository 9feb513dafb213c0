package io.jgrad.check.fakes;

/**
 * {@code f(t, s)} scales {@code t.b} in place by {@code s} and returns {@code t.scale * sum_i
 * t.b[i]^2} of the scaled entries: a record whose array component the method writes (its final
 * contents are outputs), with correct rules.
 */
public final class TableScale {
  private TableScale() {}

  static double f(Table t, double s) {
    double[] b = t.b();
    double sum = 0;
    for (int i = 0; i < b.length; i++) {
      b[i] = b[i] * s;
      sum += b[i] * b[i];
    }
    return t.scale() * sum;
  }
}
