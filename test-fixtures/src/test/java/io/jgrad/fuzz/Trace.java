package io.jgrad.fuzz;

import java.util.Arrays;

/**
 * Records the control path of a <em>traced twin</em> of a generated program: a copy of the
 * program without {@code @Grad} whose piecewise points are wrapped in calls to this class (see
 * {@link Printer}). Every wrapper returns its argument unchanged (same type, same value), so the
 * twin computes exactly what the program computes; on the way it records every comparison, every
 * conversion of a floating value to an integer, which side of a kink of {@code abs}, {@code max},
 * {@code floor}, {@code %} ... the arguments are on, and whether an argument sits exactly on a
 * singular point ({@code sqrt(0)}, {@code log(0)}, ...) or a function, a division, a product, a
 * sum or a narrowing to float turns finite numbers into a NaN or an infinity (an overflow: its
 * derivative is not finite even where the value is not used, and reverse mode multiplies it by
 * a zero adjoint).
 *
 * <p>Two points with equal {@link Path}s run through the same branches and the same pieces of
 * every piecewise function: between them the function is smooth (barring a switch that flips
 * twice), so finite differences spanning them are meaningful.
 */
public final class Trace {
  /** Kinds of {@link #fn}: which kink a function has. */
  public static final int ABS = 1;
  public static final int MAX = 2;
  public static final int MIN = 3;
  /** floor, ceil, rint, round, signum: the (piecewise constant) result is the path. */
  public static final int STEP = 4;
  public static final int COPY_SIGN = 5;
  /** sqrt, cbrt, log, log10: singular at 0. */
  public static final int AT_ZERO = 6;
  public static final int LOG1P = 7;
  public static final int POW = 8;
  public static final int HYPOT = 9;
  /** asin, acos: singular at +-1. */
  public static final int UNIT = 10;
  public static final int ATAN2 = 11;
  /** {@code a % b} on floating values: the truncated quotient. */
  public static final int MOD = 12;
  /** A smooth function or {@code a / b}: singular only where it leaves the finite numbers. */
  public static final int SMOOTH = 13;
  /**
   * {@code a / b} on floating values: singular also where its partial derivative {@code -a / b^2}
   * overflows although the quotient is finite (reverse mode multiplies it by a zero adjoint).
   */
  public static final int DIV = 14;

  /** A recorded control path: compared by contents. */
  public static final class Path {
    private final long[] events;

    Path(long[] events) {
      this.events = events;
    }

    public int length() {
      return events.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Path p && Arrays.equals(events, p.events);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(events);
    }

    @Override
    public String toString() {
      return "Path(" + events.length + " events)";
    }
  }

  private static final int LIMIT = 4_000_000;

  private static final class State {
    long[] events = new long[1024];
    int size;
    boolean singular;
    boolean overflow;
    double[] args = new double[64];
    int argCount;
  }

  private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

  private Trace() {}

  /** Starts a new recording on this thread. */
  public static void start() {
    State s = STATE.get();
    s.size = 0;
    s.singular = false;
    s.overflow = false;
    s.argCount = 0;
  }

  /**
   * Ends the recording: its path, or null if the point was singular (or the path too long to
   * keep).
   */
  public static Path finish(String outcome) {
    State s = STATE.get();
    if (s.singular || s.overflow) {
      return null;
    }
    long[] events = Arrays.copyOf(s.events, s.size + 1);
    events[s.size] = outcome == null ? 0 : outcome.hashCode() | (1L << 40);
    return new Path(events);
  }

  private static void record(int id, long value) {
    State s = STATE.get();
    if (s.size + 2 > s.events.length) {
      if (s.events.length >= LIMIT) {
        s.overflow = true;
        s.size = 0;
        return;
      }
      s.events = Arrays.copyOf(s.events, s.events.length * 2);
    }
    s.events[s.size++] = id;
    s.events[s.size++] = value;
  }

  private static void singular() {
    STATE.get().singular = true;
  }

  // ------------------------------------------------------------------------------- wrappers

  /** A comparison or other boolean decision. */
  public static boolean b(int id, boolean value) {
    record(id, value ? 1 : 0);
    return value;
  }

  /** An {@code int} obtained from a floating value (a cast, an implicit narrowing). */
  public static int i(int id, int value) {
    record(id, value);
    return value;
  }

  /** A {@code long} obtained from a floating value. */
  public static long l(int id, long value) {
    record(id, value);
    return value;
  }

  /** A {@code short} obtained from a floating value. */
  public static short s(int id, short value) {
    record(id, value);
    return value;
  }

