package io.jgrad.samples;

import io.jgrad.Grad;
import java.io.PrintStream;
import org.hipparchus.special.Erf;

/**
 * The Black-Scholes price of a European call, written as ordinary Java with the normal CDF
 * through Hipparchus' {@code Erf.erfc}, and its greeks from jgrad: all first-order greeks from
 * one reverse call ({@code BlackScholes_Rrule.call}), the second-order ones from the Hessian
 * ({@code BlackScholes_Rrule.callHessian}, forward mode over the reverse rule). jgrad
 * differentiates {@code Erf.erfc} through the custom rules of {@code jgrad-hipparchus}
 * ({@code ErfRules}), which it finds on the class path. Each greek is printed next to its
 * closed form.
 *
 * <p>Run it with {@code mvn -B -q -f samples exec:java -Dsample=BlackScholes}.
 */
public final class BlackScholes {
  private BlackScholes() {}

  /**
   * The price of a European call on a non-dividend-paying stock.
   *
   * @param spot the stock price S
   * @param strike the strike K
   * @param maturity the time to maturity T in years
   * @param rate the continuously compounded risk-free rate r
   * @param volatility the volatility sigma
   */
  @Grad
  public static double call(double spot, double strike, double maturity, double rate,
      double volatility) {
    double sqrtT = Math.sqrt(maturity);
    double d1 = (Math.log(spot / strike) + (rate + 0.5 * volatility * volatility) * maturity)
        / (volatility * sqrtT);
    double d2 = d1 - volatility * sqrtT;
    return spot * normalCdf(d1) - strike * Math.exp(-rate * maturity) * normalCdf(d2);
  }

  /**
   * The standard normal CDF, {@code erfc(-z / sqrt 2) / 2}: for negative z, {@code (1 + erf(z /
   * sqrt 2)) / 2} would lose the small result's digits to the cancellation.
   */
  static double normalCdf(double z) {
    return 0.5 * Erf.erfc(-z / Math.sqrt(2));
  }

  /** The standard normal density. */
  static double normalPdf(double z) {
    return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
  }

  /**
   * The greeks of a call. {@code theta} is the derivative with respect to calendar time, {@code
   * -dV/dT} for the time to maturity T; {@code dualDelta} is {@code dV/dK}, {@code vanna}
   * {@code d2V/dS dsigma} and {@code volga} {@code d2V/dsigma^2}.
   */
  public record Greeks(double price, double delta, double vega, double theta, double rho,
      double dualDelta, double gamma, double vanna, double volga) {}

  /** The greeks from jgrad's rules: one reverse call and one Hessian. */
  public static Greeks fromRules(double s, double k, double t, double r, double sigma) {
    BlackScholes_Rrule.CallGradient g = BlackScholes_Rrule.call(s, k, t, r, sigma);
    // rows and columns in parameter order: spot, strike, maturity, rate, volatility
    double[][] h = BlackScholes_Rrule.callHessian(s, k, t, r, sigma);
    return new Greeks(g.value(), g.spotBar(), g.volatilityBar(), -g.maturityBar(), g.rateBar(),
        g.strikeBar(), h[0][0], h[0][4], h[4][4]);
  }

  /**
   * The textbook closed forms (J. C. Hull, "Options, Futures, and Other Derivatives", the
   * chapter "The Greek Letters").
   */
  public static Greeks closedForm(double s, double k, double t, double r, double sigma) {
    double sqrtT = Math.sqrt(t);
    double d1 = (Math.log(s / k) + (r + 0.5 * sigma * sigma) * t) / (sigma * sqrtT);
    double d2 = d1 - sigma * sqrtT;
    double discount = Math.exp(-r * t);
    double pdf = normalPdf(d1);
    double price = s * normalCdf(d1) - k * discount * normalCdf(d2);
    double delta = normalCdf(d1);
    double vega = s * pdf * sqrtT;
    double theta = -s * pdf * sigma / (2 * sqrtT) - r * k * discount * normalCdf(d2);
    double rho = k * t * discount * normalCdf(d2);
    double dualDelta = -discount * normalCdf(d2);
    double gamma = pdf / (s * sigma * sqrtT);
    double vanna = -pdf * d2 / sigma;
    double volga = vega * d1 * d2 / sigma;
    return new Greeks(price, delta, vega, theta, rho, dualDelta, gamma, vanna, volga);
  }

  public static void main(String[] args) {
    print(100, 95, 0.75, 0.03, 0.25, System.out);
  }

  /** Prints the greeks from the rules next to the closed forms. */
  public static void print(double s, double k, double t, double r, double sigma,
      PrintStream out) {
    Greeks jgrad = fromRules(s, k, t, r, sigma);
    Greeks exact = closedForm(s, k, t, r, sigma);
    out.printf("Black-Scholes call: S = %s, K = %s, T = %s years, r = %s, sigma = %s%n", s, k, t,
        r, sigma);
    out.println("first-order greeks: one reverse call (BlackScholes_Rrule.call);"
        + " second order: BlackScholes_Rrule.callHessian");
    out.printf("%-11s %-24s %-24s %s%n", "", "jgrad", "closed form", "relative difference");
    row(out, "price", jgrad.price(), exact.price());
    row(out, "delta", jgrad.delta(), exact.delta());
    row(out, "vega", jgrad.vega(), exact.vega());
    row(out, "theta", jgrad.theta(), exact.theta());
    row(out, "rho", jgrad.rho(), exact.rho());
    row(out, "dV/dK", jgrad.dualDelta(), exact.dualDelta());
    row(out, "gamma", jgrad.gamma(), exact.gamma());
    row(out, "vanna", jgrad.vanna(), exact.vanna());
    row(out, "volga", jgrad.volga(), exact.volga());
  }

  private static void row(PrintStream out, String name, double jgrad, double exact) {
    out.printf("%-11s %-24s %-24s %.1e%n", name, jgrad, exact,
        Math.abs(jgrad - exact) / Math.abs(exact));
  }
}
