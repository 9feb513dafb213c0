package io.jgrad.processor.diag;

import javax.lang.model.element.Element;

/**
 * Reports diagnostics at the most precise position the running compiler allows: the exact
 * expression under javac, the enclosing element (with file and line in the text) elsewhere.
 */
public interface Reporter {
  /** An error at a position inside the source of {@code element}'s compilation unit. */
  void error(Element element, Problem problem);

  /** An error on the element itself. */
  void error(Element element, String message);

  /** A warning on the element itself. */
  void warning(Element element, String message);
}
