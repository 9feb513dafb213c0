package io.jgrad.realistic;

/** Pointwise nonlinearities for small neural networks. */
public enum Activation {
    TANH("tanh"),
    SIGMOID("sigmoid"),
    SOFTPLUS("softplus"),
    /** x * sigmoid(x), a.k.a. SiLU. */
    SWISH("swish"),
    RELU("relu");

    private final String label;

    Activation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** True if the activation is differentiable everywhere. */
    public boolean isSmooth() {
        return this != RELU;
    }

    public double apply(double x) {
        switch (this) {
            case TANH:
                return Math.tanh(x);
            case SIGMOID:
                return 1.0 / (1.0 + Math.exp(-x));
            case SOFTPLUS:
                return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
            case SWISH:
                return x / (1.0 + Math.exp(-x));
            case RELU:
                return x > 0 ? x : 0.0;
            default:
                throw new AssertionError("unhandled activation " + this);
        }
    }

    public static Activation byLabel(String label) {
        for (Activation a : values()) {
            if (a.label.equals(label)) {
                return a;
            }
        }
        throw new IllegalArgumentException("no activation called '" + label + "'");
    }
}
