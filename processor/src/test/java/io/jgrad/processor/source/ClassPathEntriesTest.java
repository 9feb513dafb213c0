package io.jgrad.processor.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class path entries handed to JDT: only what its {@code setEnvironment} accepts. */
class ClassPathEntriesTest {
  @Test
  void rootOfAClassFileInAJarIsTheJar(@TempDir Path dir) {
    Path jar = dir.resolve("lib x.jar");
    URI uri = URI.create("jar:" + jar.toUri() + "!/lib/B.class");
    assertEquals(jar, ClassPathEntries.rootOf(uri, "lib/B.class"));
  }

  @Test
  void rootOfAClassFileInAFolderIsTheFolder(@TempDir Path dir) {
    Path file = dir.resolve("classes/lib/B.class");
    assertEquals(dir.resolve("classes"), ClassPathEntries.rootOf(file.toUri(), "lib/B.class"));
    assertEquals(dir.resolve("classes/lib"), ClassPathEntries.rootOf(file.toUri(), "B.class"));
    assertNull(ClassPathEntries.rootOf(file.toUri(), "other/B.class"));
  }

  @Test
  void filesNotOnDiskHaveNoRoot() {
    assertNull(ClassPathEntries.rootOf(URI.create("mem:///CLASS_OUTPUT/lib/B.class"),
        "lib/B.class"));
    assertNull(ClassPathEntries.rootOf(URI.create("jrt:/java.base/java/lang/Math.class"),
        "java/lang/Math.class"));
  }

  @Test
  void keepsExistingFoldersAndArchivesOnceInOrder(@TempDir Path dir) throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path jar = Files.createFile(dir.resolve("a.jar"));
    Path zip = Files.createFile(dir.resolve("b.ZIP"));
    Path pom = Files.createFile(dir.resolve("c.pom"));
    Path brackets = Files.createDirectories(dir.resolve("d[1]"));
    ClassPathEntries entries = new ClassPathEntries();
    entries.add(jar);
    entries.add(classes);
    entries.add(dir.resolve("missing.jar"));
    entries.add(pom);
    entries.add(brackets);
    entries.add(null);
    entries.add(dir.resolve("x/../a.jar"));
    entries.add(zip);
    assertEquals(List.of(jar.toString(), classes.toString(), zip.toString()), entries.toList());
  }
}
