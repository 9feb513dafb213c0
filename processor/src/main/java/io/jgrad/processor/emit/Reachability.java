package io.jgrad.processor.emit;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Stmt;

/**
 * Java's reachability rules (JLS 14.22) over IR statements: javac rejects a statement it can
 * prove unreachable, so code the transforms append after a {@code throw} (a tape push, the
 * return of the rule) or after a loop that only an exception leaves must not be printed. It
 * cannot run anyway. Loop conditions that are compile-time constants reach the IR as the
 * literals {@code true}/{@code false} (or no condition), so no constant folding is needed here.
 */
final class Reachability {
  private Reachability() {}

  static boolean completesNormally(Stmt s) {
    if (s instanceof Stmt.Throw || s instanceof Stmt.Return || s instanceof Stmt.Break
        || s instanceof Stmt.Continue) {
      return false;
    }
    if (s instanceof Stmt.Protected p) {
      return completesNormally(p.body());
    }
    if (s instanceof Stmt.If i) {
      return completesNormally(i.then()) || completesNormally(i.otherwise());
    }
    if (s instanceof Stmt.Loop l) {
      boolean forever = l.condition() == null
          || l.condition() instanceof Expr.Lit lit && lit.text().equals("true");
      if (exits(l.body(), l.label(), 0) || exits(l.update(), l.label(), 0)) {
        return true;
      }
      if (l.testFirst()) {
        return !forever;
      }
      return !forever && (completesNormally(l.body()) || continues(l.body(), l.label(), 0));
    }
    return true;
  }

  static boolean completesNormally(Block block) {
    for (Stmt s : block.stmts()) {
      if (!completesNormally(s)) {
        return false;
      }
    }
    return true;
  }

  /** True if a break in {@code block} leaves the loop labelled {@code label} at this depth. */
  private static boolean exits(Block block, String label, int depth) {
    return jumps(block, label, depth, true);
  }

  private static boolean continues(Block block, String label, int depth) {
    return jumps(block, label, depth, false);
  }

  private static boolean jumps(Block block, String label, int depth, boolean isBreak) {
    for (Stmt s : block.stmts()) {
      String target = s instanceof Stmt.Break b && isBreak ? b.label()
          : s instanceof Stmt.Continue c && !isBreak ? c.label() : null;
      boolean jump = isBreak ? s instanceof Stmt.Break : s instanceof Stmt.Continue;
      if (jump && (target == null ? depth == 0 : target.equals(label))) {
        return true;
      }
      if (s instanceof Stmt.If i && (jumps(i.then(), label, depth, isBreak)
          || jumps(i.otherwise(), label, depth, isBreak))) {
        return true;
      }
      if (s instanceof Stmt.Loop l && (jumps(l.body(), label, depth + 1, isBreak)
          || jumps(l.update(), label, depth + 1, isBreak))) {
        return true;
      }
    }
    return false;
  }
}
