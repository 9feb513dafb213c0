package io.jgrad.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** The prefix of generated class names: {@code Outer_Inner} for {@code pkg.Outer.Inner}. */
final class RuleBases {
  private RuleBases() {}

  static String of(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); e instanceof TypeElement outer;
        e = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + "_");
    }
    return name.toString();
  }

  static TypeElement topLevel(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    return top;
  }
}
