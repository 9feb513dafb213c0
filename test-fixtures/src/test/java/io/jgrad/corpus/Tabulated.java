package io.jgrad.corpus;

/** Constants used by {@code Constants.otherClass}: not a corpus class (no @Grad method). */
public final class Tabulated {
  public static final double TWO_PI = 2 * Math.PI;
  public static final double[] NODES = {-0.7745966692414834, 0.0, 0.7745966692414834};

  private Tabulated() {}
}
