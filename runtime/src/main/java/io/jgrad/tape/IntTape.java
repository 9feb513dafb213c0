package io.jgrad.tape;

import java.util.Arrays;

/**
 * A last-in first-out stack of {@code int}s: loop trip counts, branches taken and overwritten
 * integer variables recorded on the forward sweep of a reverse-mode rule.
 */
public final class IntTape {
  private int[] values;
  private int size;

  public IntTape() {
    this(32);
  }

  public IntTape(int initialCapacity) {
    values = new int[Math.max(1, initialCapacity)];
  }

  public void push(int value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  public int pop() {
    return values[--size];
  }

  /** Pushes a boolean as 1 or 0. */
  public void pushBoolean(boolean value) {
    push(value ? 1 : 0);
  }

  public boolean popBoolean() {
    return pop() != 0;
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
