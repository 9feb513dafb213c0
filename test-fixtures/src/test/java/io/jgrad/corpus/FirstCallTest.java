package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time to the first gradient (issue 8, item 18), measured by what it costs rather than by a
 * clock: in a fresh JVM, the first reverse-mode call may load only the rule class, the thread's
 * tapes and the gradient record, and must not bootstrap lambdas (which costs a fresh JVM tens
 * of milliseconds). {@code FirstCall.main} marks where each call starts in the class-loading
 * log.
 */
class FirstCallTest {
  /** Prints markers between the primal's first call and the reverse rule's first call. */
  static final class FirstCall {
    public static void main(String[] args) {
      double[] w = {0.1, 0.2, -0.3, 0.4, 0.5, -0.6, 0.7};
      System.out.println("==primal");
      double value = Classic.tinyMlp(w, 0.3);
      System.out.println("==reverse");
      double gradientValue = Classic_Rrule.tinyMlp(w, 0.3).value();
      System.out.println("==done");
      System.out.println(value == gradientValue); // (no string concatenation: it uses indy)
    }
  }

  @Test
  void firstReverseCallLoadsOnlyTheRuleTheTapesAndTheRecord() throws Exception {
    List<String> log = run(FirstCall.class.getName());
    List<String> loaded = new ArrayList<>();
    boolean reverse = false;
    for (String line : log) {
      if (line.startsWith("==reverse")) {
        reverse = true;
      } else if (line.startsWith("==done")) {
        break;
      } else if (reverse && line.contains("[class,load]")) {
        loaded.add(line.substring(line.indexOf("[class,load]") + 13).split(" ")[0]);
      }
    }
    assertTrue(reverse, () -> "no marker in " + log);
    assertTrue(log.contains("true"), () -> "the rule's value is not the primal's: " + log);
    assertFalse(loaded.stream().anyMatch(c -> c.startsWith("java.lang.invoke.")),
        () -> "the first reverse call bootstraps method handles: " + loaded);
    List<String> jgrad = loaded.stream().filter(c -> c.startsWith("io.jgrad.")).toList();
    assertEquals(List.of("io.jgrad.corpus.Classic_Rrule", "io.jgrad.tape.Tapes",
        "io.jgrad.corpus.Classic_Rrule$TinyMlpGradient"), jgrad);
  }

  private static List<String> run(String mainClass) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, "-Xshare:auto", "-Xlog:class+load=info",
        "-cp", System.getProperty("java.class.path"), mainClass)
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, process.waitFor(), output);
    return output.lines().toList();
  }
}
