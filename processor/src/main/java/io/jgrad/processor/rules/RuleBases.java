package io.jgrad.processor.rules;

import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** The prefix of generated class names: {@code Outer_Inner} for {@code pkg.Outer.Inner}. */
public final class RuleBases {
  private RuleBases() {}

  public static String of(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); e instanceof TypeElement outer;
        e = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + "_");
    }
    return name.toString();
  }

  public static TypeElement topLevel(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    return top;
  }
}
