package io.jgrad.tape;

/**
 * The tapes of the current thread, shared by every reverse-mode rule it runs. Rules push and pop
 * in strict last-in first-out order, so a rule that calls another (or itself) can share them;
 * sharing means a rule allocates no tape in steady state. A rule that ends in an exception
 * truncates the tapes to the sizes they had when it was called ({@link #truncate}).
 */
public final class Tapes {
  /** Not {@code withInitial(Tapes::new)}: bootstrapping a lambda costs a fresh JVM milliseconds. */
  private static final ThreadLocal<Tapes> CURRENT = new ThreadLocal<>() {
    @Override
    protected Tapes initialValue() {
      return new Tapes();
    }
  };

  public final DoubleTape doubles = new DoubleTape(256);
  public final IntTape ints = new IntTape(256);
  public final LongTape longs = new LongTape(16);
  public final RefTape refs = new RefTape(16);

  private Tapes() {}

  /** Puts every tape back to the size it had (sizes read at a rule's entry). */
  public void truncate(int doubleSize, int intSize, int longSize, int refSize) {
    doubles.truncate(doubleSize);
    ints.truncate(intSize);
    longs.truncate(longSize);
    refs.truncate(refSize);
  }

  /** This thread's tapes. */
  public static Tapes current() {
    return CURRENT.get();
  }
}
