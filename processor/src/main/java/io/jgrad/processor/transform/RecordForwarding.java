package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, before differentiation: a component read {@code r.x()} of a record built earlier in
 * the same block, {@code r = new R(a, b)}, becomes the argument {@code a} it was built from.
 * Inlined record methods leave such chains ({@code d.scale(s).plus(v)} builds a record only to
 * read its components back); the sweeps would otherwise keep each record and a cotangent object
 * for it on the tape, where the hand-written adjoint keeps three doubles or nothing. The record is
 * still built (its constructor may validate); a record no one reads any more carries no
 * derivative, so the rules neither save it nor give it a cotangent. A record no one reads any
 * more is not built at all, unless its class declares its canonical constructor (which may
 * validate, and throw, as the primal would).
 *
 * <p>Only where nothing can change in between: {@code r} and each variable argument are assigned
 * once in the whole method, the argument in the same block before {@code r} (or never: a
 * parameter), and the read follows {@code r}'s assignment in its block (nested statements
 * included). A record's canonical constructor never changes its arguments (jgrad checks that),
 * so the component is the argument, bit for bit.
 */
public final class RecordForwarding {
  private final Map<Var, Integer> assignments = new HashMap<>();
  /** Records forwarded (built from arguments) and copies of them, which need no constructor. */
  private final Set<Var> forwarded = new HashSet<>();
  private final Set<Var> copies = new HashSet<>();

  private RecordForwarding() {}

  /**
   * @param declaredConstructors the records whose classes declare their canonical constructor
   */
  public static Function apply(Function f, Set<String> declaredConstructors) {
    boolean[] generated = {false};
    Blocks.visitStmts(f.body(), s -> generated[0] |= s instanceof Stmt.Protected);
    if (generated[0]) {
      return f; // only in generated entry points, which this does not read
    }
    RecordForwarding forwarding = new RecordForwarding();
    forwarding.count(f);
    Block body = forwarding.block(f.body(), Map.of());
    Set<Var> read = Blocks.reads(body);
    Set<Var> unbuilt = new HashSet<>();
    for (Var v : forwarding.forwarded) {
      if (!read.contains(v) && (forwarding.copies.contains(v)
          || !declaredConstructors.contains(v.type().shape().qualifiedName()))) {
        unbuilt.add(v);
      }
    }
    if (!unbuilt.isEmpty()) {
      body = withoutAssignments(body, unbuilt);
    }
    List<Var> locals = new ArrayList<>(f.locals());
    locals.removeAll(unbuilt);
    return new Function(f.name(), f.params(), f.returnType(), body, locals);
  }

