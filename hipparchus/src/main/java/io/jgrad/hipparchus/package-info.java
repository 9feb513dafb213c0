/**
 * jgrad for Hipparchus users: custom rules for Hipparchus' special functions ({@link
 * io.jgrad.hipparchus.ErfRules}, {@link io.jgrad.hipparchus.GammaRules}, {@link
 * io.jgrad.hipparchus.BetaRules}), which jgrad finds on the class path by itself, the {@link
 * io.jgrad.hipparchus.Polygamma#tetragamma tetragamma} function those rules need, and {@link
 * io.jgrad.hipparchus.HipparchusFunctions adapters} from jgrad's function objects to Hipparchus'
 * optimizers.
 */
package io.jgrad.hipparchus;
