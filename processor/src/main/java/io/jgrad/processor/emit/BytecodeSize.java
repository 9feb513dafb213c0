package io.jgrad.processor.emit;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Stmt;

/**
 * An upper estimate of the bytecode javac emits for IR, in bytes, counting every variable
 * access as a frame field access ({@code aload} + {@code getfield}), the dearer of the two ways
 * {@link JavaEmitter} prints one. The JVM rejects methods over 64 KB and does not compile
 * methods over 8,000 bytes ({@code -XX:HugeMethodLimit}) to machine code at all.
 */
final class BytecodeSize {
  private BytecodeSize() {}

  static int of(Block block) {
    int size = 0;
    for (Stmt s : block.stmts()) {
      size += of(s);
    }
    return size;
  }

  static int of(Stmt s) {
    if (s instanceof Stmt.Assign a) {
      return 5 + of(a.value());
    }
    if (s instanceof Stmt.Store st) {
      return 2 + of(st.array()) + of(st.index()) + of(st.value());
    }
    if (s instanceof Stmt.SetField f) {
      return 4 + of(f.field().target()) + of(f.value());
    }
    if (s instanceof Stmt.Accumulate a) {
      return 4 + 2 * of(a.target()) + of(a.value());
    }
    if (s instanceof Stmt.Eval e) {
      return 2 + of(e.expr());
    }
    if (s instanceof Stmt.If i) {
      return 8 + of(i.condition()) + of(i.then()) + of(i.otherwise());
    }
    if (s instanceof Stmt.Loop l) {
      return 8 + (l.condition() == null ? 0 : of(l.condition())) + of(l.body()) + of(l.update());
    }
    if (s instanceof Stmt.Return r) {
      return 2 + (r.value() == null ? 0 : of(r.value()));
    }
    if (s instanceof Stmt.Throw t) {
      return 2 + of(t.exception());
    }
    if (s instanceof Stmt.Protected p) {
      return 12 + of(p.body()) + of(p.onThrow());
    }
    return 0;
  }

  static int of(Expr e) {
    if (e instanceof Expr.Lit || e instanceof Expr.StaticField) {
      return 3;
    }
    if (e instanceof Expr.Ref) {
      return 4;
    }
    if (e instanceof Expr.Index i) {
      return 1 + of(i.array()) + of(i.index());
    }
    if (e instanceof Expr.Length l) {
      return 1 + of(l.array());
    }
    if (e instanceof Expr.Unary u) {
      return 4 + of(u.operand());
    }
    if (e instanceof Expr.Binary b) {
      return 8 + of(b.left()) + of(b.right()); // a comparison branches
    }
    if (e instanceof Expr.Cast c) {
      return 3 + of(c.operand());
    }
    if (e instanceof Expr.Conditional c) {
      return 6 + of(c.condition()) + of(c.whenTrue()) + of(c.whenFalse());
    }
    if (e instanceof Expr.Call c) {
      return 3 + c.args().stream().mapToInt(BytecodeSize::of).sum();
    }
    if (e instanceof Expr.Invoke i) {
      return 5 + of(i.target()) + i.args().stream().mapToInt(BytecodeSize::of).sum();
    }
    if (e instanceof Expr.Field f) {
      return 3 + of(f.target());
    }
    if (e instanceof Expr.NewArray n) {
      return 4 + n.dimensions().stream().mapToInt(BytecodeSize::of).sum();
    }
    if (e instanceof Expr.NewArrayOf n) {
      return 5 + n.elements().stream().mapToInt(x -> 5 + of(x)).sum();
    }
    if (e instanceof Expr.New n) {
      return 7 + n.args().stream().mapToInt(BytecodeSize::of).sum();
    }
    return 4;
  }
}
