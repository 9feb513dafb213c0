package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.build.Javac;
import io.jgrad.check.GradCheck;
import java.nio.file.Files;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Methods whose rules would pass the JVM's 64 KB method limit (issue 8, item 10): a straight-line
 * method of 250 statements (8 KB of bytecode, its rules several times that) and a loop whose
 * body is 200 statements long. The rules are split into chunk methods sharing a frame; they must compile
 * and pass GradCheck like any other method, also when the method's last chunk ends in a throw that
 * javac cannot see from the calling method (seed 412, program 532: "missing return statement").
 */
class LargeMethodsTest {
  private static String straightLine(int statements) {
    StringBuilder body = new StringBuilder("    double v0 = x;\n    double v1 = y;\n");
    for (int k = 2; k < statements; k++) {
      body.append("    double v").append(k).append(" = Math.sin(v").append(k - 1)
          .append(") * x + v").append(k - 2).append(" * 0.5 - y / (1.0 + v").append(k - 1)
          .append(" * v").append(k - 1).append(");\n");
    }
    return body.append("    return v").append(statements - 1).append(";\n").toString();
  }

  /** As {@link #straightLine}, but the method never returns: both branches of its last if throw. */
  private static String alwaysThrowing(int statements) {
    String last = "v" + (statements - 1);
    return straightLine(statements).replace("    return " + last + ";\n",
        "    if (" + last + " > 0) {\n      throw new ArithmeticException(\"positive\");\n"
        + "    } else {\n      throw new ArithmeticException(\"not positive\");\n    }\n");
  }

  private static String loop(int statements) {
    StringBuilder body = new StringBuilder(
        "    double s = 0;\n    for (int i = 0; i < x.length; i++) {\n      double v0 = x[i];\n");
    for (int k = 1; k < statements; k++) {
      body.append("      double v").append(k).append(" = Math.cos(v").append(k - 1)
          .append(") * x[i] + 0.25 * v").append(k - 1).append(";\n");
    }
    return body.append("      s += v").append(statements - 1).append(";\n    }\n    return s;\n")
        .toString();
  }

  @Test
  void hugeMethodsGetRulesThatCompileAndAreRight(@TempDir Path dir) throws Exception {
    String source = """
        package big;

        import io.jgrad.Grad;

        public final class Huge {
          @Grad
          public static double straight(double x, double y) {
        %s  }

          @Grad
          public static double looped(double[] x) {
        %s  }

          @Grad
          public static double throwing(double x, double y) {
        %s  }
        }
        """.formatted(straightLine(250), loop(200), alwaysThrowing(250));
    Javac javac = new Javac(dir);
    javac.compileCleanly(javac.write("big/Huge.java", source));
    Class<?> huge = javac.loader().loadClass("big.Huge");
    GradCheck.of(huge, "straight").points(2).range(-1, 1).check();
    GradCheck.of(huge, "looped").points(2).range(-1, 1).arrayLength(3).check();
    Method forward = javac.loader().loadClass("big.Huge_Frule").getMethod("throwing",
        double.class, double.class, double.class, double.class);
    Method reverse = javac.loader().loadClass("big.Huge_Rrule").getMethod("throwing",
        double.class, double.class);
    for (Executable rule : List.<Executable>of(() -> forward.invoke(null, 0.5, 1.0, 0.25, 0.0),
        () -> reverse.invoke(null, 0.5, 0.25))) {
      Throwable thrown = assertThrows(InvocationTargetException.class, rule).getCause();
      assertEquals(ArithmeticException.class, thrown.getClass());
    }
    String rules = Files.readString(javac.generated("big/Huge_Rrule.java"));
    assertTrue(rules.contains("straightForward$1(frame)"), "the forward part is split");
  }
}
