package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.ParameterSlots;
import io.jgrad.processor.rules.RuleNames;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Second-order rules by forward-over-reverse: the tangent forms ({@link TangentSweeps}) of every
 * rule's two reverse parts, which generated callers chain as they chain the parts, and, for a
 * method with a {@code double} or {@code float} result, {@code fHvpAdjoint}: the tangent form of
 * {@code fAdjoint} with the seed held fixed, which adds the gradient into the adjoint buffers
 * and the Hessian times the direction into their tangents.
 *
 * <p>A method whose rules hold what the tangent forms do not handle yet (records, objects), or
 * that calls such a method, gets none: its first-order rules are unaffected.
 */
public final class SecondOrderRules {
  /**
   * A method's first-order reverse rule, as {@link ReverseTransform} made it: {@code adjoint}
   * calls the two parts, {@code joint} (null if none) runs both sweeps itself with fused loops.
   */
  public record Input(Function primal, Function adjoint, Function joint, Var jointValue,
      Function forwardPart, Function reversePart, boolean entryPoint) {}

  /**
   * The tangent parts, and the Hessian-vector product entry point (null for helpers); {@code
   * hvpDirections}, with the k-direction forms of the parts it calls, is {@code fHvpAdjoint}
   * carrying several directions ({@link VectorTangents}; null where it cannot); {@code adjoint}
   * the {@code fAdjoint} {@code hvp} is the forward mode of (the joint one or the other: their
   * gradients may differ in rounding, and {@code fHvp}'s must be {@code fAdjoint}'s bit for
   * bit); {@code hvpHalves} the two methods {@code hvp} calls where it is too large for one
   * ({@link SweepHalves}), else empty.
   */
  public record Output(Function forwardTangent, Function reverseTangent, Function hvp,
      Function hvpForward, Function hvpDirections, Function hvpForwardDirections,
      Function reverseTangentDirections, Function adjoint, List<Function> hvpHalves) {
    /** These rules with {@code pooled} of the entry points ({@link PooledArrays}). */
    public Output withPooledArrays(java.util.function.UnaryOperator<Function> pooled) {
      return new Output(forwardTangent, reverseTangent, pooled.apply(hvp), hvpForward,
          hvpDirections, hvpForwardDirections, reverseTangentDirections,
          pooled.apply(adjoint), hvpHalves);
    }
  }

  private SecondOrderRules() {}

