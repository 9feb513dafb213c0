package io.jgrad.fuzz;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a finding greedily: tries the program without one of its other methods, then without
 * one statement (with everything nested in it) at a time, and keeps a smaller program whenever
 * it still fails the same way (same kind and check, numbers aside). Candidates are compiled many
 * per javac run. Stops at a fixed point or when its time budget is spent.
 */
final class Shrinker {
  private static final int CHUNK = 24;

  private final FuzzCompiler compiler;
  private final ProgramChecker checker;
  private final long budgetMillis;
  private final PrintStream log;
  private int names;

  Shrinker(FuzzCompiler compiler, ProgramChecker checker, long budgetMillis, PrintStream log) {
    this.compiler = compiler;
    this.checker = checker;
    this.budgetMillis = budgetMillis;
    this.log = log;
  }

  /** The finding with the smallest program found that still fails the same way. */
  Finding shrink(Finding original) {
    long deadline = System.currentTimeMillis() + budgetMillis;
    String group = original.group();
    Program current = original.program();
    Finding best = original;
    int before = current.size();
    // methods other than the failing one
    for (int m = current.methods().size() - 1; m >= 0; m--) {
      if (current.methods().get(m).name().equals(original.method())
          || System.currentTimeMillis() > deadline) {
        continue;
      }
      List<Program.Method> methods = new ArrayList<>(current.methods());
      methods.remove(m);
      Finding f = firstFailing(List.of(rename(current.withMethods(methods))), original, group);
      if (f != null) {
        best = f;
        current = f.program();
      }
    }
    // record types, their methods, constants and validation
    current = shrinkRecords(current, original, group, deadline);
    current = shrinkClassMethods(current, original, group, deadline);
    // runs of top-level statements, by halves, quarters... (ddmin)
    for (int method = 0; method < current.methods().size(); method++) {
      int granularity = 2;
      while (System.currentTimeMillis() < deadline) {
        List<Stmt> top = current.methods().get(method).body().statements();
        if (top.size() < 2) {
          break;
        }
        granularity = Math.min(granularity, top.size());
        List<Program> candidates = new ArrayList<>();
        for (int chunk = 0; chunk < granularity; chunk++) {
          int from = top.size() * chunk / granularity;
          int to = top.size() * (chunk + 1) / granularity;
          List<Stmt> rest = new ArrayList<>(top.subList(0, from));
          rest.addAll(top.subList(to, top.size()));
          candidates.add(rename(withBody(current, method, new Stmt.Block(rest))));
        }
        Finding f = firstFailing(candidates, original, group);
        if (f != null) {
          best = f;
          current = f.program();
          granularity = Math.max(granularity - 1, 2);
        } else if (granularity >= top.size()) {
          break;
        } else {
          granularity = Math.min(granularity * 2, top.size());
        }
      }
    }
    // statements, in pre-order; after a removal the same position is tried again
    int method = 0;
    int position = 0;
    while (method < current.methods().size() && System.currentTimeMillis() < deadline) {
      Program.Method m = current.methods().get(method);
      int size = m.body().size();
      if (position >= size) {
        method++;
        position = 0;
        continue;
      }
      List<Program> candidates = new ArrayList<>();
      for (int n = position; n < Math.min(size, position + CHUNK); n++) {
        Stmt.Block body = m.body().replace(new int[] {n}, null);
        candidates.add(rename(withBody(current, method, body)));
      }
      Finding f = firstFailing(candidates, original, group);
      if (f == null) {
        position += CHUNK;
        continue;
      }
      // the accepted candidate's position: removals before it were tried and failed
      position += candidates.indexOf(f.program());
      best = f;
      current = f.program();
    }
    // statements of the records' and the classes' methods
    current = shrinkBodies(current, RECORDS, original, group, deadline);
    current = shrinkBodies(current, CLASSES, original, group, deadline);
    // every program accepted above is the one of the last finding found
    best = current == original.program() ? original : lastFound;
    if (best == original) {
      return original;
    }
    Program named = best.program().renamed(original.program().name());
    log.println("shrunk program " + original.program().index() + " from " + before + " to "
        + named.size() + " statements");
    return new Finding(named, best.method(), best.kind(), best.message().replace(
        best.program().name(), original.program().name()));
  }

  /** The last finding {@link #firstFailing} returned. */
  private Finding lastFound;

  /** Tries the program without each record type, record method, constant and validation. */
  private Program shrinkRecords(Program current, Finding original, String group, long deadline) {
    for (int r = current.records().size() - 1; r >= 0; r--) {
      if (System.currentTimeMillis() > deadline) {
        return current;
      }
      List<RecordDecl> records = new ArrayList<>(current.records());
      records.remove(r);
      current = tryProgram(current, current.withRecords(records), original, group);
    }
    for (int r = 0; r < current.records().size(); r++) {
      for (int m = current.records().get(r).methods.size() - 1; m >= 0; m--) {
        if (System.currentTimeMillis() > deadline) {
          return current;
        }
        RecordDecl d = current.records().get(r);
        List<RecordDecl.Method> methods = new ArrayList<>(d.methods);
        methods.remove(m);
        current = tryProgram(current, withRecord(current, r, d.with(methods, d.constants,
            d.validation)), original, group);
      }
      RecordDecl d = current.records().get(r);
      if (!d.constants.isEmpty()) {
        current = tryProgram(current, withRecord(current, r, d.with(d.methods, List.of(),
            d.validation)), original, group);
      }
      d = current.records().get(r);
      if (d.validation != null) {
        current = tryProgram(current, withRecord(current, r, d.with(d.methods, d.constants,
            null)), original, group);
      }
    }
    return current;
  }

