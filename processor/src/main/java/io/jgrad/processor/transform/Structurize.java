package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.anyOf;
import static io.jgrad.processor.ir.Ops.not;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * IR -> IR: removes {@code break}, {@code continue} and {@code return} by turning them into
 * boolean flags that guard the statements they skip. The result has one exit, at its end, which
 * is what the reverse sweep needs: every loop and branch is then entered and left in one place.
 */
public final class Structurize {
  /** The structured function, and the variable holding its return value (null if void). */
  public record Result(Function function, Var result) {}

  private static final Expr TRUE = new Expr.Lit(Type.BOOLEAN, "true");
  private static final Expr FALSE = new Expr.Lit(Type.BOOLEAN, "false");

  private final Names names;
  private final List<Var> locals;
  private final Deque<LoopFlags> loops = new ArrayDeque<>();
  private final Var result;
  private final List<Var> flags = new ArrayList<>();
  private Var returned;

  private final class LoopFlags {
    final String label;
    Var broke;
    Var continued;

    LoopFlags(String label) {
      this.label = label;
    }

    Var broke() {
      if (broke == null) {
        broke = flag("broke" + suffix());
      }
      return broke;
    }

    Var continued() {
      if (continued == null) {
        continued = flag("continued" + suffix());
      }
      return continued;
    }

    private String suffix() {
      return label == null ? "" : Character.toUpperCase(label.charAt(0)) + label.substring(1);
    }
  }

  private Structurize(Function function) {
    List<String> taken = new ArrayList<>();
    function.params().forEach(p -> taken.add(p.name()));
    function.locals().forEach(l -> taken.add(l.name()));
    this.names = new Names(taken);
    this.locals = new ArrayList<>(function.locals());
    if (function.returnType().equals(Type.VOID)) {
      this.result = null;
    } else {
      this.result = new Var(names.fresh("result"), function.returnType(), Var.Kind.TEMP);
      locals.add(result);
    }
  }

  public static Result apply(Function function) {
    Structurize pass = new Structurize(function);
    Block body = new Block();
    Block structured = pass.block(function.body(), new LinkedHashSet<>());
    if (pass.returned != null) {
      body.add(new Stmt.Assign(pass.returned, FALSE, Stmt.Origin.NONE));
    }
    body.addAll(structured);
    Set<Var> unread = new LinkedHashSet<>(pass.flags);
    unread.removeAll(Blocks.reads(body));
    pass.locals.removeAll(unread);
    return new Result(new Function(function.name(), function.params(), function.returnType(),
        withoutAssignmentsTo(body, unread), pass.locals), pass.result);
  }

