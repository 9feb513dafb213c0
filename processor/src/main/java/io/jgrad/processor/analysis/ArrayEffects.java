package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
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
 *
 * <p>A record that holds arrays ({@code record Csr(int[] rowPtr, double[] values)}) is a class
 * too, with one class per array (or nested record) component, as a matrix has one for its rows:
 * {@code new Csr(p, v)} puts v in the {@code values} class of the new record's class, and
 * {@code double[] w = c.values()} puts w there as well.
 */
public final class ArrayEffects {
  private final Map<Var, Var> parent = new HashMap<>();
  /** The class of the rows of a 2-D (or deeper) class, by representative. */
  private final Map<Var, Var> rows = new HashMap<>();
  /** The classes of a record class's array and record components, by representative. */
  private final Map<Var, Map<String, Var>> components = new HashMap<>();
  private final Set<Var> written = new HashSet<>();
  private final Set<Var> passedToWritingCallee = new HashSet<>();
  private final Set<Var> rowsMoved = new HashSet<>();
  /** Classes that hold a static final array (by representative), and the field's name. */
  private final Map<Var, String> tables = new HashMap<>();
  /**
   * In {@link #ofEntryArrays} only: for each array parameter the body reassigns, a variable
   * standing for the arrays it holds afterwards (the parameter itself stands for the caller's)...
   */
  private final Map<Var, Var> reassigned;
  /** ...and, at the statement being scanned, which of the two the parameter may hold. */
  private final Map<Var, Set<Var>> holds = new HashMap<>();

  private ArrayEffects(boolean splitReassignedParameters) {
    this.reassigned = splitReassignedParameters ? new HashMap<>() : null;
  }

  public static ArrayEffects of(Function function, CalleeTable callees) {
    ArrayEffects effects = new ArrayEffects(false);
    effects.scan(function.body(), callees);
    return effects;
  }

  /**
   * For questions about the caller's arrays only ({@link #isWritten} of a parameter): an array
   * the body assigns to a parameter ({@code a = b.clone()}) is not the caller's array, so writes
   * that only reach it do not count. Writes through the parameter still count for both.
   */
  public static ArrayEffects ofEntryArrays(Function function, CalleeTable callees) {
    ArrayEffects effects = new ArrayEffects(true);
    for (Var v : Blocks.assigned(function.body())) {
      if (v.kind() == Var.Kind.PARAM && holdsMemory(v.type())) {
        effects.reassigned.put(v, new Var(v.name() + "'", v.type(), Var.Kind.TEMP));
        effects.holds.put(v, Set.of(v));
      }
    }
    effects.scan(function.body(), callees);
    return effects;
  }

  /** The variables whose arrays a reference to {@code v} may be here: v, or v reassigned. */
  private List<Var> versions(Var v) {
    Set<Var> held = holds.get(v);
    return held == null ? List.of(v) : List.copyOf(held);
  }

  /** Joins what the reassigned parameters may hold on two paths. */
  private void join(Map<Var, Set<Var>> other) {
    other.forEach((param, held) -> holds.merge(param, held, (x, y) -> {
      Set<Var> both = new HashSet<>(x);
      both.addAll(y);
      return Set.copyOf(both);
    }));
  }

  /**
   * True if the array {@code function} returns may be {@code param} or one of its rows (or one
   * of the arrays a record parameter holds), or if the record it returns may hold one of them.
   */
  public boolean returnsParameter(Function function, Var param) {
    List<Expr> returned = new ArrayList<>();
    returns(function.body(), returned);
    for (Expr r : returned) {
      if (r.type().isArray() ? reaches(param, classOfPath(r))
          : levels(classOfPath(r), r.type()).stream().anyMatch(c -> reaches(param, c))) {
        return true;
      }
    }
    return false;
  }

