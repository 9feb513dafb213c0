package io.jgrad.corpus;

import io.jgrad.Grad;

/** Text as data: a String[] from split, String methods, String[] parameters read and written. */
public final class Strings {
  private Strings() {}

  /** Indices listed in a spec such as {@code " 0, 2,1 "}: the sum of those w[k]^2. */
  @Grad
  public static double listedSquares(double[] w, String spec) {
    double s = 0.0;
    for (String token : spec.trim().split(",")) {
      int k = Integer.parseInt(token.strip());
      s += w[k] * w[k];
    }
    return s;
  }

  /** One term per label, chosen by its text. */
  @Grad
  public static double labelled(double x, String[] labels) {
    double s = 0.0;
    for (int i = 0; i < labels.length; i++) {
      if (labels[i].startsWith("sq")) {
        s += x * x;
      } else if (labels[i].equals("lin")) {
        s += x;
      } else {
        s += Math.sin(x * labels[i].length());
      }
    }
    return s;
  }

  /** Rewrites its labels as it goes (the rules leave them as the primal does). */
  @Grad
  public static double relabel(double x, String[] labels) {
    double s = x;
    for (int i = 0; i < labels.length; i++) {
      String label = labels[i];
      labels[i] = label.toUpperCase();
      s = s * (label.length() + 0.5) + (label.equals(labels[i]) ? 1.0 : Math.cos(s));
    }
    return s;
  }
}
