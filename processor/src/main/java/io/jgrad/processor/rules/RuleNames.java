package io.jgrad.processor.rules;

/** The naming conventions of generated code: the user-facing contract documented in README. */
public final class RuleNames {
  private RuleNames() {}

  public static String forwardClass(String ruleBase) {
    return ruleBase + "_Frule";
  }

  public static String reverseClass(String ruleBase) {
    return ruleBase + "_Rrule";
  }

  /** {@code Outer.Inner} (binary {@code Outer$Inner}) becomes {@code Outer_Inner}. */
  public static String ruleBase(String nestedSimpleNames) {
    return nestedSimpleNames.replace('.', '_').replace('$', '_');
  }

  /** The forward rule that writes the tangent into a caller's buffer ({@code fInto}). */
  public static String forwardInto(String method) {
    return method + "Into";
  }

  /** The forward rule carrying several directions at once ({@code fDirections}). */
  public static String forwardDirections(String method) {
    return method + "Directions";
  }

  public static String adjointMethod(String method) {
    return method + "Adjoint";
  }

  /** Value and gradient written over the caller's buffers ({@code fGradientInto}). */
  public static String gradientInto(String method) {
    return method + "GradientInto";
  }

  /** The forward sweep alone (value, tape filled): how generated callers compose. */
  public static String forwardPart(String method) {
    return method + "Forward";
  }

  /** The reverse sweep alone, reading what {@link #forwardPart} left on the tape. */
  public static String reversePart(String method) {
    return method + "Reverse";
  }

  /** The tangent form of a reverse part (forward-over-reverse): {@code fForwardTangent}. */
  public static String tangentPart(String part) {
    return part + "Tangent";
  }

  /** Value, gradient and Hessian-vector product added into the caller's buffers. */
  public static String hvpAdjoint(String method) {
    return method + "HvpAdjoint";
  }

  /** The forward sweep {@code fHvpAdjoint} calls: without the value's tangent. */
  public static String hvpForward(String method) {
    return method + "HvpForward";
  }

  /** Value, gradient and Hessian-vector product in fresh storage. */
  public static String hvp(String method) {
    return method + "Hvp";
  }

  /** {@code logLoss} -> {@code LogLossHvp}. */
  public static String hvpRecord(String method) {
    return Character.toUpperCase(method.charAt(0)) + method.substring(1) + "Hvp";
  }

  public static String hessian(String method) {
    return method + "Hessian";
  }

  /** The factory of a method's function object: {@code fFunction}. */
  public static String functionFactory(String method) {
    return method + "Function";
  }

  /** {@code logLoss} -> {@code LogLossGradient}. */
  public static String gradientRecord(String method) {
    return Character.toUpperCase(method.charAt(0)) + method.substring(1) + "Gradient";
  }

  public static String tangent(String variable) {
    return variable + "Dot";
  }

  public static String adjoint(String variable) {
    return variable + "Bar";
  }
}
