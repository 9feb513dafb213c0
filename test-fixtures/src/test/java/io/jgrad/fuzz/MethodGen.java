package io.jgrad.fuzz;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The state of the generator while it writes one method: variables in scope, alias classes of
 * arrays, enclosing loops, cost so far. {@link ExprGen} and {@link StmtGen} read and update it.
 *
 * <p><b>Alias classes.</b> Every array variable belongs to a class of variables that may share
 * memory (a row variable shares its matrix's class; {@code y = x} merges classes; a fresh array
 * starts a class). Classes only ever merge, so the answer is conservative. A class is
 * <em>written</em> if some element of it may be written, and <em>shared</em> once two rows of a
 * matrix in it may be one array ({@code m[i] = m[j]}): after that nothing in the class is
 * written, since the README leaves writes through shared rows undefined.
 */
final class MethodGen {
  final Random random;
  final GenConfig config;
  /** Methods generated before this one (callable), in order. */
  final List<MethodInfo> callees;
  /** The method being generated (set once its parameters are declared). */
  MethodInfo self;
  /** False while the base case of a recursive method is generated. */
  boolean allowSelf = true;
  final List<Program.Constant> constants;
  final List<Var> params = new ArrayList<>();
  /** The record types this code may use (empty in programs without records). */
  List<RecordDecl> records = List.of();
  /** The mutable classes this code may use (empty in programs without them). */
  List<ClassDecl> classes = List.of();
  /** The class whose method is generated, or null (its fields may be named bare there). */
  ClassDecl inClass;
  /** The record whose method is generated, or null for a method of the program's class. */
  RecordDecl inRecord;
  /**
   * True in a private record method: it calls no private method (if it is passive, jgrad copies
   * it into the rule classes, which cannot call a private method with rules: an error by design).
   */
  boolean noPrivateCalls;
  /** True in an instance method of {@link #inRecord}: {@code this} and the components. */
  boolean instance;

  private final List<List<Var>> scopes = new ArrayList<>();
  private final List<Integer> parent = new ArrayList<>();
  private final List<Boolean> shared = new ArrayList<>();
  private final List<Boolean> written = new ArrayList<>();
  /** Roots of row variables, never reassigned: they only ever hold rows of their matrix. */
  private final java.util.Set<Integer> rowVariables = new java.util.HashSet<>();

  /** Enclosing loops, innermost last; a null label means unlabelled. */
  final Deque<String> loops = new ArrayDeque<>();
  /** Statements nesting depth (if/loop bodies). */
  int nesting;
  /** Product of the maximal trip counts of the enclosing loops. */
  long multiplier = 1;
  /** Rough work of one call of this method so far. */
  long cost;
  int selfCalls;
  /** Positive while the condition of a while or do loop is generated (it runs repeatedly). */
  int loopConditions;
  boolean usesFloat;
  /** The class of the program being generated (its rule classes are named after it). */
  String program;
  /** True once the body reads another method's rules or calls a method without second order. */
  boolean noSecondOrder;
  private int counter;

  MethodGen(Random random, GenConfig config, List<MethodInfo> callees, MethodInfo self,
      List<Program.Constant> constants) {
    this.random = random;
    this.config = config;
    this.callees = callees;
    this.self = self;
    this.constants = constants;
    scopes.add(new ArrayList<>());
  }

  // ------------------------------------------------------------------------------ randomness

  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  /** Uniform in {@code lo..hi} inclusive. */
  int between(int lo, int hi) {
    return lo + random.nextInt(hi - lo + 1);
  }

  <T> T oneOf(List<T> items) {
    return items.isEmpty() ? null : items.get(random.nextInt(items.size()));
  }

  @SafeVarargs
  final <T> T oneOf(T... items) {
    return items[random.nextInt(items.length)];
  }

  // ----------------------------------------------------------------------------------- scopes

  String fresh(String prefix) {
    return prefix + (++counter);
  }

  void push() {
    scopes.add(new ArrayList<>());
  }

  void pop() {
    scopes.remove(scopes.size() - 1);
  }

