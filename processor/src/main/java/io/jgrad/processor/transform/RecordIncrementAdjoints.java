package io.jgrad.processor.transform;

import io.jgrad.processor.emit.TangentWriter;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, on a reverse sweep after {@link FirstContributions}: {@link IncrementAdjoints} for
 * records in slots that keep their adjoint objects ({@link SlotAdjoints}). A store of a record
 * built from the element it replaces plus or minus something in every component ({@code acc[j]
 * = acc[j].minus(d)}, inlined as {@code t = acc[j]; n = new Vec3(t.x() - a, t.y() - b, t.z() -
 * c); acc[j] = n}) reverses as
 *
 * <pre>{@code
 * Vec3_Tangent nBar = accBar[j];
 * accBar[j] = new Vec3_Tangent();
 * double xBar = nBar.x; ...
 * Vec3_Tangent tBar = accBar[j];
 * tBar.x += xBar; ...
 * }</pre>
 *
 * allocating an object that ends with {@code nBar}'s components (up to the sign of a zero). So
 * the slot keeps its object: without the allocation and the adds, {@code tBar} is {@code nBar}'s
 * object, as the element's adjoint is its increment's. n-body: two objects per pair of bodies.
 *
 * <p>Matched only as printed above (or with {@code accBar[j].x += xBar} for the adds), in one
 * block: indices of plain integer expressions no statement between assigns; {@code nBar} read
 * only by the copies of its components (of numbers only, every one added once, each copy
 * unchanged until its add) and nowhere else in the method; the adjoint array untouched between
 * but for the adds; no other field of such an object written and {@code tBar} not read before
 * the adds are done.
 */
public final class RecordIncrementAdjoints {
  private final Map<String, RecordShape> shapes;
  private final Set<Var> adjoints;
  /** How many statements of the method mention each variable. */
  private final Map<Var, Integer> mentions = new HashMap<>();

  private RecordIncrementAdjoints(Map<String, RecordShape> shapes, Set<Var> adjoints) {
    this.shapes = shapes;
    this.adjoints = adjoints;
  }

  /**
   * Rewrites {@code reverse}, whose records' shapes are those of {@code primal}; with {@code
   * adjoints} not null, only stores into those arrays (see {@link IncrementAdjoints#applyTo}).
   */
  public static Function apply(Function reverse, Function primal, Set<Var> adjoints) {
    if (Boolean.getBoolean("jgrad.noRecordIncrements")) {
      return reverse;
    }
    RecordIncrementAdjoints pass = new RecordIncrementAdjoints(shapesByTangent(primal), adjoints);
    if (pass.shapes.isEmpty()) {
      return reverse;
    }
    Blocks.visitStmts(reverse.body(), s -> pass.mentioned(s).forEach(
        v -> pass.mentions.merge(v, 1, Integer::sum)));
    return new Function(reverse.name(), reverse.params(), reverse.returnType(),
        pass.block(reverse.body()), reverse.locals());
  }

  private static Map<String, RecordShape> shapesByTangent(Function primal) {
    Map<String, RecordShape> byRecord = new LinkedHashMap<>();
    primal.params().forEach(p -> TangentWriter.collect(p.type(), byRecord));
    primal.locals().forEach(l -> TangentWriter.collect(l.type(), byRecord));
    Blocks.visitExprs(primal.body(), e -> TangentWriter.collect(e.type(), byRecord));
    Map<String, RecordShape> out = new HashMap<>();
    byRecord.values().forEach(s -> out.put(s.tangentName(), s));
    return out;
  }

  private Block block(Block in) {
    List<Stmt> stmts = in.stmts();
    Block out = new Block();
    for (int k = 0; k < stmts.size(); k++) {
      Match m = match(stmts, k);
      if (m == null) {
        out.add(Blocks.withBlocks(stmts.get(k), this::block));
        continue;
      }
      out.add(stmts.get(k)); // nBar = accBar[j]; the clear goes
      for (int n = k + 2; n <= m.lastAdd; n++) {
        if (!m.dropped.contains(n)) {
          out.add(stmts.get(n));
        }
      }
      k = m.lastAdd;
    }
    return out;
  }

  /** The statements dropped (besides the clear at k + 1) and the last one of the pattern. */
  private record Match(Set<Integer> dropped, int lastAdd) {}

