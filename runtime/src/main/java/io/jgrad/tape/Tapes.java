package io.jgrad.tape;

import java.util.Arrays;

/**
 * The tapes of the current thread: four last-in first-out stacks ({@code double}, {@code int},
 * {@code long} and references) that reverse-mode rules push onto on the forward sweep and pop
 * on the reverse sweep. Every rule a thread runs shares them, in strict last-in first-out order,
 * so a rule that calls another (or itself) allocates no tape in steady state. A rule that ends
 * in an exception truncates them to the sizes they had when it was called ({@link #truncate}).
 *
 * <p>One class, not one per stack: the first reverse-mode call in a JVM loads it, and loading
 * classes is most of what a first call costs.
 */
public final class Tapes {
  private static final ThreadLocal<Tapes> CURRENT = new ThreadLocal<>();

  private double[] doubles;
  private int doubleSize;
  private int[] ints;
  private int intSize;
  private long[] longs;
  private int longSize;
  private Object[] refs;
  private int refSize;
  /** Work arrays lent to rules ({@link #zeros}), kept for the next rule that asks. */
  private Object[] arrays = new Object[8];
  private int arraySize;

  private Tapes() {
    this(256, 16);
  }

  /**
   * Takes each stack's growth path once, on a throwaway instance, so that the JIT's profile
   * has seen it: a path never taken before the JIT compiles a rule becomes a deoptimization
   * trap, and a deep recursion that first grows a tape would then run on interpreted frames,
   * overflowing the stack far sooner than the primal. The same for the room a loop makes for its
   * pushes ({@link #roomForDoubles}). A few hundred pushes, once per JVM.
   */
  static {
    Tapes warm = new Tapes();
    for (int k = 0; k <= 256; k++) {
      warm.pushDouble(k);
      warm.pushInt(k);
    }
    // the growth paths of the room a loop makes and of its pushes' own checks
    double[] doubleStack = warm.roomForDoubles(warm.doubleStack(), warm.doubleSize(), 1024);
    int[] intStack = warm.roomForInts(warm.intStack(), warm.intSize(), 1024);
    doubleStack = warm.moreDoubles(doubleStack);
    intStack = warm.moreInts(intStack);
    doubleStack = warm.roomForAllDoubles(doubleStack, warm.doubleSize(), 4L * doubleStack.length);
    intStack = warm.roomForAllInts(intStack, warm.intSize(), 4L * intStack.length);
    int size = warm.doubleSize();
    for (int k = 0; k < 16; k++) {
      doubleStack[size + k] = k;
      intStack[size + k] = k;
    }
    warm.setDoubleSize(size + 16);
    warm.setIntSize(size + 16);
    for (int k = 0; k <= 16; k++) {
      warm.pushLong(k);
      warm.pushRef(warm);
    }
  }

  /**
   * New tapes of their own, small: a reverse rule keeps on them the fields of the objects its
   * caller passed while the thread's tapes hold the forward sweep's record.
   */
  public static Tapes scratch() {
    return new Tapes(16, 4);
  }

  private Tapes(int numbers, int others) {
    doubles = new double[numbers];
    ints = new int[numbers];
    longs = new long[others];
    refs = new Object[others];
  }

  /** This thread's tapes. */
  public static Tapes current() {
    Tapes tapes = CURRENT.get();
    if (tapes == null) {
      tapes = new Tapes();
      CURRENT.set(tapes);
    }
    return tapes;
  }

  public void pushDouble(double value) {
    if (doubleSize == doubles.length) {
      doubles = Arrays.copyOf(doubles, doubles.length * 2);
    }
    doubles[doubleSize++] = value;
  }

  public double popDouble() {
    return doubles[--doubleSize];
  }

  /** Elements of room a loop makes before it starts at most ({@link #roomForDoubles}). */
  static final long ROOM_AT_MOST = 1 << 22;

