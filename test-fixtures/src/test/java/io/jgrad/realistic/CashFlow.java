package io.jgrad.realistic;

/** An amount paid at a time (in years from today). */
public record CashFlow(double time, double amount) {

    public CashFlow {
        if (time < 0) {
            throw new IllegalArgumentException("cash flow in the past: t=" + time);
        }
    }

    public CashFlow scaled(double factor) {
        return new CashFlow(time, amount * factor);
    }
}
