package io.jgrad.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes {@link Results} as JSON (by hand: the module needs no JSON library). */
final class ResultsJson {
  private ResultsJson() {}

  static String write(Results results) {
    StringBuilder out = new StringBuilder();
    out.append("{\n");
    out.append("  \"suite\": \"Mooncake.jl benchmark rows, gradient/primal ratios\",\n");
    out.append("  \"mode\": ").append(string(results.mode)).append(",\n");
    for (Map.Entry<String, String> e : results.environment.entrySet()) {
      out.append("  ").append(string(e.getKey())).append(": ").append(string(e.getValue())).append(",\n");
    }
    out.append("  \"wallSeconds\": ").append(number(results.wallSeconds)).append(",\n");
    out.append("  \"rows\": [");
    String rowSeparator = "\n";
    for (Results.Row row : results.rows) {
      out.append(rowSeparator);
      rowSeparator = ",\n";
      out.append("    {\n");
      out.append("      \"label\": ").append(string(row.label)).append(",\n");
      out.append("      \"inputs\": ").append(string(row.inputs)).append(",\n");
      out.append("      \"comparedInputs\": ").append(row.comparedInputs).append(",\n");
      out.append("      \"agreement\": ").append(strings(row.agreement)).append(",\n");
      out.append("      \"revOverHand\": ")
          .append(number(row.over(Column.JGRAD_REVERSE, Column.HAND_WRITTEN))).append(",\n");
      out.append("      \"results\": {");
      String separator = "\n";
      for (Column column : Column.values()) {
        Results.Measurement m = row.get(column);
        if (m == null) {
          continue;
        }
        out.append(separator);
        separator = ",\n";
        out.append("        ").append(string(column.method())).append(": {")
            .append("\"title\": ").append(string(column.title()))
            .append(", \"microsPerCall\": ").append(number(m.micros()))
            .append(", \"errorMicros\": ").append(number(m.errorMicros()))
            .append(", \"ratioToPrimal\": ").append(number(row.ratio(column)))
            .append(", \"bytesPerCall\": ").append(number(m.bytesPerCall()))
            .append('}');
      }
      out.append("\n      }\n    }");
    }
    out.append("\n  ],\n");
    out.append("  \"missedTargets\": ").append(strings(results.misses())).append('\n');
    out.append("}\n");
    return out.toString();
  }

  private static String strings(List<String> values) {
    if (values.isEmpty()) {
      return "[]";
    }
    StringBuilder out = new StringBuilder("[");
    String separator = "\n";
    for (String v : values) {
      out.append(separator).append("        ").append(string(v));
      separator = ",\n";
    }
    return out.append("\n      ]").toString();
  }

  private static String number(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "null";
    }
    return String.format(Locale.ROOT, "%.6g", v);
  }

  static String string(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
