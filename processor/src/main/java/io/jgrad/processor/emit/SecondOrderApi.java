package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.jgrad.processor.emit.RuleWriter.Rule;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.transform.SecondOrderRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The second-order part of a reverse rule class ({@link RuleWriter}): the tangent forms of the
 * reverse parts and, for a {@code @Grad} method with a number result, {@code fHvp} with its
 * record, {@code fHvpAdjoint} and {@code fHessian}.
 */
final class SecondOrderApi {
  private final RuleWriter writer;

  SecondOrderApi(RuleWriter writer) {
    this.writer = writer;
  }

  /**
   * The second-order rules, if the method has them: the tangent forms of the reverse parts (what
   * generated callers compose) and, for a {@code @Grad} method with a number result, the
   * Hessian-vector product ({@code fHvp}, {@code fHvpAdjoint}) and the Hessian.
   */
  void add(Rule rule, TypeSpec.Builder type, String gradientRecord) {
    SecondOrderRules.Output second = rule.second();
    if (second == null) {
      return;
    }
    type.addMethod(writer.method(second.forwardTangent(), rule,
        JavaEmitter.typeName(second.forwardTangent().returnType()))
        .addJavadoc("The tangent form of {@link #$L} (forward mode over the reverse rule: second"
            + " derivatives): each argument that carries a derivative is followed by its tangent."
            + " Leaves on this thread's tapes what {@link #$L} needs and, on top, the tangent of"
            + " the value. Generated callers compose second-order rules through it.\n",
            rule.forwardPart().name(), second.reverseTangent().name())
        .addJavadoc(RuleWriter.helperNote(rule))
        .build());
    type.addMethod(writer.method(second.reverseTangent(), rule, TypeName.VOID)
        .addJavadoc("The tangent form of {@link #$L}, taking from this thread's tapes what the"
            + " matching {@link #$L} call left there: each argument that carries a derivative is"
            + " followed by its tangent (an adjoint buffer by the tangent of the adjoint); the"
            + " adjoints of double and float parameters are pushed onto the tape, each followed"
            + " by its tangent.\n", rule.reversePart().name(), second.forwardTangent().name())
        .addJavadoc(RuleWriter.helperNote(rule))
        .build());
    if (second.hvp() == null || rule.helper()) {
      return;
    }
    String recordName = gradientRecord.endsWith("Gradient")
        ? gradientRecord.substring(0, gradientRecord.length() - "Gradient".length()) + "Hvp"
        : RuleNames.hvpRecord(rule.primal().name());
    TypeSpec record = hvpRecord(rule, recordName);
    type.addType(record);
    type.addMethod(hvpConvenience(rule, ClassName.get(writer.packageName,
        RuleNames.reverseClass(writer.ruleBase), record.name())));
    type.addMethod(writer.method(second.hvpForward(), rule,
        JavaEmitter.typeName(second.hvpForward().returnType()))
        .addJavadoc("The forward sweep of {@link #$L}: {@link #$L} without the tangent of the"
            + " value, which {@link #$L} does not need.\n", second.hvp().name(),
            second.forwardTangent().name(), second.hvp().name())
        .build());
    for (Function half : second.hvpHalves()) {
      type.addMethod(writer.privateMethod(half, rule, JavaEmitter.typeName(half.returnType()))
          .addJavadoc("The $L sweep of {@link #$L}, a method of its own: together they would be"
              + " too large for the JIT to compile. Call {@link #$L}.\n",
              half == second.hvpHalves().get(0) ? "forward" : "reverse", second.hvp().name(),
              second.hvp().name())
          .build());
    }
    type.addMethod(writer.method(second.hvp(), rule, JavaEmitter.typeName(second.hvp().returnType()))
        .addJavadoc("Value, gradient and Hessian-vector product of {@link $T#$L}, added into the"
            + " caller's buffers: allocates nothing in steady state.\n\n", writer.owner,
            RuleWriter.linkSignature(rule))
        .addJavadoc("<p>Each differentiable parameter is followed by its direction ({@code xDir});"
            + " each array parameter's adjoint buffer ({@code xBar}) by the buffer its Hessian"
            + " times the direction is added into ({@code xHvp}). Add {@code seed} times the"
            + " gradient and {@code seed} times H&middot;dir. Derivatives are with respect to"
            + " the contents of the arguments on entry; the arguments are left as the primal"
            + " leaves them.")
        .addJavadoc(RuleWriter.hasScalars(rule.primal()) ? " {@code scalarBars[k]} and {@code scalarHvps[k]}"
            + " receive the derivatives with respect to the k-th double or float parameter." : "")
        .addJavadoc("\n\n@return the primal value (bit for bit)\n")
        .build());
    if (second.hvpDirections() != null) {
      addDirections(rule, type);
    }
    if (hasHessian(rule)) {
      type.addMethod(second.hvpDirections() != null ? hessianInChunks(rule) : hessian(rule));
    }
  }