  private static Block withoutAssignments(Block in, Set<Var> targets) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (!(s instanceof Stmt.Assign a && targets.contains(a.target()))) {
        out.add(Blocks.withBlocks(s, b -> withoutAssignments(b, targets)));
      }
    }
    return out;
  }

  private void count(Function f) {
    f.params().forEach(p -> assignments.put(p, 0));
    Blocks.visitStmts(f.body(), s -> {
      if (s instanceof Stmt.Assign a) {
        assignments.merge(a.target(), 1, Integer::sum);
      } else if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
        assignments.merge(r.var(), 2, Integer::sum);
      } else if (s instanceof Stmt.Protected p) {
        assignments.merge(p.thrown(), 2, Integer::sum);
      }
    });
  }

  /** {@code outer}: records built before this block, in the blocks around it. */
  private Block block(Block in, Map<Var, Expr> outer) {
    Map<Var, Expr> built = new HashMap<>(outer);
    Set<Var> assignedHere = new HashSet<>();
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      Map<Var, Expr> visible = Map.copyOf(built);
      Stmt rewritten = Blocks.withBlocks(shallow(s, visible), b -> block(b, visible));
      out.add(rewritten);
      if (rewritten instanceof Stmt.Assign a) {
        assignedHere.add(a.target());
        if (forwardable(a, assignedHere)) {
          built.put(a.target(), a.value());
          forwarded.add(a.target());
        } else if (isCopy(a, assignedHere)) {
          built.put(a.target(), a.value());
          forwarded.add(a.target());
          copies.add(a.target());
        }
      }
    }
    return out;
  }

  private boolean forwardable(Stmt.Assign a, Set<Var> assignedHere) {
    if (a.target().kind() == Var.Kind.PARAM || assignments.getOrDefault(a.target(), 0) != 1
        || !(a.value() instanceof Expr.New n) || !n.type().isRecord() || n.type().isArray()) {
      return false;
    }
    RecordShape shape = n.type().shape();
    if (shape == null || shape.isClass() || n.sources() != null || n.values() != null
        || n.args().size() != shape.components().size()) {
      return false;
    }
    for (Expr arg : n.args()) {
      if (arg instanceof Expr.Ref r) {
        if (!stable(r.var(), a.target(), assignedHere)) {
          return false;
        }
      } else if (!(arg instanceof Expr.Lit || arg instanceof Expr.StaticField)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code t = v} of a record, t a temporary of lowering or inlining ({@code drift} inlined
   * on a forwarded record reads its position through one) assigned only there.
   */
  private boolean isCopy(Stmt.Assign a, Set<Var> assignedHere) {
    Var target = a.target();
    return target.kind() == Var.Kind.TEMP && assignments.getOrDefault(target, 0) == 1
        && target.type().isRecord() && !target.type().isMutableObject()
        && a.value() instanceof Expr.Ref r && r.var().type().equals(target.type())
        && stable(r.var(), target, assignedHere);
  }

  /** Assigned never (a parameter) or once, before, in this block: the same value from here on. */
  private boolean stable(Var v, Var target, Set<Var> assignedHere) {
    int count = assignments.getOrDefault(v, -1);
    return v != target && (count == 0 || count == 1 && assignedHere.contains(v));
  }

  /** The statement with its own expressions (not its nested blocks') rewritten. */
  private static Stmt shallow(Stmt s, Map<Var, Expr> built) {
    if (built.isEmpty()) {
      return s;
    }
    if (s instanceof Stmt.Assign a) {
      return new Stmt.Assign(a.target(), expr(a.value(), built), a.origin());
    } else if (s instanceof Stmt.Store st) {
      return new Stmt.Store(expr(st.array(), built), expr(st.index(), built),
          expr(st.value(), built), st.origin());
    } else if (s instanceof Stmt.SetField f) {
      return new Stmt.SetField((Expr.Field) expr(f.field(), built), expr(f.value(), built),
          f.origin());
    } else if (s instanceof Stmt.Accumulate a) {
      return new Stmt.Accumulate(expr(a.target(), built), expr(a.value(), built), a.origin());
    } else if (s instanceof Stmt.Eval e) {
      return new Stmt.Eval(expr(e.expr(), built), e.origin());
    } else if (s instanceof Stmt.If i) {
      return new Stmt.If(expr(i.condition(), built), i.then(), i.otherwise(), i.origin());
    } else if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition() == null ? null : expr(l.condition(), built),
          l.body(), l.update(), l.testFirst(), l.origin());
    } else if (s instanceof Stmt.Return r) {
      return new Stmt.Return(r.value() == null ? null : expr(r.value(), built), r.origin());
    } else if (s instanceof Stmt.Throw t) {
      return new Stmt.Throw(expr(t.exception(), built), t.origin());
    }
    return s;
  }

  private static Expr expr(Expr e, Map<Var, Expr> built) {
    if (e instanceof Expr.Ref r && built.get(r.var()) instanceof Expr.Ref copied) {
      return copied;
    }
    Expr mapped = Exprs.mapChildren(e, x -> expr(x, built));
    if (mapped instanceof Expr.Field f && f.target() instanceof Expr.Ref r
        && built.get(r.var()) instanceof Expr.New n) {
      List<RecordShape.Component> components = n.type().shape().components();
      for (int k = 0; k < components.size(); k++) {
        if (components.get(k).name().equals(f.name())) {
          return n.args().get(k);
        }
      }
    }
    return mapped;
  }

}