  /**
   * The double stack's storage, for a rule's loop that keeps the stack's size in a local while it
   * runs: a counting loop makes room for all its pushes first ({@link #roomForDoubles}), pushes
   * with {@code stack = size < stack.length ? stack : tapes.moreDoubles(stack); stack[size] = v;
   * size++} (only {@code stack[size] = v; size++} after {@link #roomForAllDoubles}), pops with
   * {@code stack[--size]}, and hands the size back with {@link #setDoubleSize} when it ends. The loop calls nothing else that could use these tapes. A size
   * in a field, stored at one push and loaded at the next, is a chain of store-to-load latencies
   * through memory; a local is a register.
   */
  public double[] doubleStack() {
    return doubles;
  }

  /**
   * {@code stack} (this tapes' double storage) if it has room for {@code count} more elements
   * after {@code size} (at most {@link #ROOM_AT_MOST}: beyond, the pushes' own checks grow it),
   * else a longer copy, which becomes the storage.
   */
  public double[] roomForDoubles(double[] stack, int size, long count) {
    return doublesOfLength(stack, roomFor(stack.length, size, count));
  }

  /**
   * {@code stack} (this tapes' double storage) if it has room for {@code count} more elements
   * after {@code size}, else a longer copy, which becomes the storage. For a counting loop that
   * runs at most its counted iterations: it pushes without checks, so the room is not capped.
   *
   * @throws OutOfMemoryError if no Java array holds that many
   */
  public double[] roomForAllDoubles(double[] stack, int size, long count) {
    return doublesOfLength(stack, roomForAll(stack.length, size, count));
  }

  /** {@code stack} if it has {@code length} elements, else a copy that long: the storage. */
  private double[] doublesOfLength(double[] stack, int length) {
    if (length == stack.length) {
      return stack;
    }
    doubles = Arrays.copyOf(stack, length);
    return doubles;
  }

  /** A copy of {@code stack} (this tapes' double storage) twice as long; the storage from now. */
  public double[] moreDoubles(double[] stack) {
    doubles = Arrays.copyOf(stack, stack.length * 2);
    return doubles;
  }

  /** The double stack's size after a loop that kept it in a local ({@link #doubleStack}). */
  public void setDoubleSize(int size) {
    doubleSize = size;
  }

  /** As {@link #doubleStack}, for the int stack (ints and booleans). */
  public int[] intStack() {
    return ints;
  }

  /** As {@link #roomForDoubles}, for the int stack. */
  public int[] roomForInts(int[] stack, int size, long count) {
    return intsOfLength(stack, roomFor(stack.length, size, count));
  }

  /** As {@link #roomForAllDoubles}, for the int stack. */
  public int[] roomForAllInts(int[] stack, int size, long count) {
    return intsOfLength(stack, roomForAll(stack.length, size, count));
  }

  /** As {@link #doublesOfLength}, for the int stack. */
  private int[] intsOfLength(int[] stack, int length) {
    if (length == stack.length) {
      return stack;
    }
    ints = Arrays.copyOf(stack, length);
    return ints;
  }

  /** As {@link #moreDoubles}, for the int stack. */
  public int[] moreInts(int[] stack) {
    ints = Arrays.copyOf(stack, stack.length * 2);
    return ints;
  }

  /** As {@link #setDoubleSize}, for the int stack. */
  public void setIntSize(int size) {
    intSize = size;
  }

  /** The storage length with room for {@code count} more after {@code size}, not capped. */
  private static int roomForAll(int length, int size, long count) {
    long needed = size + Math.max(count, 0);
    if (needed > Integer.MAX_VALUE - 8) {
      throw new OutOfMemoryError("a rule's tape would need " + needed + " elements");
    }
    long grown = length;
    while (grown < needed) {
      grown *= 2;
    }
    return (int) Math.min(grown, Integer.MAX_VALUE - 8);
  }

  /** The storage length with room for {@code count} (capped) more after {@code size}. */
  private static int roomFor(int length, int size, long count) {
    long needed = size + Math.min(Math.max(count, 0), ROOM_AT_MOST);
    long grown = length;
    while (grown < needed) {
      grown *= 2;
    }
    return (int) Math.min(grown, Integer.MAX_VALUE - 8);
  }

  public void pushInt(int value) {
    if (intSize == ints.length) {
      ints = Arrays.copyOf(ints, ints.length * 2);
    }
    ints[intSize++] = value;
  }

  public int popInt() {
    return ints[--intSize];
  }

