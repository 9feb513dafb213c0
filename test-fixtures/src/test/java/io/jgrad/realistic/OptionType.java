package io.jgrad.realistic;

/** The two kinds of vanilla option. */
public enum OptionType {
    CALL,
    PUT;

    /** +1 for a call, -1 for a put: the sign that makes one payoff formula serve both. */
    public double sign() {
        return this == CALL ? 1.0 : -1.0;
    }

    /** Parses "C"/"call"/"P"/"put" (any case), as found in trade files. */
    public static OptionType parse(String code) {
        switch (code.trim().toUpperCase()) {
            case "C":
            case "CALL":
                return CALL;
            case "P":
            case "PUT":
                return PUT;
            default:
                throw new IllegalArgumentException("not an option type: '" + code + "'");
        }
    }
}
