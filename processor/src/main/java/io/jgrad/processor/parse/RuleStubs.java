package io.jgrad.processor.parse;

import io.jgrad.NoGrad;
import io.jgrad.processor.rules.RuleBases;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.source.SourceUnit;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Stand-ins for the rule classes this round will generate, so that JDT can type-check a {@code
 * @Grad} method that calls another method's rules ({@code Foo_Frule.g(x, xDot).tangent()}, {@code
 * Foo_Rrule.g(x).xBar()}): the real classes do not exist until the round ends. A stub declares
 * the convenience rules {@code g} of each static {@code @Grad} method with a number result, with
 * the signatures the real classes will have, and a field {@link #TARGET} of the {@code @Grad}
 * method's class, through which the lowering finds the method. Stubs are only parsed, never
 * compiled; a rule class that already exists (compiled earlier) gets none.
 */
public final class RuleStubs {
  /** The field of a stub whose type is the class declaring the {@code @Grad} methods. */
  public static final String TARGET = "jgrad$target";

  private RuleStubs() {}

  /** The stubs of the rule classes of {@code owners} (only those not compiled already). */
  public static List<SourceUnit> of(Iterable<TypeElement> owners, Elements elements,
      Types types) {
    List<SourceUnit> out = new ArrayList<>();
    for (TypeElement owner : owners) {
      String pkg = elements.getPackageOf(owner).getQualifiedName().toString();
      String base = RuleBases.of(owner);
      List<ExecutableElement> methods = new ArrayList<>();
      for (ExecutableElement m : javax.lang.model.util.ElementFilter.methodsIn(
          owner.getEnclosedElements())) {
        if (m.getAnnotation(io.jgrad.Grad.class) != null && stubbable(m, types)) {
          methods.add(m);
        }
      }
      if (methods.isEmpty()) {
        continue;
      }
      String forward = RuleNames.forwardClass(base);
      String reverse = RuleNames.reverseClass(base);
      if (elements.getTypeElement(qualified(pkg, forward)) == null) {
        out.add(unit(pkg, forward, owner, types, methods, true));
      }
      if (elements.getTypeElement(qualified(pkg, reverse)) == null) {
        out.add(unit(pkg, reverse, owner, types, methods, false));
      }
    }
    return out;
  }

  /**
   * A static, non-private method with a double or float result whose parameters are numbers,
   * {@code double[]}, {@code double[][]}, or data (int, long, boolean, or {@code @NoGrad}).
   */
  static boolean stubbable(ExecutableElement m, Types types) {
    TypeKind result = m.getReturnType().getKind();
    if (!m.getModifiers().contains(Modifier.STATIC) || m.getModifiers().contains(Modifier.PRIVATE)
        || !(result == TypeKind.DOUBLE || result == TypeKind.FLOAT)
        || !m.getTypeParameters().isEmpty()) {
      return false;
    }
    for (VariableElement p : m.getParameters()) {
      if (p.getAnnotation(NoGrad.class) == null && tangentType(p.asType(), types) == null
          && !p.asType().getKind().isPrimitive()) {
        return false;
      }
    }
    return true;
  }

  /** The tangent of a differentiable parameter type, or null if it has none here. */
  static String tangentType(TypeMirror type, Types types) {
    String erased = types.erasure(type).toString();
    return switch (erased) {
      case "double", "float" -> "double";
      case "double[]", "double[][]" -> erased;
      default -> null;
    };
  }

  private static SourceUnit unit(String pkg, String name, TypeElement owner, Types types,
      List<ExecutableElement> methods, boolean forward) {
    StringBuilder s = new StringBuilder();
    if (!pkg.isEmpty()) {
      s.append("package ").append(pkg).append(";\n");
    }
    s.append("public final class ").append(name).append(" {\n");
    s.append("  private static ").append(types.erasure(owner.asType())).append(' ')
        .append(TARGET).append(";\n");
    int record = 0;
    for (ExecutableElement m : methods) {
      List<String> params = new ArrayList<>();
      List<String> components = new ArrayList<>(List.of("double value"));
      for (VariableElement p : m.getParameters()) {
        String type = types.erasure(p.asType()).toString();
        params.add(type + " " + p.getSimpleName());
        String tangent = p.getAnnotation(NoGrad.class) != null ? null
            : tangentType(p.asType(), types);
        if (tangent != null && forward) {
          params.add(tangent + " " + RuleNames.tangent(p.getSimpleName().toString()));
        } else if (tangent != null) {
          components.add(tangent + " " + RuleNames.adjoint(p.getSimpleName().toString()));
        }
      }
      String returns = forward ? "io.jgrad.Dual" : "Gradient" + record++;
      s.append("  public static ").append(returns).append(' ').append(m.getSimpleName())
          .append('(').append(String.join(", ", params)).append(") { return null; }\n");
      if (!forward) {
        s.append("  public record ").append(returns).append('(')
            .append(String.join(", ", components)).append(") {}\n");
      }
    }
    s.append("}\n");
    return new SourceUnit(pkg, name + ".java", s.toString());
  }

  private static String qualified(String pkg, String simple) {
    return pkg.isEmpty() ? simple : pkg + "." + simple;
  }
}
