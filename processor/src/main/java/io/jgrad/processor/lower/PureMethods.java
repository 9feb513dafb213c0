package io.jgrad.processor.lower;

import java.util.Set;

/** Library classes whose static methods have no effects jgrad must order around or undo. */
final class PureMethods {
  static final Set<String> OWNERS = Set.of("java.lang.Math", "java.lang.StrictMath",
      "java.lang.Integer", "java.lang.Long", "java.lang.Double", "java.lang.Float",
      "java.lang.Boolean", "java.lang.Character", "java.lang.Short", "java.lang.Byte");

  private PureMethods() {}

  static boolean isPure(String owner) {
    return OWNERS.contains(owner);
  }
}
