package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.CustomRule;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The adapters through which generated code calls a {@link CustomRule}, written into the
 * holder's rule classes with the conventions of any callee's rules: the forward rule (and its
 * k-direction form for a target of numbers), the two reverse parts, and their tangent forms
 * (second order), which are jgrad's forward mode of the holder's own reverse rule.
 *
 * <p>The reverse rule follows the convention of a generated {@code fAdjoint}: it runs the target
 * and adds the derivatives, leaving the arrays as the target leaves them. For a target of
 * numbers (no arrays) the forward part calls it with seed 1, which gives the value and every
 * partial derivative in one call, and keeps the partials for the reverse part, which multiplies
 * them by the seed: the target runs once, as in an adjoint written by hand. Otherwise the
 * forward part calls the target itself (the value bit for bit), keeping the entry contents of
 * the arrays it may write, and the reverse part puts those back before the reverse rule runs and
 * after it, as a callee's reverse part leaves the arrays as they were before its forward part.
 */
final class CustomRuleWriter {
  private static final ClassName DUAL = ClassName.get("io.jgrad", "Dual");
  private static final ClassName SNAPSHOTS = ClassName.get("io.jgrad.tape", "Snapshots");
  private static final ClassName TAPES = ClassName.get("io.jgrad.tape", "Tapes");

  private final CustomRule rule;
  private final ClassName holder;
  private final ClassName target;
  /** The holder's forward rule class, which has the forward rule of its reverse rule. */
  private final ClassName holderForward;
  /** The name of the forward rule jgrad made of the holder's reverse rule, or null. */
  private final String reverseRuleTangent;
  private Names names;
  private String tapes;

  /**
   * @param reverseRuleTangent the name, in the holder's forward rule class, of jgrad's forward
   *     rule of the holder's reverse rule; null if jgrad could not differentiate it (then no
   *     tangent parts, and callers get no second-order rules)
   */
  CustomRuleWriter(CustomRule rule, String reverseRuleTangent) {
    this.rule = rule;
    this.holder = ClassName.bestGuess(rule.holder());
    this.target = ClassName.bestGuess(rule.target());
    this.holderForward = ClassName.get(rule.holderPackage(),
        RuleNames.forwardClass(rule.holderRuleBase()));
    this.reverseRuleTangent = reverseRuleTangent;
  }

  /** True if the rules have a k-direction forward form: a target of numbers and data. */
  boolean hasDirections() {
    return ofNumbers();
  }

  /**
   * True for a target with a number result whose differentiable parameters are numbers (the
   * others data): no arrays, no records.
   */
  private boolean ofNumbers() {
    if (!rule.returnType().isFloating() || rule.takesArrays()) {
      return false;
    }
    for (int k = 0; k < arity(); k++) {
      if (rule.differentiable(k) && !rule.parameterTypes().get(k).isFloating()) {
        return false;
      }
    }
    return true;
  }

  boolean hasTangentParts() {
    return reverseRuleTangent != null;
  }

