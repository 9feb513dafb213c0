package io.jgrad.tape;

import java.util.Arrays;

/**
 * A last-in first-out stack of {@code double}s that reverse-mode rules use to keep values the
 * forward sweep overwrites and the reverse sweep needs again. Grows geometrically; never boxes.
 */
public final class DoubleTape {
  private double[] values;
  private int size;

  public DoubleTape() {
    this(32);
  }

  public DoubleTape(int initialCapacity) {
    values = new double[Math.max(1, initialCapacity)];
  }

  public void push(double value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  public double pop() {
    return values[--size];
  }

  /** Drops what was pushed after the tape had {@code size} entries (a call that threw). */
  public void truncate(int size) {
    if (this.size > size) {
      this.size = size;
    }
  }

  public int size() {
    return size;
  }

  /** Empties the tape, keeping its storage for the next call. */
  public void clear() {
    size = 0;
  }
}
