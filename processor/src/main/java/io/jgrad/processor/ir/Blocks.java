package io.jgrad.processor.ir;

import java.util.LinkedHashSet;
import java.util.Set;

/** Queries over statement blocks. */
public final class Blocks {
  private Blocks() {}

  /**
   * Every variable some statement in {@code block} reads (targets of plain assignments aside),
   * nested ones included.
   */
  public static Set<Var> reads(Block block) {
    Set<Var> out = new LinkedHashSet<>();
    reads(block, out);
    return out;
  }

  private static void reads(Block block, Set<Var> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
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
      } else if (s instanceof Stmt.Throw t) {
        out.addAll(Exprs.vars(t.exception()));
      } else if (s instanceof Stmt.Return r && r.value() != null) {
        out.addAll(Exprs.vars(r.value()));
      } else if (s instanceof Stmt.If i) {
        out.addAll(Exprs.vars(i.condition()));
        reads(i.then(), out);
        reads(i.otherwise(), out);
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          out.addAll(Exprs.vars(l.condition()));
        }
        reads(l.body(), out);
        reads(l.update(), out);
      } else if (s instanceof Stmt.Protected p) {
        reads(p.body(), out);
        reads(p.onThrow(), out);
      }
    }
  }

  /**
   * The variables {@code block} may read before it assigns them (upward-exposed reads): a read
   * counts unless a plain assignment earlier in the same sequence of statements (this block's or
   * an enclosing one's) precedes it on every path. An assignment inside a branch or a loop body
   * counts only inside it; anything inside a {@code try} counts as exposed.
   */
  public static Set<Var> readBeforeAssigned(Block block) {
    Set<Var> out = new LinkedHashSet<>();
    exposed(block, new java.util.HashSet<>(), out);
    return out;
  }

  private static void exposed(Block block, Set<Var> defined, Set<Var> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.If i) {
        undefined(Exprs.vars(i.condition()), defined, out);
        exposed(i.then(), new java.util.HashSet<>(defined), out);
        exposed(i.otherwise(), new java.util.HashSet<>(defined), out);
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          undefined(Exprs.vars(l.condition()), defined, out);
        }
        Set<Var> inBody = new java.util.HashSet<>(defined);
        exposed(l.body(), inBody, out);
        exposed(l.update(), inBody, out);
      } else if (s instanceof Stmt.Protected p) {
        undefined(reads(p.body()), defined, out);
        undefined(reads(p.onThrow()), defined, out);
      } else {
        undefined(reads(new Block().add(s)), defined, out);
        if (s instanceof Stmt.Assign a) {
          defined.add(a.target());
        }
      }
    }
  }

  private static void undefined(Set<Var> read, Set<Var> defined, Set<Var> out) {
    for (Var v : read) {
      if (!defined.contains(v)) {
        out.add(v);
      }
    }
  }

  /** Every variable a statement in {@code block} assigns: by {@code v = e} or {@code v += e}. */
  public static Set<Var> assignedAnyhow(Block block) {
    Set<Var> out = new LinkedHashSet<>(assigned(block));
    visitStmts(block, s -> {
      if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
        out.add(r.var());
      }
    });
    return out;
  }

  /** Every variable a plain assignment in {@code block} writes. */
  public static Set<Var> assigned(Block block) {
    Set<Var> out = new LinkedHashSet<>();
    assigned(block, out);
    return out;
  }

  private static void assigned(Block block, Set<Var> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        out.add(a.target());
      } else if (s instanceof Stmt.If i) {
        assigned(i.then(), out);
        assigned(i.otherwise(), out);
      } else if (s instanceof Stmt.Loop l) {
        assigned(l.body(), out);
        assigned(l.update(), out);
      } else if (s instanceof Stmt.Protected p) {
        assigned(p.body(), out);
        assigned(p.onThrow(), out);
      }
    }
  }

  /**
   * {@code s} with the blocks of an {@code if} or a loop replaced by {@code f} of them (condition,
   * label and origin kept); any other statement unchanged.
   */
  public static Stmt withBlocks(Stmt s, java.util.function.UnaryOperator<Block> f) {
    if (s instanceof Stmt.If i) {
      return new Stmt.If(i.condition(), f.apply(i.then()), f.apply(i.otherwise()), i.origin());
    }
    if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition(), f.apply(l.body()), f.apply(l.update()),
          l.testFirst(), l.origin());
    }
    return s;
  }

  /**
   * {@code block} with each loop, nested ones first and those in protected blocks too, replaced
   * by the statements {@code f} gives for it (after its own blocks were).
   */
  public static Block withLoopsReplaced(Block block,
      java.util.function.Function<Stmt.Loop, Block> f) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Protected p) {
        out.add(new Stmt.Protected(withLoopsReplaced(p.body(), f), p.onThrow(), p.thrown(),
            p.origin()));
        continue;
      }
      Stmt t = withBlocks(s, b -> withLoopsReplaced(b, f));
      if (t instanceof Stmt.Loop loop) {
        out.addAll(f.apply(loop));
      } else {
        out.add(t);
      }
    }
    return out;
  }

  /** The expressions a statement evaluates itself (not its nested blocks'), in order. */
  public static java.util.List<Expr> ownExprs(Stmt s) {
    java.util.List<Expr> out = new java.util.ArrayList<>();
    if (s instanceof Stmt.Assign a) {
      out.add(a.value());
    } else if (s instanceof Stmt.Store st) {
      out.add(st.array());
      out.add(st.index());
      out.add(st.value());
    } else if (s instanceof Stmt.SetField f) {
      out.add(f.field());
      out.add(f.value());
    } else if (s instanceof Stmt.Accumulate a) {
      out.add(a.target());
      out.add(a.value());
    } else if (s instanceof Stmt.Eval e) {
      out.add(e.expr());
    } else if (s instanceof Stmt.Throw t) {
      out.add(t.exception());
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      out.add(r.value());
    } else if (s instanceof Stmt.If i) {
      out.add(i.condition());
    } else if (s instanceof Stmt.Loop l && l.condition() != null) {
      out.add(l.condition());
    }
    return out;
  }

  /** Visits every statement in {@code block}, nested ones after the statement holding them. */
  public static void visitStmts(Block block, java.util.function.Consumer<Stmt> action) {
    for (Stmt s : block.stmts()) {
      action.accept(s);
      if (s instanceof Stmt.If i) {
        visitStmts(i.then(), action);
        visitStmts(i.otherwise(), action);
      } else if (s instanceof Stmt.Loop l) {
        visitStmts(l.body(), action);
        visitStmts(l.update(), action);
      } else if (s instanceof Stmt.Protected p) {
        visitStmts(p.body(), action);
        visitStmts(p.onThrow(), action);
      }
    }
  }

  /** Visits every expression (and subexpression) of every statement in {@code block}. */
  public static void visitExprs(Block block, java.util.function.Consumer<Expr> action) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        Exprs.visit(a.value(), action);
      } else if (s instanceof Stmt.Store st) {
        Exprs.visit(st.array(), action);
        Exprs.visit(st.index(), action);
        Exprs.visit(st.value(), action);
      } else if (s instanceof Stmt.SetField f) {
        Exprs.visit(f.field(), action);
        Exprs.visit(f.value(), action);
      } else if (s instanceof Stmt.Accumulate a) {
        Exprs.visit(a.target(), action);
        Exprs.visit(a.value(), action);
      } else if (s instanceof Stmt.Eval e) {
        Exprs.visit(e.expr(), action);
      } else if (s instanceof Stmt.Throw t) {
        Exprs.visit(t.exception(), action);
      } else if (s instanceof Stmt.Return r && r.value() != null) {
        Exprs.visit(r.value(), action);
      } else if (s instanceof Stmt.If i) {
        Exprs.visit(i.condition(), action);
        visitExprs(i.then(), action);
        visitExprs(i.otherwise(), action);
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          Exprs.visit(l.condition(), action);
        }
        visitExprs(l.body(), action);
        visitExprs(l.update(), action);
      } else if (s instanceof Stmt.Protected p) {
        visitExprs(p.body(), action);
        visitExprs(p.onThrow(), action);
      }
    }
  }

  /**
   * {@code block} with every expression its statements evaluate, nested blocks included, replaced
   * by {@code f} of it (targets of assignments stay; an element target is an expression).
   */
  public static Block withExprs(Block block, java.util.function.UnaryOperator<Expr> f) {
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      out.add(withExprs(s, f));
    }
    return out;
  }

  private static Stmt withExprs(Stmt s, java.util.function.UnaryOperator<Expr> f) {
    if (s instanceof Stmt.Assign a) {
      return new Stmt.Assign(a.target(), f.apply(a.value()), a.origin());
    } else if (s instanceof Stmt.Store st) {
      return new Stmt.Store(f.apply(st.array()), f.apply(st.index()), f.apply(st.value()),
          st.origin());
    } else if (s instanceof Stmt.SetField sf) {
      return new Stmt.SetField((Expr.Field) f.apply(sf.field()), f.apply(sf.value()),
          sf.origin());
    } else if (s instanceof Stmt.Accumulate a) {
      return new Stmt.Accumulate(f.apply(a.target()), f.apply(a.value()), a.origin());
    } else if (s instanceof Stmt.Eval e) {
      return new Stmt.Eval(f.apply(e.expr()), e.origin());
    } else if (s instanceof Stmt.Throw t) {
      return new Stmt.Throw(f.apply(t.exception()), t.origin());
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      return new Stmt.Return(f.apply(r.value()), r.origin());
    } else if (s instanceof Stmt.If i) {
      return new Stmt.If(f.apply(i.condition()), withExprs(i.then(), f),
          withExprs(i.otherwise(), f), i.origin());
    } else if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition() == null ? null : f.apply(l.condition()),
          withExprs(l.body(), f), withExprs(l.update(), f), l.testFirst(), l.origin());
    } else if (s instanceof Stmt.Protected p) {
      return new Stmt.Protected(withExprs(p.body(), f), withExprs(p.onThrow(), f), p.thrown(),
          p.origin());
    }
    return s; // a comment, break, continue, return without a value
  }

  /**
   * {@code block} with each variable of {@code names}' keys replaced by its value, where it is
   * read and where it is assigned, nested blocks included.
   */
  public static Block renamed(Block block, java.util.Map<Var, Var> names) {
    java.util.function.UnaryOperator<Expr> rename = new java.util.function.UnaryOperator<>() {
      @Override
      public Expr apply(Expr e) {
        return e instanceof Expr.Ref r && names.containsKey(r.var())
            ? new Expr.Ref(names.get(r.var())) : Exprs.mapChildren(e, this);
      }
    };
    Block out = new Block();
    for (Stmt s : block.stmts()) {
      out.add(renamed(s, names, rename));
    }
    return out;
  }

  private static Stmt renamed(Stmt s, java.util.Map<Var, Var> names,
      java.util.function.UnaryOperator<Expr> rename) {
    if (s instanceof Stmt.Assign a) {
      return new Stmt.Assign(names.getOrDefault(a.target(), a.target()),
          rename.apply(a.value()), a.origin());
    } else if (s instanceof Stmt.Store st) {
      return new Stmt.Store(rename.apply(st.array()), rename.apply(st.index()),
          rename.apply(st.value()), st.origin());
    } else if (s instanceof Stmt.SetField f) {
      return new Stmt.SetField((Expr.Field) rename.apply(f.field()), rename.apply(f.value()),
          f.origin());
    } else if (s instanceof Stmt.Accumulate a) {
      return new Stmt.Accumulate(rename.apply(a.target()), rename.apply(a.value()), a.origin());
    } else if (s instanceof Stmt.Eval e) {
      return new Stmt.Eval(rename.apply(e.expr()), e.origin());
    } else if (s instanceof Stmt.Throw t) {
      return new Stmt.Throw(rename.apply(t.exception()), t.origin());
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      return new Stmt.Return(rename.apply(r.value()), r.origin());
    } else if (s instanceof Stmt.If i) {
      return new Stmt.If(rename.apply(i.condition()), renamed(i.then(), names),
          renamed(i.otherwise(), names), i.origin());
    } else if (s instanceof Stmt.Loop l) {
      return new Stmt.Loop(l.label(), l.condition() == null ? null : rename.apply(l.condition()),
          renamed(l.body(), names), renamed(l.update(), names), l.testFirst(), l.origin());
    } else if (s instanceof Stmt.Protected p) {
      return new Stmt.Protected(renamed(p.body(), names), renamed(p.onThrow(), names),
          names.getOrDefault(p.thrown(), p.thrown()), p.origin());
    }
    return s; // a comment, break, continue, return without a value
  }
}