  public void pushBoolean(boolean value) {
    pushInt(value ? 1 : 0);
  }

  public boolean popBoolean() {
    return popInt() != 0;
  }

  public void pushLong(long value) {
    if (longSize == longs.length) {
      longs = Arrays.copyOf(longs, longs.length * 2);
    }
    longs[longSize++] = value;
  }

  public long popLong() {
    return longs[--longSize];
  }

  /** Pushes an array reference (or a snapshot of one); {@link #popRef} gives it back. */
  public void pushRef(Object value) {
    if (refSize == refs.length) {
      refs = Arrays.copyOf(refs, refs.length * 2);
    }
    refs[refSize++] = value;
  }

  /** Pops a reference; the caller casts it back to the array type it pushed. */
  public Object popRef() {
    Object value = refs[--refSize];
    refs[refSize] = null;
    return value;
  }

  public int doubleSize() {
    return doubleSize;
  }

  public int intSize() {
    return intSize;
  }

  public int longSize() {
    return longSize;
  }

  public int refSize() {
    return refSize;
  }

  /**
   * Puts every stack back to the size it had (sizes read at a rule's entry). A stack a failed
   * pop left below empty (a rule's bug) becomes empty, so that the thread's later rules work.
   */
  public void truncate(int doubleSize, int intSize, int longSize, int refSize) {
    this.doubleSize = Math.max(0, Math.min(this.doubleSize, doubleSize));
    this.intSize = Math.max(0, Math.min(this.intSize, intSize));
    this.longSize = Math.max(0, Math.min(this.longSize, longSize));
    if (this.refSize < 0) {
      this.refSize = 0;
    }
    if (this.refSize > refSize) {
      Arrays.fill(refs, refSize, this.refSize, null);
      this.refSize = refSize;
    }
  }

  /** Arrays lent larger than this (elements) are not kept for reuse: the heap gets them back. */
  static final long LARGEST_KEPT = 1 << 22;

  /** The number of arrays lent out ({@link #zeros}): a rule reads it at entry. */
  public int arraySize() {
    return arraySize;
  }

  /**
   * Takes back the arrays lent since {@code arraySize()} was {@code mark}: a rule that made them
   * returns them on its way out, normal or not. They stay here for the next rule that asks.
   */
  public void releaseArrays(int mark) {
    arraySize = Math.max(0, Math.min(arraySize, mark));
  }

  /**
   * A {@code new double[length]}, all zeros, lent until {@link #releaseArrays}: the array the
   * same call of the same rule had last time, filled with zeros, if it has this length. Only for
   * a rule's own work arrays, which nothing outlives the call can reach. Throws what {@code new
   * double[length]} throws.
   */
  public double[] zeros(int length) {
    if (length > LARGEST_KEPT) {
      return new double[length];
    }
    Object held = arraySize < arrays.length ? arrays[arraySize] : null;
    double[] out;
    if (held instanceof double[] kept && kept.length == length) {
      Arrays.fill(kept, 0.0);
      out = kept;
    } else {
      out = new double[length];
      keep(out);
    }
    arraySize++;
    return out;
  }

  /** {@link #zeros(int)} for a {@code new double[rows][columns]}. */
  public double[][] zeros(int rows, int columns) {
    if (columns < 0 || (long) rows * columns > LARGEST_KEPT) {
      return new double[rows][columns];
    }
    Object held = arraySize < arrays.length ? arrays[arraySize] : null;
    double[][] out = held instanceof double[][] kept && kept.length == rows ? kept : null;
    for (int i = 0; out != null && i < rows; i++) {
      if (out[i] == null || out[i].length != columns) {
        out = null;
      }
    }
    if (out != null) {
      for (double[] row : out) {
        Arrays.fill(row, 0.0);
      }
    } else {
      out = new double[rows][columns];
      keep(out);
    }
    arraySize++;
    return out;
  }

  private void keep(Object array) {
    if (arraySize == arrays.length) {
      arrays = Arrays.copyOf(arrays, arrays.length * 2);
    }
    arrays[arraySize] = array;
  }

  /** Empties every stack, keeping its storage. */
  public void clear() {
    truncate(0, 0, 0, 0);
    arraySize = 0;
  }
}
