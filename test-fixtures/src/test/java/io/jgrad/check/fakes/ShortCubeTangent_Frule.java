package io.jgrad.check.fakes;

import io.jgrad.Dual;
import java.util.Arrays;

/** Broken: replaces {@code xDot[last]} by a sub-matrix one row shorter than {@code x[last]}. */
final class ShortCubeTangent_Frule {
  private ShortCubeTangent_Frule() {}

  static Dual f(double[][][] x, double[][][] xDot, double w, double wDot) {
    Dual dual = CubeEnergy_Frule.f(x, xDot, w, wDot);
    int last = xDot.length - 1;
    xDot[last] = Arrays.copyOf(xDot[last], xDot[last].length - 1);
    return dual;
  }
}
