package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How often each variable is assigned: a variable assigned once, outside loops, is never overwritten. */
public final class Assignments {
  private final Map<Var, Integer> counts = new HashMap<>();

  public static Assignments of(Function function) {
    Assignments result = new Assignments();
    List<Stmt.Assign> all = new ArrayList<>();
    Activity.collect(function.body(), all);
    for (Stmt.Assign a : all) {
      result.counts.merge(a.target(), 1, Integer::sum);
    }
    return result;
  }

  /** Every assignment in a block, nested ones included. */
  public static void collectAll(io.jgrad.processor.ir.Block block, List<Stmt.Assign> out) {
    Activity.collect(block, out);
  }

  public int count(Var var) {
    return counts.getOrDefault(var, 0);
  }
}
