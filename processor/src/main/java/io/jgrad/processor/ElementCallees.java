package io.jgrad.processor;

import io.jgrad.Grad;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.lower.CalleeResolver;
import io.jgrad.processor.lower.JdtTypes;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;

/**
 * Resolves calls to {@code @Grad} methods through javax.lang.model, which sees this build's
 * sources and the classpath alike; remembers what it resolved for the transforms.
 */
final class ElementCallees implements CalleeResolver {
  private final Elements elements;
  private final Types types;
  private final Map<String, GradCallee> resolved = new HashMap<>();

  ElementCallees(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  @Override
  public GradCallee resolve(IMethodBinding method) {
    ITypeBinding declaring = method.getDeclaringClass().getErasure();
    TypeElement type = elements.getTypeElement(declaring.getQualifiedName());
    if (type == null) {
      return null;
    }
    for (ExecutableElement candidate : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (candidate.getAnnotation(Grad.class) != null && sameSignature(candidate, method)) {
        GradCallee callee = callee(type, method);
        resolved.put(CalleeTable.key(callee.owner(), callee.name()), callee);
        return callee;
      }
    }
    return null;
  }

  /** The callees resolved so far, with what is known of the arrays they write. */
  CalleeTable table(Map<String, java.util.Set<Integer>> writes) {
    return new CalleeTable(Map.copyOf(resolved), writes);
  }

  private boolean sameSignature(ExecutableElement candidate, IMethodBinding method) {
    if (!candidate.getSimpleName().contentEquals(method.getName())
        || candidate.getParameters().size() != method.getParameterTypes().length) {
      return false;
    }
    for (int k = 0; k < method.getParameterTypes().length; k++) {
      String expected = types.erasure(candidate.getParameters().get(k).asType()).toString();
      if (!expected.equals(method.getParameterTypes()[k].getErasure().getQualifiedName())) {
        return false;
      }
    }
    return true;
  }

  private GradCallee callee(TypeElement type, IMethodBinding method) {
    List<Type> params = new ArrayList<>();
    for (ITypeBinding p : method.getParameterTypes()) {
      params.add(JdtTypes.of(p));
    }
    String pkg = elements.getPackageOf(type).getQualifiedName().toString();
    return new GradCallee(type.getQualifiedName().toString(), pkg, RuleBases.of(type),
        method.getName(), params, JdtTypes.of(method.getReturnType()));
  }
}
