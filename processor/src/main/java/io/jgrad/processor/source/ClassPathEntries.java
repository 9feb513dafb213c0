package io.jgrad.processor.source;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Collects class path entries for JDT: absolute, existing, each once, in the order added, and only
 * what JDT's {@code ASTParser.setEnvironment} accepts (class folders, {@code .jar}/{@code .zip}
 * archives). JDT rejects the whole environment for one bad entry, so anything else is dropped.
 */
final class ClassPathEntries {
  private final Set<String> entries = new LinkedHashSet<>();

  /** Adds {@code entry} if JDT can use it. */
  void add(Path entry) {
    if (entry == null) {
      return;
    }
    Path absolute = entry.toAbsolutePath().normalize();
    String text = absolute.toString();
    // JDT splits entries at the path separator and reads [...] as access rules
    if (text.contains(File.pathSeparator) || text.indexOf('[') >= 0 || text.indexOf(']') >= 0) {
      return;
    }
    String name = text.toLowerCase(Locale.ROOT);
    if (Files.isDirectory(absolute)
        || (Files.isRegularFile(absolute) && (name.endsWith(".jar") || name.endsWith(".zip")))) {
      entries.add(text);
    }
  }

  void addAll(Iterable<? extends Path> paths) {
    if (paths != null) {
      for (Path p : paths) {
        add(p);
      }
    }
  }

  /** Adds the class folder or archive holding the file at {@code uri} ({@code relative} in it). */
  void addRootOf(URI uri, String relative) {
    Path root = rootOf(uri, relative);
    if (root != null) {
      add(root);
    }
  }

  List<String> toList() {
    return new ArrayList<>(entries);
  }

  /**
   * The class folder or archive holding a file: {@code jar:file:/lib/x.jar!/pkg/B.class} gives
   * {@code /lib/x.jar}, {@code file:/out/pkg/B.class} with relative path {@code pkg/B.class} gives
   * {@code /out}; null for anything else (in-memory files, the JDK's {@code jrt:} image).
   */
  static Path rootOf(URI uri, String relative) {
    try {
      if ("jar".equalsIgnoreCase(uri.getScheme())) {
        String spec = uri.getRawSchemeSpecificPart();
        int bang = spec.indexOf("!/");
        return bang < 0 ? null : Path.of(URI.create(spec.substring(0, bang)));
      }
      if ("file".equalsIgnoreCase(uri.getScheme())) {
        Path file = Path.of(uri).normalize();
        Path tail = Path.of(relative).normalize();
        if (!file.endsWith(tail)) {
          return null;
        }
        Path root = file;
        for (int k = 0; k < tail.getNameCount(); k++) {
          root = root.getParent();
          if (root == null) {
            return null;
          }
        }
        return root;
      }
    } catch (RuntimeException malformed) {
      // not a file we can name
    }
    return null;
  }

  /**
   * The class output directory as any compiler's {@code Filer} names it: the folder of a (never
   * created) resource in {@link StandardLocation#CLASS_OUTPUT}'s unnamed package; null if it is
   * not on disk (e.g. in memory in tests) or the Filer will not say.
   */
  static Path classOutput(Filer filer) {
    String probe = "jgrad-class-output-probe";
    try {
      FileObject file = filer.getResource(StandardLocation.CLASS_OUTPUT, "", probe);
      return rootOf(file.toUri(), probe);
    } catch (Exception | LinkageError unavailable) {
      return null;
    }
  }
}
