package io.jgrad.realistic;

/** Coefficients of an explicit Runge-Kutta method: stage matrix a (strictly lower), weights b, nodes c. */
public record ButcherTableau(String name, double[][] a, double[] b, double[] c) {

    static final double[][] RK4_A = {
        {0.0, 0.0, 0.0, 0.0},
        {0.5, 0.0, 0.0, 0.0},
        {0.0, 0.5, 0.0, 0.0},
        {0.0, 0.0, 1.0, 0.0}
    };
    static final double[] RK4_B = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
    static final double[] RK4_C = {0.0, 0.5, 0.5, 1.0};

    public static final ButcherTableau EULER = new ButcherTableau("Euler", new double[][] {{0.0}}, new double[] {1.0},
            new double[] {0.0});
    public static final ButcherTableau HEUN = new ButcherTableau("Heun", new double[][] {{0.0, 0.0}, {1.0, 0.0}},
            new double[] {0.5, 0.5}, new double[] {0.0, 1.0});
    public static final ButcherTableau RALSTON = new ButcherTableau("Ralston",
            new double[][] {{0.0, 0.0}, {2.0 / 3.0, 0.0}}, new double[] {0.25, 0.75}, new double[] {0.0, 2.0 / 3.0});
    public static final ButcherTableau RK4 = new ButcherTableau("RK4", RK4_A, RK4_B, RK4_C);

    public ButcherTableau {
        if (a.length != b.length || c.length != b.length) {
            throw new IllegalArgumentException(name + ": inconsistent number of stages");
        }
    }

    public int stages() {
        return b.length;
    }

    public static ButcherTableau byName(String name) {
        switch (name.toLowerCase()) {
            case "euler":
                return EULER;
            case "heun":
                return HEUN;
            case "ralston":
                return RALSTON;
            case "rk4":
            case "classic":
                return RK4;
            default:
                throw new IllegalArgumentException("unknown Runge-Kutta method '" + name + "'");
        }
    }
}
