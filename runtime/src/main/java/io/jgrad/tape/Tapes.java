package io.jgrad.tape;

/**
 * The tapes of the current thread, shared by every reverse-mode rule it runs. Rules push and pop
 * in strict last-in first-out order, so a rule that calls another (or itself) can share them;
 * sharing means a rule allocates no tape in steady state. A call that ends in an exception may
 * leave values behind, below which later calls push and pop as usual.
 */
public final class Tapes {
  private static final ThreadLocal<Tapes> CURRENT = ThreadLocal.withInitial(Tapes::new);

  public final DoubleTape doubles = new DoubleTape(256);
  public final IntTape ints = new IntTape(256);
  public final LongTape longs = new LongTape(16);
  public final RefTape refs = new RefTape(16);

  private Tapes() {}

  /** This thread's tapes. */
  public static Tapes current() {
    return CURRENT.get();
  }
}
