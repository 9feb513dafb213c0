package io.jgrad.check.fakes;

import io.jgrad.function.GradientFunction;

final class WrongFunctionObject_Rrule {
  private WrongFunctionObject_Rrule() {}

  record FGradient(double value, double xBar, double yBar) {}

  static FGradient f(double x, double y) {
    double[] bars = new double[2];
    double value = fAdjoint(x, y, 1, bars);
    return new FGradient(value, bars[0], bars[1]);
  }

  static double fAdjoint(double x, double y, double seed, double[] scalarBars) {
    scalarBars[0] += seed * (2 * x * y);
    scalarBars[1] += seed * (x * x);
    return x * x * y;
  }

  static FFunction fFunction(double x, double y) {
    return new FFunction();
  }

  /** Right values; the gradient's entries swapped (y's first). */
  static final class FFunction implements GradientFunction {
    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public double value(double[] point) {
      return WrongFunctionObject.f(point[0], point[1]);
    }

    @Override
    public double valueAndGradient(double[] point, double[] gradient) {
      double[] bars = new double[2];
      double value = fAdjoint(point[0], point[1], 1, bars);
      gradient[0] = bars[1];
      gradient[1] = bars[0];
      return value;
    }
  }
}
