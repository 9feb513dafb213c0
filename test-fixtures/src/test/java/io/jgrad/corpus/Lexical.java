package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Source text that must not be copied into generated code as is: unicode escapes (which Java
 * translates before it finds comments and literals), escapes in identifiers, literals and
 * messages (issue 8, item 9).
 */
public final class Lexical {
  private Lexical() {}

  /**
   * The block comment holds an escaped line feed: copied verbatim into a generated line comment,
   * it would end that comment and turn {@code y = y + 1.0;} into code.
   */
  @Grad
  public static double unicodeEscapeInComment(double x) {
    double y = x;
    y = y * 2.0 /* \u000a y = y + 1.0; // */;
    return y * x;
  }

  /** Escapes in identifiers, a char literal, a string in a message and a carriage return. */
  @Grad
  public static double escapesInNames(double x) {
    double \u0061lpha = x * x;
    double caf\u00e9 = alpha + 1.0;
    char c = '\u0041';
    if (x > 100) {
      throw new IllegalArgumentException("x\u0021 \"quoted\" \\ " + c + x);
    }
    return café * alpha + c;
  }
}