  /** True if the reverse rule class of a {@code @Grad} method has {@code fHessian}. */
  static boolean hasHessian(Rule rule) {
    // (objects, and arrays records hold, that the method may change would need copies of
    // their entry state for each column)
    return rule.second() != null && rule.second().hvp() != null && !rule.helper()
        && rule.primal().params().stream().noneMatch(p -> p.type().shape() != null
            && (p.type().shape().isMutable() || p.type().shape().holdsArrays()));
  }

  /** {@code fHvpAdjointDirections} and the k-direction parts it calls. */
  private void addDirections(Rule rule, TypeSpec.Builder type) {
    SecondOrderRules.Output second = rule.second();
    Function d = second.hvpDirections();
    type.addMethod(writer.method(d, rule, JavaEmitter.typeName(d.returnType()))
        .addJavadoc("{@link #$L} along {@code directions} directions at once: the primal, the"
            + " gradient and every partial derivative computed once, the tangents once per"
            + " direction. Product {@code k} is bit for bit what {@link #$L} adds for the k-th"
            + " direction.\n\n", second.hvp().name(), second.hvp().name())
        .addJavadoc("<p>The direction is the last index: each direction and each buffer of"
            + " Hessian-vector products has one more dimension than in {@link #$L}"
            + " ({@code xDirs[i][k]}, {@code xHvps[i][k]}, {@code scalarHvpsByDirection[j][k]})."
            + " The gradient is added once, into {@code xBar} and {@code scalarBars}."
            + "\n\n@return the primal value (bit for bit)\n", second.hvp().name())
        .build());
    for (Function part : List.of(second.hvpForwardDirections(),
        second.reverseTangentDirections())) {
      type.addMethod(writer.method(part, rule, JavaEmitter.typeName(part.returnType()))
          .addJavadoc("A part of {@link #$L}: {@link #$L} carrying several directions, the"
              + " direction the last index of every tangent.\n", d.name(),
              part == second.hvpForwardDirections() ? second.hvpForward().name()
                  : second.reverseTangent().name())
          .build());
    }
  }

  /**
   * {@code fHessian}'s signature and Javadoc ({@code how} it computes the columns), and the
   * number of columns counted into {@code columns}.
   */
  private MethodSpec.Builder hessianMethod(Rule rule, String columns, CodeBlock how) {
    Function primal = rule.primal();
    MethodSpec.Builder m = MethodSpec.methodBuilder(RuleNames.hessian(primal.name()))
        .addModifiers(RuleWriter.modifiers(rule.isPublic()))
        .addExceptions(rule.thrown())
        .returns(double[][].class)
        .addJavadoc("The Hessian of {@link $T#$L} at the arguments' contents on entry: row and"
            + " column {@code k} are the k-th differentiable input in parameter order (a scalar"
            + " one, an array its elements, a matrix its rows one after the other), as the"
            + " columns of a Jacobian; column {@code k} is the Hessian times the k-th unit"
            + " vector. $L The arguments are left as the primal leaves them.\n",
            writer.owner, RuleWriter.linkSignature(rule), how);
    for (Var p : primal.params()) {
      m.addParameter(JavaEmitter.typeName(p.type()), p.name());
    }
    RuleWriter.countColumns(primal, columns, m);
    return m;
  }

