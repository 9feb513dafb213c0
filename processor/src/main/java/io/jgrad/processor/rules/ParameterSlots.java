package io.jgrad.processor.rules;

import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;

/**
 * The JVM allows a method at most 255 parameter slots ({@code double} and {@code long} take
 * two). A forward rule interleaves a tangent after each differentiable parameter, which can pass
 * the limit where the primal does not (64 {@code double}s need 256 slots): past it, the rule
 * takes the tangents of its {@code double}/{@code float} parameters packed into one
 * {@code double[]} at the end, in parameter order. Callers compute the same form from the
 * parameter types.
 */
public final class ParameterSlots {
  public static final int LIMIT = 255;

  private ParameterSlots() {}

  public static int of(Type type) {
    return type.equals(Type.DOUBLE) || type.equals(Type.LONG) ? 2 : 1;
  }

  public static int of(List<Type> types) {
    return types.stream().mapToInt(ParameterSlots::of).sum();
  }

  /**
   * True if the forward rule of a method with these parameters packs its scalar tangents;
   * {@code noGrad} marks the {@code @NoGrad} ones, which have no tangent.
   */
  public static boolean packsScalarTangents(List<Type> params, List<Boolean> noGrad) {
    int interleaved = of(params);
    for (int k = 0; k < params.size(); k++) {
      Type p = params.get(k);
      if (p.isDifferentiable() && !noGrad.get(k)) {
        interleaved += p.isArray() ? 1 : 2;
      }
    }
    return interleaved > LIMIT;
  }

  /** The same for a function's own parameters. */
  public static boolean packsScalarTangents(List<Var> params) {
    return packsScalarTangents(params.stream().map(Var::type).toList(),
        params.stream().map(Var::isConstant).toList());
  }
}
