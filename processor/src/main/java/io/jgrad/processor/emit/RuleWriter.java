package io.jgrad.processor.emit;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.ParameterSlots;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.transform.ForwardTransform;
import io.jgrad.processor.transform.HoistedRows;
import io.jgrad.processor.transform.PooledArrays;
import io.jgrad.processor.transform.SecondOrderRules;
import io.jgrad.processor.transform.TapeCursors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code Foo_Frule} and {@code Foo_Rrule} for the {@code @Grad} methods of one class: the
 * user-facing API documented in the README, with Javadoc that links back to the primal.
 */
public final class RuleWriter {
  private static final AnnotationSpec GENERATED = AnnotationSpec
      .builder(ClassName.get("javax.annotation.processing", "Generated"))
      .addMember("value", "$S", "io.jgrad.processor.GradProcessor")
      .build();

  /**
   * One differentiated method: the primal, the checked exceptions it declares (every generated
   * method that runs its code declares them too), and its forward and reverse IR. A {@code
   * helper} is a method without {@code @Grad} that the rules of {@code @Grad} methods call: it
   * gets what generated callers use (the forward rule and the two reverse parts), not the API.
   * {@code primalName} is the method's name in the source (a helper's rules may be named apart).
   */
  /**
   * One method's rules; {@code instance}: the primal is an instance method, whose receiver is
   * the first parameter of {@code primal} and of every rule.
   */
  public record Rule(Function primal, String primalName, boolean isPublic, boolean helper,
      boolean instance, List<TypeName> thrown, Function forward, Function directions,
      Function reverse, Function forwardPart, Function reversePart, Block aliasChecks,
      SecondOrderRules.Output second, boolean forwardOnly) {
    public Rule(Function primal, String primalName, boolean isPublic, boolean helper,
        boolean instance, List<TypeName> thrown, Function forward, Function directions,
        Function reverse, Function forwardPart, Function reversePart, Block aliasChecks,
        SecondOrderRules.Output second) {
      this(primal, primalName, isPublic, helper, instance, thrown, forward, directions, reverse,
          forwardPart, reversePart, aliasChecks, second, false);
    }

    /** These rules without the k-direction forward rule. */
    public Rule withoutDirections() {
      return new Rule(primal, primalName, isPublic, helper, instance, thrown, forward, null,
          reverse, forwardPart, reversePart, aliasChecks, second, forwardOnly);
    }

    /** These rules with {@code adjoint} as {@code fAdjoint}. */
    public Rule withReverse(Function adjoint) {
      return new Rule(primal, primalName, isPublic, helper, instance, thrown, forward,
          directions, adjoint, forwardPart, reversePart, aliasChecks, second, forwardOnly);
    }

    /** These rules with second-order rules ({@code null}: none). */
    public Rule withSecond(SecondOrderRules.Output rules) {
      return new Rule(primal, primalName, isPublic, helper, instance, thrown, forward,
          directions, reverse, forwardPart, reversePart, aliasChecks, rules, forwardOnly);
    }

    /**
     * These rules as a custom rule's reverse rule has them: only its forward rule is written,
     * which the second-order adapters call.
     */
    public Rule asForwardOnly() {
      return new Rule(primal, primalName, isPublic, helper, instance, thrown, forward, null,
          reverse, forwardPart, reversePart, aliasChecks, null, true);
    }
  }

  final String packageName;
  final String ruleBase;
  final ClassName owner;
  private final Set<String> samePackageNames;
  private final List<MethodSpec> helperMethods = new ArrayList<>();
  private final List<TypeSpec> helperTypes = new ArrayList<>();
  private final Mirrors mirrors = new Mirrors();

  /**
   * @param owner the class declaring the {@code @Grad} methods (for Javadoc links)
   * @param ruleBase the prefix of the generated class names, e.g. {@code Outer_Inner}
   * @param samePackageNames simple names of the types in owner's package: a class of another
   *     package with one of these names (a user class {@code Math}) is written qualified
   */
  public RuleWriter(ClassName owner, String ruleBase, Set<String> samePackageNames) {
    this.owner = owner;
    this.packageName = owner.packageName();
    this.ruleBase = ruleBase;
    this.samePackageNames = samePackageNames;
  }

  /**
   * A copy of a private method whose result has no derivative: the rules call it in place of the
   * original, which they cannot reach. {@code body} is the method's structured IR.
   */
  public record Copy(Function body, String primalName, List<TypeName> thrown) {}

  public JavaFile forwardFile(List<Rule> rules) {
    return forwardFile(rules, List.of());
  }

  public JavaFile forwardFile(List<Rule> rules, List<Copy> copies) {
    return forwardFile(rules, copies, List.of());
  }

  /**
   * The adapters of a custom rule of the owner (a {@code @CustomRules} class), and the name of
   * jgrad's forward rule of its reverse rule (null if jgrad could not make one: no second order).
   */
  public record CustomAdapter(io.jgrad.processor.rules.CustomRule rule,
      String reverseRuleTangent) {
    /** True if the adapters include the k-direction forward rule. */
    public boolean hasDirections() {
      return new CustomRuleWriter(rule, reverseRuleTangent).hasDirections();
    }
  }

  /** With the forward rules of the rules of other methods that {@code rules} read. */
  public JavaFile forwardFile(List<Rule> rules, List<Copy> copies,
      List<io.jgrad.processor.rules.NestedRule> nested) {
    return forwardFile(rules, copies, nested, List.of());
  }

