package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * One-layer LSTM that reads a multivariate sensor sequence (stored as {@code float}, as it arrives
 * from the device) and predicts the next value of the first channel at every step; the loss is the
 * mean squared one-step-ahead error.
 *
 * <p>Gates are stacked in the weight matrices in the order input, forget, cell, output
 * ({@code 4H} rows); {@code wx} is 4H x D, {@code wh} is 4H x H, {@code b} has length 4H and the read-out
 * {@code wOut} has length H + 1 (last entry is the bias).
 *
 * <p>Smooth everywhere (sigmoid and tanh). Arguments: D in [1, 4], H in [1, 6], sequence length T in
 * [2, 15]; weights in [-0.5, 0.5]; {@code inputs} a T x D {@code float[][]} with values in [-1, 1];
 * {@code forgetBias} in [0, 2] (added to the forget gate, as is customary).
 *
 * <p>Entry points: {@link #sequenceLoss}(wx, wh, b, wOut, inputs, forgetBias) and
 * {@link #finalHidden}(wx, wh, b, inputs, forgetBias) returning the last hidden state (length H).
 */
public final class LstmForecaster {

    private LstmForecaster() {}

    static final int INPUT_GATE = 0;
    static final int FORGET_GATE = 1;
    static final int CELL_GATE = 2;
    static final int OUTPUT_GATE = 3;
    static final int GATES = 4;

    static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    private static double gateActivation(int gate, double x) {
        return switch (gate) {
            case CELL_GATE -> Math.tanh(x);
            case INPUT_GATE, FORGET_GATE, OUTPUT_GATE -> sigmoid(x);
            default -> throw new IllegalArgumentException("no gate " + gate);
        };
    }

    /** Advances {@code state} by one input vector. */
    static void step(double[][] wx, double[][] wh, double[] b, float[] x, double forgetBias, LstmState state) {
        int hidden = state.size();
        double[][] gates = new double[GATES][hidden];
        for (int g = 0; g < GATES; g++) {
            for (int k = 0; k < hidden; k++) {
                int row = g * hidden + k;
                double z = b[row];
                for (int j = 0; j < x.length; j++) {
                    z += wx[row][j] * x[j];
                }
                for (int j = 0; j < hidden; j++) {
                    z += wh[row][j] * state.h[j];
                }
                if (g == FORGET_GATE) {
                    z += forgetBias;
                }
                gates[g][k] = gateActivation(g, z);
            }
        }
        for (int k = 0; k < hidden; k++) {
            state.c[k] = gates[FORGET_GATE][k] * state.c[k] + gates[INPUT_GATE][k] * gates[CELL_GATE][k];
            state.h[k] = gates[OUTPUT_GATE][k] * Math.tanh(state.c[k]);
        }
    }

    private static void checkShapes(double[][] wx, double[][] wh, double[] b, float[][] inputs) {
        int rows = wh.length;
        if (rows % GATES != 0 || wx.length != rows || b.length != rows) {
            throw new IllegalArgumentException("weights must have 4H rows: wx " + wx.length + ", wh " + wh.length
                    + ", b " + b.length);
        }
        if (inputs.length == 0 || inputs[0].length != wx[0].length) {
            throw new IllegalArgumentException("input width " + (inputs.length == 0 ? 0 : inputs[0].length)
                    + " does not match wx columns " + wx[0].length);
        }
    }

    @Grad
    public static double sequenceLoss(double[][] wx, double[][] wh, double[] b, double[] wOut, float[][] inputs,
                                      double forgetBias) {
        checkShapes(wx, wh, b, inputs);
        int hidden = wh.length / GATES;
        LstmState state = new LstmState(hidden);
        double loss = 0.0;
        for (int t = 0; t + 1 < inputs.length; t++) {
            step(wx, wh, b, inputs[t], forgetBias, state);
            double prediction = wOut[hidden];
            for (int k = 0; k < hidden; k++) {
                prediction += wOut[k] * state.h[k];
            }
            double err = prediction - inputs[t + 1][0];
            loss += err * err;
        }
        return loss / (inputs.length - 1);
    }

    @Grad
    public static double[] finalHidden(double[][] wx, double[][] wh, double[] b, float[][] inputs, double forgetBias) {
        checkShapes(wx, wh, b, inputs);
        LstmState state = new LstmState(wh.length / GATES);
        for (float[] x : inputs) {
            step(wx, wh, b, x, forgetBias, state);
        }
        return state.h.clone();
    }
}
