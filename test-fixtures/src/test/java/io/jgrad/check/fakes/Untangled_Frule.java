package io.jgrad.check.fakes;

/** Empty: the check stops at the missing tangent class before looking for rules in here. */
final class Untangled_Frule {
  private Untangled_Frule() {}
}
