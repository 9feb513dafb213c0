package io.jgrad.realistic;

/** A diffuse sphere. */
public record Sphere(Vec3 center, double radius, double albedo) {

    static final double EPSILON = 1e-9;

    /** Nearest intersection distance along the ray, or {@code Double.POSITIVE_INFINITY} for a miss. */
    public double intersect(Ray ray) {
        Vec3 oc = ray.origin().minus(center);
        double b = oc.dot(ray.direction());
        double c = oc.norm2() - radius * radius;
        double disc = b * b - c;
        if (disc < 0) {
            return Double.POSITIVE_INFINITY;
        }
        double sq = Math.sqrt(disc);
        double t = -b - sq;
        if (t > EPSILON) {
            return t;
        }
        t = -b + sq;
        return t > EPSILON ? t : Double.POSITIVE_INFINITY;
    }

    public Vec3 normalAt(Vec3 point) {
        return point.minus(center).scale(1.0 / radius);
    }
}