  /**
   * {@code double[][] fHessian(params)} by {@code fHvpAdjointDirections}, {@value
   * RuleWriter#DIRECTIONS_PER_SWEEP} columns per call: the primal and the gradient computed once
   * per chunk instead of once per column.
   */
  private MethodSpec hessianInChunks(Rule rule) {
    Function primal = rule.primal();
    Names names = new Names(primal.params().stream().map(Var::name).collect(Collectors.toList()));
    String columns = names.fresh("columns");
    String value = names.fresh("value");
    String hessian = names.fresh("hessian");
    String first = names.fresh("first");
    String count = names.fresh("count");
    String offset = names.fresh("offset");
    String at = names.fresh("at");
    ClassName directions = ClassName.get("io.jgrad", "Directions");
    MethodSpec.Builder m = hessianMethod(rule, columns, CodeBlock.of("$L columns per call of"
        + " {@link #$L}.", RuleWriter.DIRECTIONS_PER_SWEEP, rule.second().hvpDirections().name()));
    RuleWriter.EntryState state = writer.entryState(rule, names, value, m);
    m.addStatement("double[][] $N = new double[$N][]", hessian, columns);
    m.beginControlFlow("for (int $N = 0; $N < $N; $N += $L)", first, first, columns, first,
        RuleWriter.DIRECTIONS_PER_SWEEP);
    m.addStatement("int $N = $T.min($L, $N - $N)", count, Math.class,
        RuleWriter.DIRECTIONS_PER_SWEEP, columns, first);
    m.addStatement("int $N = 0", offset);
    Map<Var, String> hvpOf = new HashMap<>();
    String scalarHvps = null;
    List<CodeBlock> call = new ArrayList<>();
    for (HvpParam p : hvpParams(rule)) {
      Var entry = p.primal() == null ? null : RuleWriter.entryVar(p.primal(), state.entry());
      switch (p.role()) {
        case PRIMAL -> call.add(RuleWriter.entryCopy(p.param(), state.entry()));
        case SEED -> call.add(CodeBlock.of("1.0"));
        case DIRECTION -> {
          String dirs = names.fresh(p.param().name() + "s");
          if (p.primal().type().isFloating()) {
            m.addStatement("double[] $N = new double[$N]", dirs, count);
          } else {
            m.addStatement("$T $N = $T.zerosLike($N, $N)",
                JavaEmitter.typeName(p.param().type().arrayOf()), dirs, directions,
                entry.name(), count);
          }
          m.addStatement("$N = $T.seed($N, $N, $N)", offset, directions, dirs, first, offset);
          call.add(CodeBlock.of("$N", dirs));
        }
        case BAR -> {
          String bar = names.fresh(p.param().name());
          m.addStatement("$T $N = $L", JavaEmitter.typeName(p.param().type()), bar,
              zeroBuffer(entry));
          call.add(CodeBlock.of("$N", bar));
        }
        case HVP -> {
          String hvps = names.fresh(p.param().name() + "s");
          m.addStatement("$T $N = $T.zerosLike($N, $N)",
              JavaEmitter.typeName(p.param().type().arrayOf()), hvps, directions, entry.name(),
              count);
          hvpOf.put(p.primal(), hvps);
          call.add(CodeBlock.of("$N", hvps));
        }
        case SCALAR_BARS -> {
          String bars = names.fresh(p.param().name());
          m.addStatement("double[] $N = new double[$L]", bars, RuleWriter.scalarCount(primal));
          call.add(CodeBlock.of("$N", bars));
        }
        case SCALAR_HVPS -> {
          scalarHvps = names.fresh(p.param().name() + "ByDirection");
          m.addStatement("double[][] $N = new double[$L][$N]", scalarHvps,
              RuleWriter.scalarCount(primal), count);
          call.add(CodeBlock.of("$N", scalarHvps));
        }
      }
    }
    call.add(CodeBlock.of("$N", count));
    m.addCode(state.dataOnEntry());
    m.addStatement("$N($L)", rule.second().hvpDirections().name(), CodeBlock.join(call, ", "));
    // column first + k is the k-th product: each input's lanes are (part of) its row
    m.addStatement("int $N = 0", at);
    int k = 0;
    for (Var p : primal.params()) {
      if (!p.isDifferentiableParam()) {
        continue;
      }
      if (p.type().isFloating()) {
        m.addStatement("$N = $T.putRow($N, $N, $N[$L], $N, $N)", at, directions, hessian, at,
            scalarHvps, k++, first, columns);
      } else {
        m.addStatement("$N = $T.putRows($N, $N, $N, $N, $N)", at, directions, hessian, at,
            hvpOf.get(p), first, columns);
      }
    }
    m.endControlFlow();
    m.addCode(state.dataFinal());
    m.addStatement("return $N", hessian);
    return m.build();
  }

