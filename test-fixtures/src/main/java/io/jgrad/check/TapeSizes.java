package io.jgrad.check;

import io.jgrad.tape.Tapes;

/**
 * The sizes of the calling thread's tapes ({@link Tapes#current()}) at one moment, and the
 * number of work arrays they have lent out.
 */
record TapeSizes(int doubles, int ints, int longs, int refs, int arrays) {

  static TapeSizes now() {
    Tapes tapes = Tapes.current();
    return new TapeSizes(tapes.doubleSize(), tapes.intSize(), tapes.longSize(), tapes.refSize(),
        tapes.arraySize());
  }

  /**
   * Pops whatever was pushed above {@code earlier} and takes back what was lent since (so that
   * one leaking call does not spoil the checks after it).
   */
  static void restore(TapeSizes earlier) {
    Tapes tapes = Tapes.current();
    tapes.truncate(earlier.doubles(), earlier.ints(), earlier.longs(), earlier.refs());
    tapes.releaseArrays(earlier.arrays());
  }

  @Override
  public String toString() {
    return "doubles " + doubles + ", ints " + ints + ", longs " + longs + ", refs " + refs
        + ", arrays lent " + arrays;
  }
}