  private Match match(List<Stmt> stmts, int k) {
    if (k + 2 >= stmts.size() || !(stmts.get(k) instanceof Stmt.Assign take)
        || !(take.value() instanceof Expr.Index slot) || !(slot.array() instanceof Expr.Ref a)
        || !IncrementAdjoints.isPlainIndex(slot.index())
        || adjoints != null && !adjoints.contains(a.var())) {
      return null;
    }
    Var taken = take.target();
    RecordShape shape = shapes.get(taken.type().className());
    if (shape == null || shape.isMutable() || shape.hasHiddenComponents()
        || !(stmts.get(k + 1) instanceof Stmt.Store clear) || !clear.array().equals(slot.array())
        || !clear.index().equals(slot.index()) || !(clear.value() instanceof Expr.New fresh)
        || !fresh.args().isEmpty() || !fresh.type().equals(taken.type())) {
      return null;
    }
    List<RecordShape.Component> components = shape.differentiableComponents();
    if (components.isEmpty() || !components.stream().allMatch(c -> c.type().isFloating())) {
      return null;
    }
    Set<Var> indexVars = Exprs.vars(slot.index());
    Map<String, Var> copies = new HashMap<>();
    Var loaded = null;
    int load = -1;
    Set<Integer> adds = new java.util.HashSet<>();
    Set<String> added = new java.util.HashSet<>();
    int takenMentions = 1;
    for (int n = k + 2; n < stmts.size(); n++) {
      Stmt s = stmts.get(n);
      Set<Var> vars = mentioned(s);
      if (s instanceof Stmt.If || s instanceof Stmt.Loop || s instanceof Stmt.Protected
          || Blocks.assignedAnyhow(new Block().add(s)).stream().anyMatch(indexVars::contains)) {
        return null;
      }
      if (s instanceof Stmt.Assign copy && vars.contains(taken)) {
        // double xBar = nBar.x;
        if (!(copy.value() instanceof Expr.Field f) || !(f.target() instanceof Expr.Ref r)
            || r.var() != taken || copies.containsKey(f.name()) || copy.target() == taken
            || copies.containsValue(copy.target())) {
          return null;
        }
        copies.put(f.name(), copy.target());
        takenMentions++;
        continue;
      }
      if (vars.contains(taken)) {
        return null;
      }
      if (loaded == null && adds.isEmpty() && s instanceof Stmt.Assign reload
          && reload.value().equals(slot)) {
        loaded = reload.target(); // tBar = accBar[j]
        load = n;
        if (!loaded.type().equals(taken.type())) {
          return null;
        }
        continue;
      }
      if (s instanceof Stmt.Accumulate add && add.target() instanceof Expr.Field f
          && isSlot(f.target(), slot, loaded) && add.value() instanceof Expr.Ref v
          && copies.get(f.name()) == v.var() && added.add(f.name())) {
        adds.add(n); // tBar.x += xBar, or accBar[j].x += xBar
        if (adds.size() < components.size()) {
          continue;
        }
        if (copies.size() != components.size()
            || mentions.getOrDefault(taken, 0) != takenMentions) {
          return null;
        }
        if (loaded != null && mentions.getOrDefault(loaded, 0) == 1 + adds.size()) {
          adds.add(load); // tBar read by nothing else
        }
        return new Match(adds, n);
      }
      Set<Var> assigned = Blocks.assignedAnyhow(new Block().add(s));
      if (vars.contains(a.var()) || writesObjectOf(s, taken) || loaded != null
          && vars.contains(loaded) || copies.entrySet().stream().anyMatch(
          c -> !added.contains(c.getKey()) && assigned.contains(c.getValue()))) {
        return null; // the slot or tBar read, or a copy changed, before the adds are done
      }
    }
    return null;
  }

  private static boolean isSlot(Expr place, Expr.Index slot, Var loaded) {
    return place.equals(slot) || loaded != null && place instanceof Expr.Ref r
        && r.var() == loaded;
  }

  /** True if {@code s} writes a field of an object of {@code taken}'s type. */
  private static boolean writesObjectOf(Stmt s, Var taken) {
    Expr place = s instanceof Stmt.Accumulate add ? add.target()
        : s instanceof Stmt.SetField set ? set.field() : null;
    return place instanceof Expr.Field f && f.target().type().equals(taken.type());
  }

  /** Every variable a simple statement reads or assigns (nested blocks' not included). */
  private Set<Var> mentioned(Stmt s) {
    Set<Var> out = new java.util.LinkedHashSet<>();
    Blocks.ownExprs(s).forEach(e -> out.addAll(Exprs.vars(e)));
    if (s instanceof Stmt.Assign as) {
      out.add(as.target());
    }
    return out;
  }
}
