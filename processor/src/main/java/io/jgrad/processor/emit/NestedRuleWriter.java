package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.NestedRule;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The rules of a {@link NestedRule}, written into the caller's rule classes: a forward rule and
 * the two reverse parts, with the conventions of a callee's. They are made of the target's
 * second-order rules ({@code gHvpAdjoint}): the derivative of {@code ∇g(x)·d} along {@code
 * (xDot, dDot)} is {@code xDot·(H d) + dDot·∇g(x)}, its adjoint adds {@code seed·H d} to {@code
 * xBar} and {@code seed·∇g} to {@code dBar}; the derivative of {@code ∇g(x)} along {@code xDot}
 * is {@code H xDot}, and its adjoint, {@code H} being symmetric, adds {@code H·resultBar}. The
 * values are the target's own rules' (bit for bit what the primal reads).
 */
final class NestedRuleWriter {
  private static final ClassName DUAL = ClassName.get("io.jgrad", "Dual");
  private static final ClassName DUAL_ARRAY = ClassName.get("io.jgrad", "DualArray");
  private static final ClassName DUAL_MATRIX = ClassName.get("io.jgrad", "DualMatrix");
  private static final ClassName SNAPSHOTS = ClassName.get("io.jgrad.tape", "Snapshots");
  private static final ClassName TAPES = ClassName.get("io.jgrad.tape", "Tapes");

  private final NestedRule rule;
  private final GradCallee target;
  private final ClassName forwardClass;
  private final ClassName reverseClass;
  private final List<String> taken = new ArrayList<>();
  /** Fresh for each method written: names of its locals that no parameter takes. */
  private Names names;
  private String tapes;

  NestedRuleWriter(NestedRule rule) {
    this.rule = rule;
    this.target = rule.target();
    this.forwardClass = ClassName.get(target.packageName(),
        RuleNames.forwardClass(target.ruleBase()));
    this.reverseClass = ClassName.get(target.packageName(),
        RuleNames.reverseClass(target.ruleBase()));
    for (String n : rule.names()) {
      taken.addAll(List.of(n, RuleNames.tangent(n), dir(n), RuleNames.tangent(dir(n)),
          RuleNames.adjoint(n), RuleNames.adjoint(dir(n)), n + "Hvp", n + "Gradient"));
    }
  }

  private static String dir(String name) {
    return name + "Dir";
  }