  /** With the forward adapters of the owner's custom rules. */
  public JavaFile forwardFile(List<Rule> rules, List<Copy> copies,
      List<io.jgrad.processor.rules.NestedRule> nested, List<CustomAdapter> custom) {
    TypeSpec.Builder type = ruleClass(RuleNames.forwardClass(ruleBase),
        (custom.isEmpty() ? "Forward-mode rules (value and directional derivative) for the"
            + " {@code @Grad} methods of {@link $T}"
            : "Forward-mode rules of the custom rules in {@link $T}, as generated code calls them")
            + ".\n");
    nested.forEach(n -> type.addMethod(new NestedRuleWriter(n).forward()));
    for (CustomAdapter c : custom) {
      CustomRuleWriter writer = new CustomRuleWriter(c.rule(), c.reverseRuleTangent());
      type.addMethod(writer.forward());
      if (writer.hasDirections()) {
        type.addMethod(writer.directions());
      }
    }
    for (Copy copy : copies) {
      Function f = copy.body();
      Rule asRule = new Rule(f, copy.primalName(), false, true, false, copy.thrown(), f, null, f,
          f, f, new Block(), null);
      type.addMethod(method(f, asRule, JavaEmitter.typeName(f.returnType()))
          .addJavadoc("A copy of {@link $T#$L}, which is private: its result has no derivative,"
              + " and the rules call this copy where the primal calls it.\n", owner,
              linkSignature(asRule))
          .build());
    }
    for (Rule rule : rules) {
      Function f = pooledArrays(rule.forward());
      MethodSpec.Builder m = method(f, rule, JavaEmitter.typeName(f.returnType()))
          .addJavadoc("Value and directional derivative of {@link $T#$L}.\n\n", owner,
              linkSignature(rule))
          .addJavadoc(helperNote(rule))
          .addJavadoc("<p>Each differentiable parameter is followed by its tangent, the direction"
              + " to differentiate along. A tangent array is updated in place along with its"
              + " array: on return it holds the tangent of the array's final contents.\n");
      if (!rule.primal().returnType().equals(Type.VOID)) {
        m.addJavadoc("\n@return the primal value (bit for bit) and the directional derivative\n");
      }
      type.addMethod(m.build());
      Function into = rule.helper() ? null
          : pooledArrays(ForwardTransform.intoBuffer(rule.forward()));
      if (into != null) {
        type.addMethod(method(into, rule, TypeName.DOUBLE)
            .addJavadoc("Value and directional derivative of {@link $T#$L}, allocating nothing:"
                + " as {@link #$L}, but the directional derivative is stored in"
                + " {@code $L[0]}.\n\n", owner, linkSignature(rule), f.name(),
                into.params().get(into.params().size() - 1).name())
            .addJavadoc(helperNote(rule))
            .addJavadoc("@return the primal value (bit for bit)\n")
            .build());
      }
      if (rule.directions() != null && !rule.forwardOnly()) {
        type.addMethod(directions(rule));
      }
    }
    return file(withHelpers(type));
  }

  /**
   * {@code rule} borrowing its work arrays from the thread's tapes ({@link PooledArrays}) where
   * it stays one method: a split one would read its locals from a frame object.
   */
  public static Function pooledArrays(Function rule) {
    Function pooled = PooledArrays.apply(rule);
    return pooled == rule || JavaEmitter.fitsOneMethod(pooled)
        || !JavaEmitter.fitsOneMethod(rule) ? pooled : rule;
  }

  /** {@code fDirections}: value and the derivatives along several directions in one sweep. */
  private MethodSpec directions(Rule rule) {
    Function d = rule.directions();
    MethodSpec.Builder m = method(d, rule, JavaEmitter.typeName(d.returnType()))
        .addJavadoc("Value and directional derivatives of {@link $T#$L} along {@code $L}"
            + " directions at once: the primal work and the partial derivatives are computed"
            + " once, the tangents once per direction. Derivative {@code k} is bit for bit what"
            + " {@link #$L} returns for the k-th direction.\n\n", owner, linkSignature(rule),
            directionsParam(d).name(), rule.forward().name())
        .addJavadoc(helperNote(rule))
        .addJavadoc("<p>The direction is the last index: each differentiable {@code double}"
            + " parameter is followed by its {@code double[directions]} tangents, a"
            + " {@code double[]} by {@code double[length][directions]}, a {@code double[][]} by"
            + " {@code double[rows][columns][directions]}. Tangent arrays are updated in place"
            + " along with their arrays.");
    if (d.params().get(d.params().size() - 1) != directionsParam(d)) {
      m.addJavadoc(" The derivatives of the result are stored into the last parameter, shaped"
          + " like the result's tangents (one row of {@code directions} per element of an array"
          + " result, which must have the result's length).\n\n@return the primal value (bit"
          + " for bit)");
    } else if (!d.returnType().equals(Type.VOID)) {
      m.addJavadoc("\n\n@return the primal value");
    }
    return m.addJavadoc("\n").build();
  }

  /** {@code int directions}: the last {@code int} parameter of a k-direction rule. */
  private static Var directionsParam(Function d) {
    for (int k = d.params().size() - 1; k >= 0; k--) {
      if (d.params().get(k).type().equals(Type.INT)) {
        return d.params().get(k);
      }
    }
    throw new IllegalStateException("no directions parameter in " + d.name());
  }

  public JavaFile reverseFile(List<Rule> rules) {
    return reverseFile(rules, List.of());
  }

  /** With the reverse parts of the rules of other methods that {@code rules} read. */
  public JavaFile reverseFile(List<Rule> rules, List<io.jgrad.processor.rules.NestedRule> nested) {
    return reverseFile(rules, nested, List.of());
  }

