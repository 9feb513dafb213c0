package io.jgrad.check;

/**
 * Builds the message of a failed check: a headline naming the method, then one aligned
 * {@code label: value} line per fact (the check, the point, expected and actual numbers, ...).
 */
final class Failure {
  private static final int LABEL_WIDTH = 12;

  private final StringBuilder message;

  Failure(String method) {
    message = new StringBuilder("GradCheck failed for ").append(method);
  }

  Failure with(String label, Object value) {
    message.append("\n  ").append(label).append(':');
    message.append(" ".repeat(Math.max(1, LABEL_WIDTH - label.length() - 1)));
    message.append(value);
    return this;
  }

  AssertionError error() {
    return new AssertionError(message.toString());
  }
}
