package io.jgrad.processor;

import io.jgrad.processor.check.CustomRuleChecks;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.diag.Reporter;
import io.jgrad.processor.emit.RuleWriter;
import io.jgrad.processor.lower.CustomRuleTable;
import io.jgrad.processor.lower.ElementCallees;
import io.jgrad.processor.rules.CustomRule;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;
import org.eclipse.jdt.core.dom.IMethodBinding;

/**
 * The custom rules of a compilation: reads and checks its {@code @CustomRules} classes (every
 * round's, so later rounds resolve calls to them too), gives the lowering the table calls
 * resolve through, has jgrad differentiate each fresh holder's reverse rules where it can (their
 * forward rules are the second-order rules of the targets), and says which adapters to write
 * into the fresh holders' rule classes. It writes the index through which later builds find the
 * holders on their class path.
 */
final class CustomRuleStage {
  private final ProcessingEnvironment env;
  private final Reporter reporter;
  private final CustomRuleTable table;
  /** The holders first seen in this round: their adapters and index are written now. */
  private final List<CustomRuleChecks.Holder> fresh = new ArrayList<>();
  /** For each fresh rule's callee key, the callee of its reverse rule's rules (if a helper). */
  private final Map<String, GradCallee> reverseRules = new LinkedHashMap<>();

  /**
   * @param known the holders of earlier rounds of this compilation (qualified names; this
   *     round's are added)
   * @param roundHolders the classes annotated {@code @CustomRules} in this round
   */
  CustomRuleStage(ProcessingEnvironment env, Reporter reporter, Set<String> known,
      Set<? extends TypeElement> roundHolders) {
    this.env = env;
    this.reporter = reporter;
    CustomRuleChecks checks = new CustomRuleChecks(env.getElementUtils(), env.getTypeUtils());
    this.table = new CustomRuleTable(env.getElementUtils(), checks, this::indexed);
    for (String name : known) {
      TypeElement holder = env.getElementUtils().getTypeElement(name);
      CustomRuleChecks.Holder read = holder == null ? null : checks.read(holder);
      if (read != null && read.problems().isEmpty()) {
        table.add(read); // (its problems were reported in the round that saw it first)
      }
    }
    for (TypeElement holder : roundHolders) {
      if (!known.add(holder.getQualifiedName().toString())) {
        continue;
      }
      CustomRuleChecks.Holder read = checks.read(holder);
      read.problems().forEach(p -> reporter.error(p.at(),
          Message.CUSTOM_RULES.format(p.message())));
      if (read.problems().isEmpty()) {
        table.add(read);
        fresh.add(read);
      }
    }
  }

  CustomRuleTable table() {
    return table;
  }

  /** True if this round has holders whose adapters it writes. */
  boolean hasFresh() {
    return !fresh.isEmpty();
  }

  /** The fresh holders, whose sources the round parses (their reverse rules are lowered). */
  List<TypeElement> freshHolders() {
    return fresh.stream().map(CustomRuleChecks.Holder::holder).toList();
  }

  /**
   * Has jgrad differentiate the fresh rules' reverse rules where it can, quietly: {@code
   * binding} finds the JDT binding of a holder's method (null if its source cannot be read).
   */
  void differentiateReverseRules(ElementCallees callees,
      Function<ExecutableElement, IMethodBinding> binding) {
    for (CustomRuleChecks.Holder h : fresh) {
      for (int k = 0; k < h.rules().size(); k++) {
        IMethodBinding reverse = binding.apply(h.reverseRules().get(k));
        GradCallee callee = reverse == null ? null : callees.optionalHelper(reverse);
        if (callee != null) {
          reverseRules.put(h.rules().get(k).calleeKey(), callee);
        }
      }
    }
  }

  /**
   * The adapters to write into each fresh holder's rule classes; {@code differentiated} tells
   * whether a function (by callee key) got its rules, so that the reverse rule's forward rule
   * exists.
   */
  Map<TypeElement, List<RuleWriter.CustomAdapter>> adapters(
      java.util.function.Predicate<String> differentiated, Function<String, String> why) {
    Map<TypeElement, List<RuleWriter.CustomAdapter>> out = new LinkedHashMap<>();
    for (CustomRuleChecks.Holder h : fresh) {
      List<RuleWriter.CustomAdapter> list = new ArrayList<>();
      for (int k = 0; k < h.rules().size(); k++) {
        CustomRule rule = h.rules().get(k);
        GradCallee reverse = reverseRules.get(rule.calleeKey());
        String key = reverse == null ? null : CalleeTable.key(reverse.owner(), reverse.name());
        boolean tangent = key != null && differentiated.test(key);
        if (!tangent) {
          // not an error: first-order rules are complete; say why second order stops here
          String reason = key == null ? null : why.apply(key);
          if (key != null && reason == null) {
            reason = "jgrad could not differentiate it";
          } else if (reason != null && reason.contains(". ")) {
            reason = reason.substring(0, reason.indexOf(". ")); // its first sentence
          }
          env.getMessager().printMessage(javax.tools.Diagnostic.Kind.NOTE, "jgrad cannot"
              + " differentiate the reverse rule " + rule.reverseRule() + (reason == null
                  ? " (its signature is not one jgrad differentiates)" : " (" + reason + ")")
              + ", so the methods calling " + rule.describe() + " get no second-order rules"
              + " (Hvp, Hessian)", h.reverseRules().get(k));
        }
        list.add(new RuleWriter.CustomAdapter(rule, tangent ? reverse.name() : null));
      }
      out.put(h.holder(), list);
    }
    return out;
  }

  /**
   * Writes the index of the fresh holders, one resource per target class listing its holders,
   * where later builds look for them on their class path ({@link CustomRuleTable#INDEX}).
   */
  void writeIndex(Set<String> indexWritten) {
    Map<String, Set<TypeElement>> byTarget = new LinkedHashMap<>();
    for (CustomRuleChecks.Holder h : fresh) {
      byTarget.computeIfAbsent(h.target(), k -> new LinkedHashSet<>()).add(h.holder());
    }
    for (Map.Entry<String, Set<TypeElement>> e : byTarget.entrySet()) {
      if (!indexWritten.add(e.getKey())) {
        e.getValue().forEach(h -> reporter.error(h, Message.CUSTOM_RULES.format("the rules for "
            + e.getKey() + " are split over classes that the compiler hands to annotation"
            + " processing in different rounds; jgrad lists them in one index file per class:"
            + " keep the rules for " + e.getKey() + " in one class")));
        continue;
      }
      try {
        FileObject file = env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
            CustomRuleTable.INDEX + e.getKey(), e.getValue().toArray(TypeElement[]::new));
        try (Writer w = file.openWriter()) {
          for (TypeElement h : e.getValue()) {
            w.write(h.getQualifiedName() + "\n");
          }
        }
      } catch (IOException | RuntimeException failure) {
        e.getValue().forEach(h -> reporter.error(h, Message.INTERNAL.format(h.getSimpleName(),
            "could not write " + CustomRuleTable.INDEX + e.getKey() + ": " + failure)));
      }
    }
  }

  /** The holders the class path's index lists for {@code target} (none if there is none). */
  private List<String> indexed(String target) {
    List<String> out = new ArrayList<>();
    try {
      FileObject file = env.getFiler().getResource(StandardLocation.CLASS_PATH, "",
          CustomRuleTable.INDEX + target);
      try (BufferedReader in = new BufferedReader(new InputStreamReader(file.openInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (!line.isBlank()) {
            out.add(line.trim());
          }
        }
      }
    } catch (IOException | RuntimeException none) {
      // no index for this class: no rules from the class path
    }
    return out;
  }
}
