package io.jgrad.fuzz;

import io.jgrad.check.GradCheck;
import io.jgrad.tape.Tapes;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Checks every {@code @Grad} method of a compiled program with {@link GradCheck} at random
 * points: values bit for bit, arguments as the primal leaves them, forward vs finite differences
 * with kink filtering (the control path comes from the program's traced twin, {@link Trace}),
 * dot-product tests, the Jacobian, exceptions where the primal throws, empty tapes after every
 * rule call. Each method runs on a worker thread with a time limit.
 */
final class ProgramChecker implements AutoCloseable {
  /** Totals over all checked methods. */
  static final class Stats {
    int methods;
    int points;
    int kinks;
    int nonFinite;
    int threw;
    /** Points where a dot-product test passed only within the measured rounding noise. */
    int noisy;
    /** Points checked with one array passed for two parameters, and how many were rejected. */
    int aliased;
    int rejected;
    /** Points checked with one object passed for two parameters, and how many were rejected. */
    int aliasedObjects;
    int rejectedObjects;
    /** Methods of programs with record types, and those taking records or arrays of them. */
    int inRecordPrograms;
    int withRecordParams;
    /** Methods that may change the objects they are passed (and take some). */
    int writingObjects;

    void add(GradCheck.Report r) {
      methods++;
      points += r.points();
      kinks += r.kinks();
      nonFinite += r.nonFinite();
      threw += r.threw();
      noisy += r.roundingNoise();
    }

    @Override
    public String toString() {
      return methods + " methods (" + inRecordPrograms + " in programs with records, "
          + withRecordParams + " with record or object parameters, " + writingObjects
          + " that may change the objects they are passed); "
          + points + " points checked (finite differences skipped at "
          + kinks + " of them: kinks or inconsistent differences), " + nonFinite
          + " points not finite or singular, " + threw + " points where the primal threw, "
          + aliased + " points with aliased arrays (" + rejected + " rejected by the rules), "
          + aliasedObjects + " points with aliased objects (" + rejectedObjects
          + " rejected), "
          + noisy + " ill-conditioned points (dot-product tests within measured rounding noise)";
    }
  }

  /**
   * Dot-product errors below {@code 1e-16} absolute are rounding: random programs often compute
   * a tiny derivative from large partial derivatives that cancel.
   */
  static final double DOT_FLOOR = 1e-6;

  final int points;
  final long timeoutMillis;
  final Stats stats = new Stats();
  private ExecutorService worker;
  private Thread workerThread;

  ProgramChecker(int points, long timeoutMillis) {
    this.points = points;
    this.timeoutMillis = timeoutMillis;
  }

  /** The findings of one compiled program (empty if all its methods pass). */
  List<Finding> check(FuzzCompiler.Outcome outcome) {
    List<Finding> findings = new ArrayList<>();
    for (Program.Method m : outcome.program().methods()) {
      if (m.helper()) {
        continue; // no API of its own: checked through the @Grad methods calling it
      }
      Finding f = checkMethod(outcome, m.name());
      if (f != null) {
        findings.add(f);
      }
    }
    return findings;
  }

  /** Checks one method; returns its finding or null. */
  Finding checkMethod(FuzzCompiler.Outcome outcome, String name) {
    Program program = outcome.program();
    Program.Method m = program.method(name);
    if (worker == null) {
      worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fuzz-check");
        t.setDaemon(true);
        workerThread = t;
        return t;
      });
    }
    Future<GradCheck.Report> future = worker.submit(() -> run(outcome, m));
    try {
      GradCheck.Report report = future.get(timeoutMillis, TimeUnit.MILLISECONDS);
      synchronized (stats) {
        stats.add(report);
        if (!program.records().isEmpty()) {
          stats.inRecordPrograms++;
        }
        if (m.params().stream().anyMatch(p -> p.type().decl != null || p.type().cls != null)) {
          stats.withRecordParams++;
        }
        if (m.writesObjects()) {
          stats.writingObjects++;
        }
      }
      return null;
    } catch (TimeoutException e) {
      String where = stackOf(workerThread);
      stop();
      return new Finding(program, name, "timeout", "check: the method and its rules finish"
          + " within " + timeoutMillis + " ms\n  actual: still running:\n" + where);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof TracerMismatch) {
        return new Finding(program, name, Finding.GENERATOR + " (traced twin)",
            cause.getMessage());
      }
      if (cause instanceof AssertionError) {
        return new Finding(program, name, "check", cause.getMessage());
      }
      if (cause instanceof StackOverflowError || cause instanceof OutOfMemoryError) {
        return new Finding(program, name, "crash", "check: the rules run without "
            + cause.getClass().getSimpleName() + "\n  actual: " + describe(cause));
      }
      if (fromRules(cause)) {
        return new Finding(program, name, "crash", "check: the rules run without "
            + cause.getClass().getSimpleName() + "\n  actual: " + describe(cause));
      }
      return new Finding(program, name, Finding.GENERATOR + " (harness)",
          "check: the harness runs\n  actual: " + describe(cause));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** True if {@code t} was thrown inside generated rules or jgrad's runtime. */
  private static boolean fromRules(Throwable t) {
    for (StackTraceElement frame : t.getStackTrace()) {
      String c = frame.getClassName();
      if (c.endsWith("_Frule") || c.endsWith("_Rrule") || c.startsWith("io.jgrad.tape.")
          || c.equals("io.jgrad.Jacobians")) {
        return true;
      }
      if (c.startsWith("io.jgrad.check.") || c.startsWith("io.jgrad.fuzz.")) {
        return false;
      }
    }
    return false;
  }

  private static String describe(Throwable t) {
    StringBuilder text = new StringBuilder(t.toString());
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(8, frames.length); i++) {
      text.append("\n      at ").append(frames[i]);
    }
    return text.toString();
  }

  private static String stackOf(Thread t) {
    StringBuilder text = new StringBuilder();
    if (t != null) {
      StackTraceElement[] frames = t.getStackTrace();
      for (int i = 0; i < Math.min(12, frames.length); i++) {
        text.append("      at ").append(frames[i]).append('\n');
      }
    }
    return text.toString();
  }

  @SuppressWarnings({"deprecation", "removal"})
  private void stop() {
    Thread t = workerThread;
    worker.shutdownNow();
    worker = null;
    workerThread = null;
    if (t != null) {
      try {
        t.stop();
      } catch (UnsupportedOperationException e) {
        // newer JDKs: the daemon thread is abandoned
      }
    }
  }

  @Override
  public void close() {
    if (worker != null) {
      worker.shutdownNow();
    }
  }

  /** Thrown when the traced twin does not compute what the program computes. */
  static final class TracerMismatch extends AssertionError {
    TracerMismatch(String message) {
      super(message);
    }
  }

  private GradCheck.Report run(FuzzCompiler.Outcome outcome, Program.Method m) {
    Tapes.current().clear();
    Program program = outcome.program();
    Class<?>[] types = m.params().stream().map(p -> javaType(p.type(), outcome.primal()))
        .toArray(Class<?>[]::new);
    Class<?>[] tracedTypes = m.params().stream().map(p -> javaType(p.type(), outcome.traced()))
        .toArray(Class<?>[]::new);
    Method primal;
    Method traced;
    try {
      primal = outcome.primal().getDeclaredMethod(m.name(), types);
      traced = outcome.traced().getDeclaredMethod(m.name(), tracedTypes);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
    Function<Object[], ?> kinks = pathOf(primal, traced);
    long seed = program.seed() * 31 + program.index();
    GradCheck.Report report = configured(outcome.primal(), m, points, seed,
        random -> arguments(m, random, outcome.primal()), kinks).check();
    int[] pair = aliasPair(m);
    if (pair != null) {
      // the same array for two parameters: right if the method only reads them, else rejected
      // by every rule with IllegalArgumentException (README, "Aliasing")
      GradCheck.Report aliasReport = configured(outcome.primal(), m, 2, seed + 1,
          random -> arguments(m, random, outcome.primal()), kinks)
          .checkAliasing(pair[0], pair[1]);
      synchronized (stats) {
        stats.aliased += aliasReport.points() + aliasReport.rejected();
        stats.rejected += aliasReport.rejected();
      }
    }
    int[] objects = objectAliasPair(m);
    if (objects != null) {
      // the same object for two parameters: right if the method only reads it, else rejected
      // by every rule with IllegalArgumentException (README, "@Grad methods that change the
      // objects they are passed")
      GradCheck.Report aliasReport = configured(outcome.primal(), m, 2, seed + 2, random -> {
        Object[] args = arguments(m, random, outcome.primal());
        args[objects[1]] = args[objects[0]];
        return args;
      }, kinks).checkAliasing();
      synchronized (stats) {
        stats.aliasedObjects += aliasReport.points() + aliasReport.rejected();
        stats.rejectedObjects += aliasReport.rejected();
      }
    }
    return report;
  }

  /** A check of {@code m} configured as every check of a random program is. */
  private static GradCheck configured(Class<?> owner, Program.Method m, int points, long seed,
      Function<java.util.Random, Object[]> args, Function<Object[], ?> kinks) {
    GradCheck check = GradCheck.of(owner, m.name())
        .points(points)
        .seed(seed)
        .args(args)
        .kinks(kinks)
        .exceptions()
        .tapes()
        .dotProductFloor(DOT_FLOOR)
        .requireCheckedPoint(false)
        .requireSecondOrder(!m.noSecondOrder());
    if (m.floatInside()) {
      check.floatInside();
    }
    return check;
  }

  /**
   * The first two parameters of one class type, or null. (Not arrays of objects: GradCheck
   * takes each element of each array argument for an input of its own, and perturbs an array
   * passed twice through both parameters, so that the last perturbation wins: it cannot check a
   * method that only reads them. One object passed twice is perturbed as two objects.)
   */
  private static int[] objectAliasPair(Program.Method m) {
    return firstPair(m, JType::isObject);
  }

  /** The first two parameters of one array type, or null. */
  private static int[] aliasPair(Program.Method m) {
    return firstPair(m, JType::isArray);
  }

  /**
   * The first two parameters of one type that {@code kind} accepts, or null; not {@code @NoGrad}
   * ones (a constant passed as a variable too is perturbed through both: finite differences
   * then see a derivative the declaration says is not there).
   */
  private static int[] firstPair(Program.Method m, java.util.function.Predicate<JType> kind) {
    for (int i = 0; i < m.params().size(); i++) {
      for (int j = i + 1; j < m.params().size(); j++) {
        JType t = m.params().get(i).type();
        if (kind.test(t) && t == m.params().get(j).type() && !m.params().get(i).noGrad()
            && !m.params().get(j).noGrad()) {
          return new int[] {i, j};
        }
      }
    }
    return null;
  }

  /** The class of a parameter type; record types are classes nested in {@code owner}. */
  static Class<?> javaType(JType t, Class<?> owner) {
    return switch (t.kind) {
      case RECORD, RECORD_ARRAY, OBJECT, OBJECT_ARRAY -> RecordValues.classOf(t, owner);
      case DOUBLE -> double.class;
      case FLOAT -> float.class;
      case INT -> int.class;
      case LONG -> long.class;
      case BOOLEAN -> boolean.class;
      case DOUBLE_ARRAY -> double[].class;
      case DOUBLE_MATRIX -> double[][].class;
      case INT_ARRAY -> int[].class;
      default -> throw new IllegalArgumentException(t.toString());
    };
  }

  /**
   * A point: doubles in [-2, 2], arrays of 1 to 5 such entries, matrices of 1 to 4 rows of one
   * length, ints in [-1, 4], int arrays of 1 to 4 such entries, booleans, records of such
   * components ({@link RecordValues#random}) and arrays of 1 to 4 records.
   */
  static Object[] arguments(Program.Method m, Random random, Class<?> owner) {
    Object[] args = new Object[m.params().size()];
    for (int i = 0; i < args.length; i++) {
      JType type = m.params().get(i).type();
      args[i] = switch (type.kind) {
        case RECORD -> {
          Object same = sameRecord(m, i, args, random);
          yield same != null ? same : RecordValues.random(type, owner, random);
        }
        case RECORD_ARRAY -> RecordValues.randomArray(type, owner, random);
        case OBJECT -> ObjectValues.random(type, owner, random);
        case OBJECT_ARRAY -> ObjectValues.randomArray(type, owner, random);
        case DOUBLE -> uniform(random);
        case FLOAT -> (float) uniform(random);
        case INT -> random.nextInt(6) - 1;
        case LONG -> (long) (random.nextInt(6) - 1);
        case BOOLEAN -> random.nextBoolean();
        case DOUBLE_ARRAY -> vector(random, 1 + random.nextInt(5));
        case DOUBLE_MATRIX -> {
          int rows = 1 + random.nextInt(4);
          int columns = 1 + random.nextInt(4);
          double[][] matrix = new double[rows][];
          for (int r = 0; r < rows; r++) {
            matrix[r] = vector(random, columns);
          }
          yield matrix;
        }
        case INT_ARRAY -> {
          int[] data = new int[1 + random.nextInt(4)];
          for (int k = 0; k < data.length; k++) {
            data[k] = random.nextInt(6) - 1;
          }
          yield data;
        }
        default -> throw new IllegalArgumentException();
      };
    }
    return args;
  }

  /**
   * Now and then the record passed for an earlier parameter of the same type (a record is a
   * value: passing one twice is fine), else null. Draws nothing unless there is such a
   * parameter.
   */
  private static Object sameRecord(Program.Method m, int i, Object[] args, Random random) {
    for (int k = 0; k < i; k++) {
      if (m.params().get(k).type() == m.params().get(i).type()) {
        return random.nextInt(4) == 0 ? args[k] : null;
      }
    }
    return null;
  }

  private static double uniform(Random random) {
    return -2 + 4 * random.nextDouble();
  }

  private static double[] vector(Random random, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = uniform(random);
    }
    return v;
  }

  /**
   * The kink filter: runs the traced twin at a point and returns its path (null if singular);
   * also runs the primal on a copy and fails with {@link TracerMismatch} unless both return the
   * same value and leave the same arguments (or throw alike).
   */
  static Function<Object[], Object> pathOf(Method primal, Method traced) {
    Class<?> primalClass = primal.getDeclaringClass();
    Class<?> tracedClass = traced.getDeclaringClass();
    return original -> {
      Object[] copy = deepCopy(original);
      // the twin has record types of its own (built here, before the recording starts)
      Object[] args = RecordValues.translate(original, primalClass, tracedClass);
      Object primalValue;
      String primalThrew = null;
      try {
        primalValue = primal.invoke(null, copy);
      } catch (InvocationTargetException e) {
        primalValue = null;
        primalThrew = outcome(e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      Trace.start();
      Object value = null;
      String threw = null;
      try {
        value = traced.invoke(null, args);
      } catch (InvocationTargetException e) {
        threw = outcome(e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      Trace.Path path = Trace.finish(threw);
      if (!Objects.equals(threw, primalThrew) || !Objects.deepEquals(
          new Object[] {value, RecordValues.comparable(args)},
          new Object[] {primalValue, RecordValues.comparable(copy)})) {
        throw new TracerMismatch("check: the traced twin computes what the program computes\n"
            + "  expected: " + (primalThrew != null ? primalThrew : render(primalValue) + ", "
            + render(copy)) + "\n  actual:   " + (threw != null ? threw : render(value)
            + ", " + render(args)));
      }
      return path;
    };
  }

  private static String outcome(Throwable t) {
    if (t instanceof RuntimeException) {
      return t.getClass().getName() + ": " + t.getMessage();
    }
    if (t instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException(t);
  }

  private static String render(Object value) {
    return Arrays.deepToString(new Object[] {value});
  }

  /**
   * A copy of an argument list, arrays and objects of generated classes copied (records are
   * values and kept), keeping which arguments are one array or one object.
   */
  static Object[] deepCopy(Object[] args) {
    Map<Object, Object> copies = new IdentityHashMap<>();
    Object[] copy = args.clone();
    for (int i = 0; i < copy.length; i++) {
      copy[i] = copyOf(copy[i], copies);
    }
    return copy;
  }

  private static Object copyOf(Object value, Map<Object, Object> copies) {
    if (value instanceof int[] data) {
      return copies.computeIfAbsent(value, k -> data.clone());
    }
    if (value instanceof Object[] records && records.getClass().getComponentType().isRecord()) {
      return copies.computeIfAbsent(value, k -> records.clone()); // records are values
    }
    if (value instanceof Object[] objects
        && ObjectValues.isGenerated(objects.getClass().getComponentType())) {
      // an entry point may change the objects it is passed: copied, each once
      Object known = copies.get(value);
      if (known != null) {
        return known;
      }
      Object[] c = objects.clone();
      copies.put(value, c);
      for (int i = 0; i < c.length; i++) {
        c[i] = copyOf(objects[i], copies);
      }
      return c;
    }
    if (value != null && ObjectValues.isGenerated(value.getClass())) {
      Object known = copies.get(value);
      if (known != null) {
        return known;
      }
      Object c = ObjectValues.allocate(value.getClass());
      copies.put(value, c);
      Object[] fields = ObjectValues.fields(value);
      for (int k = 0; k < fields.length; k++) {
        fields[k] = copyOf(fields[k], copies);
      }
      ObjectValues.setFields(c, fields);
      return c;
    }
    if (!(value instanceof double[]) && !(value instanceof double[][])) {
      return value;
    }
    Object known = copies.get(value);
    if (known != null) {
      return known;
    }
    if (value instanceof double[] v) {
      double[] c = v.clone();
      copies.put(value, c);
      return c;
    }
    double[][] m = (double[][]) value;
    double[][] c = new double[m.length][];
    copies.put(value, c);
    for (int r = 0; r < m.length; r++) {
      c[r] = (double[]) copyOf(m[r], copies);
    }
    return c;
  }
}
