/**
 * Gradient checks for jgrad's generated rules, usable from any test framework: see {@link
 * io.jgrad.check.GradCheck}.
 */
package io.jgrad.check;
