package io.jgrad.check;

import io.jgrad.tape.Tapes;

/** The sizes of the calling thread's tapes ({@link Tapes#current()}) at one moment. */
record TapeSizes(int doubles, int ints, int longs, int refs) {

  static TapeSizes now() {
    Tapes tapes = Tapes.current();
    return new TapeSizes(
        tapes.doubles.size(), tapes.ints.size(), tapes.longs.size(), tapes.refs.size());
  }

  /**
   * Pops whatever was pushed above {@code earlier} (so that one leaking call does not spoil the
   * checks after it).
   */
  static void restore(TapeSizes earlier) {
    Tapes tapes = Tapes.current();
    while (tapes.doubles.size() > earlier.doubles()) {
      tapes.doubles.pop();
    }
    while (tapes.ints.size() > earlier.ints()) {
      tapes.ints.pop();
    }
    while (tapes.longs.size() > earlier.longs()) {
      tapes.longs.pop();
    }
    while (tapes.refs.size() > earlier.refs()) {
      tapes.refs.pop();
    }
  }

  @Override
  public String toString() {
    return "doubles " + doubles + ", ints " + ints + ", longs " + longs + ", refs " + refs;
  }
}
