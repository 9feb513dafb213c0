package io.jgrad.bench.rows;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Row {@code lstm}: GradBench's (ADBench's) LSTM loss: a stack of LSTM layers with diagonal weight
 * matrices runs over a sequence of one-hot-like bit vectors, predicting each next vector; the loss
 * is minus the mean log-softmax score of the true next vector (with ADBench's {@code + 2} inside
 * the log-sum-exp).
 *
 * <p>Layout as in GradBench: {@code mainParams} is 2L x 4B (row 2i the weights of layer i, forget,
 * input, output and change gates one after the other; row 2i + 1 its biases), {@code extraParams}
 * 3 x B (input weights, output weights, output biases), {@code state} 2L x B (row 2i the hidden
 * state of layer i, row 2i + 1 its cell), {@code sequence} C x B. The state is copied: the caller's
 * is left as it is.
 */
public final class Lstm {
  private Lstm() {}

  @Grad
  public static double loss(double[][] mainParams, double[][] extraParams,
      @NoGrad double[][] state, @NoGrad double[][] sequence) {
    int b = sequence[0].length;
    double[][] s = new double[state.length][];
    for (int r = 0; r < state.length; r++) {
      s[r] = state[r].clone();
    }
    double[] ypred = new double[b];
    double total = 0.0;
    int count = 0;
    for (int t = 0; t < sequence.length - 1; t++) {
      predict(mainParams, extraParams, s, sequence[t], ypred);
      double lse = logSumExpPlus2(ypred);
      double[] ygold = sequence[t + 1];
      for (int i = 0; i < b; i++) {
        total += ygold[i] * (ypred[i] - lse);
      }
      count += b;
    }
    return -total / count;
  }

  /** One step: every layer updates its state in place; {@code out} gets the prediction. */
  static void predict(double[][] mainParams, double[][] extraParams, double[][] s, double[] input,
      double[] out) {
    int b = input.length;
    for (int i = 0; i < b; i++) {
      out[i] = input[i] * extraParams[0][i];
    }
    double[] layerInput = out;
    for (int layer = 0; layer < mainParams.length / 2; layer++) {
      cell(mainParams[2 * layer], mainParams[2 * layer + 1], s[2 * layer], s[2 * layer + 1],
          layerInput);
      layerInput = s[2 * layer];
    }
    for (int i = 0; i < b; i++) {
      out[i] = layerInput[i] * extraParams[1][i] + extraParams[2][i];
    }
  }

  /** One LSTM layer with diagonal weights: updates {@code hidden} and {@code cell} in place. */
  static void cell(double[] weight, double[] bias, double[] hidden, double[] cell,
      double[] input) {
    int h = hidden.length;
    for (int i = 0; i < h; i++) {
      double forget = sigmoid(input[i] * weight[i] + bias[i]);
      double ingate = sigmoid(hidden[i] * weight[h + i] + bias[h + i]);
      double outgate = sigmoid(input[i] * weight[2 * h + i] + bias[2 * h + i]);
      double change = Math.tanh(hidden[i] * weight[3 * h + i] + bias[3 * h + i]);
      cell[i] = cell[i] * forget + ingate * change;
      hidden[i] = outgate * Math.tanh(cell[i]);
    }
  }

  static double sigmoid(double v) {
    return 1 / (1 + Math.exp(-v));
  }

  /** {@code log(sum exp(v_i) + 2)}, as ADBench defines it. */
  static double logSumExpPlus2(double[] v) {
    double sum = 0.0;
    for (int i = 0; i < v.length; i++) {
      sum += Math.exp(v[i]);
    }
    return Math.log(sum + 2);
  }
}
