package io.jgrad.tape;

import java.util.Arrays;

/** A last-in first-out stack of {@code long}s for overwritten {@code long} variables. */
public final class LongTape {
  private long[] values;
  private int size;

  public LongTape() {
    this(16);
  }

  public LongTape(int initialCapacity) {
    values = new long[Math.max(1, initialCapacity)];
  }

  public void push(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  public long pop() {
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

  public void clear() {
    size = 0;
  }
}
