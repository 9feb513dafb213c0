package io.jgrad.fuzz;

import java.util.List;

/**
 * What callers need to know about a generated method: its signature and, per array parameter,
 * whether it may write the argument's contents or make rows of it share memory.
 */
final class MethodInfo {
  final String name;
  final JType returns;
  final List<Program.Param> params;
  final boolean[] writes;
  final boolean[] sharesRows;
  /** The index of the recursion depth parameter, or -1 if the method is not recursive. */
  final int depthParam;
  /** A rough bound on the work of one call (loop trips times statements, callees included). */
  long cost;
  boolean usesFloat;
  /**
   * True for a method of a generated class that may write the fields of its receiver or of the
   * objects passed to it, and for a method of the program that may change the objects it is
   * passed: callers pass only objects they may write ({@link Var#readOnly}).
   */
  boolean writesObjects;
  /**
   * True for a method of the program that may change the objects it is passed: no object may be
   * reachable twice from its arguments (README: not supported, and not checked), so callers pass
   * one object argument of their own at most and fresh objects for the others ({@link Calls}).
   */
  boolean writesObjectParams;
  /**
   * True for a {@code @Grad} method of the program whose generated rules another method may read
   * ({@link RuleCalls}): a double or float result, numbers, double[], double[][] and data
   * parameters, no writes, and second-order rules (it reads no rules, directly or through calls).
   */
  boolean ruleReadable;
  /** True if this method reads rules, or calls one that does: it has no second-order rules. */
  boolean noSecondOrder;
  /** True once a later method reads this method's rules: it stays {@code @Grad}. */
  boolean ruleTarget;

  MethodInfo(String name, JType returns, List<Program.Param> params, int depthParam) {
    this.name = name;
    this.returns = returns;
    this.params = params;
    this.writes = new boolean[params.size()];
    this.sharesRows = new boolean[params.size()];
    this.depthParam = depthParam;
  }

  boolean writesAny() {
    for (boolean w : writes) {
      if (w) {
        return true;
      }
    }
    return false;
  }

  boolean sharesAny() {
    for (boolean s : sharesRows) {
      if (s) {
        return true;
      }
    }
    return false;
  }
}