  /**
   * The second-order rules of every method in {@code rules} (by callee key) that can have them.
   *
   * @param compiledElsewhere true for a callee of another compilation whose rules have tangent
   *     parts
   * @param whyNone filled with why, for each method of {@code rules} that gets none or no
   *     Hessian-vector product, where this transform knows (an error message's clause)
   */
  public static Map<String, Output> apply(Map<String, Input> rules, CalleeTable table,
      Predicate<GradCallee> compiledElsewhere, Predicate<Function> fitsOneMethod,
      java.util.function.BiConsumer<String, RuntimeException> internalError,
      Map<String, String> whyNone) {
    Map<String, Output> out = new LinkedHashMap<>();
    Map<String, Set<String>> uses = new HashMap<>();
    for (Map.Entry<String, Input> e : rules.entrySet()) {
      Input in = e.getValue();
      if (in.forwardPart() == null) {
        continue;
      }
      Set<String> used = new HashSet<>();
      try {
        TangentSweeps.Parts parts = parts(table, in, used);
        Function forward = TangentSweeps.applyAndClean(in.forwardPart(),
            RuleNames.tangentPart(in.forwardPart().name()), parts, Set.of(), Map.of(), true);
        TangentSweeps.Result reverse = TangentSweeps.applyWithTangents(in.reversePart(),
            RuleNames.tangentPart(in.reversePart().name()), parts, Set.of(), Map.of(), false,
            true);
        boolean fits = recordFits(in.primal());
        boolean hasHvp = in.entryPoint() && in.primal().returnType().isFloating() && fits;
        if (!fits) {
          whyNone.put(e.getKey(), "its Hessian-vector product's record or method would take"
              + " more than the JVM's 255 parameter slots");
        }
        Function adjoint = in.joint() != null ? in.joint() : in.adjoint();
        TangentSweeps.Result hvp = hasHvp ? hvpAdjoint(in, adjoint, parts) : null;
        // fHvpAdjoint's own forward sweep: without the value's tangent, which it does not read
        // (dead-store elimination then drops the tangents that only fed it)
        TangentSweeps.Result hvpForward = hvp == null ? null
            : TangentSweeps.applyWithTangents(in.forwardPart(),
                RuleNames.hvpForward(in.primal().name()), parts, Set.of(), Map.of(), false,
                true);
        Function[] vector = hvp == null ? new Function[3] : directions(hvp, hvpForward, reverse);
        Function hvpFunction = hvp == null ? null : hvp.function();
        List<Function> halves = List.of();
        if (hvp != null && adjoint == in.joint() && (!fitsOneMethod.test(hvpFunction)
            || Boolean.getBoolean("jgrad.hvpHalves"))) {
          // the fused loops' second order, too large for one method: split where its forward
          // sweep ends, with one HVP per column for the Hessian (the k-direction form would be
          // larger still); failing that, the parts' instead (-Djgrad.hvpHalves=true splits every
          // one, for tests)
          SweepHalves.Halves split = SweepHalves.of(hvpFunction, in.jointValue(),
              hvpFunction.name() + "ForwardSweep", hvpFunction.name() + "ReverseSweep");
          if (split != null && fitsOneMethod.test(split.first())
              && fitsOneMethod.test(split.second())) {
            hvpFunction = split.caller();
            halves = List.of(split.first(), split.second());
          } else {
            adjoint = in.adjoint();
            hvp = hvpAdjoint(in, adjoint, parts);
            hvpFunction = hvp.function();
          }
          vector = adjoint == in.joint() ? new Function[3]
              : directions(hvp, hvpForward, reverse);
        }
        out.put(e.getKey(), new Output(forward, reverse.function(), hvpFunction,
            hvpForward == null ? null : hvpForward.function(), vector[0], vector[1],
            vector[2], adjoint, halves));
        uses.put(e.getKey(), used);
      } catch (TangentSweeps.Unsupported unsupported) {
        // no second-order rules for this method (see the class comment)
        whyNone.put(e.getKey(), "its reverse rule holds " + unsupported.getMessage()
            + ", which jgrad's second-order transform does not handle yet");
        if (Boolean.getBoolean("jgrad.debug")) {
          System.err.println("jgrad: no second-order rules for " + e.getKey() + ": "
              + unsupported.getMessage());
        }
      } catch (RuntimeException bug) {
        internalError.accept(e.getKey(), bug);
      }
    }
    // a method calling one without tangent parts has none either
    boolean changed = true;
    while (changed) {
      changed = false;
      for (java.util.Iterator<String> it = out.keySet().iterator(); it.hasNext(); ) {
        String key = it.next();
        String missing = uses.get(key).stream().filter(callee -> !out.containsKey(callee)
            && (rules.containsKey(callee) || !compiledElsewhere.test(table.byKey().get(callee))))
            .findFirst().orElse(null);
        if (missing != null) {
          it.remove();
          changed = true;
          GradCallee callee = table.byKey().get(missing);
          String why = whyNone.get(missing);
          whyNone.put(key, callee != null && table.isNested(callee)
              ? "it reads other methods' rules, itself or in a method it calls"
              : "it calls " + (callee == null ? missing : callee.owner() + "." + callee.name())
                  + ", which has none"
                  + (why == null ? "" : ": " + why));
        }
      }
    }
    return out;
  }

  /**
   * True if {@code FHvp} (the value, then each differentiable parameter's derivative, then its
   * Hessian-vector product) and {@code fHvp} (each parameter followed by its direction) stay
   * within the JVM's 255 parameter slots.
   */
  private static boolean recordFits(Function primal) {
    int record = ParameterSlots.of(Type.DOUBLE);
    int convenience = 0;
    for (Var p : primal.params()) {
      convenience += ParameterSlots.of(p.type());
      if (p.isDifferentiableParam()) {
        record += 2 * ParameterSlots.of(p.type().tangentType());
        convenience += ParameterSlots.of(p.type().tangentType());
      }
    }
    return record <= ParameterSlots.LIMIT && convenience <= ParameterSlots.LIMIT;
  }