  /** What each parameter of {@code fHvpAdjoint} is to its caller. */
  enum HvpRole { PRIMAL, DIRECTION, BAR, HVP, SEED, SCALAR_BARS, SCALAR_HVPS }

  /** {@code fHvpAdjoint}'s parameter {@code k}: its role and the primal parameter it is for. */
  record HvpParam(Var param, HvpRole role, Var primal) {}

  /**
   * The parameters of {@code fHvpAdjoint}, read against {@code fAdjoint}'s: each parameter of
   * {@code fAdjoint} that carries a derivative (but the seed) is followed by its tangent.
   */
  static List<HvpParam> hvpParams(Rule rule) {
    List<Var> adjointParams = rule.reverse().params();
    List<Var> hvpParams = rule.second().hvp().params();
    Set<String> primalNames = rule.primal().params().stream().map(Var::name)
        .collect(Collectors.toSet());
    List<HvpParam> out = new ArrayList<>();
    int j = 0;
    Var lastPrimal = null;
    for (int k = 0; k < adjointParams.size(); k++) {
      Var a = adjointParams.get(k);
      HvpRole role;
      HvpRole tangentRole;
      if (primalNames.contains(a.name())) {
        lastPrimal = a;
        role = HvpRole.PRIMAL;
        tangentRole = HvpRole.DIRECTION;
      } else if (a.type().isFloating()) {
        role = HvpRole.SEED;
        tangentRole = null;
      } else if (k == adjointParams.size() - 1 && RuleWriter.hasScalars(rule.primal())) {
        role = HvpRole.SCALAR_BARS;
        tangentRole = HvpRole.SCALAR_HVPS;
      } else {
        role = HvpRole.BAR;
        tangentRole = HvpRole.HVP;
      }
      out.add(new HvpParam(hvpParams.get(j++), role, lastPrimal));
      // a tangent follows every parameter that carries a derivative (the same Var objects)
      Var next = k + 1 < adjointParams.size() ? adjointParams.get(k + 1) : null;
      if (tangentRole != null && j < hvpParams.size() && hvpParams.get(j) != next) {
        out.add(new HvpParam(hvpParams.get(j++), tangentRole, lastPrimal));
      }
    }
    if (j != hvpParams.size()) {
      throw new IllegalStateException("fHvpAdjoint's parameters do not follow fAdjoint's");
    }
    return out;
  }

  /** {@code record FHvp(double value, double aBar, double[] xBar, double aHvp, double[] xHvp)}. */
  private TypeSpec hvpRecord(Rule rule, String name) {
    Function primal = rule.primal();
    MethodSpec.Builder components = MethodSpec.constructorBuilder()
        .addParameter(JavaEmitter.typeName(primal.returnType()), "value");
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("The value, gradient and Hessian-vector product of {@link $T#$L}.\n\n", writer.owner,
            RuleWriter.linkSignature(rule))
        .add("@param value the primal value\n");
    for (String suffix : List.of("Bar", "Hvp")) {
      for (Var p : primal.params()) {
        if (p.isDifferentiableParam()) {
          components.addParameter(JavaEmitter.typeName(p.type().tangentType()),
              p.name() + suffix);
          doc.add(suffix.equals("Bar")
              ? "@param $L the derivative of the value with respect to {@code $L}\n"
              : "@param $L the Hessian times the direction, the part for {@code $L}\n",
              p.name() + suffix, p.name());
        }
      }
    }
    return TypeSpec.recordBuilder(name)
        .addModifiers(RuleWriter.modifiers(rule.isPublic())[0] == Modifier.PUBLIC
            ? new Modifier[] {Modifier.PUBLIC} : new Modifier[0])
        .addJavadoc(doc.build())
        .recordConstructor(components.build())
        .build();
  }

