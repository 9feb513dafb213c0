package io.jgrad.check.fakes;

/** {@link Guarded} whose reverse rule does not throw. */
public final class GuardedNotThrowing {
  private GuardedNotThrowing() {}

  static double f(double a) {
    return Guarded.f(a);
  }
}
