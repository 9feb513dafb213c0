package io.jgrad.realistic;

/** A ray {@code origin + t * direction}, t >= 0; the direction is normalised on construction. */
public record Ray(Vec3 origin, Vec3 direction) {

    public Ray {
        direction = direction.normalized();
    }

    public Vec3 at(double t) {
        return origin.plusScaled(direction, t);
    }
}
