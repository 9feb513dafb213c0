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
    if (best == original) {
      return original;
    }
    Program named = best.program().renamed(original.program().name());
    log.println("shrunk program " + original.program().index() + " from " + before + " to "
        + named.size() + " statements");
    return new Finding(named, best.method(), best.kind(), best.message().replace(
        best.program().name(), original.program().name()));
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
          return new Finding(outcome.program(), null, original.kind(), outcome.diagnostics());
        }
        continue;
      }
      if (outcome.kind() != FuzzCompiler.Kind.OK) {
        continue;
      }
      Finding f = checker.checkMethod(outcome, original.method());
      if (f != null && f.group().equals(group)) {
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