  /** {@code fHvp(a, aDir, x, xDir, n)}: fresh buffers, {@code fHvpAdjoint} with seed 1. */
  private MethodSpec hvpConvenience(Rule rule, ClassName record) {
    List<HvpParam> params = hvpParams(rule);
    Names names = new Names(params.stream().map(p -> p.param().name())
        .collect(Collectors.toList()));
    MethodSpec.Builder m = MethodSpec.methodBuilder(RuleNames.hvp(rule.primal().name()))
        .addModifiers(RuleWriter.modifiers(rule.isPublic()))
        .addExceptions(rule.thrown())
        .returns(record)
        .addJavadoc("Value, gradient and Hessian-vector product of {@link $T#$L}, in freshly"
            + " allocated storage: each differentiable parameter is followed by its direction."
            + " Derivatives are with respect to the arguments' contents on entry; the arguments"
            + " are left as the primal leaves them.\n\n", writer.owner, RuleWriter.linkSignature(rule))
        .addJavadoc("@return the primal value (bit for bit), the gradient and the Hessian times the"
            + " direction\n");
    List<CodeBlock> call = new ArrayList<>();
    Map<String, CodeBlock> bars = new HashMap<>();
    Map<String, CodeBlock> hvps = new HashMap<>();
    long scalars = RuleWriter.scalarCount(rule.primal());
    String scalarBars = null;
    String scalarHvps = null;
    for (HvpParam p : params) {
      String name = p.param().name();
      switch (p.role()) {
        case PRIMAL, DIRECTION -> {
          m.addParameter(JavaEmitter.typeName(p.param().type()), name);
          call.add(CodeBlock.of("$N", name));
        }
        case BAR, HVP -> {
          m.addStatement("$T $N = $L", JavaEmitter.typeName(p.param().type()), name,
              zeroBuffer(p.primal()));
          call.add(CodeBlock.of("$N", name));
          (p.role() == HvpRole.BAR ? bars : hvps).put(p.primal().name(),
              CodeBlock.of("$N", name));
        }
        case SEED -> call.add(CodeBlock.of("1.0"));
        case SCALAR_BARS, SCALAR_HVPS -> {
          m.addStatement("double[] $N = new double[$L]", name, scalars);
          call.add(CodeBlock.of("$N", name));
          if (p.role() == HvpRole.SCALAR_BARS) {
            scalarBars = name;
          } else {
            scalarHvps = name;
          }
        }
      }
    }
    int k = 0;
    for (Var p : rule.primal().params()) {
      if (p.isDifferentiableParam() && p.type().isFloating()) {
        bars.put(p.name(), CodeBlock.of("$N[$L]", scalarBars, k));
        hvps.put(p.name(), CodeBlock.of("$N[$L]", scalarHvps, k++));
      }
    }
    String value = names.fresh("value");
    m.addStatement("$T $N = $N($L)", JavaEmitter.typeName(rule.primal().returnType()), value,
        rule.second().hvp().name(), CodeBlock.join(call, ", "));
    List<CodeBlock> fields = new ArrayList<>();
    fields.add(CodeBlock.of("$N", value));
    for (Map<String, CodeBlock> part : List.of(bars, hvps)) {
      for (Var p : rule.primal().params()) {
        if (p.isDifferentiableParam()) {
          fields.add(part.get(p.name()));
        }
      }
    }
    m.addStatement("return new $T($L)", record, CodeBlock.join(fields, ", "));
    return m.build();
  }

  /** A zero buffer shaped like array parameter {@code p}'s tangent (null if p is null). */
  private static CodeBlock zeroBuffer(Var p) {
    if (p.type().shape() != null) {
      return RuleWriter.zerosLike(p);
    }
    return p.type().dimensions() == 1 && p.type().isFloatingArray()
        ? CodeBlock.of("$N == null ? null : new double[$N.length]", p.name(), p.name())
        : CodeBlock.of("$T.zerosLike($N)", ClassName.get("io.jgrad.tape", "Snapshots"),
            p.name());
  }

