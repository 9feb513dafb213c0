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
   * Productions not to use, by name (see the production lists of {@link ExprGen}, {@link
   * StmtGen}, {@link Idioms} and the Math function names), plus {@code throw} (every throw
   * statement), {@code element assignment value}, {@code row move}, {@code array reassign},
   * {@code discarded array call}, {@code float}, {@code recursion} and {@code helper}: for hunting the bugs that a
   * frequent one hides.
   */
  java.util.Set<String> without = java.util.Set.of();

  boolean allows(String feature) {
    return !without.contains(feature);
  }

  /** Reads {@code jgrad.fuzz.without} (comma-separated names). */
  static GenConfig fromSystemProperties() {
    GenConfig config = new GenConfig();
    String without = System.getProperty("jgrad.fuzz.without", "").trim();
    if (!without.isEmpty()) {
      config.without = java.util.Set.of(without.split("\\s*,\\s*"));
    }
    if (!config.allows("float")) {
      config.floats = 0;
    }
    if (!config.allows("recursion")) {
      config.recursion = 0;
    }
    return config;
  }
}
