package io.jgrad.realistic;

/** How a quoted yield compounds. */
public enum Compounding {
    CONTINUOUS,
    ANNUAL,
    SEMI_ANNUAL,
    QUARTERLY,
    MONTHLY;

    /** Compounding periods per year; 0 for continuous compounding. */
    public int periodsPerYear() {
        switch (this) {
            case ANNUAL:
                return 1;
            case SEMI_ANNUAL:
                return 2;
            case QUARTERLY:
                return 4;
            case MONTHLY:
                return 12;
            default:
                return 0;
        }
    }

    /** Discount factor for time t at yield y. */
    public double discount(double y, double t) {
        if (this == CONTINUOUS) {
            return Math.exp(-y * t);
        }
        int m = periodsPerYear();
        return Math.pow(1.0 + y / m, -m * t);
    }
}