  /**
   * {@code double[][] fHessian(params)}: the Hessian over the differentiable inputs in parameter
   * order (the columns of {@code fJacobian}), one Hessian-vector product per column.
   */
  private MethodSpec hessian(Rule rule) {
    Function primal = rule.primal();
    Names names = new Names(primal.params().stream().map(Var::name).collect(Collectors.toList()));
    String columns = names.fresh("columns");
    String value = names.fresh("value");
    String hessian = names.fresh("hessian");
    String column = names.fresh("column");
    String offset = names.fresh("offset");
    String row = names.fresh("row");
    String at = names.fresh("at");
    MethodSpec.Builder m = hessianMethod(rule, columns, CodeBlock.of("One Hessian-vector"
        + " product ({@link #$L}) per column.", rule.second().hvp().name()));
    RuleWriter.EntryState state = writer.entryState(rule, names, value, m);
    m.addStatement("double[][] $N = new double[$N][$N]", hessian, columns, columns);
    List<HvpParam> params = hvpParams(rule);
    Map<HvpParam, String> locals = new HashMap<>();
    String scalarHvps = null;
    m.beginControlFlow("for (int $N = 0; $N < $N; $N++)", column, column, columns, column);
    // fresh buffers for each column: the call updates a direction array with its array and may
    // put other objects into arrays of tangents (an argument's element replaced by another)
    for (HvpParam p : params) {
      boolean buffer = p.role() == HvpRole.BAR || p.role() == HvpRole.HVP
          || p.role() == HvpRole.DIRECTION && !p.primal().type().isFloating();
      if (buffer) {
        String name = names.fresh(p.param().name());
        locals.put(p, name);
        m.addStatement("$T $N = $L", JavaEmitter.typeName(p.param().type()), name,
            zeroBuffer(RuleWriter.entryVar(p.primal(), state.entry())));
      } else if (p.role() == HvpRole.SCALAR_BARS || p.role() == HvpRole.SCALAR_HVPS) {
        String name = names.fresh(p.param().name());
        locals.put(p, name);
        m.addStatement("double[] $N = new double[$L]", name, RuleWriter.scalarCount(primal));
        if (p.role() == HvpRole.SCALAR_HVPS) {
          scalarHvps = name;
        }
      }
    }
    m.addStatement("int $N = 0", offset);
    for (HvpParam p : params) {
      if (p.role() != HvpRole.DIRECTION) {
        continue;
      }
      if (p.primal().type().isFloating()) {
        String dir = names.fresh(p.param().name());
        locals.put(p, dir);
        m.addStatement("double $N = $N == $N++ ? 1.0 : 0.0", dir, column, offset);
      } else {
        m.addStatement("$N = $T.seed($N, $N, $N)", offset, RuleWriter.columnsOf(p.primal()), locals.get(p),
            column, offset);
      }
    }
    List<CodeBlock> call = new ArrayList<>();
    for (HvpParam p : params) {
      switch (p.role()) {
        case PRIMAL -> call.add(RuleWriter.entryCopy(p.param(), state.entry()));
        case SEED -> call.add(CodeBlock.of("1.0"));
        default -> call.add(CodeBlock.of("$N", locals.get(p)));
      }
    }
    m.addCode(state.dataOnEntry());
    m.addStatement("$N($L)", rule.second().hvp().name(), CodeBlock.join(call, ", "));
    m.addStatement("double[] $N = new double[$N]", row, columns);
    m.addStatement("int $N = 0", at);
    int k = 0;
    for (Var p : primal.params()) {
      if (!p.isDifferentiableParam()) {
        continue;
      }
      if (p.type().isFloating()) {
        m.addStatement("$N[$N++] = $N[$L]", row, at, scalarHvps, k++);
        continue;
      }
      for (HvpParam q : params) {
        if (q.role() == HvpRole.HVP && q.primal() == p) {
          m.addStatement("$N = $T.put($N, $N, $N)", at, RuleWriter.columnsOf(p), row, at, locals.get(q));
        }
      }
    }
    // the product along input `column` is column `column`
    String r = names.fresh("r");
    m.beginControlFlow("for (int $N = 0; $N < $N; $N++)", r, r, columns, r);
    m.addStatement("$N[$N][$N] = $N[$N]", hessian, r, column, row, r);
    m.endControlFlow();
    m.endControlFlow();
    m.addCode(state.dataFinal());
    m.addStatement("return $N", hessian);
    return m.build();
  }
}
