package io.jgrad.realistic;

/** Boundary conditions for 1-D grid solvers. */
public enum BoundaryCondition {
    /** End values held fixed. */
    DIRICHLET,
    /** Zero flux through the ends (mirror ghost cells). */
    NEUMANN,
    /** The grid wraps around. */
    PERIODIC
}
