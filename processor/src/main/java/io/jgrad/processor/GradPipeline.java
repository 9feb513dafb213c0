package io.jgrad.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeName;
import io.jgrad.Grad;
import io.jgrad.processor.analysis.DataParameters;
import io.jgrad.processor.check.MethodChecks;
import io.jgrad.processor.check.ArgumentEffects;
import io.jgrad.processor.check.ConstantParameters;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import io.jgrad.processor.emit.JavaEmitter;
import io.jgrad.processor.emit.RuleWriter;
import io.jgrad.processor.emit.TangentWriter;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.lower.ElementCallees;
import io.jgrad.processor.lower.MethodLowerer;
import io.jgrad.processor.lower.PathGetters;
import io.jgrad.processor.parse.JdtParser;
import io.jgrad.processor.parse.SourceMirror;
import io.jgrad.processor.rules.RuleBases;
import io.jgrad.processor.source.CompilerBridge;
import io.jgrad.processor.source.SourceUnit;
import io.jgrad.processor.transform.AdjointCopies;
import io.jgrad.processor.transform.AliasGuards;
import io.jgrad.processor.transform.Inliner;
import io.jgrad.processor.transform.TailCalls;
import io.jgrad.processor.rules.NestedRule;
import io.jgrad.processor.transform.CalleeTable;
import io.jgrad.processor.transform.CopyFolding;
import io.jgrad.processor.transform.RecordForwarding;
import io.jgrad.processor.transform.DeadStores;
import io.jgrad.processor.transform.ForwardOrderLoops;
import io.jgrad.processor.transform.FirstContributions;
import io.jgrad.processor.transform.IncrementAdjoints;
import io.jgrad.processor.transform.RecordIncrementAdjoints;
import io.jgrad.processor.transform.InvariantElementSums;
import io.jgrad.processor.transform.ReductionLanes;
import io.jgrad.processor.transform.ForwardTransform;
import io.jgrad.processor.transform.ReverseTransform;
import io.jgrad.processor.transform.SecondOrderRules;
import io.jgrad.processor.transform.WriteEffects;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.IMethodBinding;
import io.jgrad.processor.lower.RecordConstructors;
import org.eclipse.jdt.core.dom.MethodDeclaration;

/**
 * One round of processing, stage by stage: check declarations, read sources, parse with JDT,
 * lower each method to IR (reporting what cannot be differentiated), transform to forward and
 * reverse mode, and write one {@code _Frule} and one {@code _Rrule} class per declaring class.
 */
final class GradPipeline {
  static final String CLASSPATH_OPTION = "jgrad.classpath";
  static final String SOURCEPATH_OPTION = "jgrad.sourcepath";

  private final ProcessingEnvironment env;
  private final CompilerBridge bridge;
  private final Reporter reporter;
  /** Rule classes written by this compilation so far, and whose rules they hold. */
  private final Map<String, String> written;
  /** Types declared in this compilation's sources, by qualified name (all rounds so far). */
  private final java.util.Set<String> rootNames;
  /** What reading another type's source takes (set once the round's sources are parsed). */
  private record Sources(JdtParser parser, SourceMirror mirror,
      Map<String, CompilationUnit> parsed, Map<TypeElement, SourceUnit> units) {}

  private Sources sources;

  /**
   * Records whose canonical constructor some lowered method calls and their class declares (it
   * may validate): {@link RecordForwarding} keeps constructing those.
   */
  private final java.util.Set<String> declaredRecordConstructors = new java.util.HashSet<>();

  /** Methods whose declarations were reported: their bodies are checked, no rules follow. */
  private final java.util.Set<ExecutableElement> bodyOnly = new java.util.HashSet<>();

  /** The {@code @CustomRules} classes of this compilation, all rounds so far. */
  private final Set<String> customHolders;
  /** The target classes whose custom-rule index this compilation has written. */
  private final Set<String> indexWritten;
  private ElementCallees callees;

  GradPipeline(ProcessingEnvironment env, CompilerBridge bridge, Map<String, String> written,
      java.util.Set<String> rootNames, Set<String> customHolders, Set<String> indexWritten) {
    this.env = env;
    this.bridge = bridge;
    this.reporter = bridge.reporter();
    this.written = written;
    this.rootNames = rootNames;
    this.customHolders = customHolders;
    this.indexWritten = indexWritten;
  }