  /** With the reverse adapters of the owner's custom rules. */
  public JavaFile reverseFile(List<Rule> rules, List<io.jgrad.processor.rules.NestedRule> nested,
      List<CustomAdapter> custom) {
    TypeSpec.Builder type = ruleClass(RuleNames.reverseClass(ruleBase),
        (custom.isEmpty() ? "Reverse-mode rules (value and gradient) for the {@code @Grad}"
            + " methods of {@link $T}"
            : "Reverse-mode rules of the custom rules in {@link $T}, as generated code calls them")
            + ".\n");
    for (CustomAdapter c : custom) {
      CustomRuleWriter writer = new CustomRuleWriter(c.rule(), c.reverseRuleTangent());
      type.addMethod(writer.forwardPart());
      type.addMethod(writer.reversePart());
      if (writer.hasTangentParts()) {
        type.addMethod(writer.forwardTangent());
        type.addMethod(writer.reverseTangent());
      }
    }
    for (io.jgrad.processor.rules.NestedRule n : nested) {
      NestedRuleWriter writer = new NestedRuleWriter(n);
      type.addMethod(writer.forwardPart());
      type.addMethod(writer.reversePart());
    }
    Map<Rule, String> recordNames = recordNames(rules);
    for (Rule rule : rules) {
      Type returns = rule.primal().returnType();
      if (rule.helper()) {
        if (!rule.forwardOnly()) {
          helperParts(rule, type);
        }
        continue;
      }
      if (!returns.equals(Type.VOID)) {
        TypeSpec gradient = gradientRecord(rule, recordNames.get(rule));
        type.addType(gradient);
        type.addMethod(convenience(rule, ClassName.get(packageName,
            RuleNames.reverseClass(ruleBase), gradient.name())));
      }
      if (returns.isArray() || returns.isRecord()) {
        type.addMethod(jacobian(rule));
      }
      type.addMethod(adjoint(rule));
      if (returns.isFloating()) {
        type.addMethod(new GradientIntoWriter(this).method(rule));
      }
      new SecondOrderApi(this).add(rule, type, recordNames.get(rule));
      new FunctionObjectWriter(this).add(rule, type, recordNames.get(rule));
      if (rule.forwardPart() != null) {
        String link = linkSignature(rule);
        type.addMethod(method(rule.forwardPart(), rule,
            JavaEmitter.typeName(rule.forwardPart().returnType()))
            .addJavadoc("The forward sweep of {@link #$L}: computes the value of {@link $T#$L}"
                + " and leaves on this thread's tapes (the first argument,"
                + " {@code Tapes.current()}) what {@link #$L} needs. Generated callers"
                + " use the pair to compose rules without computing anything twice; call both,"
                + " in this order, or neither. If it throws, it leaves what it recorded on the"
                + " tape: call it from inside a rule, or call {@link #$L}, which cleans up.\n",
                rule.reverse().name(), owner, link, rule.reversePart().name(),
                rule.reverse().name())
            .build());
        type.addMethod(method(rule.reversePart(), rule, TypeName.VOID)
            .addJavadoc("The reverse sweep of {@link #$L}, taking from this thread's tapes what"
                + " the matching {@link #$L} call left there. Arguments as for {@link #$L},"
                + " after the tapes, but"
                + " the adjoints of double and float parameters are pushed onto the tape (last"
                + " parameter on top) instead of added into a buffer.\n",
                rule.reverse().name(), rule.forwardPart().name(), rule.reverse().name())
            .build());
      }
    }
    return file(withHelpers(type));
  }

  /** Says why a method without {@code @Grad} has rules. */
  static CodeBlock helperNote(Rule rule) {
    if (rule.forwardOnly()) {
      return CodeBlock.of("<p>{@code $L} is a custom rule: jgrad differentiates it for the"
          + " second-order rules of the methods calling its target.\n\n", rule.primalName());
    }
    return rule.helper()
        ? CodeBlock.of("<p>{@code $L} has no {@code @Grad}: these rules exist because the rules of"
            + " {@code @Grad} methods call it.\n\n", rule.primalName())
        : CodeBlock.of("");
  }

  /** A helper's reverse parts, which generated callers call back to back. */
  private void helperParts(Rule rule, TypeSpec.Builder type) {
    String link = linkSignature(rule);
    type.addMethod(method(rule.forwardPart(), rule,
        JavaEmitter.typeName(rule.forwardPart().returnType()))
        .addJavadoc("The forward sweep of the reverse mode of {@link $T#$L}: computes its value"
            + " and leaves on this thread's tape what {@link #$L} needs.\n\n", owner, link,
            rule.reversePart().name())
        .addJavadoc(helperNote(rule))
        .build());
    type.addMethod(method(rule.reversePart(), rule, TypeName.VOID)
        .addJavadoc("The reverse sweep of the reverse mode of {@link $T#$L}, taking from this"
            + " thread's tape what the matching {@link #$L} call left there. Each array"
            + " parameter is followed by its adjoint buffer, the result's cotangent comes next;"
            + " the adjoints of double and float parameters are pushed onto the tape (last"
            + " parameter on top).\n\n", owner, link, rule.forwardPart().name())
        .addJavadoc(helperNote(rule))
        .build());
    new SecondOrderApi(this).add(rule, type, null);
  }

  /** {@code int columns = ...}: one per differentiable number, one per array element. */
  static void countColumns(Function primal, String columns, MethodSpec.Builder m) {
    ClassName jacobians = ClassName.get("io.jgrad", "Jacobians");
    m.addStatement("int $N = 0", columns);
    for (Var p : primal.params()) {
      if (!p.isDifferentiableParam()) {
        continue; // data: no column
      } else if (p.type().isFloatingArray()) {
        m.addStatement("$N += $T.size($N)", columns, jacobians, p.name()); // 0 if null
      } else if (p.type().hasShadow()) {
        m.addStatement("$N += $T.size($L)", columns, columnsOf(p), zerosLike(p));
      } else if (p.type().isFloating()) {
        m.addStatement("$N += 1", columns);
      }
    }
  }

