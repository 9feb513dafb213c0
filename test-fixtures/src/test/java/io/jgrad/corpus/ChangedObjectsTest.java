package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What GradCheck does not cover for {@link ChangedObjects}: one object passed twice. */
class ChangedObjectsTest {
  @Test
  void oneObjectPassedForTwoWrittenParametersIsRejectedByBothRules() {
    ChangedObjects.Node n = new ChangedObjects.Node(0.75, null);
    IllegalArgumentException reverse = assertThrows(IllegalArgumentException.class,
        () -> ChangedObjects_Rrule.transferAdjoint(n, new ChangedObjects_Node_Tangent(), n,
            new ChangedObjects_Node_Tangent(), 0.5, new double[1]));
    assertTrue(reverse.getMessage().contains("parameters from and to are the same object"),
        reverse.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ChangedObjects_Frule.transfer(n,
        new ChangedObjects_Node_Tangent(), n, new ChangedObjects_Node_Tangent(), 0.5, 1.0));
    assertEquals(0.75, n.value); // checked before anything is changed
  }

  @Test
  void theAdjointLeavesTheObjectsAsThePrimalDoesAndTheGradientIsExact() {
    // transfer: from' = from (1 - rate), to' = to + (from rate)^2; with the cotangent 1 on
    // to'.value only: d/dfrom = 2 from rate^2, d/dto = 1, d/drate = 2 from^2 rate
    ChangedObjects.Node from = new ChangedObjects.Node(0.5, null);
    ChangedObjects.Node to = new ChangedObjects.Node(2.0, null);
    ChangedObjects_Node_Tangent fromBar = new ChangedObjects_Node_Tangent();
    ChangedObjects_Node_Tangent toBar = new ChangedObjects_Node_Tangent();
    toBar.value = 1.0;
    double[] scalarBars = new double[1];
    ChangedObjects_Rrule.transferAdjoint(from, fromBar, to, toBar, 0.25, scalarBars);
    assertEquals(0.375, from.value); // 0.5 - 0.125, exact
    assertEquals(2.015625, to.value); // 2 + 0.125^2, exact
    assertEquals(2 * 0.5 * 0.25 * 0.25, fromBar.value);
    assertEquals(1.0, toBar.value);
    assertEquals(2 * 0.25 * 0.25, scalarBars[0]);
  }
}