  void run(RoundEnvironment round) {
    Timings timings = new Timings(Boolean.parseBoolean(env.getOptions().get(Timings.OPTION)));
    long start = System.nanoTime();
    Map<TypeElement, List<ExecutableElement>> byOwner = new LinkedHashMap<>();
    boolean oldRelease = env.getSourceVersion().compareTo(SourceVersion.RELEASE_16) < 0;
    ElementFilter.methodsIn(round.getElementsAnnotatedWith(Grad.class)).stream()
        .sorted(Comparator.comparing((ExecutableElement m) ->
            ((TypeElement) m.getEnclosingElement()).getQualifiedName().toString())
            // declaration order: compilers hand elements over in different orders
            .thenComparing(m -> m.getEnclosingElement().getEnclosedElements().indexOf(m)))
        .forEach(m -> {
          MethodChecks.Verdict verdict = MethodChecks.verdict(m, reporter);
          if (verdict == MethodChecks.Verdict.RULES && oldRelease) {
            reportOldRelease(m);
            verdict = MethodChecks.Verdict.BODY_ONLY;
          }
          if (verdict != MethodChecks.Verdict.NOTHING) {
            byOwner.computeIfAbsent((TypeElement) m.getEnclosingElement(),
                k -> new ArrayList<>()).add(m);
          }
          if (verdict == MethodChecks.Verdict.BODY_ONLY) {
            bodyOnly.add(m);
          }
        });
    CustomRuleStage custom = new CustomRuleStage(env, reporter, customHolders,
        ElementFilter.typesIn(round.getElementsAnnotatedWith(io.jgrad.CustomRules.class)));
    if (byOwner.isEmpty() && !custom.hasFresh()) {
      return;
    }
    start = timings.add("checks", start);
    try (SourceMirror mirror = new SourceMirror()) {
      for (TypeElement root : ElementFilter.typesIn(round.getRootElements())) {
        SourceUnit unit = bridge.source(root);
        if (unit != null) {
          mirror.add(unit);
        }
      }
      List<String> sourcepath = new ArrayList<>(List.of(mirror.root()));
      sourcepath.addAll(pathOption(SOURCEPATH_OPTION));
      JdtParser parser = new JdtParser(
          classpath(ElementFilter.typesIn(round.getRootElements())), sourcepath);
      Map<TypeElement, SourceUnit> units = new HashMap<>();
      ElementCallees callees = new ElementCallees(env.getElementUtils(), env.getTypeUtils(),
          top -> source(units, top) != null);
      this.callees = callees;
      callees.useCustomRules(custom.table());
      callees.readConstructorsWith(this::constructorFields);
      callees.readGettersWith(this::getter);
      callees.readReturnedArgumentsWith(this::returnedArgument);
      List<TypeElement> parsedOwners = new ArrayList<>(byOwner.keySet());
      parsedOwners.addAll(custom.freshHolders()); // their reverse rules are differentiated
      for (TypeElement owner : parsedOwners) {
        SourceUnit unit = source(units, RuleBases.topLevel(owner));
        if (unit != null) {
          mirror.add(unit); // (again, if it was not a root: the batch reads it from the mirror)
        }
      }
      // what JDT needs to type-check calls of this round's rules (Foo_Frule.g(...).tangent())
      io.jgrad.processor.parse.RuleStubs.of(byOwner.keySet(), env.getElementUtils(),
          env.getTypeUtils()).forEach(mirror::add);
      start = timings.add("sources", start);
      Map<String, CompilationUnit> parsed = parser.parseAll(units.values().stream()
          .filter(java.util.Objects::nonNull).distinct().toList(), mirror.root());
      this.sources = new Sources(parser, mirror, parsed, units);
      start = timings.add("parse", start);
      List<Lowered> lowered = new ArrayList<>();
      for (Map.Entry<TypeElement, List<ExecutableElement>> e : byOwner.entrySet()) {
        lowered.addAll(lowerClass(e.getKey(), e.getValue(),
            units.get(RuleBases.topLevel(e.getKey())), parsed, callees, timings));
      }
      custom.differentiateReverseRules(callees, this::binding);
      lowered.addAll(lowerHelpers(callees, parser, mirror, parsed, units, timings));
      start = System.nanoTime();
      lowered.removeIf(l -> bodyOnly.contains(l.method())); // checked, not differentiated
      // what this round tried to differentiate and could not
      Set<String> failed = new java.util.HashSet<>(callees.helperKeys());
      byOwner.forEach((owner, methods) -> methods.forEach(m -> failed.add(CalleeTable.key(
          owner.getQualifiedName().toString(), m.getSimpleName().toString()))));
      lowered.forEach(l -> failed.remove(l.key()));
      // first, so that a caller of a failed method gets that error, not errors derived from
      // guesses about what the failed method does
      dropCallersOf(failed, lowered, callees);
      CalleeTable declared = WriteEffects.of(lowered.stream()
          .collect(java.util.stream.Collectors.toMap(Lowered::key, Lowered::function)),
          callees::table);
      lowered.removeIf(l -> (reportArgumentEffects(l, declared)
          | reportConstantParameters(l, declared)) && failed.add(l.key()));
      Map<TypeElement, List<RuleWriter.Copy>> copies = copies(lowered, declared, failed);
      reportNestedTargetWrites(callees, lowered, declared, failed);
      dropCallersOf(failed, lowered, callees);
      lowered.removeIf(Lowered::passive); // checked: the rules call them (or their copies)
      CalleeTable table = withDataParameters(lowered, declared, callees);
      if (!Boolean.getBoolean("jgrad.noTailCalls")) {
        // self calls in tail position become loops (-J-Djgrad.noTailCalls=true: none)
        lowered.replaceAll(l -> new Lowered(l.owner(), l.method(),
            TailCalls.apply(l.function(), table, l.key()), l.isPublic(), l.helper(), l.passive()));
      }
      Map<TypeElement, List<RuleWriter.Rule>> rules = new LinkedHashMap<>();
      Map<TypeElement, List<ExecutableElement>> ruleMethods = new HashMap<>();
      // small callees inlined into their callers' rules (-J-Djgrad.noInline=true: none)
      Map<String, Function> bodies = Boolean.getBoolean("jgrad.noInline") ? Map.of()
          : lowered.stream().collect(java.util.stream.Collectors.toMap(Lowered::key,
              Lowered::function, (a, b) -> a));
      java.util.Map<RuleWriter.Rule, Lowered> keys = new java.util.IdentityHashMap<>();
      java.util.Map<RuleWriter.Rule, Set<String>> directionsCallees =
          new java.util.IdentityHashMap<>();
      Map<String, SecondOrderRules.Input> secondInputs = new LinkedHashMap<>();
      for (Lowered l : lowered) {
        try {
          Function inlined = RecordForwarding.apply(CopyFolding.apply(Inliner.apply(
              l.function(), table, bodies, l.key())), declaredRecordConstructors);
          Function guarded = AliasGuards.apply(inlined, table, !l.helper());
          ReverseTransform.Result reverse = ReverseTransform.apply(guarded, table);
          // an fAdjoint with fused loops only where it is one method: chunks would read their
          // locals from a frame object
          Function joint = reverse.joint() == null ? null
              : jointAdjoint(reverse.joint(), guarded);
          Function adjoint = joint != null && JavaEmitter.fitsOneMethod(joint) ? joint
              : reverse.adjoint();
          ForwardTransform.Rules forward = ForwardTransform.withDirections(guarded, table);
          List<TypeName> thrown = l.method().getThrownTypes().stream()
              .map(t -> TypeName.get(env.getTypeUtils().erasure(t))).toList();
          rules.computeIfAbsent(l.owner(), k -> new ArrayList<>()).add(new RuleWriter.Rule(
              l.function(), primalName(l), l.isPublic(), l.helper(),
              l.method().getKind() == javax.lang.model.element.ElementKind.METHOD
                  && !l.method().getModifiers().contains(Modifier.STATIC), thrown,
              forward.forward(), forward.directions() != null
                  && JavaEmitter.fitsOneMethod(forward.directions()) ? forward.directions()
                  : null, adjoint,
              DeadStores.apply(reverse.forwardPart()),
              fasterSums(DeadStores.applyToRecomputed(
                  accumulationsCleaned(reverse.reversePart(), guarded, null),
                  reverse.recomputed()), reverse.adjoints(), true),
              AliasGuards.guards(l.function(), table, !l.helper()), null));
          List<RuleWriter.Rule> ownerRules = rules.get(l.owner());
          RuleWriter.Rule rule = ownerRules.get(ownerRules.size() - 1);
          if (callees.isOptional(l.key())) {
            // a custom rule's reverse rule: its forward rule is what the adapters need
            rule = rule.asForwardOnly();
            ownerRules.set(ownerRules.size() - 1, rule);
          } else {
            secondInputs.put(l.key(), new SecondOrderRules.Input(l.function(),
                reverse.adjoint(), adjoint == joint ? joint : null,
                reverse.joint() == null ? null : reverse.joint().value(), rule.forwardPart(),
                rule.reversePart(), !l.helper()));
          }
          keys.put(rule, l);
          directionsCallees.put(rule, forward.callees());
          ruleMethods.computeIfAbsent(l.owner(), k -> new ArrayList<>()).add(l.method());
        } catch (RuntimeException | StackOverflowError e) {
          if (!callees.isOptional(l.key())) {
            reporter.error(l.method(), Message.INTERNAL.format(l.method().getSimpleName(), e));
          }
          if (Boolean.getBoolean("jgrad.debug")) {
            e.printStackTrace(); // for jgrad's own engineers, as in GradProcessor
          }
        }
      }
      start = timings.add("transform", start);
      Set<String> withRules = new java.util.HashSet<>();
      keys.values().forEach(l -> withRules.add(l.key()));
      Map<TypeElement, List<RuleWriter.CustomAdapter>> adapters = custom.adapters(
          withRules::contains, quietProblems::get);
      adapters.values().forEach(list -> list.forEach(a -> customAdapters.put(
          a.rule().calleeKey(), a)));
      dropDirectionsOfMissingCallees(rules, keys, directionsCallees, table);
      Map<String, String> whyNoSecondOrder = addSecondOrder(rules, keys, secondInputs, table);
      List<NestedRule> nested = nestedWithHvp(callees, rules, keys, whyNoSecondOrder);
      start = timings.add("second order", start);
      List<io.jgrad.processor.ir.Type> adapterTypes = new ArrayList<>();
      adapters.values().forEach(list -> list.forEach(a -> {
        adapterTypes.addAll(a.rule().parameterTypes());
        adapterTypes.add(a.rule().returnType());
      }));
      writeTangentTypes(rules, adapterTypes);
      java.util.Set<TypeElement> owners = new java.util.LinkedHashSet<>(rules.keySet());
      owners.addAll(copies.keySet());
      owners.addAll(adapters.keySet());
      for (TypeElement owner : owners) {
        List<RuleWriter.Rule> ownRules = rules.getOrDefault(owner, List.of());
        Set<String> qualified = new java.util.TreeSet<>(samePackageNames(owner, ownRules,
            copies.getOrDefault(owner, List.of())));
        adapters.getOrDefault(owner, List.of()).forEach(a -> qualified.addAll(
            samePackageNames(owner, Set.of(simpleName(a.rule().target())))));
        RuleWriter writer = new RuleWriter(ClassName.get(owner), RuleBases.of(owner), qualified);
        TypeElement top = RuleBases.topLevel(owner);
        List<NestedRule> ownNested = nested.stream().filter(n -> n.synthetic().owner()
            .equals(owner.getQualifiedName().toString())).toList();
        List<RuleWriter.CustomAdapter> ownAdapters = adapters.getOrDefault(owner, List.of());
        JavaFile forward = writer.forwardFile(ownRules, copies.getOrDefault(owner, List.of()),
            ownNested, ownAdapters);
        JavaFile reverse = ownRules.isEmpty() && ownAdapters.isEmpty() ? null
            : writer.reverseFile(ownRules, ownNested, ownAdapters);
        start = timings.add("emit", start);
        List<ExecutableElement> written = ruleMethods.getOrDefault(owner, List.of());
        write(forward, owner, top, written);
        if (reverse != null) {
          write(reverse, owner, top, written);
        }
        start = timings.add("write", start);
      }
      custom.writeIndex(indexWritten);
    }
    timings.report(env.getMessager(), byOwner.values().stream().mapToInt(List::size).sum());
  }

