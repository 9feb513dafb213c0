package io.jgrad.realistic;

/** A complex number, as every Fourier-pricing code base ends up writing one. */
public record Complex(double re, double im) {

    public static final Complex ZERO = new Complex(0.0, 0.0);
    public static final Complex ONE = new Complex(1.0, 0.0);
    public static final Complex I = new Complex(0.0, 1.0);

    public static Complex of(double re, double im) {
        return new Complex(re, im);
    }

    public static Complex real(double re) {
        return new Complex(re, 0.0);
    }

    public Complex plus(Complex o) {
        return new Complex(re + o.re, im + o.im);
    }

    public Complex plus(double d) {
        return new Complex(re + d, im);
    }

    public Complex minus(Complex o) {
        return new Complex(re - o.re, im - o.im);
    }

    public Complex minus(double d) {
        return new Complex(re - d, im);
    }

    public Complex times(Complex o) {
        return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    public Complex times(double d) {
        return new Complex(re * d, im * d);
    }

    public Complex div(Complex o) {
        double den = o.re * o.re + o.im * o.im;
        return new Complex((re * o.re + im * o.im) / den, (im * o.re - re * o.im) / den);
    }

    public Complex negate() {
        return new Complex(-re, -im);
    }

    public double abs() {
        return Math.hypot(re, im);
    }

    public double arg() {
        return Math.atan2(im, re);
    }

    public Complex exp() {
        double m = Math.exp(re);
        return new Complex(m * Math.cos(im), m * Math.sin(im));
    }

    /** Principal logarithm (branch cut on the negative real axis). */
    public Complex log() {
        return new Complex(Math.log(abs()), arg());
    }

    /** Principal square root (non-negative real part). */
    public Complex sqrt() {
        double r = abs();
        double a = Math.sqrt(0.5 * (r + re));
        double b = Math.sqrt(0.5 * (r - re));
        return new Complex(a, im < 0 ? -b : b);
    }
}