  /** The forward rule, for the caller's {@code _Frule} class. */
  MethodSpec forward() {
    MethodSpec.Builder m = start(rule.synthetic().name());
    for (int k = 0; k < arity(); k++) {
      m.addParameter(type(k), name(k));
      if (target.differentiable(k)) {
        m.addParameter(tangentType(k), RuleNames.tangent(name(k)));
        if (rule.kind() == NestedRule.Kind.TANGENT) {
          m.addParameter(tangentType(k), dir(name(k)));
          m.addParameter(tangentType(k), RuleNames.tangent(dir(name(k))));
        }
      }
    }
    String value = names.fresh("value");
    if (rule.kind() == NestedRule.Kind.TANGENT) {
      m.addStatement("double $N = $T.$L($L).tangent()", value, forwardClass, target.name(),
          join(directionArgs()));
    }
    Buffers b = buffers(m);
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (!target.differentiable(k)) {
        continue;
      }
      // TANGENT: H times the direction; ADJOINT: H times the tangent
      args.add(CodeBlock.of("$N", rule.kind() == NestedRule.Kind.TANGENT ? dir(name(k))
          : RuleNames.tangent(name(k))));
      if (!target.differentiableScalar(k)) {
        m.addStatement("$T $N = $T.zerosLike($N)", tangentType(k), gradient(k), SNAPSHOTS,
            name(k));
        m.addStatement("$T $N = $T.zerosLike($N)", tangentType(k), hvp(k), SNAPSHOTS, name(k));
        args.add(CodeBlock.of("$N", gradient(k)));
        args.add(CodeBlock.of("$N", hvp(k)));
      }
    }
    // where every tangent is zero the derivative is zero, even where the Hessian is not finite
    // (reverse mode, whose adjoint is zero there, adds nothing either)
    m.beginControlFlow("if ($L)", moving());
    hvpCall(m, args, CodeBlock.of("1.0"), b);
    if (rule.kind() == NestedRule.Kind.ADJOINT) {
      m.nextControlFlow("else");
      adjointCall(m, b); // the gradient alone, as the HVP computes it
    }
    m.endControlFlow();
    if (rule.kind() == NestedRule.Kind.ADJOINT) {
      int q = rule.param();
      if (target.differentiableScalar(q)) {
        int at = scalarIndex(q);
        m.addStatement("return new $T($N[$L], $N[$L])", DUAL, b.bars, at, b.hvps, at);
      } else {
        m.addStatement("return new $T($N, $N)", typeOf(q).dimensions() == 2 ? DUAL_MATRIX
            : DUAL_ARRAY, gradient(q), hvp(q));
      }
      return m.returns(rule.synthetic().returnType().dimensions() == 2 ? DUAL_MATRIX
          : rule.synthetic().returnType().isArray() ? DUAL_ARRAY : DUAL)
          .addJavadoc("The derivative of {@code $T.$L(...).$L()} along the tangents: the"
              + " Hessian of {@link $T#$L} times them, from {@link $T#$L}.\n", reverseClass,
              target.name(), RuleNames.adjoint(name(q)), ClassName.bestGuess(target.owner()),
              target.name(), reverseClass, RuleNames.hvpAdjoint(target.name()))
          .build();
    }
    String tangent = names.fresh("tangent");
    m.addStatement("double $N = 0.0", tangent);
    for (int k = 0; k < arity(); k++) {
      if (target.differentiableScalar(k)) {
        int at = scalarIndex(k);
        m.addStatement("$N += $T.times($N, $N[$L]) + $T.times($N, $N[$L])", tangent,
            SNAPSHOTS, RuleNames.tangent(name(k)), b.hvps, at, SNAPSHOTS,
            RuleNames.tangent(dir(name(k))), b.bars, at);
      } else if (target.differentiable(k)) {
        m.addStatement("$N += $T.dot($N, $N) + $T.dot($N, $N)", tangent, SNAPSHOTS,
            RuleNames.tangent(name(k)), hvp(k), SNAPSHOTS, RuleNames.tangent(dir(name(k))),
            gradient(k));
      }
    }
    m.addStatement("return new $T($N, $N)", DUAL, value, tangent);
    return m.returns(DUAL)
        .addJavadoc("{@code $T.$L(...).tangent()} and its derivative along the tangents of"
            + " the arguments and of the directions: the Hessian of {@link $T#$L} times the"
            + " direction, from {@link $T#$L}, and its gradient.\n", forwardClass,
            target.name(), ClassName.bestGuess(target.owner()), target.name(), reverseClass,
            RuleNames.hvpAdjoint(target.name()))
        .build();
  }

  /** The forward part of the reverse rule, for the caller's {@code _Rrule} class. */
  MethodSpec forwardPart() {
    MethodSpec.Builder m = start(RuleNames.forwardPart(rule.synthetic().name()));
    partParameters(m);
    if (rule.kind() == NestedRule.Kind.TANGENT) {
      m.addStatement("return $T.$L($L).tangent()", forwardClass, target.name(),
          join(directionArgs()));
      return m.returns(TypeName.DOUBLE)
          .addJavadoc("The value of {@code $T.$L(...).tangent()} (forward sweep).\n",
              forwardClass, target.name()).build();
    }
    // the gradient as the target's convenience rule computes it: fresh buffers, seed 1
    List<CodeBlock> args = new ArrayList<>();
    String scalars = target.scalarCount() > 0 ? names.fresh("scalarBars") : null;
    if (scalars != null) {
      m.addStatement("double[] $N = new double[$L]", scalars, target.scalarCount());
    }
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (target.differentiable(k) && !target.differentiableScalar(k)) {
        m.addStatement("$T $N = $T.zerosLike($N)", tangentType(k), gradient(k), SNAPSHOTS,
            name(k));
        args.add(CodeBlock.of("$N", gradient(k)));
      }
    }
    args.add(CodeBlock.of("1.0"));
    if (scalars != null) {
      args.add(CodeBlock.of("$N", scalars));
    }
    m.addStatement("$T.$L($L)", reverseClass, RuleNames.adjointMethod(target.name()), join(args));
    int q = rule.param();
    if (target.differentiableScalar(q)) {
      m.addStatement("return $N[$L]", scalars, scalarIndex(q));
    } else {
      m.addStatement("return $N", gradient(q));
    }
    return m.returns(JavaEmitter.typeName(rule.synthetic().returnType()))
        .addJavadoc("The value of {@code $T.$L(...).$L()} (forward sweep).\n", reverseClass,
            target.name(), RuleNames.adjoint(name(q)))
        .build();
  }

  /**
   * The reverse part: adds the adjoints of the array arguments into their buffers and pushes
   * those of the number arguments, last on top.
   */
  MethodSpec reversePart() {
    MethodSpec.Builder m = start(RuleNames.reversePart(rule.synthetic().name()));
    partParameters(m);
    String seed = names.fresh(rule.kind() == NestedRule.Kind.TANGENT ? "seed" : "resultBar");
    m.addParameter(JavaEmitter.typeName(rule.synthetic().returnType()), seed);
    Buffers b = buffers(m);
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (!target.differentiable(k)) {
        continue;
      }
      boolean scalar = target.differentiableScalar(k);
      if (rule.kind() == NestedRule.Kind.TANGENT) {
        // seed·∇g into the direction's adjoint, seed·H·dir into the argument's
        args.add(CodeBlock.of("$N", dir(name(k))));
        if (!scalar) {
          args.add(CodeBlock.of("$N", RuleNames.adjoint(dir(name(k)))));
          args.add(CodeBlock.of("$N", RuleNames.adjoint(name(k))));
        }
      } else {
        // H times resultBar in the slot of the parameter read: the gradient is not wanted
        args.add(k == rule.param() ? CodeBlock.of("$N", seed)
            : scalar ? CodeBlock.of("0.0") : CodeBlock.of("$T.zerosLike($N)", SNAPSHOTS, name(k)));
        if (!scalar) {
          args.add(CodeBlock.of("$T.zerosLike($N)", SNAPSHOTS, name(k)));
          args.add(CodeBlock.of("$N", RuleNames.adjoint(name(k))));
        }
      }
    }
    // a zero cotangent adds nothing (not even where the Hessian is not finite)
    m.beginControlFlow("if ($L)", rule.synthetic().returnType().isArray()
        ? CodeBlock.of("!$T.isZero($N)", SNAPSHOTS, seed) : CodeBlock.of("$N != 0.0", seed));
    hvpCall(m, args, CodeBlock.of("$N", rule.kind() == NestedRule.Kind.TANGENT ? seed : "1.0"),
        b);
    m.endControlFlow();
    for (int k = 0; k < arity(); k++) {
      if (target.differentiableScalar(k)) {
        m.addStatement("$N.pushDouble($N[$L])", tapes, b.hvps, scalarIndex(k));
        if (rule.kind() == NestedRule.Kind.TANGENT) {
          m.addStatement("$N.pushDouble($N[$L])", tapes, b.bars, scalarIndex(k));
        }
      }
    }
    return m.returns(TypeName.VOID)
        .addJavadoc("The reverse sweep of {@link #$L}: adds the adjoints of the array"
            + " arguments into their buffers and pushes those of the number arguments (last on"
            + " top), from {@link $T#$L}.\n", RuleNames.forwardPart(rule.synthetic().name()),
            reverseClass, RuleNames.hvpAdjoint(target.name()))
        .build();
  }

  /** {@code (Tapes tapes, x, xBar, xDir, xDirBar, ...)}: a callee's reverse parts' arguments. */
  private void partParameters(MethodSpec.Builder m) {
    m.addParameter(TAPES, tapes);
    for (int k = 0; k < arity(); k++) {
      m.addParameter(type(k), name(k));
      boolean array = target.differentiable(k) && !target.differentiableScalar(k);
      if (array) {
        m.addParameter(tangentType(k), RuleNames.adjoint(name(k)));
      }
      if (rule.kind() == NestedRule.Kind.TANGENT && target.differentiable(k)) {
        m.addParameter(tangentType(k), dir(name(k)));
        if (array) {
          m.addParameter(tangentType(k), RuleNames.adjoint(dir(name(k))));
        }
      }
    }
  }

  /** {@code xDot != 0.0 || !Snapshots.isZero(yDot) || ...}: some tangent of the rule is not 0. */
  private CodeBlock moving() {
    List<CodeBlock> terms = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      if (!target.differentiable(k)) {
        continue;
      }
      List<String> tangents = new ArrayList<>(List.of(RuleNames.tangent(name(k))));
      if (rule.kind() == NestedRule.Kind.TANGENT) {
        tangents.add(RuleNames.tangent(dir(name(k))));
      }
      for (String t : tangents) {
        terms.add(target.differentiableScalar(k) ? CodeBlock.of("$N != 0.0", t)
            : CodeBlock.of("!$T.isZero($N)", SNAPSHOTS, t));
      }
    }
    return terms.isEmpty() ? CodeBlock.of("false") : CodeBlock.join(terms, " ||$W");
  }

  /** {@code G_Rrule.gAdjoint(x, xGradient, ..., 1.0, scalarBars)}: the gradient into b. */
  private void adjointCall(MethodSpec.Builder m, Buffers b) {
    List<CodeBlock> args = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      args.add(CodeBlock.of("$N", name(k)));
      if (target.differentiable(k) && !target.differentiableScalar(k)) {
        args.add(CodeBlock.of("$N", gradient(k)));
      }
    }
    args.add(CodeBlock.of("1.0"));
    if (b.bars != null) {
      args.add(CodeBlock.of("$N", b.bars));
    }
    m.addStatement("$T.$L($L)", reverseClass, RuleNames.adjointMethod(target.name()), join(args));
  }

  private record Buffers(String bars, String hvps) {}

  /** {@code scalarBars} and {@code scalarHvps}, if the target has number parameters. */
  private Buffers buffers(MethodSpec.Builder m) {
    if (target.scalarCount() == 0) {
      return new Buffers(null, null);
    }
    Buffers b = new Buffers(names.fresh("scalarBars"), names.fresh("scalarHvps"));
    m.addStatement("double[] $N = new double[$L]", b.bars, target.scalarCount());
    m.addStatement("double[] $N = new double[$L]", b.hvps, target.scalarCount());
    return b;
  }

  private void hvpCall(MethodSpec.Builder m, List<CodeBlock> args, CodeBlock seed, Buffers b) {
    List<CodeBlock> all = new ArrayList<>(args);
    all.add(seed);
    if (b.bars != null) {
      all.add(CodeBlock.of("$N", b.bars));
      all.add(CodeBlock.of("$N", b.hvps));
    }
    m.addStatement("$T.$L($L)", reverseClass, RuleNames.hvpAdjoint(target.name()), join(all));
  }

  /** {@code g}'s forward rule's arguments: each differentiable one followed by its direction. */
  private List<CodeBlock> directionArgs() {
    List<CodeBlock> out = new ArrayList<>();
    for (int k = 0; k < arity(); k++) {
      out.add(CodeBlock.of("$N", name(k)));
      if (target.differentiable(k)) {
        out.add(CodeBlock.of("$N", dir(name(k))));
      }
    }
    return out;
  }

  private MethodSpec.Builder start(String name) {
    names = new Names(taken);
    tapes = names.fresh("tapes");
    return MethodSpec.methodBuilder(name).addModifiers(Modifier.STATIC);
  }

  private int arity() {
    return target.parameterTypes().size();
  }

  private String name(int k) {
    return rule.names().get(k);
  }

  private String gradient(int k) {
    return name(k) + "Gradient";
  }

  private String hvp(int k) {
    return name(k) + "Hvp";
  }

  private TypeName type(int k) {
    return JavaEmitter.typeName(target.parameterTypes().get(k));
  }

  private TypeName tangentType(int k) {
    return JavaEmitter.typeName(target.parameterTypes().get(k).tangentType());
  }

  private Type typeOf(int k) {
    return target.parameterTypes().get(k);
  }

  /** The index of number parameter {@code k} among the target's scalarBars. */
  private int scalarIndex(int k) {
    int at = 0;
    for (int i = 0; i < k; i++) {
      if (target.differentiableScalar(i)) {
        at++;
      }
    }
    return at;
  }

  private static CodeBlock join(List<CodeBlock> args) {
    return CodeBlock.join(args, ",$W");
  }
}
