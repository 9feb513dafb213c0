package io.jgrad.check.fakes;

/** Methods without generated rules, and an overloaded name. */
public final class NoRules {
  private NoRules() {}

  static double f(double a) {
    return a;
  }

  static double g(double a) {
    return a;
  }

  static double g(double a, double b) {
    return a + b;
  }

  double instance(double a) {
    return a;
  }

  static int integer(double a) {
    return (int) a;
  }
}