  /**
   * Reverse code whose accumulations into {@code adjoints} (null: any local) are what an expert
   * writes: first contributions assigned, increments' adjoints left in place, in arrays of
   * numbers and of records ({@code primal} gives the records' shapes), no copies of adjoints.
   */
  private static Function accumulationsCleaned(Function reverse, Function primal,
      Set<io.jgrad.processor.ir.Var> adjoints) {
    return AdjointCopies.apply(RecordIncrementAdjoints.apply(IncrementAdjoints.applyTo(
        FirstContributions.applyTo(reverse, adjoints), adjoints), primal, adjoints));
  }

  /**
   * An {@code fAdjoint} with fused loops, cleaned as reverse parts are: only its adjoints'
   * accumulations are rewritten, since it runs the primal's code too.
   */
  private static Function jointAdjoint(ReverseTransform.Joint joint, Function primal) {
    Function cleaned = accumulationsCleaned(joint.adjoint(), primal, joint.adjoints());
    Function fastest = joint.named(DeadStores.apply(fasterSums(cleaned, joint.adjoints(), true)));
    // lanes copy loop bodies: one method without them runs faster than two with them
    return JavaEmitter.fitsOneMethod(fastest) ? fastest
        : joint.named(DeadStores.apply(fasterSums(cleaned, joint.adjoints(), false)));
  }

  /**
   * Reverse code with its adjoint sums made cheaper: sums into invariant elements of local
   * arrays kept in variables, independent loops counting up, and sums in innermost loops over
   * lanes if {@code lanes}.
   */
  private static Function fasterSums(Function reverse, Set<io.jgrad.processor.ir.Var> adjoints,
      boolean lanes) {
    InvariantElementSums.Result sums = InvariantElementSums.apply(reverse, adjoints);
    Function ordered = ForwardOrderLoops.apply(sums.function(), sums.adjoints());
    // not the sums of elements: their loops are short ones (a row of a triangle)
    return lanes ? ReductionLanes.apply(ordered, adjoints) : ordered;
  }

  /**
   * Adds the second-order rules ({@link SecondOrderRules}) to every rule that can have them. A
   * callee of another compilation has them if its reverse rule class declares its tangent parts.
   * Returns why the methods left without them have none, where known, by key.
   */
  private Map<String, String> addSecondOrder(Map<TypeElement, List<RuleWriter.Rule>> rules,
      Map<RuleWriter.Rule, Lowered> keys, Map<String, SecondOrderRules.Input> inputs,
      CalleeTable table) {
    Map<String, String> whyNone = new HashMap<>();
    Map<String, SecondOrderRules.Output> second = SecondOrderRules.apply(inputs, table,
        callee -> hasCustomTangentParts(callee) || hasTangentParts(callee),
        JavaEmitter::fitsOneMethod, (key, bug) -> {
          for (Lowered l : keys.values()) {
            if (l.key().equals(key)) {
              reporter.error(l.method(), Message.INTERNAL.format(l.method().getSimpleName(),
                  bug));
              if (Boolean.getBoolean("jgrad.debug")) {
                bug.printStackTrace();
              }
            }
          }
        }, whyNone);
    rules.values().forEach(list -> list.replaceAll(rule -> {
      SecondOrderRules.Output rules2 = second.get(keys.get(rule).key());
      SecondOrderRules.Output pooled = rules2 == null ? null
          : rules2.withPooledArrays(RuleWriter::pooledArrays);
      RuleWriter.Rule consistent = rule.withReverse(pooled == null || pooled.adjoint() == null
          ? RuleWriter.pooledArrays(rule.reverse()) : pooled.adjoint());
      return keyed(keys, rule, consistent.withSecond(withoutLargeDirections(pooled)));
    }));
    return whyNone;
  }

