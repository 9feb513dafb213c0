package io.jgrad.processor;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.processing.Messager;
import javax.tools.Diagnostic;

/**
 * Time spent per pipeline stage in one round, printed as a note when the processor option
 * {@code -Ajgrad.timing=true} is set: where the build time goes, measured in the real build.
 */
final class Timings {
  static final String OPTION = "jgrad.timing";

  private final Map<String, Long> nanos = new LinkedHashMap<>();
  private final boolean enabled;

  Timings(boolean enabled) {
    this.enabled = enabled;
  }

  /** Adds the time since {@code start} (a {@link System#nanoTime}) to {@code stage}. */
  long add(String stage, long start) {
    long now = System.nanoTime();
    if (enabled) {
      nanos.merge(stage, now - start, Long::sum);
    }
    return now;
  }

  void report(Messager messager, int methods) {
    if (!enabled) {
      return;
    }
    StringBuilder text = new StringBuilder("jgrad timing for " + methods + " @Grad methods:");
    long total = 0;
    for (Map.Entry<String, Long> e : nanos.entrySet()) {
      text.append(String.format(" %s %.1f ms,", e.getKey(), e.getValue() / 1e6));
      total += e.getValue();
    }
    text.append(String.format(" total %.1f ms (%.1f ms per method)", total / 1e6,
        methods == 0 ? 0.0 : total / 1e6 / methods));
    messager.printMessage(Diagnostic.Kind.NOTE, text);
  }
}
