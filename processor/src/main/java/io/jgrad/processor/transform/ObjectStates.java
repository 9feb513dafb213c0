package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;

/**
 * The fields of the objects an argument refers to, saved on the tape and put back: the reverse
 * part of a rule puts every field it overwrote back to its entry value, but the caller of
 * {@code fAdjoint} gets its objects as the primal leaves them (as for arrays, which
 * {@code Snapshots.copy}/{@code restore} keep). {@link #save} runs once the forward part has
 * left the objects final, {@link #restore} once the reverse part is done. The walk visits an
 * object's fields before its own references and the pops mirror the pushes, so each object's
 * reference field is put back before the objects it refers to are walked: both walks see the
 * final objects.
 */
final class ObjectStates {
  private final TapeCode tape;
  private final Names names;
  private final List<Var> scope;

  /** Code on {@code tape}; loop counters go to {@code scope}. */
  ObjectStates(TapeCode tape, Names names, List<Var> scope) {
    this.tape = tape;
    this.names = names;
    this.scope = scope;
  }

  /** True if a value of this type may lead to an object with fields that are not final. */
  static boolean reachesMutable(Type type) {
    RecordShape shape = type.shape();
    return shape != null && (shape.isMutable()
        || shape.components().stream().anyMatch(c -> reachesMutable(c.type())));
  }

  /** Pushes the fields of every object {@code value} leads to (of type {@code type}). */
  Block save(Expr value) {
    Block out = new Block();
    walk(value, true, out);
    return out;
  }

  /** Pops what {@link #save} pushed for the same value back into the fields, in mirror order. */
  Block restore(Expr value) {
    Block out = new Block();
    walk(value, false, out);
    return out;
  }

  private void walk(Expr value, boolean save, Block out) {
    Type type = value.type();
    if (!reachesMutable(type)) {
      return;
    }
    Block inside = new Block();
    if (type.isArray()) {
      elements(value, save, inside);
    } else {
      List<RecordShape.Component> components = type.shape().components();
      for (int k = 0; k < components.size(); k++) {
        RecordShape.Component c = components.get(save ? k : components.size() - 1 - k);
        Expr.Field field = new Expr.Field(value, c.name(), c.type());
        boolean own = type.isMutableObject() && c.assignable();
        if (save) {
          walk(field, true, inside);
          if (own) {
            inside.add(tape.push(field, Origin.NONE));
          }
        } else {
          if (own) {
            inside.add(new Stmt.SetField(field, tape.popped(c.type()), Origin.NONE));
          }
          walk(field, false, inside);
        }
      }
    }
    if (!inside.isEmpty()) {
      out.add(new Stmt.If(notNull(value), inside, new Block(), Origin.NONE));
    }
  }

  /** The elements of an array, first to last when saving, last to first when restoring. */
  private void elements(Expr array, boolean save, Block out) {
    Var i = new Var(names.fresh("i"), Type.INT, Var.Kind.TEMP);
    scope.add(i);
    Block body = new Block();
    walk(new Expr.Index(array, new Expr.Ref(i), array.type().elementType()), save, body);
    Expr length = new Expr.Length(array);
    Expr one = Expr.Lit.ofInt(1);
    out.add(new Stmt.Assign(i, save ? Expr.Lit.ofInt(0)
        : new Expr.Binary("-", length, one, Type.INT), Origin.NONE));
    Expr condition = save ? new Expr.Binary("<", new Expr.Ref(i), length, Type.BOOLEAN)
        : new Expr.Binary(">=", new Expr.Ref(i), Expr.Lit.ofInt(0), Type.BOOLEAN);
    body.add(new Stmt.Assign(i, new Expr.Binary(save ? "+" : "-", new Expr.Ref(i), one,
        Type.INT), Origin.NONE));
    out.add(new Stmt.Loop(null, condition, body, new Block(), true, Origin.NONE));
  }

  private static Expr notNull(Expr value) {
    return new Expr.Binary("!=", value, new Expr.Lit(value.type(), "null"), Type.BOOLEAN);
  }
}
