package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A minimal differentiable-rendering setup: diffuse spheres lit by one directional light and an
 * ambient term, seen by a pinhole camera at the origin looking down -z, plus a pixel loss against
 * a target image (inverse rendering of sphere positions, radii and albedos).
 *
 * <p>Smoothness: the image is smooth in the sphere parameters and light direction for pixels whose
 * primary ray does not graze a silhouette (discriminant near 0), whose closest sphere does not
 * change, and whose shading is not at the terminator ({@code n . l} near 0, because of the
 * {@code max(0, n . l)}). A safe scene: 1 to 3 spheres with centres x, y in [-0.6, 0.6], z in
 * [-5, -3], radius in [0.3, 0.8], albedo in [0.2, 1]; light direction roughly towards the camera,
 * e.g. (lx, ly, 1) with lx, ly in [-0.5, 0.5]; image width, height in [2, 8]. The tester should
 * compare against finite differences only on images where no pixel is within 1e-4 of such an edge
 * (or use a loss restricted to interior pixels); {@link #rayHitDistance} is smooth whenever the ray
 * hits the sphere's front face.
 *
 * <p>Entry points: {@link #render}(sphereParams, lightDir, width, height) with sphereParams 5 per
 * sphere (cx, cy, cz, radius, albedo) returning width*height intensities row-major;
 * {@link #imageLoss}(sphereParams, lightDir, target, width, height) with target in [0, 1];
 * {@link #rayHitDistance}(ray, center, radius) with {@code ray = new Ray(Vec3.of(0,0,0), Vec3.of(dx,
 * dy, -1))}, dx, dy in [-0.1, 0.1], {@code center = Vec3.of(cx, cy, cz)} as above.
 */
public final class RayTracer {

    private RayTracer() {}

    static final double AMBIENT = 0.1;
    static final double FIELD_OF_VIEW = Math.toRadians(40.0);
    static final double BACKGROUND = 0.0;

    static Sphere[] scene(double[] params) {
        if (params.length % 5 != 0) {
            throw new IllegalArgumentException("sphere parameters come in fives, got " + params.length);
        }
        Sphere[] spheres = new Sphere[params.length / 5];
        for (int i = 0; i < spheres.length; i++) {
            int o = 5 * i;
            spheres[i] = new Sphere(new Vec3(params[o], params[o + 1], params[o + 2]), params[o + 3], params[o + 4]);
        }
        return spheres;
    }

    /** Closest hit, or null if the ray misses everything. */
    static Hit trace(Ray ray, Sphere[] spheres) {
        Hit best = null;
        for (Sphere s : spheres) {
            double t = s.intersect(ray);
            if (t < Double.POSITIVE_INFINITY && (best == null || t < best.distance())) {
                Vec3 p = ray.at(t);
                best = new Hit(t, p, s.normalAt(p), s);
            }
        }
        return best;
    }

    static double shade(Hit hit, Vec3 toLight) {
        if (hit == null) {
            return BACKGROUND;
        }
        double lambert = Math.max(0.0, hit.normal().dot(toLight));
        return hit.sphere().albedo() * (AMBIENT + (1.0 - AMBIENT) * lambert);
    }

    static Ray primaryRay(int px, int py, int width, int height) {
        double scale = Math.tan(0.5 * FIELD_OF_VIEW);
        double aspect = (double) width / height;
        double u = (2.0 * (px + 0.5) / width - 1.0) * scale * aspect;
        double v = (1.0 - 2.0 * (py + 0.5) / height) * scale;
        return new Ray(Vec3.ZERO, new Vec3(u, v, -1.0));
    }

    @Grad
    public static double[] render(double[] sphereParams, double[] lightDir, int width, int height) {
        Sphere[] spheres = scene(sphereParams);
        Vec3 toLight = new Vec3(lightDir[0], lightDir[1], lightDir[2]).normalized();
        double[] image = new double[width * height];
        for (int py = 0; py < height; py++) {
            for (int px = 0; px < width; px++) {
                Hit hit = trace(primaryRay(px, py, width, height), spheres);
                image[py * width + px] = shade(hit, toLight);
            }
        }
        return image;
    }

    @Grad
    public static double imageLoss(double[] sphereParams, double[] lightDir, double[] target, int width, int height) {
        double[] image = render(sphereParams, lightDir, width, height);
        if (target.length != image.length) {
            throw new IllegalArgumentException("target has " + target.length + " pixels, image " + image.length);
        }
        double loss = 0.0;
        for (int i = 0; i < image.length; i++) {
            double d = image[i] - target[i];
            loss += d * d;
        }
        return loss / image.length;
    }

    @Grad
    public static double rayHitDistance(Ray ray, Vec3 center, double radius) {
        double t = new Sphere(center, radius, 1.0).intersect(ray);
        if (Double.isInfinite(t)) {
            throw new IllegalArgumentException("ray misses the sphere");
        }
        return t;
    }
}
