package io.jgrad.fuzz;

/**
 * A bug found in one program: the kind (a compile outcome or a failed check), the method (null
 * for compile findings) and the full message with numbers.
 */
record Finding(Program program, String method, String kind, String message) {

  /** Findings of these kinds are bugs of the tester itself, not of jgrad. */
  static final String GENERATOR = "GENERATOR BUG";

  boolean isGeneratorBug() {
    return kind.startsWith(GENERATOR);
  }

  /** For example {@code seed 1, program 17, f2: the value of ... is bit for bit ...}. */
  String headline() {
    return "seed " + program.seed() + ", program " + program.index()
        + (method == null ? "" : ", " + method) + ": " + check();
  }

  /** The failed check (the "check:" line of a GradCheck message), or the kind. */
  String check() {
    for (String line : message.split("\n")) {
      String t = line.trim();
      if (t.startsWith("check:")) {
        return t.substring("check:".length()).trim();
      }
    }
    return kind;
  }

  /**
   * A key for grouping findings of one kind: the check with the rule names, numbers and
   * parameter names taken out.
   */
  String group() {
    String text = kind + ": " + check();
    if (!kind.startsWith("check")) {
      // compile findings: the first error line, without file, line and names
      String first = message.lines().findFirst().orElse("");
      text = kind + ": " + first.replaceAll("Prog\\d+\\w*\\.java:\\d+: ", "");
    }
    return text.replaceAll("Prog\\d+\\w*", "P").replaceAll("\\bf\\d+\\b", "f")
        .replaceAll("\\b[a-z]\\d+(Bar|Dot)?\\b", "v").replaceAll("-?\\d+(\\.\\d+)?(E-?\\d+)?",
            "#");
  }
}