  private MethodSpec adjoint(Rule rule) {
    Function r = rule.reverse();
    Type returns = rule.primal().returnType();
    String seed = returns.isArray() ? "J^T resultBar"
        : returns.equals(Type.VOID) ? "J^T (output cotangents)" : "seed times the gradient";
    MethodSpec.Builder m = method(r, rule, JavaEmitter.typeName(r.returnType()))
        .addJavadoc("Reverse mode of {@link $T#$L}: adds $L into the adjoint buffers. Allocates"
            + " no gradient storage; generated callers compose rules through this method.\n\n",
            owner, linkSignature(rule), seed)
        .addJavadoc("<p>Each array parameter is followed by its adjoint buffer. On entry it holds"
            + " the cotangent of the array's final contents (zeros when only the result matters);"
            + " on return, the cotangent with respect to its contents on entry. For an array the"
            + " method only reads, that is: the derivative is added.");
    if (hasScalars(rule.primal())) {
      m.addJavadoc(" {@code scalarBars[k]} receives the derivative with respect to the k-th double"
          + " or float parameter, in declaration order.");
    }
    if (rule.forwardPart() != null && !calls(r, rule.forwardPart().name())) {
      m.addJavadoc("\n\n<p>It runs both sweeps itself: a loop that only adds into values whose"
          + " adjoints the seed gives before it starts (a sum into the result) is reversed inside"
          + " the forward sweep, each iteration right after it ran, so nothing of it is kept"
          + " for later. Generated callers chaining rules call {@link #$L} and {@link #$L}"
          + " instead.", rule.forwardPart().name(), rule.reversePart().name());
    }
    if (!returns.equals(Type.VOID)) {
      m.addJavadoc("\n\n@return the primal value (bit for bit)");
    }
    return m.addJavadoc("\n").build();
  }

  /** True if {@code f} calls its class's method {@code name}. */
  private static boolean calls(Function f, String name) {
    boolean[] found = {false};
    Blocks.visitStmts(f.body(), s -> Blocks.ownExprs(s).forEach(e -> Exprs.visit(e,
        x -> found[0] |= x instanceof Expr.Call c && c.name().equals(name))));
    return found[0];
  }