  private static void returns(Block block, List<Expr> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Return r && r.value() != null && holdsMemory(r.value().type())
          && Exprs.root(r.value()) != null) {
        out.add(r.value());
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
   * the class of x, for {@code m[i][j]} the row class of m's class, for {@code c.values[k]} the
   * {@code values} class of c's class.
   */
  public Var elementClass(Expr arrayPath) {
    return Exprs.root(arrayPath) == null ? null : classOfPath(arrayPath);
  }

  /** The class of the array or record a path over a variable evaluates to. */
  private Var classOfPath(Expr path) {
    if (path instanceof Expr.Index i) {
      return rowsOf(classOfPath(i.array()));
    }
    if (path instanceof Expr.Field f) {
      return componentOf(classOfPath(f.target()), f.name(), f.type());
    }
    return classOf(Exprs.root(path));
  }

  /**
   * True if {@code v}, or (for a matrix) one of its rows, or (for a record) one of the arrays it
   * holds, may be an array of class {@code c}.
   */
  public boolean reaches(Var v, Var c) {
    if (c == null) {
      return false;
    }
    for (Var level : levels(v)) {
      if (level == classOf(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Arrays, records that hold arrays, and mutable objects: values that share memory when
   * assigned.
   */
  public static boolean holdsMemory(Type type) {
    return type.isArray() || type.isRecord() && type.shape().holdsMemory();
  }

  /** True if the function may write v's elements, its rows' elements or its row references. */
  public boolean isWritten(Var v) {
    return levels(v).stream().anyMatch(written::contains);
  }

  /**
   * True if the function may write an array {@code v} is or holds (elements or row
   * references), not counting the fields of the objects it leads to.
   */
  public boolean writesArrays(Var v) {
    return levels(classOf(v), v.type(), false).stream().anyMatch(written::contains);
  }

  /**
   * The name of a static final array the function writes into (through a local, a row, or a
   * callee), or null: such tables are read as constants.
   */
  public String writtenTable() {
    for (Map.Entry<Var, String> e : tables.entrySet()) {
      Var c = classOf(e.getKey());
      if (levels(c, e.getKey().type()).stream().anyMatch(written::contains)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** True if row references at any level of {@code v} are reassigned ({@code t[i][j] = row}). */
  public boolean movesRowsAtAnyLevel(Var v) {
    return levels(v).stream().anyMatch(rowsMoved::contains);
  }

  /** True if row references inside {@code v}'s class are reassigned ({@code a[i] = row}). */
  public boolean movesRows(Var v) {
    return rowsMoved.contains(classOf(v));
  }

  /** True if a callee that may write it receives {@code v} or one of its rows. */
  public boolean isPassedToWritingCallee(Var v) {
    return levels(v).stream().anyMatch(passedToWritingCallee::contains);
  }

  /**
   * The classes of v, v's rows, their rows..., one per dimension but the last; for a record, the
   * levels of the arrays (and records) it holds.
   */
  private List<Var> levels(Var v) {
    return levels(classOf(v), v.type());
  }

  /** The classes of v, its rows (and theirs), the arrays and records it holds: see levels. */
  public List<Var> classesOf(Var v) {
    return levels(v);
  }

  private List<Var> levels(Var c, Type type) {
    return levels(c, type, true);
  }

  /** {@link #levels(Var, Type)}, without the objects' own levels unless {@code objects}. */
  private List<Var> levels(Var c, Type type, boolean objects) {
    List<Var> out = new ArrayList<>();
    if (type.isRecord()) {
      if (type.isMutableObject() && objects) {
        out.add(c); // its own fields, like the elements of an array
      }
      for (RecordShape.Component k : type.shape().components()) {
        if (holdsMemory(k.type())) {
          out.addAll(levels(componentOf(c, k.name(), k.type()), k.type(), objects));
        }
      }
      return out;
    }
    for (int d = type.dimensions(); d > 0; d--) {
      out.add(c);
      if (d > 1) {
        c = rowsOf(c);
      }
    }
    if (type.dimensions() > 0 && holdsMemory(type.baseType())) {
      // the objects of an array of objects
      out.addAll(levels(rowsOf(c), type.baseType(), objects));
    }
    return out;
  }

  /** The class of component {@code name} of the records of class {@code c}. */
  private Var componentOf(Var c, String name, Type type) {
    Var root = classOf(c);
    Var k = components.computeIfAbsent(root, x -> new HashMap<>())
        .computeIfAbsent(name, x -> new Var(root.name() + "." + name, type, Var.Kind.TEMP));
    return classOf(k);
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
    Map<String, Var> componentsA = components.remove(ra);
    if (componentsA != null) {
      Map<String, Var> componentsB = components.computeIfAbsent(rb, x -> new HashMap<>());
      componentsA.forEach((name, k) -> {
        Var other = componentsB.putIfAbsent(name, k);
        if (other != null) {
          union(k, other);
        }
      });
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
      for (Var version : versions(r.var())) {
        union(target, version);
      }
    } else if (value instanceof Expr.Index i) {
      for (Var c : elementClasses(i.array())) {
        union(target, rowsOf(c));
      }
    } else if (value instanceof Expr.Field f) {
      for (Var c : elementClasses(f.target())) {
        union(target, componentOf(c, f.name(), f.type()));
      }
    } else if (value instanceof Expr.New n && n.type().isRecord()) {
      // new R(p, v): the record holds the arrays (and records) it is given
      List<RecordShape.Component> parts = n.type().shape().components();
      for (int k = 0; k < parts.size(); k++) {
        if (holdsMemory(parts.get(k).type()) && n.componentArg(k) != null) {
          alias(componentOf(classOf(target), parts.get(k).name(), parts.get(k).type()),
              n.componentArg(k));
        }
      }
    }
  }

  /** {@link #elementClass}, for each array the path's root variable may hold. */
  private List<Var> elementClasses(Expr arrayPath) {
    Var root = Exprs.root(arrayPath);
    if (root == null) {
      return List.of();
    }
    List<Var> out = new ArrayList<>();
    for (Var version : versions(root)) {
      out.add(elementClassFrom(arrayPath, version));
    }
    return out;
  }

  private Var elementClassFrom(Expr arrayPath, Var root) {
    if (arrayPath instanceof Expr.Index i) {
      return rowsOf(elementClassFrom(i.array(), root));
    }
    if (arrayPath instanceof Expr.Field f) {
      return componentOf(elementClassFrom(f.target(), root), f.name(), f.type());
    }
    return classOf(root);
  }

  private void scan(Block block, CalleeTable callees) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        Var after = reassigned == null ? null : reassigned.get(a.target());
        if (holdsMemory(a.target().type())) {
          alias(after == null ? a.target() : after, a.value());
        }
        call(a.value(), callees); // the value is computed before the parameter changes
        if (after != null) {
          holds.put(a.target(), Set.of(after));
        }
      } else if (s instanceof Stmt.Eval e) {
        call(e.expr(), callees);
      } else if (s instanceof Stmt.SetField f) {
        Expr.Field field = f.field();
        for (Var target : elementClasses(field.target())) {
          if (holdsMemory(field.type())) {
            // a reference field now holds another array or object: it moves, like a row
            Var held = Exprs.root(f.value());
            if (held != null) {
              for (Var version : versions(held)) {
                union(componentOf(target, field.name(), field.type()), version);
              }
            }
            rowsMoved.add(classOf(target));
          }
          written.add(classOf(target));
        }
      } else if (s instanceof Stmt.Store st) {
        for (Var target : elementClasses(st.array())) {
          if (holdsMemory(st.value().type())) {
            Var row = Exprs.root(st.value());
            if (row != null) {
              for (Var version : versions(row)) {
                union(rowsOf(target), version);
              }
            }
            rowsMoved.add(classOf(target));
          }
          written.add(classOf(target));
        }
      } else if (s instanceof Stmt.If i) {
        Map<Var, Set<Var>> before = new HashMap<>(holds);
        scan(i.then(), callees);
        Map<Var, Set<Var>> afterThen = new HashMap<>(holds);
        holds.putAll(before);
        scan(i.otherwise(), callees);
        join(afterThen);
      } else if (s instanceof Stmt.Loop l) {
        // at the head: what it held before the loop, or after a reassignment in the loop
        Map<Var, Set<Var>> inLoop = new HashMap<>();
        Set<Var> assigned = Blocks.assigned(l.body());
        assigned.addAll(Blocks.assigned(l.update()));
        for (Var v : assigned) {
          if (holds.containsKey(v)) {
            inLoop.put(v, Set.of(reassigned.get(v)));
          }
        }
        join(inLoop);
        Map<Var, Set<Var>> head = new HashMap<>(holds);
        scan(l.body(), callees);
        scan(l.update(), callees);
        holds.putAll(head);
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
      if (array == null || !holdsMemory(array.type()) || !callees.writes(callee, k)) {
        continue;
      }
      // a callee that writes only fields of the objects (a setter) leaves the arrays alone
      boolean arrays = callees.writesArrays(callee, k);
      for (Var version : versions(array)) {
        List<Var> arrayLevels = levels(classOf(version), version.type(), false);
        for (Var level : levels(version)) {
          if (arrays || !arrayLevels.contains(level)) {
            written.add(level);
            passedToWritingCallee.add(level);
            rowsMoved.add(level);
          }
        }
      }
    }
  }


}
