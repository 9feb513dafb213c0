package io.jgrad.corpus;

import io.jgrad.check.GradCheck;
import org.junit.jupiter.api.Test;

/** The aliasing finding of {@link FuzzFindings}: every rule rejects x1 == x2, the Jacobian too. */
class FuzzFindingsTest {
  @Test
  void aliasedArgumentsOfAWritingMethodAreRejectedByEveryRule() {
    GradCheck.of(FuzzFindings.class, "aliasedArrayResult").points(3).checkAliasing(0, 1);
  }
}