  /** {@code double[][] fJacobian(params)}: reverse row by row or forward column by column. */
  private MethodSpec jacobian(Rule rule) {
    Function primal = rule.primal();
    Names names = new Names(primal.params().stream().map(Var::name).collect(Collectors.toList()));
    String columns = names.fresh("columns");
    String value = names.fresh("value");
    String jacobian = names.fresh("jacobian");
    String row = names.fresh("row");
    String column = names.fresh("column");
    String resultBar = names.fresh("resultBar");
    String scalarBars = names.fresh("scalarBars");
    String offset = names.fresh("offset");
    String tangent = names.fresh("tangent");
    ClassName jacobians = ClassName.get("io.jgrad", "Jacobians");
    ClassName snapshots = ClassName.get("io.jgrad.tape", "Snapshots");
    MethodSpec.Builder m = MethodSpec.methodBuilder(primal.name() + "Jacobian")
        .addModifiers(modifiers(rule.isPublic()))
        .addExceptions(rule.thrown())
        .returns(double[][].class)
        .addJavadoc("The Jacobian of {@link $T#$L}: row {@code r} is output {@code r}$L; the"
            + " columns are the differentiable inputs in parameter order (a scalar one column, an"
            + " array its elements, a matrix its rows one after the other). Reverse mode row by"
            + " row when there are fewer outputs than inputs, forward mode column by column"
            + " otherwise. The arguments are left as the primal leaves them.\n", owner,
            linkSignature(rule), primal.returnType().isRecord()
                ? " (the result's numbers, in the order of {@code "
                    + primal.returnType().shape().tangentName().replaceAll(".*\\.", "")
                    + ".put})" : "");
    for (Var p : primal.params()) {
      m.addParameter(JavaEmitter.typeName(p.type()), p.name());
    }
    countColumns(primal, columns, m);
    EntryState state = entryState(rule, names, value, m);
    java.util.Map<String, String> entry = state.entry();
    CodeBlock dataOnEntry = state.dataOnEntry();
    boolean recordResult = primal.returnType().isRecord();
    ClassName resultTangent = recordResult
        ? ClassName.bestGuess(primal.returnType().shape().tangentName()) : null;
    String outputs = names.fresh("outputs");
    CodeBlock rows = recordResult ? CodeBlock.of("$N", outputs) : CodeBlock.of("$N.length", value);
    if (recordResult) {
      m.addStatement("int $N = $T.size($T.zerosLike($N))", outputs, resultTangent,
          resultTangent, value);
    }
    m.addStatement("double[][] $N = new double[$L][$N]", jacobian, rows, columns);
    m.beginControlFlow("if ($L <= $N)", rows, columns);
    m.beginControlFlow("for (int $N = 0; $N < $L; $N++)", row, row, rows, row);
    if (recordResult) {
      m.addStatement("$T $N = $T.zerosLike($N)", resultTangent, resultBar, resultTangent, value);
      m.addStatement("$T.seed($N, $N, 0)", resultTangent, resultBar, row);
    } else {
      m.addStatement("double[] $N = new double[$N.length]", resultBar, value);
      m.addStatement("$N[$N] = 1.0", resultBar, row);
    }
    List<CodeBlock> args = new ArrayList<>();
    List<String> bars = new ArrayList<>();
    for (Var p : primal.params()) {
      args.add(entryCopy(p, entry));
      if (p.isDifferentiableParam() && (p.type().isFloatingArray() || p.type().hasShadow())) {
        String bar = names.fresh(RuleNames.adjoint(p.name()));
        m.addStatement("$T $N = $L", JavaEmitter.typeName(p.type().tangentType()), bar,
            p.type().isFloatingArray() ? CodeBlock.of("$T.zerosLike($N)", snapshots, p.name())
                : zerosLike(entryVar(p, entry)));
        args.add(CodeBlock.of("$N", bar));
        bars.add(bar);
      } else {
        bars.add(null);
      }
    }
    args.add(CodeBlock.of("$N", resultBar));
    if (hasScalars(primal)) {
      m.addStatement("double[] $N = new double[$L]", scalarBars, scalarCount(primal));
      args.add(CodeBlock.of("$N", scalarBars));
    }
    m.addCode(dataOnEntry);
    m.addStatement("$N($L)", RuleNames.adjointMethod(primal.name()), CodeBlock.join(args, ", "));
    m.addStatement("int $N = 0", column);
    int k = 0;
    for (int i = 0; i < primal.params().size(); i++) {
      Var p = primal.params().get(i);
      if (!p.isDifferentiableParam()) {
        continue;
      } else if (p.type().isFloatingArray() || p.type().hasShadow()) {
        m.addStatement("$N = $T.put($N[$N], $N, $N)", column, columnsOf(p), jacobian, row,
            column, bars.get(i));
      } else if (p.type().isFloating()) {
        m.addStatement("$N[$N][$N++] = $N[$L]", jacobian, row, column, scalarBars, k++);
      }
    }
    m.endControlFlow();
    m.nextControlFlow("else");
    if (rule.directions() != null && primal.returnType().equals(Type.DOUBLE_ARRAY)) {
      forwardInChunks(rule, names, jacobian, columns, value, entry, dataOnEntry, m);
      m.endControlFlow();
      m.addCode(state.dataFinal());
      m.addStatement("return $N", jacobian);
      return m.build();
    }
    m.beginControlFlow("for (int $N = 0; $N < $N; $N++)", column, column, columns, column);
    m.addStatement("int $N = 0", offset);
    List<CodeBlock> forwardArgs = new ArrayList<>();
    boolean packed = ParameterSlots.packsScalarTangents(primal.params());
    List<CodeBlock> scalarDots = new ArrayList<>();
    for (Var p : primal.params()) {
      forwardArgs.add(entryCopy(p, entry));
      if (!p.isDifferentiableParam()) {
        continue;
      } else if (p.type().isFloatingArray() || p.type().hasShadow()) {
        String dot = names.fresh(RuleNames.tangent(p.name()));
        m.addStatement("$T $N = $L", JavaEmitter.typeName(p.type().tangentType()), dot,
            p.type().isFloatingArray() ? CodeBlock.of("$T.zerosLike($N)", snapshots, p.name())
                : zerosLike(entryVar(p, entry)));
        m.addStatement("$N = $T.seed($N, $N, $N)", offset, columnsOf(p), dot, column, offset);
        forwardArgs.add(CodeBlock.of("$N", dot));
      } else if (p.type().isFloating()) {
        String dot = names.fresh(RuleNames.tangent(p.name()));
        m.addStatement("double $N = $N == $N++ ? 1.0 : 0.0", dot, column, offset);
        (packed ? scalarDots : forwardArgs).add(CodeBlock.of("$N", dot));
      }
    }
    if (packed) {
      forwardArgs.add(CodeBlock.of("new double[] {$L}", CodeBlock.join(scalarDots, ", ")));
    }
    m.addCode(dataOnEntry);
    ClassName forwardRules = ClassName.get(packageName, RuleNames.forwardClass(ruleBase));
    if (recordResult) {
      m.addStatement("double[] $N = new double[$N]", tangent, outputs);
      m.addStatement("$T.put($N, 0, $T.$N($L).tangent())", resultTangent, tangent, forwardRules,
          primal.name(), CodeBlock.join(forwardArgs, ", "));
    } else {
      m.addStatement("double[] $N = $T.$N($L).tangent()", tangent, forwardRules, primal.name(),
          CodeBlock.join(forwardArgs, ", "));
    }
    m.beginControlFlow("for (int $N = 0; $N < $L; $N++)", row, row, rows, row);
    m.addStatement("$N[$N][$N] = $N[$N]", jacobian, row, column, tangent, row);
    m.endControlFlow();
    m.endControlFlow();
    m.endControlFlow();
    m.addCode(state.dataFinal());
    m.addStatement("return $N", jacobian);
    return m.build();
  }

  /**
   * Directions per sweep in {@code fJacobian} and {@code fHessian}: measured on the Jacobian and
   * Hessian rows (100 columns), 16 per sweep took 3.3x and 1.5x the time of 128, whose loops
   * over the directions are long enough to pay for their set-up at every element.
   */
  static final int DIRECTIONS_PER_SWEEP = 128;

