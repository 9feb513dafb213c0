package io.jgrad.bench.peers;

import org.hipparchus.analysis.differentiation.DSFactory;
import org.hipparchus.analysis.differentiation.DerivativeStructure;

/**
 * The Hessian row in Hipparchus: {@link DerivativeStructure} of order 2 with one free parameter
 * per input (its only Hessian path), every second partial derivative read back.
 */
public final class HipparchusHessian {
  private HipparchusHessian() {}

  public static double[][] rosenbrock(double[] x) {
    int n = x.length;
    DSFactory factory = new DSFactory(n, 2);
    DerivativeStructure[] v = new DerivativeStructure[n];
    for (int i = 0; i < n; i++) {
      v[i] = factory.variable(i, x[i]);
    }
    DerivativeStructure s = factory.constant(0.0);
    for (int i = 0; i + 1 < n; i++) {
      DerivativeStructure a = v[i + 1].subtract(v[i].multiply(v[i]));
      DerivativeStructure b = v[i].negate().add(1.0);
      s = s.add(a.multiply(a).multiply(100.0)).add(b.multiply(b));
    }
    double[][] hessian = new double[n][n];
    int[] orders = new int[n];
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n; j++) {
        orders[i]++;
        orders[j]++;
        double h = s.getPartialDerivative(orders);
        orders[i]--;
        orders[j]--;
        hessian[i][j] = h;
        hessian[j][i] = h;
      }
    }
    return hessian;
  }
}
