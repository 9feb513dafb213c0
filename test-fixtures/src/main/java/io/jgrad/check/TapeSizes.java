package io.jgrad.check;

import io.jgrad.tape.Tapes;

/** The sizes of the calling thread's tapes ({@link Tapes#current()}) at one moment. */
record TapeSizes(int doubles, int ints, int longs, int refs) {

  static TapeSizes now() {
    Tapes tapes = Tapes.current();
    return new TapeSizes(
        tapes.doubleSize(), tapes.intSize(), tapes.longSize(), tapes.refSize());
  }

  /**
   * Pops whatever was pushed above {@code earlier} (so that one leaking call does not spoil the
   * checks after it).
   */
  static void restore(TapeSizes earlier) {
    Tapes.current().truncate(earlier.doubles(), earlier.ints(), earlier.longs(), earlier.refs());
  }

  @Override
  public String toString() {
    return "doubles " + doubles + ", ints " + ints + ", longs " + longs + ", refs " + refs;
  }
}