  /**
   * The forward-mode columns of {@code fJacobian} {@value #DIRECTIONS_PER_SWEEP} at a time, each
   * chunk one call of {@code fDirections}: the primal work is shared by the chunk's columns.
   */
  private void forwardInChunks(Rule rule, Names names, String jacobian, String columns,
      String value, java.util.Map<String, String> entry, CodeBlock dataOnEntry,
      MethodSpec.Builder m) {
    Function primal = rule.primal();
    ClassName directions = ClassName.get("io.jgrad", "Directions");
    String first = names.fresh("first");
    String count = names.fresh("count");
    String offset = names.fresh("offset");
    String resultDots = names.fresh("resultDots");
    String row = names.fresh("row");
    m.beginControlFlow("for (int $N = 0; $N < $N; $N += $L)", first, first, columns, first,
        DIRECTIONS_PER_SWEEP);
    m.addStatement("int $N = $T.min($L, $N - $N)", count, Math.class, DIRECTIONS_PER_SWEEP,
        columns, first);
    m.addStatement("int $N = 0", offset);
    List<CodeBlock> args = new ArrayList<>();
    for (Var p : primal.params()) {
      args.add(entryCopy(p, entry));
      if (!p.isDifferentiableParam()) {
        continue;
      }
      String dots = names.fresh(p.name() + "Dots");
      if (p.type().isArray()) {
        m.addStatement("$T $N = $T.zerosLike($L, $N)",
            JavaEmitter.typeName(p.type().tangentType().arrayOf()), dots, directions,
            CodeBlock.of("$N", entryVar(p, entry).name()), count);
      } else {
        m.addStatement("double[] $N = new double[$N]", dots, count);
      }
      m.addStatement("$N = $T.seed($N, $N, $N)", offset, directions, dots, first, offset);
      args.add(CodeBlock.of("$N", dots));
    }
    m.addStatement("double[][] $N = new double[$N.length][$N]", resultDots, value, count);
    args.add(CodeBlock.of("$N", count));
    args.add(CodeBlock.of("$N", resultDots));
    m.addCode(dataOnEntry);
    m.addStatement("$T.$N($L)", ClassName.get(packageName, RuleNames.forwardClass(ruleBase)),
        rule.directions().name(), CodeBlock.join(args, ", "));
    m.beginControlFlow("for (int $N = 0; $N < $N.length; $N++)", row, row, value, row);
    m.addStatement("$T.arraycopy($N[$N], 0, $N[$N], $N, $N)", System.class, resultDots, row,
        jacobian, row, first, count);
    m.endControlFlow();
    m.endControlFlow();
  }

  /**
   * What a method computing derivatives column by column at the arguments' entry state needs:
   * copies of the differentiable arrays' contents on entry ({@code entry}: parameter name to the
   * copy's name), code putting the arrays of data back as they were on entry (before each call
   * of a rule) and, last, as the primal left them.
   */
  record EntryState(java.util.Map<String, String> entry, CodeBlock dataOnEntry,
      CodeBlock dataFinal) {}

  /**
   * Rejects aliased arguments as the rules do, copies the entry state ({@link EntryState}) and
   * calls the primal on the arguments themselves, its result in {@code value}: the arguments are
   * left as the primal leaves them.
   */
  EntryState entryState(Rule rule, Names names, String value, MethodSpec.Builder m) {
    Function primal = rule.primal();
    ClassName snapshots = ClassName.get("io.jgrad.tape", "Snapshots");
    // aliased arguments are rejected as by the other rules (the columns below use copies)
    if (!rule.aliasChecks().isEmpty()) {
      m.addCode(JavaEmitter.emit(new Function(primal.name(), primal.params(), Type.VOID,
          rule.aliasChecks(), List.of()), List.of(), mirrors).body());
    }
    // the primal runs on the arguments themselves (leaving them as it does); derivatives are
    // taken from copies of their contents on entry. Arrays of data are passed themselves, put
    // back as they were on entry before every call (the method may write them; passing the
    // same objects keeps any aliasing among them), and left as the primal left them
    java.util.Map<String, String> entry = new java.util.HashMap<>();
    List<CodeBlock> dataFinal = new ArrayList<>();
    CodeBlock.Builder dataOnEntry = CodeBlock.builder();
    CodeBlock.Builder dataAfterPrimal = CodeBlock.builder();
    for (Var p : primal.params()) {
      TypeName type = JavaEmitter.typeName(p.type());
      if (p.isConstant()) {
        continue; // @NoGrad: the method only reads it
      } else if (p.type().isFloatingArray()) {
        String copy = names.fresh(p.name() + "Entry");
        entry.put(p.name(), copy);
        m.addStatement("$T $N = $T.copy($N)", type, copy, snapshots, p.name());
      } else if (p.type().isRecordArray() && p.type().hasShadow()) {
        // records are values: a copy of the array keeps the elements on entry
        String copy = names.fresh(p.name() + "Entry");
        entry.put(p.name(), copy);
        m.addStatement("$T $N = $N == null ? null : $N.clone()", type, copy, p.name(),
            p.name());
      } else if (p.type().isPassiveArray()) {
        String copy = names.fresh(p.name() + "Entry");
        String rows = names.fresh(p.name() + "EntryRows");
        String after = names.fresh(p.name() + "Final");
        String afterRows = names.fresh(p.name() + "FinalRows");
        boolean matrix = p.type().dimensions() == 2;
        m.addStatement("$T $N = $T.copy($N)", type, copy, snapshots, p.name());
        if (matrix) {
          m.addStatement("$T $N = $T.rows($N)", type, rows, snapshots, p.name());
          dataOnEntry.addStatement("$T.restoreRows($N, $N)", snapshots, p.name(), rows);
          dataAfterPrimal.addStatement("$T $N = $T.rows($N)", type, afterRows, snapshots,
              p.name());
        }
        dataOnEntry.addStatement("$T.restore($N, $N)", snapshots, p.name(), copy);
        dataAfterPrimal.addStatement("$T $N = $T.copy($N)", type, after, snapshots, p.name());
        dataFinal.add(matrix ? CodeBlock.of("$T.restoreRows($N, $N);\n$T.restore($N, $N);\n",
            snapshots, p.name(), afterRows, snapshots, p.name(), after)
            : CodeBlock.of("$T.restore($N, $N);\n", snapshots, p.name(), after));
      }
    }
    List<Var> arguments = rule.instance() ? primal.params().subList(1, primal.params().size())
        : primal.params();
    CodeBlock call = arguments.stream().map(p -> CodeBlock.of("$N", p.name()))
        .collect(CodeBlock.joining(", "));
    TypeName valueType = JavaEmitter.typeName(primal.returnType());
    if (rule.instance()) {
      m.addStatement("$T $N = $N.$N($L)", valueType, value, primal.params().get(0).name(),
          rule.primalName(), call);
    } else {
      m.addStatement("$T $N = $T.$N($L)", valueType, value, owner, primal.name(), call);
    }
    m.addCode(dataAfterPrimal.build());
    CodeBlock.Builder last = CodeBlock.builder();
    dataFinal.forEach(last::add);
    return new EntryState(entry, dataOnEntry.build(), last.build());
  }

