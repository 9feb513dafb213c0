package io.jgrad.processor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/** Sources to compile with the processor under javac (compile-testing), and their results. */
final class Fixtures {
  private Fixtures() {}

  /** A source file and its text; {@link #line} finds the line of a marker occurring once. */
  record Fixture(JavaFileObject file, String text) {
    int line(String marker) {
      String[] lines = text.split("\n", -1);
      int found = -1;
      for (int k = 0; k < lines.length; k++) {
        if (lines[k].contains(marker)) {
          if (found >= 0) {
            fail("marker '" + marker + "' occurs more than once in\n" + text);
          }
          found = k + 1;
        }
      }
      if (found < 0) {
        fail("marker '" + marker + "' not found in\n" + text);
      }
      return found;
    }
  }

  static Fixture source(String className, String text) {
    return new Fixture(JavaFileObjects.forSourceString(className, text), text);
  }

  static Compilation compile(Fixture... fixtures) {
    return compile(List.of(), fixtures);
  }

  /**
   * {@link #compile(Fixture...)} with the system property {@code flag} set to true while the
   * processor runs (the passes read their switches, {@code jgrad.no...}, there).
   */
  static Compilation compileWith(String flag, Fixture... fixtures) {
    System.setProperty(flag, "true");
    try {
      return compile(fixtures);
    } finally {
      System.clearProperty(flag);
    }
  }

  static Compilation compile(List<String> options, Fixture... fixtures) {
    List<JavaFileObject> files = new ArrayList<>();
    for (Fixture f : fixtures) {
      files.add(f.file());
    }
    return Compiler.javac().withProcessors(new GradProcessor()).withOptions(options)
        .compile(files);
  }

  /** {@code n} standard normal numbers from {@code random}. */
  static double[] gaussians(java.util.Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }

  /** The text of the generated method whose declaration contains {@code head}. */
  static String generatedMethod(String source, String head) {
    int start = source.indexOf(head);
    org.junit.jupiter.api.Assertions.assertTrue(start >= 0, "no " + head + " in\n" + source);
    return source.substring(start, source.indexOf("\n  }\n", start));
  }

  static List<String> errorMessages(Compilation compilation) {
    return compilation.errors().stream().map(d -> d.getMessage(Locale.ROOT)).toList();
  }

  /** No "jgrad internal error", and javac did not crash. */
  static void assertNoInternalError(Compilation compilation) {
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      assertFalse(message.contains("jgrad internal error"), message);
      assertFalse(message.contains("An exception has occurred in the compiler"), message);
    }
  }

  static void assertNoErrorContaining(Compilation compilation, String text) {
    for (String message : errorMessages(compilation)) {
      assertFalse(message.contains(text), () -> "unexpected error: " + message);
    }
  }

  /** Loads the classes of a successful compilation, to run generated rules. */
  static final class GeneratedClasses extends ClassLoader {
    private final Compilation compilation;

    GeneratedClasses(Compilation compilation) {
      super(Fixtures.class.getClassLoader());
      this.compilation = compilation;
    }

    Class<?> load(String name) throws ClassNotFoundException {
      return loadClass(name);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      JavaFileObject file = compilation
          .generatedFile(StandardLocation.CLASS_OUTPUT, name.replace('.', '/') + ".class")
          .orElseThrow(() -> new ClassNotFoundException(name));
      try (InputStream in = file.openInputStream()) {
        byte[] bytes = in.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length);
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }
  }
}