  /**
   * {@code fHvpAdjoint}, {@code fHvpForward} and {@code fReverseTangent} carrying several
   * directions ({@link VectorTangents}), or three nulls where one of them cannot.
   */
  private static Function[] directions(TangentSweeps.Result hvp,
      TangentSweeps.Result hvpForward, TangentSweeps.Result reverse) {
    Function forwardDirections = VectorTangents.applyToPart(hvpForward, Map.of(),
        RuleNames.forwardDirections(hvpForward.function().name()));
    Function reverseDirections = VectorTangents.applyToPart(reverse, Map.of(),
        RuleNames.forwardDirections(reverse.function().name()));
    if (forwardDirections == null || reverseDirections == null) {
      return new Function[3];
    }
    Map<String, VectorTangents.Partner> partners = Map.of(
        hvpForward.function().name(), new VectorTangents.Partner(hvpForward.function(),
            hvpForward.tangents(), forwardDirections.name()),
        reverse.function().name(), new VectorTangents.Partner(reverse.function(),
            reverse.tangents(), reverseDirections.name()));
    Function hvpDirections = VectorTangents.applyToPart(hvp, partners,
        RuleNames.forwardDirections(hvp.function().name()));
    return hvpDirections == null ? new Function[3]
        : new Function[] {hvpDirections, forwardDirections, reverseDirections};
  }

  /**
   * {@code fHvpAdjoint(x, xDir, xBar, xHvp, seed, scalarBars, scalarHvps)}: the tangent form of
   * {@code adjoint} (an {@code fAdjoint}); the seed is a constant, each argument's tangent is named for what it is
   * to the caller (the direction {@code xDir}, the product {@code xHvp}).
   */
  private static TangentSweeps.Result hvpAdjoint(Input in, Function adjoint,
      TangentSweeps.Parts parts) {
    Set<String> primalNames = new HashSet<>();
    in.primal().params().forEach(p -> primalNames.add(p.name()));
    Set<Var> zero = new HashSet<>();
    Map<Var, String> names = new HashMap<>();
    for (Var p : adjoint.params()) {
      if (primalNames.contains(p.name())) {
        names.put(p, p.name() + "Dir");
      } else if (p.type().isFloating()) {
        zero.add(p); // the seed
      } else if (p.name().endsWith("Bars")) {
        names.put(p, p.name().substring(0, p.name().length() - 4) + "Hvps");
      } else if (p.name().endsWith("Bar")) {
        names.put(p, p.name().substring(0, p.name().length() - 3) + "Hvp");
      }
    }
    // cleaned: an fAdjoint that runs both sweeps itself (fused loops) computes the value's
    // tangent, which nothing reads
    return TangentSweeps.applyWithTangents(adjoint,
        RuleNames.hvpAdjoint(in.primal().name()), parts, zero, names, false, true);
  }

  /** Resolves calls to reverse parts: this method's own, and its callees' (noted in used). */
  private static TangentSweeps.Parts parts(CalleeTable table, Input in, Set<String> used) {
    return call -> {
      if (call.owner().equals(ReverseTransform.SELF)) {
        if (call.name().equals(in.forwardPart().name())) {
          // only fHvpAdjoint calls its own parts: the forward sweep without the value's tangent
          return new TangentSweeps.PartCall(call.owner(),
              RuleNames.hvpForward(in.primal().name()), TangentSweeps.ownSlots(in.forwardPart()),
              false);
        }
        if (call.name().equals(in.reversePart().name())) {
          return new TangentSweeps.PartCall(call.owner(), RuleNames.tangentPart(call.name()),
              TangentSweeps.ownSlots(in.reversePart()), false);
        }
        return null;
      }
      for (Map.Entry<String, GradCallee> e : table.byKey().entrySet()) {
        GradCallee callee = e.getValue();
        if (!call.owner().equals(callee.reverseClass())) {
          continue;
        }
        boolean forward = call.name().equals(RuleNames.forwardPart(callee.name()));
        if (forward || call.name().equals(RuleNames.reversePart(callee.name()))) {
          used.add(e.getKey());
          return new TangentSweeps.PartCall(call.owner(), RuleNames.tangentPart(call.name()),
              TangentSweeps.calleeSlots(callee, !forward), forward);
        }
      }
      return null;
    };
  }
}