  /** A fresh copy of a parameter's contents on entry, or the parameter itself. */
  static CodeBlock entryCopy(Var p, java.util.Map<String, String> entry) {
    if (!entry.containsKey(p.name())) {
      return CodeBlock.of("$N", p.name());
    }
    return p.type().isRecordArray()
        ? CodeBlock.of("$N == null ? null : $N.clone()", entry.get(p.name()), entry.get(p.name()))
        : CodeBlock.of("$T.copy($N)", ClassName.get("io.jgrad.tape", "Snapshots"),
            entry.get(p.name()));
  }

  /** The parameter as it was on entry: its entry copy's variable, if it has one. */
  static Var entryVar(Var p, java.util.Map<String, String> entry) {
    return entry.containsKey(p.name()) ? new Var(entry.get(p.name()), p.type(), p.kind()) : p;
  }

  private TypeSpec.Builder ruleClass(String name, String javadoc) {
    return TypeSpec.classBuilder(name)
        .alwaysQualify(samePackageNames.toArray(String[]::new))
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addAnnotation(GENERATED)
        .addJavadoc(javadoc, owner)
        .addJavadoc("\n<p>Generated by jgrad from the source of {@link $T}; do not edit.\n", owner)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
  }

  private JavaFile file(TypeSpec type) {
    return JavaFile.builder(packageName, type)
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /** A generated method; the chunks and frame class of a split one go to {@link #helpers}. */
  MethodSpec.Builder method(Function f, Rule rule, TypeName returns) {
    return method(f, rule, returns, modifiers(rule.isPublic()));
  }

  /** As {@link #method}, private: a part only the rules of its class call. */
  MethodSpec.Builder privateMethod(Function f, Rule rule, TypeName returns) {
    return method(f, rule, returns, Modifier.PRIVATE, Modifier.STATIC);
  }

  private MethodSpec.Builder method(Function f, Rule rule, TypeName returns,
      Modifier... modifiers) {
    return method(f, rule, returns, CodeBlock.of(""), modifiers);
  }

  /** As {@link #method}, {@code prologue} (reading parameters only) before the body. */
  MethodSpec.Builder method(Function f, Rule rule, TypeName returns, CodeBlock prologue,
      Modifier... modifiers) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(f.name())
        .addModifiers(modifiers)
        .addExceptions(rule.thrown())
        .returns(returns);
    for (Var p : f.params()) {
      m.addParameter(JavaEmitter.typeName(p.type()), p.name());
    }
    m.addCode(prologue);
    JavaEmitter.Emitted emitted = JavaEmitter.emit(TapeCursors.apply(HoistedRows.apply(f)),
        rule.thrown(), mirrors);
    helperMethods.addAll(emitted.helpers());
    helperTypes.addAll(emitted.types());
    return m.addCode(emitted.body());
  }

  /** Adds the chunk methods and frame classes of split methods, once all methods are in. */
  private TypeSpec withHelpers(TypeSpec.Builder type) {
    type.addMethods(helperMethods).addTypes(helperTypes);
    mirrors.addTo(type);
    helperMethods.clear();
    helperTypes.clear();
    return type.build();
  }

  static Modifier[] modifiers(boolean isPublic) {
    return isPublic ? new Modifier[] {Modifier.PUBLIC, Modifier.STATIC}
        : new Modifier[] {Modifier.STATIC};
  }

  /**
   * {@code f} -> {@code FGradient}; where two methods would get the same record ({@code f} and
   * {@code F}), the one whose name starts in lower case keeps its exact spelling:
   * {@code fGradient}.
   */
  private static Map<Rule, String> recordNames(List<Rule> rules) {
    Map<String, Integer> counts = new HashMap<>();
    for (Rule rule : rules) {
      counts.merge(RuleNames.gradientRecord(rule.primal().name()), 1, Integer::sum);
    }
    Map<Rule, String> names = new HashMap<>();
    for (Rule rule : rules) {
      String name = rule.primal().name();
      String record = RuleNames.gradientRecord(name);
      names.put(rule, counts.get(record) > 1 && Character.isLowerCase(name.charAt(0))
          ? name + "Gradient" : record);
    }
    return names;
  }

