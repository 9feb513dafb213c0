package io.jgrad.fuzz;

/**
 * Knobs of the program generator. The defaults aim at small programs (a few methods of a dozen
 * statements) that mix every construct of the documented language.
 */
final class GenConfig {
  /** Methods per program: 1 to this many. */
  int maxMethods = 3;
  /** Top-level statements per method body: {@code minStatements..maxStatements}. */
  int minStatements = 2;
  int maxStatements = 5;
  /** Statements per nested block: 1 to this many. */
  int maxNestedStatements = 2;
  /** Nesting depth of statements (if/loop bodies). */
  int maxNesting = 3;
  /** Nesting depth of loops. */
  int maxLoops = 2;
  /** Depth of expression trees. */
  int exprDepth = 3;
  /** Largest constant loop trip count. */
  int maxTrips = 4;
  /** Work budget of one call of a method (roughly: statements executed). */
  long costBudget = 4_000;
  /** Whether row moves that make two rows one array ({@code m[i] = m[j]}) are generated. */
  boolean rowSharing = true;
  /** Probability that a method is recursive (with a depth parameter). */
  double recursion = 0.12;
  /** Probability of a float parameter, local or cast where one could go. */
  double floats = 0.3;
  /** The probability that a method another one calls is a private helper without {@code @Grad}. */
  double helpers = 0.4;
  /**
   * The probability that a program declares record types (then its methods take, make and
   * return records, see {@link RecordGen}); {@code -Djgrad.fuzz.records=1} for records in every
   * program, 0 with {@code -Djgrad.fuzz.without=records}.
   */
  double records = 0.45;
  /**
   * The probability that a program declares mutable classes (then its methods build, write and
   * read objects and arrays of objects, see {@link ObjectGen} and {@link ClassGen}); {@code
   * -Djgrad.fuzz.objects=1} for classes in every program, 0 with {@code
   * -Djgrad.fuzz.without=objects}.
   */
  double objects = 0.3;
  /**
   * The probability that a method of a program with classes may change the objects it is passed
   * (README, "@Grad methods that change the objects they are passed": fields written, record
   * and object fields reassigned, elements of an array of objects replaced; a {@code void} one
   * whose output is the objects); the others only read them, and so does every method returning
   * a {@code double[]} (an error by design). {@code -Djgrad.fuzz.writtenObjects=1} for every such
   * method, 0 with {@code -Djgrad.fuzz.without=written object params}.
   */
  double writtenObjects = 0.5;
  /**
   * In a program with classes, the probability that a parameter of a method is an object or an
   * array of objects ({@code -Djgrad.fuzz.objectParams=0.5} for more of them; 0 with {@code
   * -Djgrad.fuzz.without=object params}).
   */
  double objectParams = 0.2;
  /**
   * Share of the double, float, double[] and double[][] parameters declared {@code @NoGrad}
   * (where that keeps the program valid: see {@link ProgramGenerator}); {@code
   * -Djgrad.fuzz.noGrad=0.5} for more, {@code without=noGrad} for none.
   */
  double noGrad = 0.15;
  /**
   * The probability that a method returning a {@code double} ends with a loop summing into its
   * result ({@link Idioms#sumIntoResult}), which {@code fAdjoint} may reverse inside its forward
   * sweep; {@code -Djgrad.fuzz.sums=1} for every such method, {@code without=sum into result}
   * for none.
   */
  double sumsIntoResult = 0.25;
  /**
   * The probability that a method returning a {@code double} ends with a mixture's loops over
   * points and scores summing into its result ({@link Idioms#mixtureIntoResult}: work arrays with
   * a row per score); {@code -Djgrad.fuzz.mixtures=1} for every such method, {@code
   * without=mixture into result} for none.
   */
  double mixturesIntoResult = 0.15;
  /**
   * Productions not to use, by name (see the production lists of {@link ExprGen}, {@link
   * StmtGen}, {@link Idioms} and the Math function names), plus {@code throw} (every throw
   * statement), {@code element assignment value}, {@code row move}, {@code array reassign},
   * {@code discarded array call}, {@code float}, {@code recursion}, {@code tail call} (a
   * recursive method's last statement {@code return self(...)}), {@code helper} and {@code
   * records} (no record types at all; see {@link RecordGen} for the record productions), {@code
   * private record method} (record methods are never private), {@code passive factory} (every
   * static factory of a record has a differentiable parameter), {@code data record} (every
   * record type has a double or float component), {@code objects} (no mutable classes; see
   * {@link ObjectGen} for the object productions), {@code object params} (entry points take no
   * objects), {@code written object params} (entry points only read the objects they are
   * passed), {@code object helper}, {@code field target} (fields as targets of assignments and
   * ++/-- used as values), and the kinds of fields {@code computed field}, {@code final field},
   * {@code default field}, {@code private field}, {@code record field}, {@code object field}:
   * for hunting the bugs that a frequent one hides.
   */
  java.util.Set<String> without = java.util.Set.of();