  /**
   * The record types or the classes of a program, as lists of methods to shrink: {@code with}
   * returns the program with owner {@code k}'s methods replaced.
   */
  private interface Owners {
    int count(Program p);

    List<RecordDecl.Method> methods(Program p, int k);

    Program with(Program p, int k, List<RecordDecl.Method> methods);
  }

  private static final Owners RECORDS = new Owners() {
    public int count(Program p) {
      return p.records().size();
    }

    public List<RecordDecl.Method> methods(Program p, int k) {
      return p.records().get(k).methods;
    }

    public Program with(Program p, int k, List<RecordDecl.Method> methods) {
      RecordDecl d = p.records().get(k);
      return withRecord(p, k, d.with(methods, d.constants, d.validation));
    }
  };

  private static final Owners CLASSES = new Owners() {
    public int count(Program p) {
      return p.classes().size();
    }

    public List<RecordDecl.Method> methods(Program p, int k) {
      return p.classes().get(k).methods;
    }

    public Program with(Program p, int k, List<RecordDecl.Method> methods) {
      List<ClassDecl> classes = new ArrayList<>(p.classes());
      classes.set(k, classes.get(k).with(methods));
      return p.withClasses(classes);
    }
  };

  /** Tries the program without each method of the classes. */
  private Program shrinkClassMethods(Program current, Finding original, String group,
      long deadline) {
    for (int c = 0; c < current.classes().size(); c++) {
      for (int m = current.classes().get(c).methods.size() - 1; m >= 0; m--) {
        if (System.currentTimeMillis() > deadline) {
          return current;
        }
        List<RecordDecl.Method> methods = new ArrayList<>(CLASSES.methods(current, c));
        methods.remove(m);
        current = tryProgram(current, CLASSES.with(current, c, methods), original, group);
      }
    }
    return current;
  }

  /** Removes statements of the methods of the records or classes one at a time. */
  private Program shrinkBodies(Program current, Owners owners, Finding original, String group,
      long deadline) {
    for (int r = 0; r < owners.count(current); r++) {
      for (int m = 0; m < owners.methods(current, r).size(); m++) {
        int position = 0;
        while (System.currentTimeMillis() < deadline) {
          RecordDecl.Method method = owners.methods(current, r).get(m);
          if (position >= method.body().size()) {
            break;
          }
          List<Program> candidates = new ArrayList<>();
          for (int n = position; n < Math.min(method.body().size(), position + CHUNK); n++) {
            List<RecordDecl.Method> methods = new ArrayList<>(owners.methods(current, r));
            methods.set(m, new RecordDecl.Method(method.info(), method.body().replace(
                new int[] {n}, null), method.isStatic(), method.access()));
            candidates.add(rename(owners.with(current, r, methods)));
          }
          Finding f = firstFailing(candidates, original, group);
          if (f == null) {
            position += CHUNK;
            continue;
          }
          position += candidates.indexOf(f.program());
          current = f.program();
        }
      }
    }
    return current;
  }

  private Program tryProgram(Program current, Program candidate, Finding original,
      String group) {
    Finding f = firstFailing(List.of(rename(candidate)), original, group);
    return f != null ? f.program() : current;
  }

  private static Program withRecord(Program p, int r, RecordDecl d) {
    List<RecordDecl> records = new ArrayList<>(p.records());
    records.set(r, d);
    return p.withRecords(records);
  }

  private Program rename(Program p) {
    return p.renamed(p.name().replaceFirst("s\\d+$", "") + "s" + (++names));
  }

  private static Program withBody(Program p, int method, Stmt.Block body) {
    List<Program.Method> methods = new ArrayList<>(p.methods());
    methods.set(method, methods.get(method).withBody(body));
    return p.withMethods(methods);
  }

  /** The finding of the first candidate that fails like the original, or null. */
  private Finding firstFailing(List<Program> candidates, Finding original, String group) {
    List<FuzzCompiler.Outcome> outcomes = compiler.compile(candidates);
    boolean compileFinding = original.method() == null;
    for (FuzzCompiler.Outcome outcome : outcomes) {
      if (compileFinding) {
        if (outcome.kind().description.equals(original.kind())
            && sameCompileFailure(original.message(), outcome.diagnostics())) {
          lastFound = new Finding(outcome.program(), null, original.kind(),
              outcome.diagnostics());
          return lastFound;
        }
        continue;
      }
      if (outcome.kind() != FuzzCompiler.Kind.OK) {
        continue;
      }
      Finding f = checker.checkMethod(outcome, original.method());
      if (f != null && f.group().equals(group)) {
        lastFound = f;
        return f;
      }
    }
    return null;
  }

  private static boolean sameCompileFailure(String original, String candidate) {
    String first = normalize(original.lines().findFirst().orElse(""));
    return candidate.lines().map(Shrinker::normalize).anyMatch(first::equals);
  }

  private static String normalize(String line) {
    return line.replaceAll("Prog\\d+\\w*\\.java:\\d+: ", "").replaceAll("Prog\\d+\\w*", "P")
        .replaceAll("\\b[a-z]\\d+\\b", "v");
  }
}
