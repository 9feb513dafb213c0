package io.jgrad.fuzz;

/**
 * Renders generated code. In <em>traced</em> mode ({@link Trace}) every piecewise point of an
 * expression (a comparison, a conversion of a floating value to an integer, a function with a
 * kink or a singular point) is wrapped in a call that records it and returns its value unchanged;
 * each such point gets its own id, in rendering order.
 */
final class Printer {
  final boolean traced;
  private final StringBuilder out = new StringBuilder();
  private int indent;
  private int nextId = 1;
  /**
   * Traced mode: methods the twin class gets after its own, one per rule read ({@link
   * Expr.RuleRead}), which check the derivatives the read's own derivative is made of.
   */
  final java.util.List<String> helpers = new java.util.ArrayList<>();

  Printer(boolean traced) {
    this.traced = traced;
  }

  Printer text(String text) {
    out.append(text);
    return this;
  }

  Printer expr(Expr e) {
    e.print(this);
    return this;
  }

  /** Prints {@code e} without its outer parentheses, if it has a matching pair around it all. */
  Printer bare(Expr e) {
    int start = out.length();
    e.print(this);
    if (out.charAt(start) == '(' && out.charAt(out.length() - 1) == ')') {
      int depth = 0;
      for (int i = start; i < out.length(); i++) {
        char c = out.charAt(i);
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (depth == 0 && i < out.length() - 1) {
          return this;
        }
      }
      out.deleteCharAt(out.length() - 1).deleteCharAt(start);
    }
    return this;
  }

  /** A new line at the current indentation. */
  Printer line() {
    out.append('\n').append("  ".repeat(indent));
    return this;
  }

  Printer in() {
    indent++;
    return this;
  }

  Printer out() {
    indent--;
    return this;
  }

  int id() {
    return nextId++;
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