  /**
   * The value of a floating compound assignment ({@code x[k++] *= v}): the point is singular if
   * it is not finite (an overflow here, or a value that was not finite already, which only an
   * earlier singular step can have made).
   */
  public static double finite(double v) {
    if (!Double.isFinite(v)) {
      singular();
    }
    return v;
  }

  /**
   * Marks the point singular if a number in {@code derivatives} (a record of numbers and arrays,
   * or a matrix) is not finite: a rule read's own derivative is made of them.
   */
  public static void finiteAll(Object derivatives) {
    if (derivatives instanceof Double d) {
      finite(d.doubleValue());
    } else if (derivatives instanceof double[] a) {
      for (double v : a) {
        finite(v);
      }
    } else if (derivatives instanceof double[][] m) {
      for (double[] row : m) {
        finiteAll(row);
      }
    } else if (derivatives instanceof Record r) {
      for (java.lang.reflect.RecordComponent c : r.getClass().getRecordComponents()) {
        try {
          java.lang.reflect.Method accessor = c.getAccessor();
          accessor.setAccessible(true);
          finiteAll(accessor.invoke(r));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
  }

  public static float finite(float v) {
    if (!Float.isFinite(v)) {
      singular();
    }
    return v;
  }

  /** Pushes an argument of a function whose kink {@link #fn} records. */
  public static double arg(double v) {
    push(v);
    return v;
  }

  public static float arg(float v) {
    push(v);
    return v;
  }

  public static int arg(int v) {
    push(v);
    return v;
  }

  public static long arg(long v) {
    push(v);
    return v;
  }

  private static void push(double v) {
    State s = STATE.get();
    if (s.argCount == s.args.length) {
      s.args = Arrays.copyOf(s.args, s.args.length * 2);
    }
    s.args[s.argCount++] = v;
  }

  public static double fn(int id, int kind, int arity, double result) {
    kink(id, kind, arity, result);
    return result;
  }

  public static float fn(int id, int kind, int arity, float result) {
    kink(id, kind, arity, result);
    return result;
  }

  public static int fn(int id, int kind, int arity, int result) {
    kink(id, kind, arity, result);
    return result;
  }

  public static long fn(int id, int kind, int arity, long result) {
    kink(id, kind, arity, result);
    return result;
  }

  private static void kink(int id, int kind, int arity, double result) {
    State s = STATE.get();
    s.argCount -= arity;
    double a = s.args[s.argCount];
    double b = arity > 1 ? s.args[s.argCount + 1] : 0;
    boolean finiteArgs = true;
    for (int k = 0; k < arity; k++) {
      finiteArgs &= Double.isFinite(s.args[s.argCount + k]);
    }
    if (finiteArgs && !Double.isFinite(result)) {
      // a NaN or an infinity made here from finite numbers: even where it does not reach the
      // outputs, its partial derivatives are not finite (reverse mode multiplies them by 0)
      singular();
    }
    switch (kind) {
      case ABS -> record(id, (long) Math.signum(a));
      case MAX -> record(id, a >= b ? 1 : 0);
      case MIN -> record(id, a <= b ? 1 : 0);
      case STEP -> record(id, Double.doubleToLongBits(result));
      case COPY_SIGN -> record(id, (long) Math.signum(a) * 4 + (Double.doubleToRawLongBits(b) < 0 ? 1 : 0));
      case AT_ZERO -> {
        if (a == 0) {
          singular();
        }
        record(id, (long) Math.signum(a));
      }
      case LOG1P -> {
        if (a == -1) {
          singular();
        }
      }
      case POW -> {
        if (a == 0 || b == 0) {
          singular();
        }
        record(id, (long) Math.signum(a));
      }
      case HYPOT -> {
        if (a == 0 && b == 0) {
          singular();
        }
      }
      case UNIT -> {
        if (Math.abs(a) == 1) {
          singular();
        }
      }
      case ATAN2 -> {
        if (a == 0 && b == 0) {
          singular();
        }
        record(id, b < 0 ? (a < 0 ? -1 : 1) : 0);
      }
      case SMOOTH -> {
      }
      case DIV -> {
        if (finiteArgs && Double.isFinite(result) && !Double.isFinite(result / b)) {
          singular();
        }
      }
      case MOD -> {
        if (b == 0) {
          singular();
        } else {
          record(id, Double.doubleToLongBits(Math.rint((a - result) / b)));
        }
      }
      default -> throw new IllegalArgumentException("kind " + kind);
    }
  }
}
