/**
 * jgrad for Hipparchus users: custom rules for Hipparchus' special functions ({@link
 * io.jgrad.hipparchus.ErfRules}, {@link io.jgrad.hipparchus.GammaRules}, {@link
 * io.jgrad.hipparchus.BetaRules}), which jgrad finds on the class path through the index this
 * module's jar carries ({@code io/jgrad/rules/}; the README's "Hipparchus" section has the
 * workaround javac needs for now), the {@link io.jgrad.hipparchus.Polygamma polygamma
 * functions} their derivatives use, and {@link io.jgrad.hipparchus.HipparchusFunctions adapters}
 * from jgrad's function objects to Hipparchus' optimizers.
 */
package io.jgrad.hipparchus;