  /** Drops assignments to flags nothing reads (a return at the very end needs no flag). */
  private static Block withoutAssignmentsTo(Block block, Set<Var> dead) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a && dead.contains(a.target())) {
        continue;
      }
      if (s instanceof Stmt.If i) {
        out.add(new Stmt.If(i.condition(), withoutAssignmentsTo(i.then(), dead),
            withoutAssignmentsTo(i.otherwise(), dead), i.origin()));
      } else if (s instanceof Stmt.Loop l) {
        out.add(new Stmt.Loop(l.label(), l.condition(), withoutAssignmentsTo(l.body(), dead),
            withoutAssignmentsTo(l.update(), dead), l.testFirst(), l.origin()));
      } else {
        out.add(s);
      }
    }
    return out;
  }

  private Var flag(String base) {
    Var v = new Var(names.fresh(base), Type.BOOLEAN, Var.Kind.TEMP);
    locals.add(v);
    flags.add(v);
    return v;
  }

  /**
   * Structures a block; adds to {@code escaping} the flags its statements may set. After an
   * {@code if} one of whose branches always jumps away ({@code return}, {@code break},
   * {@code continue}, {@code throw}) the rest of the block moves into the other branch, as one
   * would write it by hand; elsewhere the statements after a jump are guarded by its flag.
   */
  private Block block(Block in, Set<Var> escaping) {
    Block out = new Block();
    Block current = out;
    Set<Var> pending = new LinkedHashSet<>();
    List<Stmt> stmts = in.stmts();
    for (int k = 0; k < stmts.size(); k++) {
      Stmt s = stmts.get(k);
      if (!pending.isEmpty()) {
        Block guarded = new Block();
        current.add(new Stmt.If(not(anyOf(pending)), guarded, new Block(), s.origin()));
        current = guarded;
        pending = new LinkedHashSet<>();
      }
      if (s instanceof Stmt.If i && k + 1 < stmts.size()) {
        boolean thenJumps = !completesNormally(i.then());
        boolean elseJumps = !completesNormally(i.otherwise());
        if (thenJumps != elseJumps) {
          Block rest = new Block(stmts.subList(k + 1, stmts.size()));
          Block then = thenJumps ? i.then() : new Block(i.then().stmts()).addAll(rest);
          Block otherwise = elseJumps ? i.otherwise()
              : new Block(i.otherwise().stmts()).addAll(rest);
          statement(new Stmt.If(i.condition(), then, otherwise, i.origin()), current, pending);
          escaping.addAll(pending);
          return out;
        }
      }
      statement(s, current, pending);
      escaping.addAll(pending);
    }
    return out;
  }

  /** False if every path through the statements ends in a jump or a throw (never falls out). */
  private static boolean completesNormally(Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Return || s instanceof Stmt.Break || s instanceof Stmt.Continue
          || s instanceof Stmt.Throw) {
        return false;
      }
      if (s instanceof Stmt.If i && !completesNormally(i.then())
          && !completesNormally(i.otherwise())) {
        return false;
      }
    }
    return true;
  }

  private void statement(Stmt s, Block out, Set<Var> flags) {
    if (s instanceof Stmt.Break b) {
      Var v = target(b.label()).broke();
      out.add(new Stmt.Assign(v, TRUE, b.origin()));
      flags.add(v);
    } else if (s instanceof Stmt.Continue c) {
      Var v = target(c.label()).continued();
      out.add(new Stmt.Assign(v, TRUE, c.origin()));
      flags.add(v);
    } else if (s instanceof Stmt.Return r) {
      if (r.value() != null) {
        out.add(new Stmt.Assign(result, r.value(), r.origin()));
      }
      if (returned == null) {
        returned = flag("returned");
      }
      out.add(new Stmt.Assign(returned, TRUE, r.origin()));
      flags.add(returned);
    } else if (s instanceof Stmt.If i) {
      out.add(new Stmt.If(i.condition(), block(i.then(), flags), block(i.otherwise(), flags),
          i.origin()));
    } else if (s instanceof Stmt.Loop l) {
      loop(l, out, flags);
    } else {
      out.add(s);
    }
  }

  private void loop(Stmt.Loop l, Block out, Set<Var> flags) {
    LoopFlags loop = new LoopFlags(l.label());
    loops.push(loop);
    Set<Var> bodyFlags = new LinkedHashSet<>();
    Block body = block(l.body(), bodyFlags);
    Set<Var> updateFlags = new LinkedHashSet<>();
    Block update = block(l.update(), updateFlags);
    loops.pop();

    Block newBody = new Block();
    if (loop.continued != null) {
      newBody.add(new Stmt.Assign(loop.continued, FALSE, l.origin()));
      bodyFlags.remove(loop.continued);
    }
    newBody.addAll(body);
    if (!update.isEmpty()) {
      if (bodyFlags.isEmpty()) {
        newBody.addAll(update);
      } else {
        newBody.add(new Stmt.If(not(anyOf(bodyFlags)), update, new Block(), l.origin()));
      }
    }
    Set<Var> exits = new LinkedHashSet<>(bodyFlags);
    exits.addAll(updateFlags);
    Expr condition = l.condition();
    if (!exits.isEmpty()) {
      Expr keepGoing = not(anyOf(exits));
      condition = condition == null ? keepGoing
          : new Expr.Binary("&&", keepGoing, condition, Type.BOOLEAN);
    }
    if (loop.broke != null) {
      out.add(new Stmt.Assign(loop.broke, FALSE, l.origin()));
      exits.remove(loop.broke);
    }
    out.add(new Stmt.Loop(l.label(), condition, newBody, new Block(), l.testFirst(), l.origin()));
    flags.addAll(exits);
  }

  private LoopFlags target(String label) {
    for (LoopFlags loop : loops) {
      if (label == null || label.equals(loop.label)) {
        return loop;
      }
    }
    throw new IllegalStateException("no loop for label " + label);
  }
}