  /**
   * Reports the callers of rules of rules whose target writes an array argument: its rules
   * then change the arrays (and the directions) they are passed, which the caller's rules cannot
   * follow through a second derivative.
   */
  private void reportNestedTargetWrites(ElementCallees callees, List<Lowered> lowered,
      CalleeTable table, Set<String> failed) {
    for (NestedRule n : callees.nestedRules()) {
      for (int k = 0; k < n.target().parameterTypes().size(); k++) {
        if (n.target().parameterTypes().get(k).isArray() && table.writes(n.target(), k)) {
          dropNestedCallers(n, "it writes its array parameter " + n.names().get(k)
              + "; call the rules of a method that only reads its arrays", callees, lowered,
              failed, Message.RULE_CALL_TARGET);
          break;
        }
      }
    }
  }

  private void dropNestedCallers(NestedRule n, String why, ElementCallees callees,
      List<Lowered> lowered, Set<String> failed, Message message) {
    String target = n.target().owner() + "." + n.target().name();
    for (java.util.Iterator<Lowered> it = lowered.iterator(); it.hasNext(); ) {
      Lowered l = it.next();
      if (callees.callersOf(n.key()).contains(l.key())) {
        reporter.error(l.method(), message.format(l.method().getSimpleName(), target, why));
        failed.add(l.key());
        it.remove();
      }
    }
  }

  /**
   * The rules of rules to write: those whose target got its second-order rules, which theirs
   * call. The rules of the callers of the others are dropped with an error, and so are those of
   * their callers in turn.
   */
  private List<NestedRule> nestedWithHvp(ElementCallees callees,
      Map<TypeElement, List<RuleWriter.Rule>> rules, Map<RuleWriter.Rule, Lowered> keys,
      Map<String, String> whyNoSecondOrder) {
    Map<String, RuleWriter.Rule> byKey = new HashMap<>();
    rules.values().forEach(list -> list.forEach(r -> byKey.put(keys.get(r).key(), r)));
    List<NestedRule> out = new ArrayList<>();
    Set<String> dropped = new java.util.LinkedHashSet<>();
    for (NestedRule n : callees.nestedRules()) {
      RuleWriter.Rule target = byKey.get(CalleeTable.key(n.target().owner(), n.target().name()));
      if (target != null && target.second() != null && target.second().hvp() != null) {
        out.add(n);
        continue;
      }
      for (String caller : callees.callersOf(n.key())) {
        RuleWriter.Rule rule = byKey.get(caller);
        if (rule != null && dropped.add(caller)) {
          String targetKey = CalleeTable.key(n.target().owner(), n.target().name());
          reporter.error(keys.get(rule).method(), Message.RULE_CALL_NO_HVP.format(
              keys.get(rule).method().getSimpleName(), n.target().owner() + "."
                  + n.target().name(), target == null ? "they were not generated"
                  : whyNoSecondOrder.getOrDefault(targetKey,
                      "it reads other methods' rules, or they would pass the JVM's limits")));
        }
      }
    }
    // and the callers of those, whose rules call theirs
    java.util.Deque<String> work = new java.util.ArrayDeque<>(dropped);
    while (!work.isEmpty()) {
      String callee = work.pop();
      for (String caller : callees.callersOf(callee)) {
        RuleWriter.Rule rule = byKey.get(caller);
        if (rule != null && dropped.add(caller)) {
          reporter.error(keys.get(rule).method(), Message.CALLEE_FAILED.format(
              keys.get(rule).method().getSimpleName(), callee.replace('#', '.')));
          work.add(caller);
        }
      }
    }
    rules.values().forEach(list -> list.removeIf(r -> dropped.contains(keys.get(r).key())));
    out.removeIf(n -> callees.callersOf(n.key()).stream().noneMatch(byKey::containsKey)
        || callees.callersOf(n.key()).stream().allMatch(dropped::contains));
    return out;
  }

