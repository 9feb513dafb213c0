package io.jgrad.realistic;

/** Hidden and cell state of an LSTM layer; updated in place step by step. */
final class LstmState {

    final double[] h;
    final double[] c;

    LstmState(int size) {
        this.h = new double[size];
        this.c = new double[size];
    }

    int size() {
        return h.length;
    }
}
