package io.jgrad.realistic;

/** One line of an option book: a European option on the book's single underlying. */
public record EuropeanOption(OptionType type, double strike, double expiry, double quantity) {

    public EuropeanOption {
        if (strike <= 0) {
            throw new IllegalArgumentException("strike must be positive: " + strike);
        }
        if (expiry <= 0) {
            throw new IllegalArgumentException("expiry must be positive: " + expiry);
        }
    }

    public static EuropeanOption call(double strike, double expiry, double quantity) {
        return new EuropeanOption(OptionType.CALL, strike, expiry, quantity);
    }

    public static EuropeanOption put(double strike, double expiry, double quantity) {
        return new EuropeanOption(OptionType.PUT, strike, expiry, quantity);
    }
}
