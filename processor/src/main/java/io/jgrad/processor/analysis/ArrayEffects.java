package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which arrays may be the same memory, level by level, and what the function writes.
 *
 * <p>An alias class is a set of array variables that may point to the same array object. A
 * {@code double[][]} class has a second class for its rows: {@code double[] r = m[i]} puts r in
 * the row class of m's class, and {@code double[][] q = m.clone()} shares the rows of m but not
 * its outer array, so writing {@code q[i] = r} changes q's outer array only, not m. Per class,
 * the analysis records whether elements (doubles, or row references) are written, whether row
 * references are written ("rows move"), and whether a callee that may write it receives it.
 */
public final class ArrayEffects {
  private final Map<Var, Var> parent = new HashMap<>();
  /** The class of the rows of a 2-D (or deeper) class, by representative. */
  private final Map<Var, Var> rows = new HashMap<>();
  private final Set<Var> written = new HashSet<>();
  private final Set<Var> passedToWritingCallee = new HashSet<>();
  private final Set<Var> rowsMoved = new HashSet<>();
  /** Classes that hold a static final array (by representative), and the field's name. */
  private final Map<Var, String> tables = new HashMap<>();

  private ArrayEffects() {}

  public static ArrayEffects of(Function function, CalleeTable callees) {
    ArrayEffects effects = new ArrayEffects();
    effects.scan(function.body(), callees);
    return effects;
  }

  /** True if the array {@code function} returns may be {@code param} or one of its rows. */
  public boolean returnsParameter(Function function, Var param) {
    List<Var> returned = new ArrayList<>();
    returns(function.body(), returned);
    for (Var r : returned) {
      if (reaches(param, r)) {
        return true;
      }
    }
    return false;
  }

  private static void returns(Block block, List<Var> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Return r && r.value() != null && r.value().type().isArray()) {
        Var root = Exprs.root(r.value());
        if (root != null) {
          out.add(root);
        }
      } else if (s instanceof Stmt.If i) {
        returns(i.then(), out);
        returns(i.otherwise(), out);
      } else if (s instanceof Stmt.Loop l) {
        returns(l.body(), out);
        returns(l.update(), out);
      }
    }
  }

  /** The static final array an array expression reads ({@code T} or a row {@code T[i]}). */
  private static String tableOf(Expr value) {
    if (value instanceof Expr.StaticField f) {
      return f.name();
    }
    return value instanceof Expr.Index i ? tableOf(i.array()) : null;
  }

  /** The representative of {@code v}'s alias class (of its outermost level). */
  public Var classOf(Var v) {
    Var p = parent.getOrDefault(v, v);
    if (p == v) {
      return v;
    }
    Var root = classOf(p);
    parent.put(v, root);
    return root;
  }

  /**
   * The class of the array whose elements an element access writes or reads: for {@code x[i]}
   * the class of x, for {@code m[i][j]} the row class of m's class.
   */
  public Var elementClass(Expr arrayPath) {
    if (arrayPath instanceof Expr.Index i) {
      return rowsOf(elementClass(i.array()));
    }
    Var root = Exprs.root(arrayPath);
    return root == null ? null : classOf(root);
  }

  /** True if {@code v}, or (for a matrix) one of its rows, may be an array of class {@code c}. */
  public boolean reaches(Var v, Var c) {
    for (Var level : levels(v)) {
      if (level == classOf(c)) {
        return true;
      }
    }
    return false;
  }

  /** True if the function may write v's elements, its rows' elements or its row references. */
  public boolean isWritten(Var v) {
    return levels(v).stream().anyMatch(written::contains);
  }

  /**
   * The name of a static final array the function writes into (through a local, a row, or a
   * callee), or null: such tables are read as constants.
   */
  public String writtenTable() {
    for (Map.Entry<Var, String> e : tables.entrySet()) {
      Var c = classOf(e.getKey());
      if (written.contains(c) || rows.containsKey(c) && written.contains(rowsOf(c))) {
        return e.getValue();
      }
    }
    return null;
  }

  /** True if row references inside {@code v}'s class are reassigned ({@code a[i] = row}). */
  public boolean movesRows(Var v) {
    return rowsMoved.contains(classOf(v));
  }

  /** True if a callee that may write it receives {@code v} or one of its rows. */
  public boolean isPassedToWritingCallee(Var v) {
    return levels(v).stream().anyMatch(passedToWritingCallee::contains);
  }

  /** The classes of v, v's rows, their rows..., one per dimension but the last. */
  private List<Var> levels(Var v) {
    List<Var> out = new ArrayList<>();
    Var c = classOf(v);
    for (int d = v.type().dimensions(); d > 0; d--) {
      out.add(c);
      if (d > 1) {
        c = rowsOf(c);
      }
    }
    return out;
  }

  private Var rowsOf(Var c) {
    Var root = classOf(c);
    Var r = rows.get(root);
    if (r == null) {
      r = new Var(root.name() + "[]", root.type().elementType(), Var.Kind.TEMP);
      rows.put(root, r);
    }
    return classOf(r);
  }

  private void union(Var a, Var b) {
    Var ra = classOf(a);
    Var rb = classOf(b);
    if (ra == rb) {
      return;
    }
    parent.put(ra, rb);
    String table = tables.remove(ra);
    if (table != null) {
      tables.putIfAbsent(rb, table);
    }
    move(written, ra, rb);
    move(passedToWritingCallee, ra, rb);
    move(rowsMoved, ra, rb);
    Var rowsA = rows.remove(ra);
    if (rowsA != null) {
      Var rowsB = rows.get(rb);
      if (rowsB == null) {
        rows.put(rb, rowsA);
      } else {
        union(rowsA, rowsB);
      }
    }
  }

  private static void move(Set<Var> flags, Var from, Var to) {
    if (flags.remove(from)) {
      flags.add(to);
    }
  }

  /** Puts {@code target} in the class of the array {@code value} evaluates to, if known. */
  private void alias(Var target, Expr value) {
    String table = tableOf(value);
    if (table != null) {
      tables.putIfAbsent(classOf(target), table);
    } else if (value instanceof Expr.Ref r) {
      union(target, r.var());
    } else if (value instanceof Expr.Index i) {
      union(target, rowsOf(elementClass(i.array())));
    }
  }

  private void scan(Block block, CalleeTable callees) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        if (a.target().type().isArray()) {
          alias(a.target(), a.value());
        }
        call(a.value(), callees);
      } else if (s instanceof Stmt.Eval e) {
        call(e.expr(), callees);
      } else if (s instanceof Stmt.Store st) {
        Var target = elementClass(st.array());
        if (st.value().type().isArray()) {
          Var row = Exprs.root(st.value());
          if (row != null) {
            union(rowsOf(target), row);
          }
          rowsMoved.add(classOf(target));
        }
        written.add(classOf(target));
      } else if (s instanceof Stmt.If i) {
        scan(i.then(), callees);
        scan(i.otherwise(), callees);
      } else if (s instanceof Stmt.Loop l) {
        scan(l.body(), callees);
        scan(l.update(), callees);
      }
    }
  }

  private void call(Expr e, CalleeTable callees) {
    GradCallee callee = callees.of(e);
    if (callee == null) {
      return;
    }
    Expr.Call call = (Expr.Call) e;
    for (int k = 0; k < call.args().size(); k++) {
      Var array = Exprs.root(call.args().get(k));
      if (array == null || !array.type().isArray()) {
        continue;
      }
      if (callees.writes(callee, k)) {
        for (Var level : levels(array)) {
          written.add(level);
          passedToWritingCallee.add(level);
          rowsMoved.add(level);
        }
      }
    }
  }


}
