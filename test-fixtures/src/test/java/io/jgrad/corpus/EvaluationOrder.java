package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Java's evaluation order (JLS 15.7, 15.26): operands left to right, each once; for an element
 * assignment the array, then the index, then (for a compound one) the element is read, then the
 * right-hand side; side effects inside expressions. Each method computes something whose value
 * changes if any of these is done in another order, so the value check (bit for bit against the
 * primal) catches an ordering mistake, and the derivative checks catch one in the rules' sweeps.
 */
public final class EvaluationOrder {
  private EvaluationOrder() {}

  /** ++d runs after the left operand read d: 2a + 1 (issue 8, item 1). */
  @Grad
  public static double preIncrementAfterRead(double a) {
    double d = a;
    return d + (++d);
  }

  /** {@code k < ++k} is true in Java (issue 8, item 1). */
  @Grad
  public static double intIncrementInComparison(double x, int k) {
    if (k < ++k) {
      return x * k;
    }
    return -x;
  }

  /** d-- * d: a * (a - 1). */
  @Grad
  public static double postDecrementInProduct(double a) {
    double d = a;
    return d-- * d;
  }

  /** {@code x[++k]++} increments k once and the element once (issue 8, item 2). */
  @Grad
  public static double postIncrementAtPreIncrementedIndex(double[] x, int k0) {
    int k = k0;
    double s = x[++k]++;
    return s * x[k] + x[k0] * k;
  }

  /** An element compound assignment used as a value (issue 8, item 3). */
  @Grad
  public static double elementCompoundAsValue(double[] x) {
    double s = (x[0] += 2.0);
    return s * x[0] + (x[1] *= s);
  }

  /** The index is evaluated before the right-hand side and the write (issue 8, item 4). */
  @Grad
  public static double indexReadBeforeWrite(double[] x) {
    x[(int) x[0]] = x[0] + 1.0;
    return x[0] * x[1];
  }

  /** An assignment in a later operand does not change what the earlier one read: a b + b. */
  @Grad
  public static double assignmentInLaterOperand(double a, double b) {
    double d = a;
    return d * (d = b) + d;
  }

  /** {@code s += s++} adds the saved value: s = 2a. */
  @Grad
  public static double compoundWithPostIncrementOnRight(double a) {
    double s = a;
    s += s++;
    return s * a;
  }

  /** The left-hand side's index is the old i; the right-hand side reads the new one. */
  @Grad
  public static double indexBeforeRightHandSide(double[] x) {
    int i = 1;
    x[i] = (i++) * x[i] + x[0];
    return x[1] + x[2] * i;
  }

  /** A compound element assignment whose right-hand side changes the index variable. */
  @Grad
  public static double compoundElementIndexChangedOnRight(double[] x) {
    int k = 0;
    x[k] += x[k = 2] * 3.0;
    return x[0] * x[2] + k;
  }

  /** An element read before a later operand stores into it. */
  @Grad
  public static double elementReadBeforeStore(double[] x) {
    return x[0] * (x[0] = x[1] * 2.0) + x[0];
  }

  /** Call arguments with side effects, left to right: atan2(a, b) + b^2. */
  @Grad
  public static double sideEffectsInArguments(double a, double b) {
    double d = a;
    return Math.atan2(d, d = b) + Math.pow(d, 2.0);
  }

  /** An element read before a call that writes the array. */
  @Grad
  public static double readBeforeWritingCall(double[] x) {
    return x[0] * scaleFirst(x, 3.0) + x[0];
  }

  /** Multiplies x[0] by c in place and returns it. */
  @Grad
  public static double scaleFirst(double[] x, double c) {
    x[0] *= c;
    return x[0];
  }

  /** Side effects in the branch of a conditional that runs, and only there. */
  @Grad
  public static double sideEffectInConditional(double a, int k) {
    int j = k;
    double r = j > 1 ? a * j++ : a / ++j;
    return r + a * j;
  }

  /** The right operand of && runs (with its increment) only when the left is true. */
  @Grad
  public static double sideEffectInShortCircuit(double a, int k) {
    int j = k;
    if (j > 1 && ++j > 3) {
      return a * j;
    }
    return a + j;
  }

  /** An array variable reassigned by a later operand: x0 y0 + y1. */
  @Grad
  public static double arrayReassignedInOperand(double[] x, double[] y) {
    double[] z = x;
    return z[0] * (z = y)[0] + z[1];
  }

  /** The value of an assignment chain through an element and a local. */
  @Grad
  public static double assignmentChain(double[] x, double a) {
    double b;
    x[1] = b = x[0] = a * 2.0;
    return x[0] + x[1] * b;
  }

  /** A float compound assignment used as a value: computed in float, narrowed once. */
  @Grad
  public static double floatCompoundAsValue(double a) {
    float f = (float) a;
    double r = (f *= 1.5f) * a;
    return r + f;
  }

  /** Compound assignments on byte, short and char narrow back after the int operation. */
  @Grad
  public static double narrowingCompounds(double a, int k) {
    byte b = (byte) k;
    b <<= 2;
    short s = (short) (k + 3);
    s >>= 1;
    char c = 'a';
    c += k;
    b += 100;
    return a * (b + s + c);
  }

  /** An index incremented inside the loop body's expression. */
  @Grad
  public static double postIncrementIndexInLoop(double[] x) {
    int i = 0;
    double s = 0;
    while (i < x.length) {
      s += x[i++] * x[i - 1];
    }
    return s;
  }

  /** Prefix and postfix increments of elements, used as values and as statements. */
  @Grad
  public static double elementIncrements(double[] x) {
    int k = 0;
    double a = ++x[k++];
    double b = x[k]--;
    x[k + 1]++;
    return a * b + x[0] * x[1] * x[2];
  }
}
