package io.jgrad.processor.emit;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each local of a generated method is declared: in the innermost block that holds all of
 * its uses, at its first assignment when that comes first ({@code double t1 = x * y;}), else
 * with Java's default value just before its first use. A local used only inside a loop but
 * possibly read before it is written in that block ({@link #mayReadFirst}) is declared before
 * the outermost such loop, so it keeps its value from one iteration to the next exactly as a
 * method-level declaration would. Locals never used are not declared.
 *
 * <p>Besides reading like hand-written code, narrow scopes let javac reuse a local's slot once
 * its block ends, which keeps the frames of recursive rules small.
 */
final class Declarations {
  /** Declarations with a default value, before the statement at this index of this block. */
  private final Map<Block, Map<Integer, List<Var>>> before = new IdentityHashMap<>();
  /** Assignments that declare their target. */
  private final Set<Stmt> declaring = Collections.newSetFromMap(new IdentityHashMap<>());

  /** One use of a variable: the path of (block, index) pairs from the body to its statement. */
  private record Site(List<Block> blocks, List<Integer> indices, List<Stmt> statements) {}

  /** No declarations at all: every variable is a field of a frame. */
  static Declarations none() {
    return new Declarations();
  }

  static Declarations of(Function function) {
    Map<Var, List<Site>> uses = new LinkedHashMap<>();
    Set<Var> locals = Collections.newSetFromMap(new IdentityHashMap<>());
    locals.addAll(function.locals());
    collect(function.body(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), locals,
        uses);
    Declarations out = new Declarations();
    for (Var local : function.locals()) {
      List<Site> sites = uses.get(local);
      if (sites != null) {
        out.place(local, sites);
      }
    }
    return out;
  }

  /** Locals to declare (with a default value) before statement {@code index} of {@code block}. */
  List<Var> before(Block block, int index) {
    Map<Integer, List<Var>> byIndex = before.get(block);
    List<Var> vars = byIndex == null ? null : byIndex.get(index);
    return vars == null ? List.of() : vars;
  }

  /** True if {@code s} is the assignment that declares its target. */
  boolean declares(Stmt s) {
    return declaring.contains(s);
  }

  private void place(Var var, List<Site> sites) {
    place(var, sites, 0);
  }

  /**
   * Declares {@code var} for {@code sites}; a declaration hoisted out of loops stays inside the
   * block at path position {@code minLevel} (one of those {@link #split} gave a group of uses).
   */
  private void place(Var var, List<Site> sites, int minLevel) {
    // the innermost block holding every use: the longest common prefix of the paths
    int depth = 0;
    Site first = sites.get(0);
    outer:
    while (depth < first.blocks().size()) {
      for (Site site : sites) {
        if (site.blocks().size() <= depth || site.blocks().get(depth) != first.blocks().get(depth)) {
          break outer;
        }
      }
      depth++;
    }
    int level = depth - 1;
    Block block = first.blocks().get(level);
    int index = Integer.MAX_VALUE;
    for (Site site : sites) {
      index = Math.min(index, site.indices().get(level));
    }
    Stmt firstStatement = block.stmts().get(index);
    if (firstStatement instanceof Stmt.Assign a && a.target() == var
        && !Exprs.vars(a.value()).contains(var)) {
      declaring.add(a); // written before anything else in the block reads it
      return;
    }
    if (mayReadFirst(block.stmts().subList(index, block.stmts().size()), var)) {
      boolean hoisted = false;
      for (int k = minLevel; k < level; k++) {
        if (first.statements().get(k) instanceof Stmt.Loop) {
          // inside a loop and maybe read before written: declared outside, as before the loop
          block = first.blocks().get(k);
          index = first.indices().get(k);
          hoisted = true;
          break;
        }
      }
      if (!hoisted && minLevel > 0) {
        // (not reached: split checked its statement is not read first) the start of the block
        // split gave these uses, not before it, where the other uses' declarations would clash
        block = first.blocks().get(minLevel);
        index = 0;
      }
    } else if (split(var, sites, block, level)) {
      return;
    }
    if (index > 0 && block.stmts().get(index) instanceof Stmt.Loop loop
        && block.stmts().get(index - 1) instanceof Stmt.Assign init
        && isCounterStart(init, loop) && !Exprs.vars(init.value()).contains(var)) {
      // not between a loop and its counter's start, which then print as one for loop (a while
      // loop would declare the counter in the block, where another loop's may clash with it:
      // seed 7, program 337)
      index--;
    }
    before.computeIfAbsent(block, b -> new LinkedHashMap<>())
        .computeIfAbsent(index, i -> new ArrayList<>()).add(var);
  }

  /**
   * Declares {@code var} once in each statement of {@code block} that uses it, where each of
   * them holds all its uses in one nested block and writes it before reading it: no value
   * passes from one to the next ({@code t3} of a loop computing iterations again and of the
   * reverse loop after it). False (nothing declared) if the uses do not divide so.
   */
  private boolean split(Var var, List<Site> sites, Block block, int level) {
    Map<Integer, List<Site>> groups = new LinkedHashMap<>();
    for (Site site : sites) {
      groups.computeIfAbsent(site.indices().get(level), k -> new ArrayList<>()).add(site);
    }
    if (groups.size() < 2) {
      return false;
    }
    for (Map.Entry<Integer, List<Site>> group : groups.entrySet()) {
      Block inner = group.getValue().get(0).blocks().size() > level + 1
          ? group.getValue().get(0).blocks().get(level + 1) : null;
      for (Site site : group.getValue()) {
        if (inner == null || site.blocks().size() <= level + 1
            || site.blocks().get(level + 1) != inner) {
          return false;
        }
      }
      if (scan(block.stmts().get(group.getKey()), var) == Scan.READ) {
        return false;
      }
    }
    for (List<Site> group : groups.values()) {
      place(var, group, level + 1);
    }
    return true;
  }

  /**
   * True if running {@code stmts} may read {@code var} before writing it: only then can a value
   * from an earlier run of the block (an earlier iteration of a loop around it) be seen, and
   * the declaration has to go before that loop. Conservative: a write counts only when it is a
   * plain assignment at this level or in both branches of an {@code if}; a loop's body and
   * update are scanned as if they ran once, and any read in a loop condition counts.
   */
  private static boolean mayReadFirst(List<Stmt> stmts, Var var) {
    return scan(stmts, var) == Scan.READ;
  }

  private enum Scan { READ, WRITTEN, UNTOUCHED }

  private static Scan scan(List<Stmt> stmts, Var var) {
    for (Stmt s : stmts) {
      Scan one = scan(s, var);
      if (one != Scan.UNTOUCHED) {
        return one;
      }
    }
    return Scan.UNTOUCHED;
  }

  private static Scan scan(Stmt s, Var var) {
    if (s instanceof Stmt.Assign a && a.target() == var) {
      return Exprs.vars(a.value()).contains(var) ? Scan.READ : Scan.WRITTEN;
    }
    if (s instanceof Stmt.If i) {
      if (Exprs.vars(i.condition()).contains(var)) {
        return Scan.READ;
      }
      Scan then = scan(i.then().stmts(), var);
      Scan otherwise = scan(i.otherwise().stmts(), var);
      if (then == Scan.READ || otherwise == Scan.READ) {
        return Scan.READ;
      }
      return then == Scan.WRITTEN && otherwise == Scan.WRITTEN ? Scan.WRITTEN : Scan.UNTOUCHED;
    }
    if (s instanceof Stmt.Loop l) {
      List<Stmt> once = new ArrayList<>(l.body().stmts());
      once.addAll(l.update().stmts());
      boolean condition = l.condition() != null && Exprs.vars(l.condition()).contains(var);
      // a jump may skip the write that the scan sees first (continue, then the update reads)
      boolean skipped = hasJumps(once) && uses(once, var);
      return condition || skipped || scan(once, var) == Scan.READ ? Scan.READ : Scan.UNTOUCHED;
    }
    if (s instanceof Stmt.Protected p) {
      return scan(p.body().stmts(), var) == Scan.READ || scan(p.onThrow().stmts(), var)
          == Scan.READ ? Scan.READ : Scan.UNTOUCHED;
    }
    return directUses(s).contains(var) ? Scan.READ : Scan.UNTOUCHED;
  }

  private static boolean hasJumps(List<Stmt> stmts) {
    boolean[] jumps = {false};
    Blocks.visitStmts(new Block(stmts),
        x -> jumps[0] |= x instanceof Stmt.Break || x instanceof Stmt.Continue);
    return jumps[0];
  }

  private static boolean uses(List<Stmt> stmts, Var var) {
    boolean[] used = {false};
    Blocks.visitStmts(new Block(stmts),
        x -> used[0] |= directUses(x).contains(var));
    return used[0];
  }

  /** {@code c = start} before a loop testing first whose body ends in a step of {@code c}. */
  private static boolean isCounterStart(Stmt.Assign init, Stmt.Loop loop) {
    List<Stmt> body = loop.body().stmts();
    return init.target().type().isIntegral() && loop.testFirst() && !body.isEmpty()
        && body.get(body.size() - 1) instanceof Stmt.Assign step && step.target() == init.target()
        && step.value() instanceof io.jgrad.processor.ir.Expr.Binary b
        && b.left() instanceof io.jgrad.processor.ir.Expr.Ref r && r.var() == init.target();
  }

  private static void collect(Block block, List<Block> blocks, List<Integer> indices,
      List<Stmt> statements, Set<Var> locals, Map<Var, List<Site>> uses) {
    blocks.add(block);
    for (int i = 0; i < block.stmts().size(); i++) {
      Stmt s = block.stmts().get(i);
      indices.add(i);
      statements.add(s);
      Site site = new Site(List.copyOf(blocks), List.copyOf(indices), List.copyOf(statements));
      for (Var v : directUses(s)) {
        if (locals.contains(v)) {
          uses.computeIfAbsent(v, k -> new ArrayList<>()).add(site);
        }
      }
      for (Block child : children(s)) {
        collect(child, blocks, indices, statements, locals, uses);
      }
      indices.remove(indices.size() - 1);
      statements.remove(statements.size() - 1);
    }
    blocks.remove(blocks.size() - 1);
  }

  /** The variables a statement reads or writes itself (not in the blocks nested in it). */
  private static Set<Var> directUses(Stmt s) {
    Set<Var> out = new HashSet<>();
    if (s instanceof Stmt.Assign a) {
      out.add(a.target());
      out.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.Store st) {
      out.addAll(Exprs.vars(st.array()));
      out.addAll(Exprs.vars(st.index()));
      out.addAll(Exprs.vars(st.value()));
    } else if (s instanceof Stmt.SetField f) {
      out.addAll(Exprs.vars(f.field()));
      out.addAll(Exprs.vars(f.value()));
    } else if (s instanceof Stmt.Accumulate a) {
      out.addAll(Exprs.vars(a.target()));
      out.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.Eval e) {
      out.addAll(Exprs.vars(e.expr()));
    } else if (s instanceof Stmt.If i) {
      out.addAll(Exprs.vars(i.condition()));
    } else if (s instanceof Stmt.Loop l && l.condition() != null) {
      out.addAll(Exprs.vars(l.condition()));
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      out.addAll(Exprs.vars(r.value()));
    } else if (s instanceof Stmt.Throw t) {
      out.addAll(Exprs.vars(t.exception()));
    }
    return out;
  }

  private static List<Block> children(Stmt s) {
    if (s instanceof Stmt.If i) {
      return List.of(i.then(), i.otherwise());
    }
    if (s instanceof Stmt.Loop l) {
      return List.of(l.body(), l.update());
    }
    if (s instanceof Stmt.Protected p) {
      return List.of(p.body(), p.onThrow());
    }
    return List.of();
  }
}
