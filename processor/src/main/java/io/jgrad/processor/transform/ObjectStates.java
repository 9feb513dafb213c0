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
 * The fields of the objects an argument refers to, and the contents of the arrays they hold,
 * saved on the tape and put back: the reverse part of a rule puts every field and element it
 * overwrote back to its entry value, but the caller of {@code fAdjoint} gets its objects as the
 * primal leaves them (as for array arguments, which {@code Snapshots.copy}/{@code restore}
 * keep). {@link #save} runs once the forward part has left the objects final, {@link #restore}
 * once the reverse part is done. The walk visits an object's fields (an array's elements) before
 * its own references (the array's contents) and the pops mirror the pushes, so each reference is
 * put back before the objects it refers to are walked: both walks see the final objects.
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

  /** True if a value of this type is or leads to memory: an array, or a field not final. */
  static boolean reachesMemory(Type type) {
    return type.isArray() || reachesMutable(type)
        || type.shape() != null && type.shape().holdsMemory();
  }

  /**
   * Pushes the fields of every object {@code value} leads to, and if {@code arrays} the contents
   * of the arrays they hold (a method that writes none needs no copies of them).
   */
  Block save(Expr value, boolean arrays) {
    Block out = new Block();
    walk(value, true, arrays, out);
    return out;
  }

  /** Pops what {@link #save} pushed for the same value back into the fields, in mirror order. */
  Block restore(Expr value, boolean arrays) {
    Block out = new Block();
    walk(value, false, arrays, out);
    return out;
  }

  private void walk(Expr value, boolean save, boolean arrays, Block out) {
    Type type = value.type();
    if (arrays ? !reachesMemory(type) : !reachesMutable(type)) {
      return;
    }
    Block inside = new Block();
    if (type.isArray()) {
      contents(value, save, arrays, inside);
    } else {
      List<RecordShape.Component> components = type.shape().components();
      for (int k = 0; k < components.size(); k++) {
        RecordShape.Component c = components.get(save ? k : components.size() - 1 - k);
        Expr.Field field = new Expr.Field(value, c.name(), c.type());
        boolean own = type.isMutableObject() && c.assignable();
        if (save) {
          walk(field, true, arrays, inside);
          if (own) {
            inside.add(tape.push(field, Origin.NONE));
          }
        } else {
          if (own) {
            inside.add(new Stmt.SetField(field, tape.popped(c.type()), Origin.NONE));
          }
          walk(field, false, arrays, inside);
        }
      }
    }
    if (!inside.isEmpty()) {
      out.add(new Stmt.If(notNull(value), inside, new Block(), Origin.NONE));
    }
  }

  /**
   * An array: the objects its elements lead to, then (if {@code arrays}) a copy of its contents,
   * and of a matrix's row references too (the method may have moved rows); restored in mirror
   * order: the references first, then the numbers into the rows they name.
   */
  private void contents(Expr array, boolean save, boolean arrays, Block out) {
    Type type = array.type();
    boolean walksElements = type.isRecordArray()
        && (arrays ? reachesMemory(type.elementType()) : reachesMutable(type.elementType()));
    boolean rows = type.dimensions() >= 2 && type.shape() == null;
    if (save) {
      if (walksElements) {
        elements(array, true, arrays, out);
      }
      if (arrays) {
        out.add(tape.push(snapshot("copy", array), Origin.NONE));
        if (rows) {
          out.add(tape.push(snapshot("rows", array), Origin.NONE));
        }
      }
    } else {
      if (arrays) {
        if (rows) {
          out.add(putBack("restoreRows", array, tape.popped(type)));
        }
        out.add(putBack("restore", array, tape.popped(type)));
      }
      if (walksElements) {
        elements(array, false, arrays, out);
      }
    }
  }

  private static Expr snapshot(String method, Expr array) {
    return new Expr.Call(SNAPSHOTS, method, List.of(array), array.type());
  }

  private static Stmt putBack(String method, Expr array, Expr saved) {
    return new Stmt.Eval(new Expr.Call(SNAPSHOTS, method, List.of(array, saved), Type.VOID),
        Origin.NONE);
  }

  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";

  /** The elements of an array, first to last when saving, last to first when restoring. */
  private void elements(Expr array, boolean save, boolean arrays, Block out) {
    Var i = new Var(names.fresh("i"), Type.INT, Var.Kind.TEMP);
    scope.add(i);
    Block body = new Block();
    walk(new Expr.Index(array, new Expr.Ref(i), array.type().elementType()), save, arrays,
        body);
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
