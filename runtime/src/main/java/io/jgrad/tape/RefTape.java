package io.jgrad.tape;

import java.util.Arrays;

/**
 * A last-in first-out stack of array references: array variables that the forward sweep of a
 * reverse-mode rule points elsewhere, and snapshots of arrays around calls that write them.
 */
public final class RefTape {
  private Object[] values;
  private int size;

  public RefTape() {
    this(16);
  }

  public RefTape(int initialCapacity) {
    values = new Object[Math.max(1, initialCapacity)];
  }

  public void push(Object value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  /** Pops a reference; the caller casts it back to the array type it pushed. */
  public Object pop() {
    Object value = values[--size];
    values[size] = null;
    return value;
  }

  public double[] popDoubles() {
    return (double[]) pop();
  }

  public double[][] popMatrix() {
    return (double[][]) pop();
  }

  /** Drops what was pushed after the tape had {@code size} entries (a call that threw). */
  public void truncate(int size) {
    if (this.size > size) {
      Arrays.fill(values, size, this.size, null);
      this.size = size;
    }
  }

  public int size() {
    return size;
  }

  public void clear() {
    Arrays.fill(values, 0, size, null);
    size = 0;
  }
}
