package io.jgrad.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Developer helper, not a test: {@code print SEED INDEX} prints a program (with the generator
 * settings of the system properties, for example {@code -Djgrad.fuzz.without=throw}), {@code
 * traced SEED INDEX} its traced twin, {@code compile SEED FROM COUNT} times compiling them
 * ({@code -Djgrad.fuzz.debugCompile=true} prints every javac run). Run it with the test
 * classpath of this module.
 */
final class FuzzDebug {
  private FuzzDebug() {}

  public static void main(String[] args) throws IOException {
    String what = args[0];
    long seed = Long.parseLong(args[1]);
    int from = Integer.parseInt(args[2]);
    int count = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    ProgramGenerator generator = new ProgramGenerator(GenConfig.fromSystemProperties());
    List<Program> programs = new java.util.ArrayList<>();
    for (int i = from; i < from + count; i++) {
      programs.add(generator.generate(seed, i));
    }
    switch (what) {
      case "print" -> programs.forEach(p -> System.out.println(p.source()));
      case "traced" -> programs.forEach(p -> System.out.println(p.tracedSource()));
      case "compile" -> {
        Path work = Files.createTempDirectory("fuzz-debug");
        FuzzCompiler compiler = new FuzzCompiler(work);
        long start = System.currentTimeMillis();
        long ok = compiler.compile(programs).stream()
            .filter(o -> o.kind() == FuzzCompiler.Kind.OK).count();
        System.out.println("compiled " + count + " programs in "
            + (System.currentTimeMillis() - start) + " ms, " + ok + " without errors");
        Fuzzer.deleteQuietly(work);
      }
      default -> throw new IllegalArgumentException("print, traced or compile, not " + what);
    }
  }
}
