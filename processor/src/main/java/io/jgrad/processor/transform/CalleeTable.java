package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.rules.GradCallee;
import java.util.Map;
import java.util.Set;

/**
 * The {@code @Grad} methods a function calls, keyed by {@code owner#name}, which of their array,
 * record and object parameters each one writes ({@code writes}: elements, fields, held arrays),
 * and of which it writes arrays ({@code arrayWrites}: elements or rows of an array the parameter
 * is or holds, not only fields of objects). A callee compiled elsewhere is assumed to write all.
 * {@code nested}: the keys of the reads of other methods' rules ({@link #isNested}).
 */
public record CalleeTable(Map<String, GradCallee> byKey, Map<String, Set<Integer>> writes,
    Map<String, Set<Integer>> arrayWrites, Set<String> nested) {
  public CalleeTable(Map<String, GradCallee> byKey, Map<String, Set<Integer>> writes,
      Map<String, Set<Integer>> arrayWrites) {
    this(byKey, writes, arrayWrites, Set.of());
  }

  /**
   * True for a read of another method's rules ({@code NestedRule}): it writes nothing and leaves
   * nothing on the tape, so its reverse part may be left out where its result's adjoint is zero
   * (0 times a Hessian that overflowed is NaN).
   */
  public boolean isNested(GradCallee callee) {
    return nested.contains(key(callee.owner(), callee.name()));
  }

  public static String key(String owner, String name) {
    return owner + "#" + name;
  }

  /** The callee if {@code e} is a call to a {@code @Grad} method, else null. */
  public GradCallee of(Expr e) {
    return e instanceof Expr.Call c && !c.asIs() ? byKey.get(key(c.owner(), c.name())) : null;
  }

  /**
   * True if {@code call} is to a callee with rules whose {@code k}-th parameter is {@code
   * @NoGrad}: it reads that argument as data, writes nothing into it and takes no derivative.
   */
  public boolean takesData(Expr.Call call, int k) {
    GradCallee callee = of(call);
    return callee != null && callee.noGrad().get(k);
  }

  /** True if the callee may write the array passed as its {@code k}-th argument. */
  public boolean writes(GradCallee callee, int k) {
    Set<Integer> written = writes.get(key(callee.owner(), callee.name()));
    return written == null || written.contains(k);
  }

  /**
   * True if the callee may write an array its {@code k}-th argument is or holds; false if it
   * writes only fields of the objects the argument leads to (a setter).
   */
  public boolean writesArrays(GradCallee callee, int k) {
    Set<Integer> written = arrayWrites.get(key(callee.owner(), callee.name()));
    return written == null || written.contains(k);
  }
}
