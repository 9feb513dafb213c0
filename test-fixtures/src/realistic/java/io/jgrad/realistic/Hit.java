package io.jgrad.realistic;

/** The closest intersection of a ray with a scene. */
public record Hit(double distance, Vec3 point, Vec3 normal, Sphere sphere) {}
