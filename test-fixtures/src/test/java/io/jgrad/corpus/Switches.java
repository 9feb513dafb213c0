package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * switch statements and expressions over int, char, String and enums, both label forms,
 * fall-through, yield, and switches inside loops; var; Strings and enums as values (issue 9,
 * item 7).
 */
public final class Switches {
  private Switches() {}

  /** An option, as real code passes it. */
  enum Shape {
    LINEAR, QUADRATIC, PERIODIC
  }

  /** Colon form: fall-through from case 1 into case 2, default in the middle. */
  @Grad
  public static double fallThrough(double x, int k) {
    double y = x;
    switch (k) {
      case 0:
        y = y * 2;
        break;
      case 1:
        y = y + Math.sin(x);
      case 2:
        y = y * x;
        break;
      default:
        y = -y;
      case 4:
        y = y + 1;
    }
    return y;
  }

  /** Arrow form as a statement; a rule block and a throw. */
  @Grad
  public static double arrowStatement(double x, int k) {
    double y = 0;
    switch (k) {
      case 0, 1 -> y = x * x;
      case 2 -> {
        double t = Math.exp(x);
        y = t - x;
      }
      case 9 -> throw new IllegalArgumentException("k = " + k);
      default -> y = Math.cos(x);
    }
    return y + x;
  }

  /** A switch expression: expression arms, a block arm that yields, over a char. */
  @Grad
  public static double charExpression(double x, int k) {
    char op = "+*sq".charAt(k % 4);
    var r = switch (op) {
      case '+' -> x + 1.5;
      case '*' -> x * 1.5;
      case 's' -> {
        double t = Math.sin(x);
        yield t * t;
      }
      default -> Math.sqrt(1 + x * x);
    };
    return r * x;
  }

  /** A String selector (with a colon-form expression and fall-through) and its message. */
  @Grad
  public static double stringExpression(double x, int k) {
    String mode = k == 0 ? "sum" : k == 1 ? "prod" : k == 2 ? "both" : "none";
    double r = switch (mode) {
      case "sum":
      case "both":
        yield x + 2;
      case "prod":
        double p = x * 3;
        yield p * p;
      default:
        if (mode.length() > 10) {
          throw new IllegalStateException("unknown mode " + mode);
        }
        yield 1;
    };
    return r + (mode.equals("both") ? x : 0);
  }

  /** An enum selector, enum comparisons and ordinal. */
  @Grad
  public static double enumSwitch(double x, int k) {
    Shape shape = k == 0 ? Shape.LINEAR : k == 1 ? Shape.QUADRATIC : Shape.PERIODIC;
    double y = switch (shape) {
      case LINEAR -> 2 * x;
      case QUADRATIC -> x * x;
      case PERIODIC -> Math.sin(x);
    };
    if (shape == Shape.PERIODIC) {
      y += shape.ordinal() * x;
    }
    return y;
  }

  /** A switch in a loop: break leaves the switch, continue the loop, a labelled break both. */
  @Grad
  public static double inLoop(double[] x) {
    double s = 0;
    outer:
    for (int i = 0; i < x.length; i++) {
      switch (i % 4) {
        case 0:
          s += x[i];
          break;
        case 1:
          if (x[i] > 0.5) {
            continue;
          }
          s += x[i] * x[i];
          break;
        case 2:
          s *= 0.5;
          if (s > 100) {
            break outer;
          }
        default:
          s += Math.cos(x[i]);
      }
      s += 0.125 * x[i];
    }
    return s;
  }

  /** Nested switches; the inner one is an expression with a colon-form group that yields. */
  @Grad
  public static double nested(double x, int k, int j) {
    double y = x;
    switch (k) {
      case 0 -> {
        double f = switch (j) {
          case 0:
            yield 2;
          case 1:
          case 2:
            yield x;
          default:
            yield -1;
        };
        y = y * f;
      }
      default -> y = y + j;
    }
    return y * y;
  }

  /**
   * A labelled block left early; inside a loop, an unlabelled break and continue in the block
   * still go to the loop.
   */
  @Grad
  public static double labelledBlock(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      step:
      {
        if (x[i] < -0.5) {
          break step;
        }
        if (x[i] > 0.75) {
          continue;
        }
        s += Math.sin(x[i]) * x[i];
        if (s > 2) {
          break;
        }
        s *= 1.25;
      }
      s += 0.5 * x[i];
    }
    return s;
  }

  /** A labelled switch left from a loop inside it: the switch cannot be a plain if/else chain. */
  @Grad
  public static double labelledSwitch(double[] x, int k) {
    double s = 1;
    sw:
    switch (k) {
      case 0 -> {
        for (int i = 0; i < x.length; i++) {
          s *= x[i];
          if (Math.abs(s) < 0.05) {
            break sw;
          }
        }
        s += 1;
      }
      case 1 -> s = x[0] + x[1];
      default -> s = Math.exp(x[2]);
    }
    return s * x[0];
  }

  /** A switch expression whose arm has a loop that yields from inside it. */
  @Grad
  public static double yieldFromLoop(double[] x, int k) {
    double y = switch (k) {
      case 0 -> {
        double t = 0;
        for (int i = 0; i < x.length; i++) {
          t += x[i] * x[i];
          if (t > 1) {
            yield t;
          }
        }
        yield -t;
      }
      default -> x[1];
    };
    return y * x[0];
  }
}
