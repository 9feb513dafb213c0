package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Statements of generated programs. */
sealed interface Stmt {
  void print(Printer p);

  /** The statements directly nested in this one (for walking and shrinking). */
  default List<Block> blocks() {
    return List.of();
  }

  /** This statement with its nested blocks replaced by {@code f} applied to each. */
  default Stmt mapBlocks(UnaryOperator<Block> f) {
    return this;
  }

  /** {@code { ... }}. */
  record Block(List<Stmt> statements) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text("{").in();
      for (Stmt s : statements) {
        p.line();
        s.print(p);
      }
      p.out().line().text("}");
    }

    /** The number of statements in this block and all nested ones. */
    int size() {
      int n = 0;
      for (Stmt s : statements) {
        n++;
        for (Block b : s.blocks()) {
          n += b.size();
        }
      }
      return n;
    }

    /**
     * This block with the {@code n}-th statement (pre-order, as {@link #size} counts) replaced by
     * {@code replacement} (none if null).
     */
    Block replace(int[] n, List<Stmt> replacement) {
      List<Stmt> result = new ArrayList<>();
      for (Stmt s : statements) {
        if (n[0] < 0) {
          result.add(s);
          continue;
        }
        if (n[0]-- == 0) {
          if (replacement != null) {
            result.addAll(replacement);
          }
          n[0] = -1;
          continue;
        }
        result.add(s.mapBlocks(b -> n[0] < 0 ? b : b.replace(n, replacement)));
      }
      return new Block(result);
    }

    /** The {@code n}-th statement, pre-order, or null. */
    Stmt get(int[] n) {
      for (Stmt s : statements) {
        if (n[0]-- == 0) {
          return s;
        }
        for (Block b : s.blocks()) {
          Stmt found = b.get(n);
          if (found != null) {
            return found;
          }
        }
      }
      return null;
    }
  }

  /** {@code T name = init;} */
  record Local(JType type, String name, Expr init) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(type.java + " " + name + " = ");
      if (init instanceof Expr.ArrayInit a && a.type() == type) {
        a.printBare(p);
      } else {
        p.bare(init);
      }
      p.text(";");
    }
  }

  /** An expression statement: assignment, ++/--, call. */
  record Eval(Expr expr) implements Stmt {
    @Override
    public void print(Printer p) {
      expr.printAsStatement(p);
      p.text(";");
    }
  }

  /** {@code if (c) {...} else ...}; {@code otherwise} is null, a Block or an If (else if). */
  record If(Expr condition, Block then, Stmt otherwise) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text("if (").bare(condition).text(") ");
      then.print(p);
      if (otherwise != null) {
        p.text(" else ");
        otherwise.print(p);
      }
    }

    @Override
    public List<Block> blocks() {
      if (otherwise == null) {
        return List.of(then);
      }
      if (otherwise instanceof Block b) {
        return List.of(then, b);
      }
      // else-if: the nested if's blocks are walked through it
      return List.of(then, new Block(List.of(otherwise)));
    }

    @Override
    public Stmt mapBlocks(UnaryOperator<Block> f) {
      Block t = f.apply(then);
      Stmt o = otherwise;
      if (otherwise instanceof Block b) {
        o = f.apply(b);
      } else if (otherwise != null) {
        Block wrapped = f.apply(new Block(List.of(otherwise)));
        o = wrapped.statements().size() == 1 && wrapped.statements().get(0) instanceof If
            ? wrapped.statements().get(0)
            : wrapped;
      }
      return new If(condition, t, o);
    }
  }

  /** {@code label: for (init; cond; update) body}. */
  record For(String label, Local init, Expr condition, Expr update, Block body) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "" : label + ": ").text("for (");
      init.print(p);
      p.text(" ").bare(condition).text("; ");
      update.printAsStatement(p);
      p.text(") ");
      body.print(p);
    }

    @Override
    public List<Block> blocks() {
      return List.of(body);
    }

    @Override
    public Stmt mapBlocks(UnaryOperator<Block> f) {
      return new For(label, init, condition, update, f.apply(body));
    }
  }

  /** {@code label: while (cond) body}. */
  record While(String label, Expr condition, Block body) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "" : label + ": ").text("while (").bare(condition)
          .text(") ");
      body.print(p);
    }

    @Override
    public List<Block> blocks() {
      return List.of(body);
    }

    @Override
    public Stmt mapBlocks(UnaryOperator<Block> f) {
      return new While(label, condition, f.apply(body));
    }
  }

  /** {@code label: do body while (cond);}. */
  record DoWhile(String label, Block body, Expr condition) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "" : label + ": ").text("do ");
      body.print(p);
      p.text(" while (").bare(condition).text(");");
    }

    @Override
    public List<Block> blocks() {
      return List.of(body);
    }

    @Override
    public Stmt mapBlocks(UnaryOperator<Block> f) {
      return new DoWhile(label, f.apply(body), condition);
    }
  }

  /** {@code label: for (T v : array) body}. */
  record ForEach(String label, JType type, String variable, Expr array, Block body)
      implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "" : label + ": ")
          .text("for (" + type.java + " " + variable + " : ").expr(array).text(") ");
      body.print(p);
    }

    @Override
    public List<Block> blocks() {
      return List.of(body);
    }

    @Override
    public Stmt mapBlocks(UnaryOperator<Block> f) {
      return new ForEach(label, type, variable, array, f.apply(body));
    }
  }

  /** {@code break label;} */
  record Break(String label) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "break;" : "break " + label + ";");
    }
  }

  /** {@code continue label;} */
  record Continue(String label) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text(label == null ? "continue;" : "continue " + label + ";");
    }
  }

  /** {@code return e;} or {@code return;}. */
  record Return(Expr value) implements Stmt {
    @Override
    public void print(Printer p) {
      if (value == null) {
        p.text("return;");
      } else {
        p.text("return ").bare(value).text(";");
      }
    }
  }

  /** {@code throw new E("message");} */
  record Throw(String exception, String message) implements Stmt {
    @Override
    public void print(Printer p) {
      p.text("throw new " + exception + "(\"" + message + "\");");
    }
  }
}
