package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loops whose reverse {@code fAdjoint} can run inside its forward sweep, iteration by iteration,
 * as an expert writes the adjoint of a sum: {@code s += f(x[i])} and {@code xBar[i] += sBar *
 * f'(x[i])} in one loop, with nothing taped across iterations and no second pass. The seed is an
 * argument of {@code fAdjoint}, so the adjoints of what the loop adds into ({@code sBar}) can be
 * known before it runs; {@link AdjointSlice} finds the statements that compute them.
 *
 * <p>A loop qualifies where each of its iterations stands alone
 * ({@link RecomputedIterations#standingAlone}: it reads before writing only values nothing in or
 * after the loop changes, and writes only scalars and local work memory, read after it by no
 * reverse statement) and, in addition:
 *
 * <ul>
 *   <li>it is a statement of the method's body itself, not nested in a branch or another loop:
 *       it runs once, where the forward sweep runs;
 *   <li>no statement after it reads what it writes but its accumulators' final values: the
 *       reverse of each iteration puts back what the iteration overwrote, so its work memory and
 *       scalars are not left as the primal leaves them;
 *   <li>the method returns a number and writes none of its arguments' memory or objects (the
 *       conversions {@code fAdjoint} makes around the reverse sweep of such a method would have
 *       to come between the two halves of every iteration).
 * </ul>
 *
 * <p>Its reverse then needs, besides what the iteration leaves on the tape for itself, only
 * adjoints that are constant over the loop (an accumulator's adjoint is: the reverse of {@code
 * s = s + e} leaves {@code sBar}), and it adds into the adjoints of values that nothing after the
 * loop changes, in another order than the reverse sweep would (the rounding of a sum, as between
 * any two correct rules). {@code -J-Djgrad.noFusedLoops=true} turns it off.
 */
final class FusedLoops {
  private FusedLoops() {}

  /** The loops of {@code function} (structured) that may be fused, with their iterations. */
  static Map<Stmt.Loop, RecomputedIterations.Iteration> of(Function function, Var result,
      ArrayEffects effects, CalleeTable callees, ToBeRecorded recorded) {
    Map<Stmt.Loop, RecomputedIterations.Iteration> out = new IdentityHashMap<>();
    if (Boolean.getBoolean("jgrad.noFusedLoops") || result == null
        || !result.type().isFloating() || writesArguments(function, effects)) {
      return out;
    }
    RecomputedIterations loops = RecomputedIterations.analysis(function, result, effects,
        callees, recorded);
    List<Stmt> stmts = function.body().stmts();
    for (int k = 0; k < stmts.size(); k++) {
      if (!(stmts.get(k) instanceof Stmt.Loop l)) {
        continue;
      }
      RecomputedIterations.Iteration iteration = loops.standingAlone(l);
      if (iteration != null
          && !readsAfter(new Block(stmts.subList(k + 1, stmts.size())), iteration, effects)) {
        out.put(l, iteration);
      }
    }
    return out;
  }

  /** True if the method may write an argument's memory or an object it was passed. */
  private static boolean writesArguments(Function function, ArrayEffects effects) {
    for (Var p : function.params()) {
      boolean memory = ArrayEffects.holdsMemory(p.type()) || p.type().isMutableObject();
      if (memory && (effects.isWritten(p) || effects.writesArrays(p))) {
        return true;
      }
    }
    return false;
  }

  /**
   * True if {@code after} reads a scalar the iteration writes (its accumulators and counter
   * aside) or names memory of a class it stores into.
   */
  private static boolean readsAfter(Block after, RecomputedIterations.Iteration iteration,
      ArrayEffects effects) {
    for (Var v : Blocks.reads(after)) {
      if (iteration.scalars().contains(v)) {
        return true;
      }
      if (ArrayEffects.holdsMemory(v.type())
          && iteration.classes().stream().anyMatch(c -> effects.reaches(v, c))) {
        return true;
      }
    }
    return false;
  }
}
