package io.jgrad.fuzz;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command-line helper: prints programs, times compiles. Not a test. */
final class FuzzDebug {
  public static void main(String[] args) {
    String what = args[0];
    long seed = Long.parseLong(args[1]);
    int from = Integer.parseInt(args[2]);
    int count = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    ProgramGenerator generator = new ProgramGenerator(new GenConfig());
    List<Program> programs = new ArrayList<>();
    int statements = 0;
    for (int i = from; i < from + count; i++) {
      programs.add(generator.generate(seed, i));
      statements += programs.get(programs.size() - 1).size();
    }
    if (what.equals("print")) {
      programs.forEach(p -> System.out.println(p.source()));
      return;
    }
    if (what.equals("traced")) {
      programs.forEach(p -> System.out.println(p.tracedSource()));
      return;
    }
    System.out.println(statements + " statements");
    FuzzCompiler compiler = new FuzzCompiler(Path.of("/tmp/fuzz-debug-work"));
    if (what.equals("plain")) {
      for (int rep = 0; rep < 3; rep++) {
        long t = System.currentTimeMillis();
        compiler.plain(programs);
        System.out.println("plain javac " + count + " programs: "
            + (System.currentTimeMillis() - t) + " ms");
      }
      return;
    }
    if (what.equals("okonly")) {
      List<FuzzCompiler.Outcome> out = compiler.compile(programs);
      programs = new ArrayList<>();
      for (FuzzCompiler.Outcome o : out) {
        if (o.kind() == FuzzCompiler.Kind.OK) {
          programs.add(o.program());
        }
      }
      count = programs.size();
    }
    for (int rep = 0; rep < 3; rep++) {
      long t = System.currentTimeMillis();
      List<FuzzCompiler.Outcome> out = compiler.compile(programs);
      long ok = out.stream().filter(o -> o.kind() == FuzzCompiler.Kind.OK).count();
      System.out.println("compile " + count + " programs: " + (System.currentTimeMillis() - t)
          + " ms, " + ok + " ok");
    }
  }
}