  /** {@code record FGradient(double value, double aBar, double[] xBar)}. */
  private TypeSpec gradientRecord(Rule rule, String name) {
    Function primal = rule.primal();
    MethodSpec.Builder components = MethodSpec.constructorBuilder()
        .addParameter(JavaEmitter.typeName(primal.returnType()), "value");
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("The value and gradient of {@link $T#$L}.\n\n", owner, linkSignature(rule))
        .add("@param value the primal value\n");
    for (Var p : primal.params()) {
      if (p.isDifferentiableParam()) {
        components.addParameter(JavaEmitter.typeName(p.type().tangentType()),
            RuleNames.adjoint(p.name()));
        doc.add("@param $L the derivative of the value with respect to {@code $L}\n",
            RuleNames.adjoint(p.name()), p.name());
      }
    }
    return TypeSpec.recordBuilder(name)
        .addModifiers(modifiers(rule.isPublic())[0] == Modifier.PUBLIC
            ? new Modifier[] {Modifier.PUBLIC} : new Modifier[0])
        .addJavadoc(doc.build())
        .recordConstructor(components.build())
        .build();
  }

  /** {@code f(a, x, n)}: allocates fresh buffers, calls {@code fAdjoint} with seed 1. */
  private MethodSpec convenience(Rule rule, ClassName gradient) {
    Function primal = rule.primal();
    Names names = new Names(primal.params().stream().map(Var::name).collect(Collectors.toList()));
    MethodSpec.Builder m = MethodSpec.methodBuilder(primal.name())
        .addModifiers(modifiers(rule.isPublic()))
        .addExceptions(rule.thrown())
        .returns(gradient)
        .addJavadoc("Value and gradient of {@link $T#$L}, in freshly allocated storage.\n\n",
            owner, linkSignature(rule))
        .addJavadoc("@return the primal value (bit for bit) and its derivative with respect to"
            + " every differentiable parameter\n");
    for (Var p : primal.params()) {
      m.addParameter(ParameterSpec.builder(JavaEmitter.typeName(p.type()), p.name()).build());
    }
    // an array or record result takes its cotangent: the gradient is a vector-Jacobian product
    boolean seeded = primal.returnType().isArray() || primal.returnType().isRecord();
    String resultBar = seeded ? names.fresh("resultBar") : null;
    if (seeded) {
      m.addParameter(JavaEmitter.typeName(primal.returnType().tangentType()), resultBar);
      m.addJavadoc("@param $N the output seed: the result is a vector-Jacobian product\n",
          resultBar);
    }
    String scalarBars = hasScalars(primal) ? names.fresh("scalarBars") : null;
    if (scalarBars != null) {
      m.addStatement("double[] $N = new double[$L]", scalarBars, scalarCount(primal));
    }
    List<CodeBlock> call = new ArrayList<>();
    List<CodeBlock> fields = new ArrayList<>();
    int k = 0;
    for (Var p : primal.params()) {
      call.add(CodeBlock.of("$N", p.name()));
      if (!p.isDifferentiableParam()) {
        continue;
      } else if (p.type().isFloatingArray()) {
        String bar = names.fresh(RuleNames.adjoint(p.name()));
        if (p.type().dimensions() == 1) {
          // inline, not Snapshots.zerosLike: the first call loads no more classes than it must
          m.addStatement("double[] $N = $N == null ? null : new double[$N.length]", bar,
              p.name(), p.name());
        } else {
          m.addStatement("$T $N = $T.zerosLike($N)", JavaEmitter.typeName(p.type().tangentType()),
              bar,
              ClassName.get("io.jgrad.tape", "Snapshots"), p.name()); // null if null
        }
        call.add(CodeBlock.of("$N", bar));
        fields.add(CodeBlock.of("$N", bar));
      } else if (p.type().hasShadow()) {
        String bar = names.fresh(RuleNames.adjoint(p.name()));
        m.addStatement("$T $N = $L", JavaEmitter.typeName(p.type().tangentType()), bar,
            zerosLike(p)); // null if null
        call.add(CodeBlock.of("$N", bar));
        fields.add(CodeBlock.of("$N", bar));
      } else if (p.type().isFloating()) {
        fields.add(CodeBlock.of("$N[$L]", scalarBars, k++));
      }
    }
    call.add(seeded ? CodeBlock.of("$N", resultBar) : CodeBlock.of("1.0"));
    if (scalarBars != null) {
      call.add(CodeBlock.of("$N", scalarBars));
    }
    String value = names.fresh("value");
    m.addStatement("$T $N = $N($L)", JavaEmitter.typeName(primal.returnType()), value,
        RuleNames.adjointMethod(primal.name()), CodeBlock.join(call, ", "));
    fields.add(0, CodeBlock.of("$N", value));
    m.addStatement("return new $T($L)", gradient, CodeBlock.join(fields, ", "));
    return m.build();
  }

  /** {@code Vec3_Tangent.zerosLike(p)}: a zero tangent shaped like record (array) {@code p}. */
  static CodeBlock zerosLike(Var p) {
    return CodeBlock.of("$T.zerosLike($N)", ClassName.bestGuess(p.type().shape().tangentName()),
        p.name());
  }

  /** The class whose static size/put/seed lay out a parameter as Jacobian columns. */
  static ClassName columnsOf(Var p) {
    return p.type().shape() != null ? ClassName.bestGuess(p.type().shape().tangentName())
        : ClassName.get("io.jgrad", "Jacobians");
  }

  static boolean hasScalars(Function primal) {
    return scalarCount(primal) > 0;
  }

  static long scalarCount(Function primal) {
    return primal.params().stream()
        .filter(p -> p.isDifferentiableParam() && p.type().isFloating()).count();
  }

  /** {@code f(double[], int)}, for {@code {@link Foo#f(double[], int)}}. */
  static String linkSignature(Rule rule) {
    List<Var> params = rule.primal().params();
    return rule.primalName() + params.subList(rule.instance() ? 1 : 0, params.size()).stream()
        .map(p -> p.type().toString()).collect(Collectors.joining(", ", "(", ")"));
  }
}
