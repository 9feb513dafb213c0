package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * Recursion depth (issue 8, item 14): a rule's frames use at most about twice the stack of the
 * primal's. Measured in a separate JVM with {@code -Xbatch} (compilation finishes before the
 * probe runs, so the result does not depend on timing): after a warm-up, the deepest recursion
 * each of the primal, the forward rule and the reverse rule completes on a thread with a 1 MB
 * stack, found by bisection. Seen here (OpenJDK 17, x86-64): scalar recursion 39,341 / 29,505 /
 * 19,663 (reverse 2.0x the primal's stack); recursion writing an array 19,671 / 16,861 / 14,747.
 */
class StackDepthTest {
  /** Runs in the child JVM: prints "name depth" lines. */
  static final class Probe {
    public static void main(String[] args) throws Exception {
      double[] x = {0.5, 0.25, 0.75};
      for (int i = 0; i < 3000; i++) {
        Throws.recursion(0.5, 50);
        Throws_Frule.recursion(0.5, 1, 50);
        Throws_Rrule.recursion(0.5, 50);
        Throws.arrayRecursion(x.clone(), 50);
        Throws_Frule.arrayRecursion(x.clone(), new double[3], 50);
        Throws_Rrule.arrayRecursion(x.clone(), 50);
      }
      print("scalar.primal", n -> Throws.recursion(0.5, n) == Throws.recursion(0.5, n));
      print("scalar.forward", n -> Throws_Frule.recursion(0.5, 1, n) != null);
      print("scalar.reverse", n -> Throws_Rrule.recursion(0.5, n) != null);
      print("array.primal", n -> Throws.arrayRecursion(x.clone(), n) != 7);
      print("array.forward", n -> Throws_Frule.arrayRecursion(x.clone(), new double[3], n)
          != null);
      print("array.reverse", n -> Throws_Rrule.arrayRecursion(x.clone(), n) != null);
    }

    private static void print(String name, IntPredicate completes) throws Exception {
      int lo = 1;
      int hi = 1_000_000;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        boolean[] ok = new boolean[1];
        Thread t = new Thread(null, () -> {
          try {
            ok[0] = completes.test(mid);
          } catch (StackOverflowError e) {
            ok[0] = false;
          }
        }, "probe", 1 << 20);
        t.start();
        t.join();
        if (ok[0]) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      System.out.println(name + " " + lo);
    }
  }

  @Test
  void rulesRecurseAtLeastHalfAsDeepAsThePrimal() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, "-Xbatch", "-cp",
        System.getProperty("java.class.path"), Probe.class.getName())
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, process.waitFor(), output);
    Map<String, Integer> depth = new HashMap<>();
    output.lines().map(l -> l.split(" ")).filter(p -> p.length == 2)
        .forEach(p -> depth.put(p[0], Integer.parseInt(p[1])));
    for (String kind : new String[] {"scalar", "array"}) {
      int primal = depth.get(kind + ".primal");
      for (String rule : new String[] {"forward", "reverse"}) {
        int reached = depth.get(kind + "." + rule);
        // 2.0x with a margin of 1 % for frame alignment
        assertTrue(reached * 2.02 >= primal, () -> kind + " recursion: the " + rule + " rule"
            + " reaches depth " + reached + ", the primal " + primal + "\n" + output);
      }
    }
  }
}
