package io.jgrad.build;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.processor.GradProcessor;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac with jgrad's processor, in process, on real folders: {@code dir/src} (sources),
 * {@code dir/classes} (output, also on the class path, as in an incremental build) and
 * {@code dir/generated} (generated sources).
 */
public final class Javac {
  private final Path dir;

  public Javac(Path dir) {
    this.dir = dir;
  }

  /** Writes a source file under {@code src}; returns its path. */
  public Path write(String relativePath, String text) throws IOException {
    Path file = dir.resolve("src").resolve(relativePath);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  public Path generated(String relativePath) {
    return dir.resolve("generated").resolve(relativePath);
  }

  /** Compiles these sources (only these) with the processor; returns the diagnostics. */
  public List<Diagnostic<? extends JavaFileObject>> compile(Path... sources) throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("-classpath", classes + java.io.File.pathSeparator
              + System.getProperty("java.class.path"), "-d", classes.toString(),
              "-s", generated.toString()), null, files.getJavaFileObjects(sources));
      task.setProcessors(List.of(new GradProcessor()));
      task.call();
    }
    return new ArrayList<>(diagnostics.getDiagnostics());
  }

  /** Compiles and fails the test on any error. */
  public void compileCleanly(Path... sources) throws IOException {
    List<Diagnostic<? extends JavaFileObject>> diagnostics = compile(sources);
    assertTrue(diagnostics.stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR),
        () -> "compilation failed: " + diagnostics);
  }

  /** A fresh class loader over the output folder (so classes compiled again are new). */
  public ClassLoader loader() throws IOException {
    return new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()},
        Javac.class.getClassLoader());
  }
}
