package io.jgrad.processor.ir;

import java.util.ArrayList;
import java.util.List;

/** A sequence of statements. Mutable while a pass builds it. */
public final class Block {
  private final List<Stmt> stmts;

  public Block() {
    this(new ArrayList<>());
  }

  public Block(List<Stmt> stmts) {
    this.stmts = new ArrayList<>(stmts);
  }

  public List<Stmt> stmts() {
    return stmts;
  }

  public Block add(Stmt stmt) {
    stmts.add(stmt);
    return this;
  }

  public Block addAll(Block other) {
    stmts.addAll(other.stmts);
    return this;
  }

  public boolean isEmpty() {
    return stmts.isEmpty();
  }
}