  /** Declares a new local (or parameter) in the innermost scope. */
  Var declare(String prefix, JType type, boolean param) {
    Var v = new Var(fresh(prefix), type, param);
    if (type.hasRoot()) {
      v.root = newRoot();
    }
    scopes.get(scopes.size() - 1).add(v);
    if (param) {
      params.add(v);
    }
    if (type == JType.FLOAT) {
      usesFloat = true;
    }
    if (type.decl != null) {
      touch(type.decl);
    }
    if (type.cls != null) {
      touch(type.cls);
    }
    return v;
  }

  /**
   * Declares a name that is in scope without a declaration of the method's own: {@code this}
   * and the components of the record an instance method belongs to. It is never assigned.
   */
  Var declareFixed(String name, JType type) {
    Var v = new Var(name, type, false);
    v.frozen++;
    scopes.get(scopes.size() - 1).add(v);
    if (type.decl != null) {
      touch(type.decl);
    }
    if (type.cls != null) {
      touch(type.cls);
    }
    if (type == JType.FLOAT) {
      usesFloat = true;
    }
    return v;
  }

  List<Var> visible(Predicate<Var> test) {
    List<Var> result = new ArrayList<>();
    for (List<Var> scope : scopes) {
      for (Var v : scope) {
        if (test.test(v)) {
          result.add(v);
        }
      }
    }
    return result;
  }

  Var pick(Predicate<Var> test) {
    return oneOf(visible(test));
  }

  Var lookup(String name) {
    for (List<Var> scope : scopes) {
      for (Var v : scope) {
        if (v.name.equals(name)) {
          return v;
        }
      }
    }
    return null;
  }

  /** Notes that values of {@code decl} are used here (a float inside makes the method float). */
  void touch(RecordDecl decl) {
    if (decl.usesFloat()) {
      usesFloat = true;
    }
  }

  /** Notes that objects of {@code cls} are used here. */
  void touch(ClassDecl cls) {
    if (cls.usesFloat()) {
      usesFloat = true;
    }
  }

  boolean inLoop() {
    return !loops.isEmpty();
  }

  // ---------------------------------------------------------------------------- alias classes

  int newRoot() {
    parent.add(parent.size());
    shared.add(false);
    written.add(false);
    return parent.size() - 1;
  }

  int find(int root) {
    while (parent.get(root) != root) {
      root = parent.get(root);
    }
    return root;
  }

  void union(int a, int b) {
    a = find(a);
    b = find(b);
    if (a != b) {
      parent.set(b, a);
      shared.set(a, shared.get(a) || shared.get(b));
      written.set(a, written.get(a) || written.get(b));
    }
  }

  /**
   * True if no other variable's class was merged into this one ({@code y = x}, a row variable
   * that may be reassigned; see {@link #markRowVariable}):
   * jgrad's alias classes are flow-insensitive, so a local that held a filled array before it
   * took a parameter's makes the parameter written in its eyes.
   */
  boolean isAlone(int root) {
    int r = find(root);
    int members = 0;
    for (int k = 0; k < parent.size(); k++) {
      if (find(k) == r && !rowVariables.contains(k)) {
        members++;
      }
    }
    return members == 1;
  }

  /**
   * Marks the root of a row variable that is never reassigned ({@code for (double[] r : m)},
   * a frozen {@code double[] y = m[i];}): it holds rows of its matrix only, so it leaves the
   * matrix alone for {@link #isAlone}. A {@code @NoGrad} matrix read through one: the row is a
   * local of data in jgrad's rules.
   */
  void markRowVariable(int root) {
    rowVariables.add(root);
  }

  boolean isShared(int root) {
    return shared.get(find(root));
  }

  boolean isWritten(int root) {
    return written.get(find(root));
  }

  void markWritten(int root) {
    written.set(find(root), true);
  }

  void markShared(int root) {
    shared.set(find(root), true);
  }

  /** True if elements of this alias class may be written now. */
  boolean writable(int root) {
    return !isShared(root);
  }

  /** True if rows of a matrix of this class may be made to share memory here. */
  boolean mayShareRows() {
    return loops.isEmpty() && self.depthParam < 0 && config.rowSharing;
  }

  /** True if code generated here runs at most once per call: outside loops and conditions. */
  boolean once() {
    return loops.isEmpty() && multiplier == 1 && loopConditions == 0;
  }

  /** Adds the work of something done once per iteration of the enclosing loops. */
  boolean spend(long work) {
    long total = cost + multiplier * work;
    if (total > config.costBudget) {
      return false;
    }
    cost = total;
    return true;
  }
}
