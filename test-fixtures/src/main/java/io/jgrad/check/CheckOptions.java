package io.jgrad.check;

import java.util.function.Function;

/**
 * How {@link PointChecker} checks one point, as configured on {@link GradCheck}.
 *
 * @param fdTolerance tolerance of forward vs finite differences, already widened for floats
 * @param floatSteps true to use only the coarse finite-difference steps (floats involved)
 * @param pathOf the kink filter ({@link GradCheck#kinks}), or null
 * @param exceptions true to check points where the primal throws ({@link GradCheck#exceptions})
 * @param tapes true to require every rule to leave the thread's tapes as it found them ({@link
 *     GradCheck#tapes})
 * @param dotFloor the smallest scale the dot-product tests measure errors against ({@link
 *     GradCheck#dotProductFloor})
 */
record CheckOptions(
    double fdTolerance,
    boolean floatSteps,
    Function<Object[], ?> pathOf,
    boolean exceptions,
    boolean tapes,
    double dotFloor) {}
