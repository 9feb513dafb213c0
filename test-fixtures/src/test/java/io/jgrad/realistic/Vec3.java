package io.jgrad.realistic;

/** An immutable 3-vector. */
public record Vec3(double x, double y, double z) {

    public static final Vec3 ZERO = new Vec3(0.0, 0.0, 0.0);

    public static Vec3 of(double x, double y, double z) {
        return new Vec3(x, y, z);
    }

    /** Reads the vector stored at {@code a[3*i .. 3*i+2]}. */
    public static Vec3 fromArray(double[] a, int i) {
        return new Vec3(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
    }

    /** Writes this vector to {@code a[3*i .. 3*i+2]}. */
    public void intoArray(double[] a, int i) {
        a[3 * i] = x;
        a[3 * i + 1] = y;
        a[3 * i + 2] = z;
    }

    public Vec3 plus(Vec3 o) {
        return new Vec3(x + o.x, y + o.y, z + o.z);
    }

    public Vec3 minus(Vec3 o) {
        return new Vec3(x - o.x, y - o.y, z - o.z);
    }

    public Vec3 scale(double s) {
        return new Vec3(s * x, s * y, s * z);
    }

    public Vec3 negate() {
        return new Vec3(-x, -y, -z);
    }

    public double dot(Vec3 o) {
        return x * o.x + y * o.y + z * o.z;
    }

    public Vec3 cross(Vec3 o) {
        return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
    }

    public double norm2() {
        return dot(this);
    }

    public double norm() {
        return Math.sqrt(norm2());
    }

    public Vec3 normalized() {
        double n = norm();
        if (n == 0.0) {
            throw new ArithmeticException("cannot normalize the zero vector");
        }
        return scale(1.0 / n);
    }

    /** {@code this + s * o}, the axpy of vector code. */
    public Vec3 plusScaled(Vec3 o, double s) {
        return new Vec3(x + s * o.x, y + s * o.y, z + s * o.z);
    }
}