  /**
   * A k-direction forward rule calls its callees' k-direction forms: where a callee has none (it
   * got none, or was compiled without), the caller gets none either, to a fixpoint.
   */
  private void dropDirectionsOfMissingCallees(Map<TypeElement, List<RuleWriter.Rule>> rules,
      Map<RuleWriter.Rule, Lowered> keys, Map<RuleWriter.Rule, Set<String>> callees,
      CalleeTable table) {
    Map<String, io.jgrad.processor.rules.GradCallee> byRule = new HashMap<>();
    table.byKey().values().forEach(c -> byRule.put(
        io.jgrad.processor.transform.VectorTangents.ruleKey(c.forwardClass(), c.name()), c));
    Map<String, RuleWriter.Rule> here = new HashMap<>();
    for (RuleWriter.Rule rule : keys.keySet()) {
      io.jgrad.processor.rules.GradCallee self = table.byKey().get(keys.get(rule).key());
      if (self != null) {
        here.put(io.jgrad.processor.transform.VectorTangents.ruleKey(self.forwardClass(),
            self.name()), rule);
      }
    }
    Set<String> without = new java.util.HashSet<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (RuleWriter.Rule rule : keys.keySet()) {
        if (rule.directions() == null || without.contains(keys.get(rule).key())) {
          continue;
        }
        for (String callee : callees.getOrDefault(rule, Set.of())) {
          RuleWriter.Rule other = here.get(callee);
          boolean has = other != null ? other.directions() != null
              && !without.contains(keys.get(other).key())
              : hasCustomDirections(byRule.get(callee)) || hasDirections(byRule.get(callee));
          if (!has) {
            without.add(keys.get(rule).key());
            changed = true;
            break;
          }
        }
      }
    }
    rules.values().forEach(list -> list.replaceAll(rule -> without.contains(keys.get(rule).key())
        ? keyed(keys, rule, rule.withoutDirections()) : rule));
  }

  private static RuleWriter.Rule keyed(Map<RuleWriter.Rule, Lowered> keys, RuleWriter.Rule old,
      RuleWriter.Rule replacement) {
    keys.put(replacement, keys.get(old));
    return replacement;
  }

  /** True if a callee's compiled forward rule class has its k-direction form. */
  private boolean hasDirections(io.jgrad.processor.rules.GradCallee callee) {
    TypeElement rules = callee == null ? null
        : env.getElementUtils().getTypeElement(callee.forwardClass());
    if (rules == null) {
      return false;
    }
    String name = io.jgrad.processor.rules.RuleNames.forwardDirections(callee.name());
    return ElementFilter.methodsIn(rules.getEnclosedElements()).stream()
        .anyMatch(m -> m.getSimpleName().contentEquals(name));
  }

  /**
   * The rules without their k-direction forms where one would need splitting into chunks: a
   * method that large gets the single-direction rules only (the extra methods could take the
   * rule class past the JVM's limits, and chunking would hide the shared work).
   */
  private static SecondOrderRules.Output withoutLargeDirections(SecondOrderRules.Output o) {
    if (o == null || o.hvpDirections() == null
        || JavaEmitter.fitsOneMethod(o.hvpDirections())
            && JavaEmitter.fitsOneMethod(o.hvpForwardDirections())
            && JavaEmitter.fitsOneMethod(o.reverseTangentDirections())) {
      return o;
    }
    return new SecondOrderRules.Output(o.forwardTangent(), o.reverseTangent(), o.hvp(),
        o.hvpForward(), null, null, null, o.adjoint(), o.hvpHalves());
  }

  /** Why an optional helper (a custom rule's reverse rule) was left out, by key. */
  private final Map<String, String> quietProblems = new HashMap<>();
  /** The first problem of the last quiet lowering. */
  private String quietProblem;

  /** The adapters of this round's custom rules, by callee key. */
  private final Map<String, RuleWriter.CustomAdapter> customAdapters = new HashMap<>();

  /** True if the callee is a custom rule of this round whose adapters have tangent parts. */
  private boolean hasCustomTangentParts(io.jgrad.processor.rules.GradCallee callee) {
    RuleWriter.CustomAdapter a = callee == null ? null
        : customAdapters.get(CalleeTable.key(callee.owner(), callee.name()));
    return a != null && a.reverseRuleTangent() != null;
  }

  /** True if the callee is a custom rule of this round whose adapters carry k directions. */
  private boolean hasCustomDirections(io.jgrad.processor.rules.GradCallee callee) {
    RuleWriter.CustomAdapter a = callee == null ? null
        : customAdapters.get(CalleeTable.key(callee.owner(), callee.name()));
    return a != null && a.hasDirections();
  }

  /** The JDT binding of a method whose class's source this round reads, or null. */
  private IMethodBinding binding(ExecutableElement method) {
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    CompilationUnit ast = declaringUnit(owner.getQualifiedName().toString());
    MethodDeclaration declaration = ast == null ? null : find(ast, owner, method);
    return declaration == null ? null : declaration.resolveBinding();
  }

  /** True if a callee's compiled reverse rule class has the tangent form of its parts. */
  private boolean hasTangentParts(io.jgrad.processor.rules.GradCallee callee) {
    TypeElement rules = callee == null ? null
        : env.getElementUtils().getTypeElement(callee.reverseClass());
    if (rules == null) {
      return false;
    }
    String name = io.jgrad.processor.rules.RuleNames.tangentPart(
        io.jgrad.processor.rules.RuleNames.forwardPart(callee.name()));
    return ElementFilter.methodsIn(rules.getEnclosedElements()).stream()
        .anyMatch(m -> m.getSimpleName().contentEquals(name));
  }

  /**
   * The copies of the private passive methods the rules call, by declaring class: structured, so
   * that they print like the rules. A copy calls the methods the original calls; one that calls
   * a private method with rules (which the rule classes cannot call) is reported and its callers
   * dropped.
   */
  private Map<TypeElement, List<RuleWriter.Copy>> copies(List<Lowered> lowered,
      CalleeTable table, Set<String> failed) {
    Map<TypeElement, List<RuleWriter.Copy>> out = new LinkedHashMap<>();
    for (Lowered l : lowered) {
      if (!l.passive() || !l.method().getModifiers().contains(Modifier.PRIVATE)
          || failed.contains(l.key())) {
        continue;
      }
      io.jgrad.processor.transform.PassiveCopy.Result copy =
          io.jgrad.processor.transform.PassiveCopy.of(l.function(), table);
      if (copy.uncallable() != null) {
        reporter.error(l.method(), Message.PASSIVE_COPY_CALL.format(l.method().getSimpleName(),
            copy.uncallable()));
        failed.add(l.key());
        continue;
      }
      List<TypeName> thrown = l.method().getThrownTypes().stream()
          .map(t -> TypeName.get(env.getTypeUtils().erasure(t))).toList();
      out.computeIfAbsent(l.owner(), k -> new ArrayList<>()).add(new RuleWriter.Copy(
          copy.copy(), l.method().getSimpleName().toString(), thrown));
    }
    return out;
  }

  /** The method's name as Javadoc links it: a constructor by its class's name. */
  private static String primalName(Lowered l) {
    return l.method().getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR
        ? l.owner().getSimpleName().toString() : l.method().getSimpleName().toString();
  }

  /** Reports what a method does to its arguments that the rules cannot follow (yet). */
  private boolean reportArgumentEffects(Lowered l, CalleeTable table) {
    boolean constructor = l.method().getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR;
    ArgumentEffects.Role role = constructor ? ArgumentEffects.Role.CONSTRUCTOR
        : l.passive() ? ArgumentEffects.Role.PASSIVE
        : l.helper() ? ArgumentEffects.Role.HELPER : ArgumentEffects.Role.ENTRY_POINT;
    String problem = ArgumentEffects.problem(l.function(), primalName(l),
        l.method().getReturnType().toString(), role, table, l.key());
    if (problem != null && callees.isOptional(l.key())) {
      quietProblems.putIfAbsent(l.key(), problem);
    } else if (problem != null) {
      reporter.error(l.method(), problem);
    }
    return problem != null;
  }

  /** Reports writes into {@code @NoGrad} parameters and derivatives passed to them. */
  private boolean reportConstantParameters(Lowered l, CalleeTable table) {
    if (l.passive()) {
      return false; // called as it is: no rules, no @NoGrad conventions
    }
    List<ConstantParameters.Problem> problems =
        ConstantParameters.problems(l.function(), primalName(l), table);
    // at the parameter where it is about one (the receiver of an instance method comes first)
    int offset = l.function().params().size() - l.method().getParameters().size();
    for (ConstantParameters.Problem p : problems) {
      int k = p.param() - offset;
      if (callees.isOptional(l.key())) {
        break;
      }
      reporter.error(k >= 0 ? l.method().getParameters().get(k) : l.method(), p.message());
    }
    return !problems.isEmpty();
  }

  private boolean reportOldRelease(ExecutableElement method) {
    String version = env.getSourceVersion().name().replace("RELEASE_", "");
    reporter.error(method, Message.OLD_RELEASE.format(method.getSimpleName(), version));
    return false;
  }

  /**
   * A method in IR form, before differentiation; a {@code helper} has no {@code @Grad} and is
   * differentiated because a rule calls it (its function is named like its rules); a {@code
   * passive} one is called by the rules as it is, and only checked.
   */
  record Lowered(TypeElement owner, ExecutableElement method, Function function,
      boolean isPublic, boolean helper, boolean passive) {
    String key() {
      return CalleeTable.key(owner.getQualifiedName().toString(), function.name());
    }
  }

  private SourceUnit source(Map<TypeElement, SourceUnit> units, TypeElement top) {
    if (!units.containsKey(top)) {
      units.put(top, bridge.source(top));
    }
    return units.get(top);
  }

  /**
   * The helpers' parameters every call passes data to made {@code @NoGrad} ({@link
   * DataParameters}), in {@code lowered} and in the table returned.
   */
  private static CalleeTable withDataParameters(List<Lowered> lowered, CalleeTable table,
      ElementCallees callees) {
    Map<String, Integer> helpers = new LinkedHashMap<>();
    for (Lowered l : lowered) {
      if (l.helper() && !callees.isOptional(l.key())
          && l.method().getKind() == javax.lang.model.element.ElementKind.METHOD) {
        helpers.put(l.key(), l.method().getModifiers().contains(Modifier.STATIC) ? 0 : 1);
      }
    }
    Map<String, Set<Integer>> data = DataParameters.of(lowered.stream().collect(
        java.util.stream.Collectors.toMap(Lowered::key, Lowered::function, (a, b) -> a)),
        helpers, table);
    lowered.replaceAll(l -> !data.containsKey(l.key()) ? l : new Lowered(l.owner(), l.method(),
        DataParameters.applied(l.function(), data.get(l.key())), l.isPublic(), l.helper(),
        l.passive()));
    return DataParameters.applied(table, data);
  }

  /**
   * Lowers the helpers the lowered methods call, and the helpers those call, until none is left;
   * each helper once. A helper's problems are reported where they are, in its own source.
   */
  private List<Lowered> lowerHelpers(ElementCallees callees, JdtParser parser,
      SourceMirror mirror, Map<String, CompilationUnit> parsed, Map<TypeElement, SourceUnit> units,
      Timings timings) {
    long start = System.nanoTime();
    List<Lowered> out = new ArrayList<>();
    for (ElementCallees.Helper helper = callees.nextHelper(); helper != null;
        helper = callees.nextHelper()) {
      ExecutableElement method = helper.method();
      try {
        SourceUnit unit = source(units, RuleBases.topLevel(helper.owner()));
        if (!parsed.containsKey(unit.relativePath())) {
          mirror.add(unit);
          parsed.putAll(parser.parseAll(List.of(unit), mirror.root()));
        }
        callees.lowering(helper.key());
        quietProblem = null;
        Function function = lower(helper.owner(), method, unit, parsed.get(unit.relativePath()),
            callees, helper.optional());
        if (function == null && helper.optional()) {
          quietProblems.put(helper.key(), quietProblem);
        }
        if (function != null) {
          Set<Modifier> modifiers = method.getModifiers();
          boolean isPublic = modifiers.contains(Modifier.PUBLIC)
              || modifiers.contains(Modifier.PROTECTED);
          out.add(new Lowered(helper.owner(), method, function.renamed(helper.callee().name()),
              isPublic, true, helper.passive()));
        }
      } catch (RuntimeException | StackOverflowError e) {
        if (!helper.optional()) {
          reporter.error(method, Message.INTERNAL.format(method.getSimpleName(), e));
        }
      }
    }
    timings.add("lower", start);
    return out;
  }

  /**
   * Drops, with an error that names the callee, every method that calls (directly or through
   * other callees) a method in {@code failed}: its rules would call rules that do not exist.
   */
  private void dropCallersOf(Set<String> failed, List<Lowered> lowered, ElementCallees callees) {
    java.util.Deque<String> work = new java.util.ArrayDeque<>(failed);
    while (!work.isEmpty()) {
      String callee = work.pop();
      for (String caller : callees.callersOf(callee)) {
        for (java.util.Iterator<Lowered> it = lowered.iterator(); it.hasNext(); ) {
          Lowered l = it.next();
          if (l.key().equals(caller)) {
            it.remove();
            if (callees.isOptional(l.key())) {
              quietProblems.putIfAbsent(l.key(), "it calls " + callee.replace('#', '.')
                  + ", which jgrad cannot differentiate");
            } else {
              reporter.error(l.method(), Message.CALLEE_FAILED.format(
                  l.method().getSimpleName(), callee.replace('#', '.')));
            }
            if (failed.add(caller)) {
              work.add(caller);
            }
          }
        }
      }
    }
  }

  private List<Lowered> lowerClass(TypeElement owner, List<ExecutableElement> methods,
      SourceUnit unit, Map<String, CompilationUnit> parsed, ElementCallees callees,
      Timings timings) {
    long start = System.nanoTime();
    TypeElement top = RuleBases.topLevel(owner);
    if (unit == null || !parsed.containsKey(unit.relativePath())) {
      methods.forEach(m -> reporter.error(m, Message.NO_SOURCE.format(top.getQualifiedName(),
          "the compiler gave no source text")));
      return List.of();
    }
    CompilationUnit ast = parsed.get(unit.relativePath());
    List<Lowered> result = new ArrayList<>();
    for (ExecutableElement method : methods) {
      try {
        callees.lowering(CalleeTable.key(owner.getQualifiedName().toString(),
            method.getSimpleName().toString()));
        Function function = lower(owner, method, unit, ast, callees, false);
        if (function != null) {
          boolean isPublic = method.getModifiers().contains(Modifier.PUBLIC)
              || method.getModifiers().contains(Modifier.PROTECTED);
          result.add(new Lowered(owner, method, function, isPublic, false, false));
        }
      } catch (RuntimeException | StackOverflowError e) {
        reporter.error(method, Message.INTERNAL.format(method.getSimpleName(), e));
      }
    }
    timings.add("lower", start);
    return result;
  }

  /** {@code quiet}: an optional helper's problems are not reported (it is left out). */
  private Function lower(TypeElement owner, ExecutableElement method, SourceUnit unit,
      CompilationUnit ast, ElementCallees callees, boolean quiet) {
    MethodDeclaration declaration = find(ast, owner, method);
    if (declaration == null && quiet) {
      return null;
    }
    if (declaration == null) {
      reporter.error(method, Message.NO_SOURCE.format(owner.getQualifiedName() + "."
          + method.getSimpleName(), "its declaration was not found in " + unit.fileName()));
      return null;
    }
    List<Problem> compileErrors = compileErrors(ast, declaration, method.getSimpleName());
    if (!compileErrors.isEmpty() && quiet) {
      quietProblem = compileErrors.get(0).message();
      return null;
    }
    if (!compileErrors.isEmpty()) {
      // errors, not warnings: a skipped method would keep stale rules, and javac, which stops
      // after a processor's error, reports nothing about the method itself
      compileErrors.forEach(problem -> reporter.error(method, problem));
      return null;
    }
    MethodLowerer.Result lowered = MethodLowerer.lower(ast, unit.text(), declaration, callees);
    if (!lowered.problems().isEmpty() && quiet) {
      Problem first = lowered.problems().get(0);
      quietProblem = "line " + first.line() + ": " + first.message();
      return null;
    }
    if (!lowered.problems().isEmpty()) {
      for (Problem problem : lowered.problems()) {
        reporter.error(method, problem);
      }
      return null;
    }
    boolean constructorsOk = true;
    for (IMethodBinding constructor : lowered.recordConstructors()) {
      constructorsOk &= checkConstructor(constructor, method);
    }
    return constructorsOk ? lowered.function() : null;
  }

  /**
   * A record's own canonical constructor may validate its arguments, but not change them: the
   * rules take the derivative of a component to be its argument's. Reads the constructor's
   * source; an assignment to a parameter is an error there, and at the method calling it.
   */
  private boolean checkConstructor(IMethodBinding constructor, ExecutableElement caller) {
    String owner = constructor.getDeclaringClass().getErasure().getQualifiedName();
    CompilationUnit ast = declaringUnit(owner);
    String changed = ast == null ? "?"
        : RecordConstructors.assignedParameter(ast, owner, constructor.getKey());
    if (ast == null || RecordConstructors.declares(ast, constructor.getKey())) {
      declaredRecordConstructors.add(owner);
    }
    if (changed == null) {
      return true;
    }
    String name = constructor.getDeclaringClass().getName();
    reporter.error(caller, changed.equals("?")
        ? Message.RECORD_CONSTRUCTOR_UNREAD.format(name)
        : Message.RECORD_CONSTRUCTOR_CHANGES.format(name, changed));
    return false;
  }

  /** The parsed source file that declares class {@code owner}, or null if there is none. */
  private CompilationUnit declaringUnit(String owner) {
    TypeElement type = env.getElementUtils().getTypeElement(owner);
    SourceUnit unit = type == null ? null : source(sources.units(), RuleBases.topLevel(type));
    if (unit == null) {
      return null;
    }
    if (!sources.parsed().containsKey(unit.relativePath())) {
      sources.mirror().add(unit);
      sources.parsed().putAll(sources.parser().parseAll(List.of(unit), sources.mirror().root()));
    }
    return sources.parsed().get(unit.relativePath());
  }

  /** The field path a getter returns, read from its source ({@link PathGetters}). */
  private PathGetters.Path getter(IMethodBinding method) {
    CompilationUnit ast = declaringUnit(method.getDeclaringClass().getErasure()
        .getQualifiedName());
    return ast == null ? null : PathGetters.read(ast, method);
  }

  /** The argument a helper returns, read from its source ({@link ReturnedArguments}). */
  private int returnedArgument(IMethodBinding method) {
    CompilationUnit ast = declaringUnit(method.getDeclaringClass().getErasure()
        .getQualifiedName());
    return ast == null ? -1 : io.jgrad.processor.lower.ReturnedArguments.read(ast, method);
  }

  /** What a value class's constructor stores in its fields, read from its source. */
  private io.jgrad.processor.lower.ConstructorFields.Result constructorFields(
      IMethodBinding constructor) {
    io.jgrad.processor.ir.Type type = io.jgrad.processor.lower.JdtTypes.of(
        constructor.getDeclaringClass());
    CompilationUnit ast = declaringUnit(
        constructor.getDeclaringClass().getErasure().getQualifiedName());
    return ast == null || type == null || !type.isRecord() ? null
        : io.jgrad.processor.lower.ConstructorFields.read(ast, type.shape(), constructor);
  }

  /** JDT's compile errors inside the method, where they are, saying why no rules follow. */
  private static List<Problem> compileErrors(CompilationUnit ast, MethodDeclaration declaration,
      CharSequence name) {
    int start = declaration.getStartPosition();
    int end = start + declaration.getLength();
    List<Problem> out = new ArrayList<>();
    for (org.eclipse.jdt.core.compiler.IProblem problem : ast.getProblems()) {
      if (problem.isError() && problem.getSourceStart() >= start
          && problem.getSourceStart() < end) {
        int at = problem.getSourceStart();
        // a rule this round generates that its stub does not declare (RuleStubs)
        boolean ruleCall = problem.getMessage().matches(".*\\w_[FR]rule\\b.*");
        out.add(new Problem(ruleCall ? Message.RULE_CALL_FORM.format(problem.getMessage())
            : Message.DOES_NOT_COMPILE.format(problem.getMessage(), name), at,
            problem.getSourceEnd() + 1, ast.getLineNumber(at), ast.getColumnNumber(at) + 1));
      }
    }
    return out;
  }

  /** The JDT declaration of {@code method}: same class, name and parameter types. */
  private MethodDeclaration find(CompilationUnit ast, TypeElement owner,
      ExecutableElement method) {
    MethodDeclaration[] found = new MethodDeclaration[1];
    ast.accept(new org.eclipse.jdt.core.dom.ASTVisitor() {
      @Override
      public boolean visit(MethodDeclaration node) {
        if (found[0] == null && matches(node, owner, method)) {
          found[0] = node;
        }
        return false;
      }
    });
    return found[0];
  }

  private boolean matches(MethodDeclaration node, TypeElement owner, ExecutableElement method) {
    boolean constructor = method.getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR;
    if (constructor != node.isConstructor()
        || !constructor && !node.getName().getIdentifier().contentEquals(method.getSimpleName())
        || node.parameters().size() != method.getParameters().size()) {
      return false;
    }
    IMethodBinding binding = node.resolveBinding();
    if (binding == null) {
      return node.getParent() instanceof AbstractTypeDeclaration type
          && type.getName().getIdentifier().contentEquals(owner.getSimpleName());
    }
    if (!binding.getDeclaringClass().getErasure().getQualifiedName()
        .contentEquals(owner.getQualifiedName())) {
      return false;
    }
    for (int k = 0; k < binding.getParameterTypes().length; k++) {
      String expected = env.getTypeUtils().erasure(method.getParameters().get(k).asType())
          .toString();
      if (!expected.equals(binding.getParameterTypes()[k].getErasure().getQualifiedName())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes one rule class, unless its name is taken: by a class the user wrote, or by the rules
   * of another class ({@code Outer.Inner} and a top-level {@code Outer_Inner} both get
   * {@code Outer_Inner_Rrule}); then each {@code @Grad} method gets an error that says so.
   */
  /** The tangent class of every record the rules use, each once per compilation. */
  private void writeTangentTypes(Map<TypeElement, List<RuleWriter.Rule>> rules,
      List<io.jgrad.processor.ir.Type> others) {
    Map<String, io.jgrad.processor.ir.RecordShape> shapes = new LinkedHashMap<>();
    others.forEach(t -> TangentWriter.collect(t, shapes)); // the custom rules' records
    rules.values().forEach(list -> list.forEach(rule -> {
      Function f = rule.primal();
      f.params().forEach(p -> TangentWriter.collect(p.type(), shapes));
      f.locals().forEach(l -> TangentWriter.collect(l.type(), shapes));
      TangentWriter.collect(f.returnType(), shapes);
      // a record constant's components (K.a()) may be of a type no variable has: the rules
      // take their tangent as a zero of that type (seed 303, program 485)
      for (Function part : List.of(rule.forward(), rule.forwardPart(), rule.reversePart())) {
        io.jgrad.processor.ir.Blocks.visitExprs(part.body(),
            e -> TangentWriter.collect(e.type(), shapes));
      }
    }));
    for (io.jgrad.processor.ir.RecordShape shape : shapes.values()) {
      if (written.putIfAbsent(shape.tangentName(), TANGENT) != null) {
        continue;
      }
      TypeElement record = env.getElementUtils().getTypeElement(shape.qualifiedName());
      JavaFile file = TangentWriter.write(shape);
      try {
        javax.tools.JavaFileObject out = env.getFiler().createSourceFile(shape.tangentName(),
            record);
        try (java.io.Writer writer = out.openWriter()) {
          file.writeTo(writer);
        }
      } catch (IOException e) {
        reporter.error(record, Message.INTERNAL.format(shape.qualifiedName(),
            "could not write " + shape.tangentName() + ": " + e));
      }
    }
  }

  /** What {@link #written} records for a tangent class. */
  private static final String TANGENT = "(tangent class)";

  private void write(JavaFile file, TypeElement owner, Element originating,
      List<ExecutableElement> methods) {
    String name = file.packageName().isEmpty() ? file.typeSpec().name()
        : file.packageName() + "." + file.typeSpec().name();
    String taken = written.putIfAbsent(name, owner.getQualifiedName().toString());
    String clash = taken != null ? "it is also the name of the rules of " + taken
        : userDeclared(name) ? "a class of that name is declared in the sources" : null;
    if (clash == null) {
      try {
        javax.tools.JavaFileObject out = env.getFiler().createSourceFile(name, originating);
        try (java.io.Writer writer = out.openWriter()) {
          file.writeTo(writer);
        }
        return;
      } catch (javax.annotation.processing.FilerException e) {
        clash = "the compiler refused to create it (" + e.getMessage() + ")";
      } catch (IOException e) {
        reporter.error(originating, Message.INTERNAL.format(originating.getSimpleName(),
            "could not write " + file.typeSpec().name() + ": " + e));
        return;
      }
    }
    for (ExecutableElement method : methods) {
      reporter.error(method, Message.GENERATED_NAME_TAKEN.format(name,
          owner.getQualifiedName(), clash));
    }
    if (methods.isEmpty()) {
      reporter.error(owner, Message.GENERATED_NAME_TAKEN.format(name, owner.getQualifiedName(),
          clash)); // a @CustomRules class: its adapters
    }
  }

  /** True if a type of this name comes from a source file of this compilation (not ours). */
  private boolean userDeclared(String qualifiedName) {
    TypeElement existing = env.getElementUtils().getTypeElement(qualifiedName);
    return existing != null && rootNames.contains(qualifiedName);
  }

  /**
   * Simple names, among those the generated classes use, of types in owner's package: generated
   * code qualifies types of other packages with these names. Looked up one by one: listing the
   * package would read every class file in it, and javac 17 crashes (NPE in
   * Lower.generateMandatedAccessors) on a record it read from a class file and is then given the
   * source of (the records of the rule classes a previous build generated).
   */
  private java.util.Set<String> samePackageNames(TypeElement owner, List<RuleWriter.Rule> rules,
      List<RuleWriter.Copy> copies) {
    java.util.Set<String> used = new java.util.TreeSet<>(List.of("Math", "StrictMath", "Double",
        "Float", "Integer", "Long", "Object", "String", "System", "Arrays", "Throwable",
        "Override", "Generated", "Dual", "DualArray", "DualMatrix", "Directions", "Jacobians",
        "Snapshots", "Tapes"));
    List<Function> functions = new ArrayList<>();
    for (RuleWriter.Rule rule : rules) {
      functions.addAll(List.of(rule.primal(), rule.forward(), rule.reverse()));
      if (rule.directions() != null) {
        functions.add(rule.directions());
      }
      if (rule.forwardPart() != null) {
        functions.addAll(List.of(rule.forwardPart(), rule.reversePart()));
      }
      if (rule.second() != null) {
        functions.addAll(List.of(rule.second().forwardTangent(), rule.second().reverseTangent()));
        if (rule.second().hvpDirections() != null) {
          functions.addAll(List.of(rule.second().hvpDirections(),
              rule.second().hvpForwardDirections(), rule.second().reverseTangentDirections()));
        }
      }
      rule.thrown().forEach(t -> addTypeNames(t.toString(), used));
    }
    copies.forEach(copy -> functions.add(copy.body()));
    for (Function f : functions) {
      f.params().forEach(p -> addTypeNames(p.type(), used));
      f.locals().forEach(l -> addTypeNames(l.type(), used));
      addTypeNames(f.returnType(), used);
      io.jgrad.processor.ir.Blocks.visitExprs(f.body(), e -> {
        addTypeNames(e.type(), used);
        if (e instanceof io.jgrad.processor.ir.Expr.Call c) {
          addTypeNames(c.owner(), used);
        } else if (e instanceof io.jgrad.processor.ir.Expr.StaticField field) {
          addTypeNames(field.owner(), used);
        }
      });
    }
    return samePackageNames(owner, used);
  }

  /** Those of {@code used} (simple names) that are names of types in owner's package. */
  private java.util.Set<String> samePackageNames(TypeElement owner, Set<String> used) {
    String pkg = env.getElementUtils().getPackageOf(owner).getQualifiedName().toString();
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (String name : used) {
      if (env.getElementUtils().getTypeElement(pkg.isEmpty() ? name : pkg + "." + name) != null) {
        out.add(name);
      }
    }
    return out;
  }

  /** {@code Erf} for {@code org.hipparchus.special.Erf}; {@code Outer} for a nested class. */
  private static String simpleName(String qualified) {
    Set<String> parts = new java.util.LinkedHashSet<>();
    addTypeNames(qualified, parts);
    return parts.isEmpty() ? qualified : parts.iterator().next();
  }

  private static void addTypeNames(io.jgrad.processor.ir.Type type, java.util.Set<String> out) {
    io.jgrad.processor.ir.Type base = type.baseType();
    if (base.className() != null) {
      addTypeNames(base.className(), out);
    }
    if (base.shape() != null) {
      addTypeNames(base.shape().qualifiedName(), out);
      addTypeNames(base.shape().tangentName(), out);
    }
  }

  /** The capitalised parts of a qualified name: {@code lib.B_Rrule}, {@code Outer.Inner}. */
  private static void addTypeNames(String qualified, java.util.Set<String> out) {
    for (String part : qualified.split("[.$<>, \\[\\]]")) {
      if (!part.isEmpty() && Character.isUpperCase(part.charAt(0))) {
        out.add(part);
      }
    }
  }

  /**
   * What JDT resolves binary types against: whatever the user passes ({@code -Ajgrad.classpath}),
   * then the compiler's own class path as far as the bridge can see it (so callees and constants
   * of classes compiled earlier, in other modules or jars, resolve as they do for the compiler),
   * then the runtime jar (for {@code @Grad} itself).
   */
  private List<String> classpath(Set<TypeElement> roots) {
    java.util.LinkedHashSet<String> entries = new java.util.LinkedHashSet<>(
        pathOption(CLASSPATH_OPTION));
    entries.addAll(bridge.classpath(roots));
    try {
      entries.add(new File(Grad.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI()).getPath());
    } catch (Exception e) {
      // the annotation then resolves by name only, which is enough
    }
    return new ArrayList<>(entries);
  }

  private List<String> pathOption(String name) {
    String value = env.getOptions().get(name);
    List<String> entries = new ArrayList<>();
    if (value != null) {
      for (String entry : value.split(File.pathSeparator)) {
        if (!entry.isBlank() && new File(entry).exists()) {
          entries.add(entry);
        }
      }
    }
    return entries;
  }
}
