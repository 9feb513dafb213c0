package io.jgrad.bench.peers;

/**
 * The {@code lstm} row's value and gradient written by hand, as backpropagation through time: the
 * forward pass runs the primal's operations and keeps, per step, layer and unit, what the backward
 * pass needs (the layer's input, the old hidden and cell values, the four gates, the new cell and
 * hidden values); the backward pass walks the steps from the last, the layers from the top, and
 * carries the hidden and cell adjoints of each layer to the step before. Gradient layout: the main
 * parameters (2L x 4B), then the extra parameters (3 x B), row by row.
 */
public final class HandWrittenLstm {
  private HandWrittenLstm() {}

  public static double loss(double[][] mainParams, double[][] extraParams, double[][] state,
      double[][] sequence, double[] g) {
    int b = sequence[0].length;
    int layers = mainParams.length / 2;
    int steps = sequence.length - 1;
    int units = steps * layers * b;
    // per (step, layer, unit), at (t * layers + layer) * b + i
    double[] in = new double[units];
    double[] hPrev = new double[units];
    double[] cPrev = new double[units];
    double[] forget = new double[units];
    double[] ingate = new double[units];
    double[] outgate = new double[units];
    double[] change = new double[units];
    double[] tanhCell = new double[units];
    // per (step, unit): the prediction's softmax
    double[] softmax = new double[steps * b];
    double[][] s = new double[state.length][];
    for (int r = 0; r < state.length; r++) {
      s[r] = state[r].clone();
    }
    double[] ypred = new double[b];
    double total = 0.0;
    int count = 0;
    for (int t = 0; t < steps; t++) {
      double[] input = sequence[t];
      for (int i = 0; i < b; i++) {
        ypred[i] = input[i] * extraParams[0][i];
      }
      double[] layerInput = ypred;
      for (int layer = 0; layer < layers; layer++) {
        double[] w = mainParams[2 * layer];
        double[] bias = mainParams[2 * layer + 1];
        double[] hidden = s[2 * layer];
        double[] cell = s[2 * layer + 1];
        int base = (t * layers + layer) * b;
        for (int i = 0; i < b; i++) {
          double x = layerInput[i];
          double f = sigmoid(x * w[i] + bias[i]);
          double ig = sigmoid(hidden[i] * w[b + i] + bias[b + i]);
          double o = sigmoid(x * w[2 * b + i] + bias[2 * b + i]);
          double ch = Math.tanh(hidden[i] * w[3 * b + i] + bias[3 * b + i]);
          in[base + i] = x;
          hPrev[base + i] = hidden[i];
          cPrev[base + i] = cell[i];
          forget[base + i] = f;
          ingate[base + i] = ig;
          outgate[base + i] = o;
          change[base + i] = ch;
          cell[i] = cell[i] * f + ig * ch;
          double tc = Math.tanh(cell[i]);
          tanhCell[base + i] = tc;
          hidden[i] = o * tc;
        }
        layerInput = hidden;
      }
      for (int i = 0; i < b; i++) {
        ypred[i] = layerInput[i] * extraParams[1][i] + extraParams[2][i];
      }
      double sum = 0.0;
      for (int i = 0; i < b; i++) {
        sum += Math.exp(ypred[i]);
      }
      double lse = Math.log(sum + 2);
      double[] ygold = sequence[t + 1];
      for (int i = 0; i < b; i++) {
        total += ygold[i] * (ypred[i] - lse);
        softmax[t * b + i] = Math.exp(ypred[i]) / (sum + 2);
      }
      count += b;
    }
    double loss = -total / count;

    // backward: d loss / d total = -1 / count
    java.util.Arrays.fill(g, 0.0);
    int extraOff = 2 * layers * 4 * b;
    double seed = -1.0 / count;
    double[] hBar = new double[layers * b]; // carried to the step before, per layer
    double[] cBar = new double[layers * b];
    double[] below = new double[b]; // the adjoint of the layer input, passed down
    for (int t = steps - 1; t >= 0; t--) {
      double[] ygold = sequence[t + 1];
      double goldSum = 0.0;
      for (int i = 0; i < b; i++) {
        goldSum += ygold[i];
      }
      int top = (t * layers + layers - 1) * b;
      for (int i = 0; i < b; i++) {
        double yBar = seed * (ygold[i] - goldSum * softmax[t * b + i]);
        double hTop = outgate[top + i] * tanhCell[top + i];
        g[extraOff + b + i] += yBar * hTop;
        g[extraOff + 2 * b + i] += yBar;
        below[i] = yBar * extraParams[1][i];
      }
      for (int layer = layers - 1; layer >= 0; layer--) {
        double[] w = mainParams[2 * layer];
        int wOff = 2 * layer * 4 * b;
        int bOff = wOff + 4 * b;
        int base = (t * layers + layer) * b;
        int carry = layer * b;
        for (int i = 0; i < b; i++) {
          int u = base + i;
          double hnBar = below[i] + hBar[carry + i];
          double tc = tanhCell[u];
          double o = outgate[u];
          double f = forget[u];
          double ig = ingate[u];
          double ch = change[u];
          double cellBar = cBar[carry + i] + hnBar * o * (1 - tc * tc);
          double fz = cellBar * cPrev[u] * f * (1 - f);
          double igz = cellBar * ch * ig * (1 - ig);
          double oz = hnBar * tc * o * (1 - o);
          double chz = cellBar * ig * (1 - ch * ch);
          double x = in[u];
          double h = hPrev[u];
          g[wOff + i] += fz * x;
          g[bOff + i] += fz;
          g[wOff + b + i] += igz * h;
          g[bOff + b + i] += igz;
          g[wOff + 2 * b + i] += oz * x;
          g[bOff + 2 * b + i] += oz;
          g[wOff + 3 * b + i] += chz * h;
          g[bOff + 3 * b + i] += chz;
          below[i] = fz * w[i] + oz * w[2 * b + i];
          hBar[carry + i] = igz * w[b + i] + chz * w[3 * b + i];
          cBar[carry + i] = cellBar * f;
        }
      }
      double[] input = sequence[t];
      for (int i = 0; i < b; i++) {
        g[extraOff + i] += below[i] * input[i];
      }
    }
    return loss;
  }

  private static double sigmoid(double v) {
    return 1 / (1 + Math.exp(-v));
  }
}
