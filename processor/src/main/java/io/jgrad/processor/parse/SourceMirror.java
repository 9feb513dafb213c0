package io.jgrad.processor.parse;

import io.jgrad.processor.source.SourceUnit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary source root holding a copy of every compilation unit of the build, so JDT can
 * resolve calls into other classes of the same build whatever the compiler and wherever the
 * sources live (on disk, in memory in tests, generated).
 */
public final class SourceMirror implements AutoCloseable {
  private final Path root;

  public SourceMirror() {
    try {
      root = Files.createTempDirectory("jgrad-sources");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void add(SourceUnit unit) {
    Path file = root.resolve(unit.relativePath());
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, unit.text(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String root() {
    return root.toString();
  }

  @Override
  public void close() {
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temp folder left behind is harmless
    }
  }
}