  /**
   * Features that make jgrad fail although they are inside the documented language (processor
   * bugs, each with a corpus program in a {@code FuzzFindings} class): left out unless {@code
   * -Djgrad.fuzz.knownBugs=true}, so that the fixed-seed run of {@code mvn verify} tests
   * everything else while a bug is open. Drop each name once its bug is fixed. Open: {@code
   * object ternary over parameters} (a conditional between an object the method built and one
   * it was passed makes later writes to the former writes to the parameter; {@code
   * FuzzFindingsF.TERNARY_RECEIVER}, which returns a double, is accepted now that a {@code @Grad}
   * method may change the objects it is passed, but one returning a {@code double[]} is still
   * rejected with OBJECT_PARAMETER_WRITTEN, also through a callee that takes the conditional:
   * seed 2806 program 15 with {@code -Djgrad.fuzz.knownBugs=true}).
   */
  static final java.util.Set<String> KNOWN_BUGS = java.util.Set.of(
      "object ternary over parameters");

  boolean allows(String feature) {
    return !without.contains(feature);
  }

  /**
   * Reads {@code jgrad.fuzz.without} (comma-separated names) and {@code jgrad.fuzz.knownBugs}
   * (default false: the {@link #KNOWN_BUGS} are left out too).
   */
  static GenConfig fromSystemProperties() {
    GenConfig config = new GenConfig();
    java.util.Set<String> names = new java.util.HashSet<>();
    String without = System.getProperty("jgrad.fuzz.without", "").trim();
    if (!without.isEmpty()) {
      names.addAll(java.util.List.of(without.split("\\s*,\\s*")));
    }
    if (!Boolean.getBoolean("jgrad.fuzz.knownBugs")) {
      names.addAll(KNOWN_BUGS);
    }
    config.without = java.util.Set.copyOf(names);
    if (!config.allows("float")) {
      config.floats = 0;
    }
    config.recursion = Double.parseDouble(System.getProperty("jgrad.fuzz.recursion",
        String.valueOf(config.recursion)));
    if (!config.allows("recursion")) {
      config.recursion = 0;
    }
    config.records = Double.parseDouble(System.getProperty("jgrad.fuzz.records",
        String.valueOf(config.records)));
    if (!config.allows("records")) {
      config.records = 0;
    }
    config.objects = Double.parseDouble(System.getProperty("jgrad.fuzz.objects",
        String.valueOf(config.objects)));
    if (!config.allows("objects")) {
      config.objects = 0;
    }
    config.writtenObjects = Double.parseDouble(System.getProperty("jgrad.fuzz.writtenObjects",
        String.valueOf(config.writtenObjects)));
    if (!config.allows("written object params")) {
      config.writtenObjects = 0;
    }
    config.objectParams = Double.parseDouble(System.getProperty("jgrad.fuzz.objectParams",
        String.valueOf(config.objectParams)));
    config.sumsIntoResult = Double.parseDouble(System.getProperty("jgrad.fuzz.sums",
        String.valueOf(config.sumsIntoResult)));
    config.mixturesIntoResult = Double.parseDouble(System.getProperty("jgrad.fuzz.mixtures",
        String.valueOf(config.mixturesIntoResult)));
    config.noGrad = Double.parseDouble(System.getProperty("jgrad.fuzz.noGrad",
        String.valueOf(config.noGrad)));
    if (!config.allows("noGrad")) {
      config.noGrad = 0;
    }
    return config;
  }
}
