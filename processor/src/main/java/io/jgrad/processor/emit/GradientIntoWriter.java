package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.jgrad.processor.emit.RuleWriter.Rule;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.transform.OverwrittenBuffers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code fGradientInto(a, x, xBar, n, scalarBars)} of a method with a {@code double} or
 * {@code float} result: the value, with the gradient written over the caller's buffers. It takes
 * {@code fAdjoint}'s parameters but the seed, which is 1, and is {@code fAdjoint} into buffers
 * zeroed first; a buffer whose first contribution writes each element once ({@link
 * OverwrittenBuffers}) is written instead of zeroed and added into, as a hand-written adjoint
 * does it. An optimiser calling the gradient in a loop calls this.
 */
final class GradientIntoWriter {
  private static final ClassName SNAPSHOTS = ClassName.get("io.jgrad.tape", "Snapshots");
  private static final ClassName BUFFERS = ClassName.get("io.jgrad.tape", "Buffers");

  private final RuleWriter writer;

  GradientIntoWriter(RuleWriter writer) {
    this.writer = writer;
  }

  /** A parameter of the primal that has an adjoint buffer, and that buffer. */
  private record Buffer(Var primal, Var array, Var bar) {}

  MethodSpec method(Rule rule) {
    Function primal = rule.primal();
    Function adjoint = rule.reverse();
    String name = RuleNames.gradientInto(primal.name());
    // fAdjoint's parameters: the primal's, each with a buffer followed by it; the seed; then
    // scalarBars where the method has double or float parameters
    List<Var> params = adjoint.params();
    List<Buffer> buffers = new ArrayList<>();
    int k = 0;
    for (Var p : primal.params()) {
      Var own = params.get(k++);
      if (p.isDifferentiableParam() && p.type().hasShadow()) {
        buffers.add(new Buffer(p, own, params.get(k++)));
      }
    }
    Var seed = params.get(k++);
    Var scalarBars = k < params.size() ? params.get(k++) : null;
    if (k != params.size() || !seed.type().isFloating()
        || (scalarBars == null) != (RuleWriter.scalarCount(primal) == 0)) {
      throw new IllegalStateException(adjoint.name() + " does not take the parameters the"
          + " generated API gives it: " + params);
    }
    // only where every buffer is a double[]: one passed for two parameters is then the same
    // object, which the written rule tests for; a row of a matrix's buffer or an array in a
    // record's tangent could be one too
    Map<Var, Var> oneDimensional = new LinkedHashMap<>();
    for (Buffer b : buffers) {
      if (b.primal().type().isFloatingArray() && b.primal().type().dimensions() == 1
          && b.bar().type().isFloatingArray() && b.bar().type().dimensions() == 1) {
        oneDimensional.put(b.bar(), b.array());
      } else {
        oneDimensional.clear();
        break;
      }
    }
    OverwrittenBuffers.Result overwritten =
        OverwrittenBuffers.apply(adjoint, oneDimensional, seed, name);
    TypeName returns = JavaEmitter.typeName(adjoint.returnType());
    MethodSpec.Builder m;
    if (overwritten.covered().isEmpty()) {
      m = MethodSpec.methodBuilder(name)
          .addModifiers(RuleWriter.modifiers(rule.isPublic()))
          .addExceptions(rule.thrown())
          .returns(returns);
      for (Var p : params) {
        if (p != seed) {
          m.addParameter(JavaEmitter.typeName(p.type()), p.name());
        }
      }
      m.addCode(zeroedAndAdded(buffers, scalarBars, params, seed, adjoint.name()));
    } else {
      CodeBlock.Builder prologue = CodeBlock.builder();
      // one buffer passed for two parameters (x and y aliased, dot(x, x)) receives the sum of
      // their gradients: zeroed, then added into
      List<CodeBlock> shared = new ArrayList<>();
      for (Buffer b : buffers) {
        for (Buffer other : buffers.subList(buffers.indexOf(b) + 1, buffers.size())) {
          if (other.bar().type().equals(b.bar().type())
              && (overwritten.covered().contains(b.bar())
                  || overwritten.covered().contains(other.bar()))) {
            shared.add(CodeBlock.of("$N == $N", b.bar().name(), other.bar().name()));
          }
        }
      }
      if (!shared.isEmpty()) {
        prologue.beginControlFlow("if ($L)", CodeBlock.join(shared, " || "))
            .add(zeroedAndAdded(buffers, scalarBars, params, seed, adjoint.name()))
            .endControlFlow();
      }
      for (Buffer b : buffers) {
        if (overwritten.covered().contains(b.bar())) {
          prologue.addStatement("$T.requireLength($N, $N, $S, $S)", BUFFERS,
              b.bar().name(), b.array().name(), b.bar().name(), b.array().name());
        } else {
          prologue.addStatement("$T.clear($N)", clearer(b), b.bar().name());
        }
      }
      if (scalarBars != null) {
        prologue.addStatement("$T.fill($N, 0.0)", java.util.Arrays.class, scalarBars.name());
      }
      m = writer.method(overwritten.function(), rule, returns, prologue.build(),
          RuleWriter.modifiers(rule.isPublic()));
    }
    m.addJavadoc("Value and gradient of {@link $T#$L}, the gradient written over the caller's"
        + " buffers: what {@link #$L} with seed 1 adds into buffers holding zeros, whatever the"
        + " buffers hold on entry. Arguments as for {@link #$L}, without the seed; each array's"
        + " buffer has the array's shape (one buffer passed for two parameters receives the sum"
        + " of their gradients). Allocates no gradient storage: an optimiser's loop calls"
        + " this.\n\n", writer.owner,
        RuleWriter.linkSignature(rule), adjoint.name(), adjoint.name());
    if (!overwritten.covered().isEmpty()) {
      m.addJavadoc("<p>Where the first contribution to a buffer writes each of its elements"
          + " once, it writes them ({@code xBar[i] = ...}) instead of adding into zeros.\n\n");
    }
    return m.addJavadoc("@return the primal value (bit for bit)\n").build();
  }

  /** Zeroes every buffer, then returns {@code fAdjoint} with seed 1 into them. */
  private static CodeBlock zeroedAndAdded(List<Buffer> buffers, Var scalarBars, List<Var> params,
      Var seed, String adjoint) {
    CodeBlock.Builder code = CodeBlock.builder();
    for (Buffer b : buffers) {
      code.addStatement("$T.clear($N)", clearer(b), b.bar().name());
    }
    if (scalarBars != null) {
      code.addStatement("$T.fill($N, 0.0)", java.util.Arrays.class, scalarBars.name());
    }
    List<CodeBlock> args = new ArrayList<>();
    for (Var p : params) {
      args.add(p == seed ? CodeBlock.of("1.0") : CodeBlock.of("$N", p.name()));
    }
    return code.addStatement("return $N($L)", adjoint, CodeBlock.join(args, ", ")).build();
  }

  /** The class whose static {@code clear} zeroes the buffer. */
  private static ClassName clearer(Buffer b) {
    return b.bar().type().isFloatingArray() ? SNAPSHOTS : RuleWriter.columnsOf(b.primal());
  }
}
