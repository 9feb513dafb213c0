package io.jgrad.realistic;

/** A univariate normal distribution. */
public record Gaussian1D(double mean, double sigma) {

    public static final double LOG_2PI = Math.log(2.0 * Math.PI);

    public Gaussian1D {
        if (!(sigma > 0)) {
            throw new IllegalArgumentException("sigma must be positive, got " + sigma);
        }
    }

    public static Gaussian1D standard() {
        return new Gaussian1D(0.0, 1.0);
    }

    public static Gaussian1D withLogSigma(double mean, double logSigma) {
        return new Gaussian1D(mean, Math.exp(logSigma));
    }

    public double logPdf(double x) {
        double z = (x - mean) / sigma;
        return -0.5 * (LOG_2PI + z * z) - Math.log(sigma);
    }
}
