package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One way to generate a piece of a program (an expression of some type, a statement...), with a
 * weight. The generator keeps lists of productions per kind; adding a language feature is adding
 * a production to a list.
 *
 * @param <T> what it makes
 */
record Production<T>(String name, ToDoubleFunction<MethodGen> weight, Maker<T> maker) {

  /** Makes the piece, or returns null if it does not apply here (then another one is tried). */
  interface Maker<T> {
    T make(MethodGen g, int depth);
  }

  static <T> Production<T> of(String name, double weight, Maker<T> maker) {
    return new Production<>(name, g -> weight, maker);
  }

  static <T> Production<T> of(String name, ToDoubleFunction<MethodGen> weight, Maker<T> maker) {
    return new Production<>(name, weight, maker);
  }

  /**
   * Tries productions in weighted random order (without replacement) until one applies; null if
   * none does.
   */
  static <T> T pick(MethodGen g, int depth, List<Production<T>> productions) {
    List<Production<T>> left = new ArrayList<>(productions);
    List<Double> weights = new ArrayList<>();
    for (Production<T> p : left) {
      weights.add(g.config.allows(p.name()) ? Math.max(0, p.weight().applyAsDouble(g)) : 0);
    }
    while (!left.isEmpty()) {
      double total = 0;
      for (double w : weights) {
        total += w;
      }
      if (total <= 0) {
        return null;
      }
      double u = g.random.nextDouble() * total;
      int k = 0;
      while (k < left.size() - 1 && u >= weights.get(k)) {
        u -= weights.get(k);
        k++;
      }
      T made = left.get(k).maker().make(g, depth);
      if (made != null) {
        return made;
      }
      left.remove(k);
      weights.remove(k);
    }
    return null;
  }
}
