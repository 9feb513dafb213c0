package io.jgrad.bench;

import java.util.List;
import java.util.Locale;

/**
 * A grouped bar chart of the ratios to the primal, one group per row, one bar per implementation,
 * on a log scale; written as SVG text.
 */
final class RatioChart {
  static final List<Column> BARS = List.of(Column.JGRAD_REVERSE, Column.JGRAD_FORWARD,
      Column.HAND_WRITTEN, Column.HIPPARCHUS, Column.FINMATH, Column.FINITE_DIFFERENCES);
  private static final List<String> COLORS =
      List.of("#1f77b4", "#9ecae1", "#2ca02c", "#ff7f0e", "#d62728", "#7f7f7f");

  private static final int BAR = 13;
  private static final int GAP = 28;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 70;
  private static final int PLOT_HEIGHT = 340;
  private static final int BOTTOM = 120;

  private RatioChart() {}

  static String write(Results results, String title) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (Results.Row row : results.rows) {
      for (Column column : BARS) {
        double r = row.ratio(column);
        if (r > 0 && !Double.isInfinite(r)) {
          min = Math.min(min, r);
          max = Math.max(max, r);
        }
      }
    }
    if (max == 0) {
      min = 1;
      max = 10;
    }
    int lowDecade = (int) Math.floor(Math.log10(Math.min(min, 1.0)));
    int highDecade = (int) Math.ceil(Math.log10(Math.max(max, 10.0)));
    if (highDecade == lowDecade) {
      highDecade++;
    }
    int groupWidth = BARS.size() * BAR + GAP;
    int width = LEFT + Math.max(1, results.rows.size()) * groupWidth + RIGHT;
    int height = TOP + PLOT_HEIGHT + BOTTOM;
    Scale y = new Scale(lowDecade, highDecade);

    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
            + " font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
    svg.append(String.format(Locale.ROOT,
        "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    svg.append(String.format(Locale.ROOT,
        "<text x=\"%d\" y=\"20\" font-size=\"15\" font-weight=\"bold\">%s</text>%n", LEFT,
        escape(title)));

    // legend
    int legendX = LEFT;
    for (int b = 0; b < BARS.size(); b++) {
      svg.append(String.format(Locale.ROOT,
          "<rect x=\"%d\" y=\"32\" width=\"12\" height=\"12\" fill=\"%s\"/>"
              + "<text x=\"%d\" y=\"43\">%s</text>%n",
          legendX, COLORS.get(b), legendX + 16, escape(BARS.get(b).title())));
      legendX += 22 + 7 * BARS.get(b).title().length();
    }

    // grid: one line per decade, labelled; a heavier line at 1 (the primal)
    for (int d = lowDecade; d <= highDecade; d++) {
      double yy = y.at(Math.pow(10, d));
      svg.append(String.format(Locale.ROOT,
          "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>"
              + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
          LEFT, yy, width - RIGHT, yy, d == 0 ? "#333" : "#ddd", d == 0 ? "1.5" : "1",
          LEFT - 6, yy + 4, decade(d)));
    }
    svg.append(String.format(Locale.ROOT,
        "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">"
            + "time / primal time (log scale)</text>%n", TOP + PLOT_HEIGHT / 2));

    // bars
    for (int r = 0; r < results.rows.size(); r++) {
      Results.Row row = results.rows.get(r);
      int x0 = LEFT + r * groupWidth + GAP / 2;
      for (int b = 0; b < BARS.size(); b++) {
        double ratio = row.ratio(BARS.get(b));
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
          continue;
        }
        double top = y.at(ratio);
        double base = y.at(Math.pow(10, lowDecade));
        svg.append(String.format(Locale.ROOT,
            "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                + "<title>%s, %s: %s x primal</title></rect>%n",
            x0 + b * BAR, top, BAR - 1, Math.max(0.5, base - top), COLORS.get(b),
            escape(row.label), escape(BARS.get(b).title()), Results.ratio(ratio)));
      }
      int labelX = x0 + BARS.size() * BAR / 2;
      int labelY = TOP + PLOT_HEIGHT + 14;
      svg.append(String.format(Locale.ROOT,
          "<text transform=\"translate(%d %d) rotate(-35)\" text-anchor=\"end\">%s</text>%n",
          labelX, labelY, escape(row.label)));
    }
    svg.append(String.format(Locale.ROOT,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>%n",
        LEFT, TOP, width - LEFT - RIGHT, PLOT_HEIGHT));
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static String decade(int d) {
    if (d >= 0 && d <= 6) {
      return String.format(Locale.ROOT, "%,d", (long) Math.pow(10, d));
    }
    return d < 0 && d >= -3 ? String.format(Locale.ROOT, "%." + (-d) + "f", Math.pow(10, d))
        : "1e" + d;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** Maps a ratio to a y coordinate: decades evenly spaced over the plot's height. */
  private record Scale(int lowDecade, int highDecade) {
    double at(double ratio) {
      double t = (Math.log10(ratio) - lowDecade) / (highDecade - lowDecade);
      return TOP + PLOT_HEIGHT * (1 - t);
    }
  }
}
