package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jgrad.tape.Tapes;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The rules throw what the primal throws, with the same message, where it throws. */
class ThrowsTest {
  private static void sameThrow(Class<? extends Throwable> type, Executable primal,
      List<Executable> rules) throws Throwable {
    String message = assertThrows(type, primal).getMessage();
    for (Executable rule : rules) {
      assertEquals(message, assertThrows(type, rule).getMessage());
    }
  }

  @Test
  void elseBranches() throws Throwable {
    sameThrow(IllegalArgumentException.class, () -> Throws.elseThrows(-11), List.of(
        () -> Throws_Frule.elseThrows(-11, 1), () -> Throws_Rrule.elseThrows(-11),
        () -> Throws_Rrule.elseThrowsAdjoint(-11, 1, new double[1])));
    sameThrow(IllegalStateException.class, () -> Throws.elseIfChainThrows(0.5, 3), List.of(
        () -> Throws_Frule.elseIfChainThrows(0.5, 1, 3),
        () -> Throws_Rrule.elseIfChainThrows(0.5, 3)));
    double[] big = {1, 2, 30};
    sameThrow(ArithmeticException.class, () -> Throws.elseThrowsInLoop(big.clone()), List.of(
        () -> Throws_Frule.elseThrowsInLoop(big.clone(), new double[3]),
        () -> Throws_Rrule.elseThrowsInLoop(big.clone())));
    sameThrow(IllegalStateException.class, () -> Throws.bothBranchesThrowInLoop(0.5, 11),
        List.of(() -> Throws_Frule.bothBranchesThrowInLoop(0.5, 1, 11),
            () -> Throws_Rrule.bothBranchesThrowInLoop(0.5, 11)));
  }

  @Test
  void loopsOnlyAnExceptionLeaves() throws Throwable {
    sameThrow(IllegalStateException.class, () -> AlwaysThrows.whileTrueLeftByThrow(0.75),
        List.of(() -> AlwaysThrows_Frule.whileTrueLeftByThrow(0.75, 1),
            () -> AlwaysThrows_Rrule.whileTrueLeftByThrow(0.75)));
    sameThrow(IllegalStateException.class, () -> AlwaysThrows.constantConditionLoop(0.75),
        List.of(() -> AlwaysThrows_Frule.constantConditionLoop(0.75, 1),
            () -> AlwaysThrows_Rrule.constantConditionLoop(0.75)));
    sameThrow(UnsupportedOperationException.class, () -> AlwaysThrows.onlyThrows(1), List.of(
        () -> AlwaysThrows_Frule.onlyThrows(1, 1), () -> AlwaysThrows_Rrule.onlyThrows(1)));
  }

  @Test
  void voidMethodThrowsAfterWriting() throws Throwable {
    Supplier<double[]> x = () -> new double[] {5, 6};
    double[] primal = x.get();
    double[] forward = x.get();
    double[] reverse = x.get();
    sameThrow(IllegalArgumentException.class, () -> Throws.voidThrows(primal, 0.5), List.of(
        () -> Throws_Frule.voidThrows(forward, new double[2], 0.5, 1),
        () -> Throws_Rrule.voidThrowsAdjoint(reverse, new double[2], 0.5, new double[1])));
    assertArrayEquals(new double[] {0.5, 6}, primal, 0.0);
    assertArrayEquals(primal, forward, 0.0);
    assertArrayEquals(primal, reverse, 0.0);
  }

  private static int[] tapeSizes() {
    Tapes t = Tapes.current();
    return new int[] {t.doubleSize(), t.intSize(), t.longSize(), t.refSize(), t.arraySize()};
  }

  /**
   * A pop from an empty stack (only a wrong rule does that: seed 3056, program 435) must not
   * leave the thread's tapes unusable for every later rule: clearing empties them again.
   */
  @Test
  void aStackPoppedBelowEmptyIsEmptyAgainAfterClear() {
    Tapes t = Tapes.current();
    t.clear();
    org.junit.jupiter.api.Assertions.assertThrows(ArrayIndexOutOfBoundsException.class,
        t::popDouble);
    org.junit.jupiter.api.Assertions.assertThrows(ArrayIndexOutOfBoundsException.class,
        t::popRef);
    t.clear();
    assertArrayEquals(new int[] {0, 0, 0, 0, 0}, tapeSizes());
    t.pushDouble(2.5);
    org.junit.jupiter.api.Assertions.assertEquals(2.5, t.popDouble(), 0.0);
  }

  /** Issue 8, item 17: a rule that throws leaves the thread's tapes as it found them. */
  @Test
  void throwingRulesLeaveTheTapesAsTheyFoundThem() {
    int[] before = tapeSizes();
    for (int k = 0; k < 20_000; k++) {
      double[] x = {1, 2, 30, 4};
      assertThrows(ArithmeticException.class, () -> Throws_Rrule.elseThrowsInLoop(x));
      assertThrows(ArrayIndexOutOfBoundsException.class,
          () -> Throws_Rrule.throwsAfterWorkArraysAdjoint(x, new double[4], -1, 1.0));
      assertThrows(IllegalStateException.class,
          () -> Throws_Rrule.bothBranchesThrowInLoop(0.5, 11));
      assertThrows(IllegalArgumentException.class, () -> Throws_Rrule.voidThrowsAdjoint(
          new double[2], new double[2], 0.5, new double[1]));
      assertThrows(IllegalStateException.class,
          () -> AlwaysThrows_Rrule.whileTrueLeftByThrowAdjoint(0.75, 1.0, new double[1]));
    }
    assertArrayEquals(before, tapeSizes());
  }

  @Test
  void stackOverflowInsideARuleLeavesTheTapesAsTheyFoundThem() {
    int[] before = tapeSizes();
    assertThrows(StackOverflowError.class, () -> Throws.recursion(0.5, 10_000_000));
    assertThrows(StackOverflowError.class, () -> Throws_Rrule.recursion(0.5, 10_000_000));
    assertThrows(StackOverflowError.class,
        () -> Throws_Rrule.recursionAdjoint(0.5, 10_000_000, 1.0, new double[1]));
    assertArrayEquals(before, tapeSizes());
    // and the rules still work afterwards
    assertEquals(Throws.recursion(0.5, 3), Throws_Rrule.recursion(0.5, 3).value(), 0.0);
    assertArrayEquals(before, tapeSizes());
  }
}
