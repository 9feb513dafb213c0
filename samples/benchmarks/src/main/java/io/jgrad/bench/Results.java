package io.jgrad.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What a run measured, and the ratio table and target check computed from it. */
public final class Results {
  /** One benchmark's result: average time per call and bytes allocated per call. */
  public record Measurement(double micros, double errorMicros, double bytesPerCall) {}

  /** One row's results. */
  public static final class Row {
    final String label;
    final String inputs;
    final int comparedInputs;
    final List<String> agreement;
    final Map<Column, Measurement> measurements = new EnumMap<>(Column.class);

    public Row(String label, String inputs, int comparedInputs, List<String> agreement) {
      this.label = label;
      this.inputs = inputs;
      this.comparedInputs = comparedInputs;
      this.agreement = List.copyOf(agreement);
    }

    public void put(Column column, Measurement measurement) {
      measurements.put(column, measurement);
    }

    public Measurement get(Column column) {
      return measurements.get(column);
    }

    /** Time of {@code column} over the primal's, or NaN if either is missing. */
    public double ratio(Column column) {
      return over(column, Column.PRIMAL);
    }

    /** Time of {@code a} over time of {@code b}, or NaN if either is missing. */
    public double over(Column a, Column b) {
      Measurement x = measurements.get(a);
      Measurement y = measurements.get(b);
      return x == null || y == null ? Double.NaN : x.micros() / y.micros();
    }

    public String label() {
      return label;
    }
  }

  /** The columns of the ratio table and the chart, in order. */
  public static final List<Column> RATIO_COLUMNS = List.of(Column.JGRAD_REVERSE,
      Column.JGRAD_REVERSE_RECORD, Column.JGRAD_FORWARD, Column.JGRAD_HVP, Column.HAND_WRITTEN,
      Column.HIPPARCHUS,
      Column.FINMATH, Column.FINITE_DIFFERENCES);

  /** Rows with at least this many inputs must beat Hipparchus and finmath by 50x. */
  public static final int LARGE_ROW = 1000;

  final String mode;
  final Map<String, String> environment;
  final List<Row> rows = new ArrayList<>();
  double wallSeconds;

  public Results(String mode, Map<String, String> environment) {
    this.mode = mode;
    this.environment = environment;
  }

  public void add(Row row) {
    rows.add(row);
  }

  public List<Row> rows() {
    return rows;
  }

  public void wallSeconds(double seconds) {
    this.wallSeconds = seconds;
  }

  /** The ratio table, as Markdown. */
  public String table() {
    StringBuilder out = new StringBuilder();
    out.append("| row | primal (us) |");
    for (Column column : RATIO_COLUMNS) {
      out.append(' ').append(column.title()).append(" |");
    }
    out.append(" rev / hand | rev B/call | fwd B/call |\n|---|---:|");
    out.append("---:|".repeat(RATIO_COLUMNS.size() + 3)).append('\n');
    for (Row row : rows) {
      Measurement primal = row.get(Column.PRIMAL);
      out.append("| ").append(row.label).append(" | ")
          .append(primal == null ? "-" : micros(primal.micros())).append(" |");
      for (Column column : RATIO_COLUMNS) {
        out.append(' ').append(ratio(row.ratio(column))).append(" |");
      }
      out.append(' ').append(ratio(row.over(Column.JGRAD_REVERSE, Column.HAND_WRITTEN))).append(" |");
      out.append(' ').append(bytes(row.get(Column.JGRAD_REVERSE))).append(" |");
      out.append(' ').append(bytes(row.get(Column.JGRAD_FORWARD))).append(" |\n");
    }
    return out.toString();
  }

  private final List<String> extraMisses = new ArrayList<>();

  /** A missed target of a row outside the table (null: none). */
  public void extraMiss(String miss) {
    if (miss != null) {
      extraMisses.add(miss);
    }
  }

  /** Every missed target, one line each (empty if all are met). */
  public List<String> misses() {
    List<String> misses = new ArrayList<>(extraMisses);
    for (Row row : rows) {
      double revHand = row.over(Column.JGRAD_REVERSE, Column.HAND_WRITTEN);
      if (revHand > 1.2) {
        misses.add(row.label + ": jgrad-rev is " + ratio(revHand) + "x hand-written (target <= 1.2)");
      }
      double rev = row.ratio(Column.JGRAD_REVERSE);
      if (rev > 3.0) {
        misses.add(row.label + ": jgrad-rev is " + ratio(rev) + "x primal (target <= 3)");
      }
      double hvp = row.ratio(Column.JGRAD_HVP);
      if (hvp > 5.0) {
        misses.add(row.label + ": jgrad-hvp is " + ratio(hvp) + "x primal (target <= 5)");
      }
      double fwd = row.ratio(Column.JGRAD_FORWARD);
      if (fwd > 1.5) {
        misses.add(row.label + ": jgrad-fwd is " + ratio(fwd) + "x primal (target <= 1.5)");
      }
      for (Column column : List.of(Column.JGRAD_REVERSE, Column.JGRAD_FORWARD)) {
        Measurement m = row.get(column);
        if (m != null && Math.round(m.bytesPerCall()) > 0) {
          misses.add(row.label + ": " + column.title() + " allocates " + bytes(m)
              + " bytes per call (target 0)");
        }
      }
      if (row.comparedInputs >= LARGE_ROW) {
        for (Column peer : List.of(Column.HIPPARCHUS, Column.FINMATH)) {
          double speedup = row.over(peer, Column.JGRAD_REVERSE);
          if (speedup < 50) {
            misses.add(row.label + ": jgrad-rev is only " + ratio(speedup) + "x faster than "
                + peer.title() + " (target >= 50)");
          }
        }
      }
    }
    return misses;
  }

  static String ratio(double r) {
    if (Double.isNaN(r)) {
      return "-";
    }
    if (r < 10) {
      return String.format(Locale.ROOT, "%.2f", r);
    }
    if (r < 100) {
      return String.format(Locale.ROOT, "%.1f", r);
    }
    return String.format(Locale.ROOT, "%,.0f", r);
  }

  static String micros(double us) {
    return us < 10 ? String.format(Locale.ROOT, "%.3f", us)
        : String.format(Locale.ROOT, "%,.1f", us);
  }

  static String bytes(Measurement m) {
    if (m == null || Double.isNaN(m.bytesPerCall())) {
      return "-";
    }
    return String.format(Locale.ROOT, "%,d", Math.round(m.bytesPerCall()));
  }
}
