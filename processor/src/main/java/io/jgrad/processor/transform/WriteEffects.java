package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Var;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which array, record and object parameters each {@code @Grad} method and helper of this round
 * writes (elements, fields, or the arrays a record holds), and of which it writes arrays rather
 * than only objects' fields, directly or through its callees: a
 * fixpoint over the call graph (recursion converges because write sets only grow). A callee
 * that is not in this round is assumed to write every array it receives.
 */
public final class WriteEffects {
  private WriteEffects() {}

  /** The callee table for this round's functions. */
  public static CalleeTable of(Map<String, Function> functions,
      java.util.function.BiFunction<Map<String, Set<Integer>>, Map<String, Set<Integer>>,
          CalleeTable> tables) {
    Map<String, Set<Integer>> writes = new HashMap<>();
    Map<String, Set<Integer>> arrayWrites = new HashMap<>();
    functions.keySet().forEach(k -> writes.put(k, new HashSet<>()));
    functions.keySet().forEach(k -> arrayWrites.put(k, new HashSet<>()));
    boolean changed = true;
    while (changed) {
      changed = false;
      CalleeTable table = tables.apply(writes, arrayWrites);
      for (Map.Entry<String, Function> e : functions.entrySet()) {
        // the caller's memory only: an object or array the body assigns to a parameter
        // (ob1 = local) is not the caller's, so writes to it do not count (seed 2502, 415)
        ArrayEffects effects = ArrayEffects.ofEntryArrays(e.getValue(), table);
        List<Var> params = e.getValue().params();
        for (int k = 0; k < params.size(); k++) {
          if (ArrayEffects.holdsMemory(params.get(k).type())
              && effects.isWritten(params.get(k))) {
            changed |= writes.get(e.getKey()).add(k);
          }
          if (ArrayEffects.holdsMemory(params.get(k).type())
              && effects.writesArrays(params.get(k))) {
            changed |= arrayWrites.get(e.getKey()).add(k);
          }
        }
      }
    }
    return tables.apply(writes, arrayWrites);
  }
}
