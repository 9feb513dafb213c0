package io.jgrad.processor.lower;

import io.jgrad.processor.check.CustomRuleChecks;
import io.jgrad.processor.rules.CustomRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;

/**
 * The custom rules and zero-derivative methods calls can resolve to: those of the {@code
 * @CustomRules} classes of this build, and those of holders compiled earlier, found through the
 * index jgrad writes next to their classes ({@code io/jgrad/rules/<target class>}, read
 * the first time a method of the target class is called). Rules of this build win over the
 * class path's: a user may replace a library's rules.
 */
public final class CustomRuleTable {
  /**
   * Where the index of holders compiled earlier lives, relative to a class path root: in a
   * folder javac's file manager shows processors in jars too (it lists only folders named like
   * packages there, so not {@code META-INF}).
   */
  public static final String INDEX = "io/jgrad/rules/";

  private final Elements elements;
  private final CustomRuleChecks checks;
  /** For a target class, the holders the class path's index lists (never null). */
  private final Function<String, List<String>> index;
  private final Map<String, CustomRule> byTarget = new HashMap<>();
  private final Set<String> zeroDerivative = new HashSet<>();
  private final Set<String> fromThisBuild = new HashSet<>();
  /** Targets with rules in several holders of this build: their holders. */
  private final Map<String, java.util.Set<String>> ambiguous = new HashMap<>();
  private final Set<String> indexed = new HashSet<>();

  public CustomRuleTable(Elements elements, CustomRuleChecks checks,
      Function<String, List<String>> index) {
    this.elements = elements;
    this.checks = checks;
    this.index = index;
  }

  /**
   * Adds the rules of a holder of this build. Two holders of this build may have rules for one
   * target (alternatives a test compares, say); a call of it is then an error ({@link
   * #ambiguity}).
   */
  public void add(CustomRuleChecks.Holder holder) {
    for (CustomRule rule : holder.rules()) {
      if (fromThisBuild.add(rule.targetKey())) {
        byTarget.put(rule.targetKey(), rule); // over the class path's
      } else if (!byTarget.get(rule.targetKey()).holder().equals(rule.holder())) {
        ambiguous.computeIfAbsent(rule.targetKey(), k -> new java.util.TreeSet<>(
            List.of(byTarget.get(k).holder()))).add(rule.holder());
      }
    }
    zeroDerivative.addAll(holder.zeroDerivative());
  }

  /** The custom rule for calls of {@code method}, or null (also if it has several). */
  public CustomRule ruleFor(IMethodBinding method) {
    ITypeBinding owner = method.getDeclaringClass().getErasure();
    load(owner.getQualifiedName());
    return ambiguous.containsKey(key(method)) ? null : byTarget.get(key(method));
  }

  /** Why calls of {@code method} have no custom rule though it has several; else null. */
  public String ambiguity(IMethodBinding method) {
    java.util.Set<String> holders = ambiguous.get(key(method));
    return holders == null ? null : "it has custom rules in several classes of this build ("
        + String.join(", ", holders) + "), and jgrad cannot tell which to use: keep one of them";
  }

  /**
   * True if calls of {@code method} have a zero derivative: it is {@code @ZeroDerivative}, or a
   * holder lists it in {@code zeroDerivative}.
   */
  public boolean isZeroDerivative(IMethodBinding method) {
    ITypeBinding owner = method.getDeclaringClass().getErasure();
    load(owner.getQualifiedName());
    if (zeroDerivative.contains(owner.getQualifiedName() + "#" + method.getName())) {
      return true;
    }
    for (org.eclipse.jdt.core.dom.IAnnotationBinding a
        : method.getMethodDeclaration().getAnnotations()) {
      if (a.getAnnotationType() != null && a.getAnnotationType().getQualifiedName()
          .equals(CustomRuleChecks.ZERO_DERIVATIVE)) {
        return true;
      }
    }
    return false;
  }

  /** The rules of the holders the index lists for {@code target}, read once. */
  private void load(String target) {
    if (!indexed.add(target)) {
      return;
    }
    for (String name : index.apply(target)) {
      TypeElement holder = elements.getTypeElement(name);
      if (holder == null || CustomRuleChecks.annotation(holder) == null) {
        continue; // a stale index entry: the holder is gone
      }
      CustomRuleChecks.Holder read = checks.read(holder);
      for (CustomRule rule : read.rules()) {
        byTarget.putIfAbsent(rule.targetKey(), rule);
      }
      zeroDerivative.addAll(read.zeroDerivative());
    }
  }

  private static String key(IMethodBinding method) {
    List<String> erased = new ArrayList<>();
    for (ITypeBinding p : method.getMethodDeclaration().getParameterTypes()) {
      erased.add(p.getErasure().getQualifiedName());
    }
    return CustomRule.targetKey(method.getDeclaringClass().getErasure().getQualifiedName(),
        method.getName(), erased);
  }
}