  /** The forward rule, for the holder's {@code _Frule} class: the holder's forward rule. */
  MethodSpec forward() {
    MethodSpec.Builder m = start(rule.name());
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      m.addParameter(type(k), name(k));
      args.add(CodeBlock.of("$N", name(k)));
      if (rule.differentiable(k)) {
        m.addParameter(tangentType(k), tangent(k));
        args.add(CodeBlock.of("$N", tangent(k)));
      }
    }
    CodeBlock call = CodeBlock.of("$T.$L($L)", holder, rule.method(), join(args));
    if (rule.returnType().equals(Type.VOID)) {
      m.addStatement(call);
    } else {
      m.addStatement("return $L", call);
    }
    return m.returns(JavaEmitter.typeName(forwardResult()))
        .addJavadoc("The forward rule of {@link $T#$L} as generated callers call it: the"
            + " custom rule {@link $T#$L}.\n", target, link(), holder, rule.method())
        .build();
  }

  /**
   * The forward rule along {@code directions} directions at once: the holder's forward rule once
   * per direction (a target of numbers has nothing to share between them but its value).
   */
  MethodSpec directions() {
    MethodSpec.Builder m = start(RuleNames.forwardDirections(rule.name()));
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      m.addParameter(type(k), name(k));
      if (rule.differentiable(k)) {
        String dots = name(k) + "Dots";
        names.reserve(dots);
        m.addParameter(double[].class, dots);
      }
    }
    String directions = names.fresh("directions");
    String resultDots = names.fresh("resultDots");
    String lane = names.fresh("k");
    String dual = names.fresh("dual");
    m.addParameter(int.class, directions).addParameter(double[].class, resultDots);
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (rule.differentiable(k)) {
        args.add(CodeBlock.of("$N[$N]", name(k) + "Dots", lane));
      }
    }
    m.addStatement("$T $N = null", DUAL, dual);
    m.beginControlFlow("for (int $N = 0; $N < $N; $N++)", lane, lane, directions, lane);
    m.addStatement("$N = $T.$L($L)", dual, holder, rule.method(), join(args));
    m.addStatement("$N[$N] = $N.tangent()", resultDots, lane, dual);
    m.endControlFlow();
    m.addStatement("return $N != null ? $N.value() : $T.$L($L)", dual, dual, target,
        rule.method(), join(primalArgs()));
    return m.returns(TypeName.DOUBLE)
        .addJavadoc("{@link #$L} along {@code $L} directions: derivative {@code k} is the"
            + " custom rule {@link $T#$L} along the k-th direction, stored in {@code $L[k]}.\n"
            + "\n@return the value of {@link $T#$L}\n", rule.name(), directions, holder,
            rule.method(), resultDots, target, link())
        .build();
  }

  /**
   * True for a target of numbers (and data) with a number result: its partial derivatives are
   * computed on the forward sweep, with the value, and kept on the tape.
   */
  private boolean preaccumulates() {
    return ofNumbers();
  }

  /** The forward part: the target's value; the entry contents of arrays it may write kept. */
  MethodSpec forwardPart() {
    if (preaccumulates()) {
      return preaccumulatingForwardPart();
    }
    MethodSpec.Builder m = start(RuleNames.forwardPart(rule.name()));
    partParameters(m, false);
    for (int k = 0; k < arity(); k++) {
      if (keepsEntry(k)) {
        m.addStatement("$N.pushRef($T.copy($N))", tapes, SNAPSHOTS, name(k));
      }
    }
    CodeBlock call = CodeBlock.of("$T.$L($L)", target, rule.method(), join(primalArgs()));
    if (rule.returnType().equals(Type.VOID)) {
      m.addStatement(call);
    } else {
      m.addStatement("return $L", call);
    }
    return m.returns(JavaEmitter.typeName(rule.returnType()))
        .addJavadoc("The forward sweep of the reverse mode of {@link $T#$L}: its value, computed"
            + " by the method itself$L. The custom rule {@link $T#$L} runs on the reverse"
            + " sweep.\n", target, link(), anyKept() ? ", after keeping the entry contents of"
            + " the arrays it may write on the tape" : "", holder, rule.reverseRule())
        .build();
  }

  /**
   * The reverse part: the holder's reverse rule, with the arrays as they were on entry; the
   * adjoints of the number parameters pushed, last on top.
   */
  MethodSpec reversePart() {
    if (preaccumulates()) {
      return preaccumulatedReversePart();
    }
    MethodSpec.Builder m = start(RuleNames.reversePart(rule.name()));
    partParameters(m, false);
    String seed = seedParameter(m, false);
    List<String> entries = popEntries(m, false);
    restore(m, entries, false);
    String bars = scalarBars(m);
    List<CodeBlock> args = reverseArgs(seed, bars, false);
    boolean skips = skipsZeroSeed(entries);
    if (skips) {
      // a zero cotangent adds nothing, even where the derivative is not finite
      m.beginControlFlow("if ($N != 0.0)", seed);
    }
    m.addStatement("$T.$L($L)", holder, rule.reverseRule(), join(args));
    if (skips) {
      m.endControlFlow();
    }
    restore(m, entries, false);
    pushScalarBars(m, bars, null);
    return m.returns(TypeName.VOID)
        .addJavadoc("The reverse sweep of the reverse mode of {@link $T#$L}: the custom rule"
            + " {@link $T#$L}, which adds the adjoints of the array arguments into their"
            + " buffers; those of the number arguments are pushed onto the tape (last on"
            + " top).\n", target, link(), holder, rule.reverseRule())
        .build();
  }

  /**
   * The tangent form of {@link #forwardPart} (second order): the value and its tangent from the
   * holder's forward rule, the tangent on top of the tape.
   */
  MethodSpec forwardTangent() {
    if (preaccumulates()) {
      return preaccumulatingForwardTangent();
    }
    MethodSpec.Builder m = start(RuleNames.tangentPart(RuleNames.forwardPart(rule.name())));
    partParameters(m, true);
    for (int k = 0; k < arity(); k++) {
      if (keepsEntry(k)) {
        m.addStatement("$N.pushRef($T.copy($N))", tapes, SNAPSHOTS, name(k));
        m.addStatement("$N.pushRef($T.copy($N))", tapes, SNAPSHOTS, tangent(k));
      }
    }
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (rule.differentiable(k)) {
        args.add(CodeBlock.of("$N", tangent(k)));
      }
    }
    CodeBlock call = CodeBlock.of("$T.$L($L)", holder, rule.method(), join(args));
    if (rule.returnType().equals(Type.VOID)) {
      m.addStatement(call);
    } else {
      String dual = names.fresh("dual");
      m.addStatement("$T $N = $L", JavaEmitter.typeName(forwardResult()),
          dual, call);
      m.addStatement("$N.$L($N.tangent())", tapes, rule.returnType().isFloating() ? "pushDouble"
          : "pushRef", dual);
      if (rule.returnType().equals(Type.FLOAT)) {
        m.addStatement("return (float) $N.value()", dual); // the target's float, widened
      } else {
        m.addStatement("return $N.value()", dual);
      }
    }
    return m.returns(JavaEmitter.typeName(rule.returnType()))
        .addJavadoc("The tangent form of {@link #$L} (forward mode over the reverse rule): the"
            + " value and its tangent from the custom rule {@link $T#$L}, the tangent left on"
            + " top of the tape.\n", RuleNames.forwardPart(rule.name()), holder, rule.method())
        .build();
  }

  /**
   * The tangent form of {@link #reversePart}: jgrad's forward mode of the holder's reverse rule
   * gives the adjoints and their tangents.
   */
  MethodSpec reverseTangent() {
    if (preaccumulates()) {
      return preaccumulatedReverseTangent();
    }
    MethodSpec.Builder m = start(RuleNames.tangentPart(RuleNames.reversePart(rule.name())));
    partParameters(m, true);
    String seed = seedParameter(m, true);
    List<String> entries = popEntries(m, true);
    restore(m, entries, true);
    String bars = scalarBars(m);
    String barsDot = bars == null ? null : names.fresh(RuleNames.tangent(bars));
    if (barsDot != null) {
      m.addStatement("double[] $N = new double[$L]", barsDot, scalarCount());
    }
    List<CodeBlock> args = reverseArgs(seed, bars, true);
    if (barsDot != null) {
      args.add(CodeBlock.of("$N", barsDot));
    }
    if (skipsZeroSeed(entries)) {
      // as the reverse part, a zero cotangent adds nothing to the adjoints; their tangents still
      // take the cotangent's tangent, computed with the adjoints' values going into copies
      m.beginControlFlow("if ($N != 0.0)", seed);
      m.addStatement("$T.$L($L)", holderForward, reverseRuleTangent, join(args));
      m.nextControlFlow("else if ($N != 0.0)", RuleNames.tangent(seed));
      List<CodeBlock> copied = reverseArgs(seed, bars, true, true);
      if (barsDot != null) {
        copied.add(CodeBlock.of("$N", barsDot));
      }
      m.addStatement("$T.$L($L)", holderForward, reverseRuleTangent, join(copied));
      m.endControlFlow();
    } else {
      m.addStatement("$T.$L($L)", holderForward, reverseRuleTangent, join(args));
    }
    restore(m, entries, true);
    pushScalarBars(m, bars, barsDot);
    return m.returns(TypeName.VOID)
        .addJavadoc("The tangent form of {@link #$L}: jgrad's forward rule of the custom rule"
            + " {@link $T#$L}, {@link $T#$L}, gives the adjoints and their tangents; each"
            + " number parameter's adjoint is pushed followed by its tangent.\n",
            RuleNames.reversePart(rule.name()), holder, rule.reverseRule(), holderForward,
            reverseRuleTangent)
        .build();
  }

  /**
   * The forward part of a target of numbers: the holder's reverse rule with seed 1 gives the
   * value and the partial derivatives, which go onto the tape for the reverse part.
   */
  private MethodSpec preaccumulatingForwardPart() {
    MethodSpec.Builder m = start(RuleNames.forwardPart(rule.name()));
    partParameters(m, false);
    String bars = scalarBars(m);
    String value = names.fresh("value");
    m.addStatement("$T $N = $T.$L($L)", JavaEmitter.typeName(rule.returnType()), value, holder,
        rule.reverseRule(), join(reverseArgs("1.0", bars, false)));
    for (int at = 0; at < scalarCount(); at++) {
      m.addStatement("$N.pushDouble($N[$L])", tapes, bars, at);
    }
    m.addStatement("return $N", value);
    return m.returns(JavaEmitter.typeName(rule.returnType()))
        .addJavadoc("The forward sweep of the reverse mode of {@link $T#$L}: the custom rule"
            + " {@link $T#$L} with seed 1 gives the value and the partial derivatives, which"
            + " {@link #$L} takes from the tape.\n", target, link(), holder, rule.reverseRule(),
            RuleNames.reversePart(rule.name()))
        .build();
  }

  /** The reverse part of a target of numbers: the seed times the kept partial derivatives. */
  private MethodSpec preaccumulatedReversePart() {
    MethodSpec.Builder m = start(RuleNames.reversePart(rule.name()));
    partParameters(m, false);
    String seed = seedParameter(m, false);
    List<String> partials = popPartials(m, false);
    for (String p : partials) {
      // a zero seed adds nothing, even where a partial is not finite
      m.addStatement("$N.pushDouble($T.times($N, $N))", tapes, SNAPSHOTS, seed, p);
    }
    return m.returns(TypeName.VOID)
        .addJavadoc("The reverse sweep of the reverse mode of {@link $T#$L}: the seed times the"
            + " partial derivatives {@link #$L} kept, pushed onto the tape (last parameter on"
            + " top).\n", target, link(), RuleNames.forwardPart(rule.name()))
        .build();
  }

  /**
   * The tangent form of {@link #preaccumulatingForwardPart}: jgrad's forward rule of the
   * holder's reverse rule, with seed 1, gives the value, the partials and their tangents.
   */
  private MethodSpec preaccumulatingForwardTangent() {
    MethodSpec.Builder m = start(RuleNames.tangentPart(RuleNames.forwardPart(rule.name())));
    partParameters(m, true);
    String bars = scalarBars(m);
    String barsDot = names.fresh(RuleNames.tangent(bars));
    m.addStatement("double[] $N = new double[$L]", barsDot, scalarCount());
    List<CodeBlock> args = reverseArgs("1.0", bars, true);
    args.add(CodeBlock.of("$N", barsDot));
    String dual = names.fresh("dual");
    m.addStatement("$T $N = $T.$L($L)", DUAL, dual, holderForward, reverseRuleTangent,
        join(args));
    for (int at = 0; at < scalarCount(); at++) {
      m.addStatement("$N.pushDouble($N[$L])", tapes, bars, at);
      m.addStatement("$N.pushDouble($N[$L])", tapes, barsDot, at);
    }
    m.addStatement("$N.pushDouble($N.tangent())", tapes, dual);
    m.addStatement(rule.returnType().equals(Type.FLOAT) ? "return (float) $N.value()"
        : "return $N.value()", dual);
    return m.returns(JavaEmitter.typeName(rule.returnType()))
        .addJavadoc("The tangent form of {@link #$L} (forward mode over the reverse rule):"
            + " jgrad's forward rule of the custom rule {@link $T#$L}, {@link $T#$L}, with seed"
            + " 1 gives the value, the partial derivatives and their tangents; the value's"
            + " tangent is left on top of the tape.\n", RuleNames.forwardPart(rule.name()),
            holder, rule.reverseRule(), holderForward, reverseRuleTangent)
        .build();
  }

  /** The tangent form of {@link #preaccumulatedReversePart}. */
  private MethodSpec preaccumulatedReverseTangent() {
    MethodSpec.Builder m = start(RuleNames.tangentPart(RuleNames.reversePart(rule.name())));
    partParameters(m, true);
    String seed = seedParameter(m, true);
    String seedDot = RuleNames.tangent(seed);
    List<String> partials = popPartials(m, true);
    for (int k = 0; k < partials.size(); k += 2) {
      String p = partials.get(k);
      String pDot = partials.get(k + 1);
      m.addStatement("$N.pushDouble($T.times($N, $N))", tapes, SNAPSHOTS, seed, p);
      m.addStatement("$N.pushDouble($T.times($N, $N) + $T.times($N, $N))", tapes, SNAPSHOTS,
          seedDot, p, SNAPSHOTS, seed, pDot);
    }
    return m.returns(TypeName.VOID)
        .addJavadoc("The tangent form of {@link #$L}: the adjoints {@code seed * p} and their"
            + " tangents {@code seedDot * p + seed * pDot}, each number parameter's pushed"
            + " followed by its tangent.\n", RuleNames.reversePart(rule.name()))
        .build();
  }

  /**
   * The partial derivatives the forward part left on the tape, in parameter order (each followed
   * by its tangent in a tangent form), taken from the last.
   */
  private List<String> popPartials(MethodSpec.Builder m, boolean tangents) {
    List<String> out = new ArrayList<>();
    for (int k = arity() - 1; k >= 0; k--) {
      if (!rule.differentiable(k)) {
        continue;
      }
      if (tangents) {
        String pDot = names.fresh(RuleNames.tangent("partial" + capitalized(name(k))));
        m.addStatement("double $N = $N.popDouble()", pDot, tapes);
        out.add(0, pDot);
      }
      String p = names.fresh("partial" + capitalized(name(k)));
      m.addStatement("double $N = $N.popDouble()", p, tapes);
      out.add(0, p);
    }
    return out;
  }

  private static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /**
   * {@code (Tapes tapes, x, [xDot], [xBar, [xBarDot]], ...)}: a callee's part's parameters,
   * each array followed by its adjoint buffer; in a tangent form each value carrying a
   * derivative is followed by its tangent.
   */
  private void partParameters(MethodSpec.Builder m, boolean tangents) {
    m.addParameter(TAPES, tapes);
    for (int k = 0; k < arity(); k++) {
      m.addParameter(type(k), name(k));
      if (tangents && rule.differentiable(k)) {
        m.addParameter(tangentType(k), tangent(k));
      }
      if (hasBuffer(k)) {
        m.addParameter(tangentType(k), adjoint(k));
        if (tangents) {
          m.addParameter(tangentType(k), RuleNames.tangent(adjoint(k)));
        }
      }
    }
  }

  /** The cotangent of the result ({@code seed}, or an array's), or null for a void target. */
  private String seedParameter(MethodSpec.Builder m, boolean tangents) {
    Type returns = rule.returnType();
    if (returns.equals(Type.VOID)) {
      return null;
    }
    String seed = names.fresh(returns.isFloating() ? "seed" : "resultBar");
    TypeName type = returns.isFloating() ? TypeName.DOUBLE
        : JavaEmitter.typeName(returns.tangentType());
    m.addParameter(type, seed);
    if (tangents) {
      m.addParameter(type, names.fresh(RuleNames.tangent(seed)));
    }
    return seed;
  }

  /** The holder's reverse rule's arguments (in a tangent form, each with its tangent). */
  private List<CodeBlock> reverseArgs(String seed, String bars, boolean tangents) {
    return reverseArgs(seed, bars, tangents, false);
  }

  /**
   * As {@link #reverseArgs(String, String, boolean)}; {@code copied}: copies of the adjoint
   * buffers and fresh number adjoints in their places, so the call updates only the tangents.
   */
  private List<CodeBlock> reverseArgs(String seed, String bars, boolean tangents,
      boolean copied) {
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (tangents && rule.differentiable(k)) {
        args.add(CodeBlock.of("$N", tangent(k)));
      }
      if (hasBuffer(k)) {
        Type type = rule.parameterTypes().get(k);
        args.add(!copied ? CodeBlock.of("$N", adjoint(k))
            : type.shape() != null
            ? CodeBlock.of("$L.copy($N)", type.shape().tangentName(), adjoint(k))
            : CodeBlock.of("$T.copy($N)", SNAPSHOTS, adjoint(k)));
        if (tangents) {
          args.add(CodeBlock.of("$N", RuleNames.tangent(adjoint(k))));
        }
      }
    }
    if (seed != null) {
      boolean literal = Character.isDigit(seed.charAt(0)); // 1.0: a preaccumulating call
      args.add(literal ? CodeBlock.of("$L", seed) : CodeBlock.of("$N", seed));
      if (tangents) {
        args.add(literal ? CodeBlock.of("0.0") : CodeBlock.of("$N", RuleNames.tangent(seed)));
      }
    }
    if (bars != null) {
      args.add(copied ? CodeBlock.of("new double[$L]", scalarCount()) : CodeBlock.of("$N", bars));
    }
    return args;
  }

  /**
   * True if the reverse part calls the holder's reverse rule only for a cotangent that is not
   * zero: a number result, and no arrays to put back around the call.
   */
  private boolean skipsZeroSeed(List<String> entries) {
    return rule.returnType().isFloating() && entries.isEmpty();
  }

  /** Takes the entry contents the forward part kept off the tape, last first. */
  private List<String> popEntries(MethodSpec.Builder m, boolean tangents) {
    List<String> entries = new ArrayList<>();
    for (int k = arity() - 1; k >= 0; k--) {
      if (!keepsEntry(k)) {
        continue;
      }
      if (tangents) {
        String dotEntry = names.fresh(tangent(k) + "Entry");
        m.addStatement("$T $N = ($T) $N.popRef()", tangentType(k), dotEntry, tangentType(k),
            tapes);
        entries.add(0, dotEntry);
      }
      String entry = names.fresh(name(k) + "Entry");
      m.addStatement("$T $N = ($T) $N.popRef()", type(k), entry, type(k), tapes);
      entries.add(0, entry);
    }
    return entries;
  }

  /** Puts the kept entry contents back into the arrays (and their tangents). */
  private void restore(MethodSpec.Builder m, List<String> entries, boolean tangents) {
    int at = 0;
    for (int k = 0; k < arity(); k++) {
      if (!keepsEntry(k)) {
        continue;
      }
      m.addStatement("$T.restore($N, $N)", SNAPSHOTS, name(k), entries.get(at++));
      if (tangents) {
        m.addStatement("$T.restore($N, $N)", SNAPSHOTS, tangent(k), entries.get(at++));
      }
    }
  }

  private String scalarBars(MethodSpec.Builder m) {
    if (scalarCount() == 0) {
      return null;
    }
    String bars = names.fresh("scalarBars");
    m.addStatement("double[] $N = new double[$L]", bars, scalarCount());
    return bars;
  }

  private void pushScalarBars(MethodSpec.Builder m, String bars, String barsDot) {
    for (int at = 0; at < scalarCount(); at++) {
      m.addStatement("$N.pushDouble($N[$L])", tapes, bars, at);
      if (barsDot != null) {
        m.addStatement("$N.pushDouble($N[$L])", tapes, barsDot, at);
      }
    }
  }

  /** True if the arrays' entry contents are kept: the target may write parameter k. */
  private boolean keepsEntry(int k) {
    return !rule.readOnly() && rule.parameterTypes().get(k).isArray();
  }

  private boolean anyKept() {
    for (int k = 0; k < arity(); k++) {
      if (keepsEntry(k)) {
        return true;
      }
    }
    return false;
  }

  /** A parameter followed by an adjoint buffer in the reverse parts: a differentiable array. */
  private boolean hasBuffer(int k) {
    return rule.differentiable(k) && rule.parameterTypes().get(k).hasShadow();
  }

  private int scalarCount() {
    int n = 0;
    for (int k = 0; k < arity(); k++) {
      if (rule.differentiable(k) && rule.parameterTypes().get(k).isFloating()) {
        n++;
      }
    }
    return n;
  }

  private List<CodeBlock> primalArgs() {
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
    }
    return args;
  }

  private MethodSpec.Builder start(String name) {
    List<String> taken = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      taken.addAll(List.of(name(k), tangent(k), adjoint(k), RuleNames.tangent(adjoint(k))));
    }
    names = new Names(taken);
    tapes = names.fresh("tapes");
    MethodSpec.Builder m = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC);
    rule.thrown().forEach(t -> m.addException(ClassName.bestGuess(t)));
    return m;
  }

  /** {@code erf(double)}: the target's signature, for Javadoc links. */
  private String link() {
    List<String> params = new ArrayList<>();
    for (Type t : rule.parameterTypes()) {
      params.add(t.toString());
    }
    return rule.method() + "(" + String.join(", ", params) + ")";
  }

  private int arity() {
    return rule.parameterTypes().size();
  }

  private String name(int k) {
    return rule.parameterNames().get(k);
  }

  private String tangent(int k) {
    return RuleNames.tangent(name(k));
  }

  private String adjoint(int k) {
    return RuleNames.adjoint(name(k));
  }

  private TypeName type(int k) {
    return JavaEmitter.typeName(rule.parameterTypes().get(k));
  }

  private TypeName tangentType(int k) {
    return JavaEmitter.typeName(rule.parameterTypes().get(k).tangentType());
  }

  private static CodeBlock join(List<CodeBlock> args) {
    return CodeBlock.join(args, ",$W");
  }

  /** What the forward rule returns: {@code Dual}, {@code DualArray}, ..., or nothing. */
  private Type forwardResult() {
    return rule.returnType().equals(Type.VOID) ? Type.VOID
        : io.jgrad.processor.transform.ForwardTransform.dualOf(rule.returnType());
  }
}
