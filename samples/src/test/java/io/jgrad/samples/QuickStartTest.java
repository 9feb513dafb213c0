package io.jgrad.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * Builds the README's "Quick start" exactly as a user would: a new Maven project made of the
 * README's snippets, compiled and run by the real {@code mvn} as a subprocess, offline, against the
 * jgrad jars this build has just made. Fails when the README drifts (the snippets are read from
 * between {@code <!-- quickstart:... -->} markers) or when the quick start stops working.
 *
 * <p>How the external build finds things without the network and without {@code mvn install}: it
 * gets a temporary local repository in which every entry of the reactor's own local repository
 * (plugins, JDT and the other processor dependencies, all resolved by this very build) is a
 * symbolic link, except {@code io/jgrad}, which holds copies of this build's parent pom, runtime and
 * processor. Nothing is written to the reactor's local repository. The external build reads the
 * same settings.xml as this one (artifacts downloaded through a mirror are recorded under the
 * mirror's id, and the offline build must see the same id), and runs on this JDK. The exec plugin
 * the quick start runs is resolved by this module's build (a skipped {@code exec:java} execution in
 * its pom): a build resolves only the plugins bound to its phases, and nothing else binds it.
 */
class QuickStartTest {
  private static final Pattern BLOCK =
      Pattern.compile("<!-- quickstart:(file (\\S+)|run|output) -->\\s*```[^\\n]*\\n(.*?)```",
          Pattern.DOTALL);
  private static final Pattern ANSI_ESCAPE = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
  private static final long TIMEOUT_MINUTES = 5;

  /** The parts of the README's quick start. */
  private record QuickStart(Map<String, String> files, List<String> command, String output) {}

  @Test
  void readmeQuickStartBuildsOfflineAndPrintsTheGradient(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path tmp) throws Exception {
    Path mvn = findMaven();
    assumeTrue(mvn != null, "mvn is not on the PATH: cannot build the README's quick start");

    Path root = Path.of(property("jgrad.root", Path.of("").toAbsolutePath().getParent().toString()))
        .toRealPath();
    Path reactorRepository = Path.of(property("jgrad.localRepository",
        Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
    String version = property("jgrad.version", xpath(root.resolve("pom.xml"), "/project/version"));

    QuickStart quickStart = parseReadme(root.resolve("README.md"));
    checkVersions(quickStart.files().get("pom.xml"), root.resolve("pom.xml"), version);

    Path project = tmp.resolve("project");
    for (Map.Entry<String, String> file : quickStart.files().entrySet()) {
      Path path = project.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue());
    }

    Path repository = tmp.resolve("repository");
    ProcessResult result;
    try {
      linkRepository(reactorRepository, repository, List.of("io", "jgrad"));
      install(repository, "jgrad-parent", version, root.resolve("pom.xml"), null);
      install(repository, "jgrad-runtime", version, root.resolve("runtime/pom.xml"),
          jar(root.resolve("runtime"), "jgrad-runtime", version, tmp));
      install(repository, "jgrad-processor", version, root.resolve("processor/pom.xml"),
          jar(root.resolve("processor"), "jgrad-processor", version, tmp));
      result = run(mvn, project, repository, quickStart.command(), tmp);
    } finally {
      unlinkRepository(repository);
    }

    assertEquals(0, result.exitCode(),
        () -> "the README's quick start does not build (" + String.join(" ", result.commandLine())
            + " in " + project + "):\n" + result.stdout() + "\n" + result.stderr());

    for (Map.Entry<String, String> file : quickStart.files().entrySet()) {
      if (file.getKey().endsWith(".java") && file.getValue().contains("@Grad")) {
        String type = file.getKey().replaceFirst("^src/main/java/", "").replaceFirst("\\.java$", "");
        for (String rule : List.of("_Frule.java", "_Rrule.java")) {
          Path generated = project.resolve("target/generated-sources/annotations/" + type + rule);
          assertTrue(Files.isRegularFile(generated), () -> "jgrad did not generate " + generated);
        }
      }
    }

    String printed = normalize(result.stdout());
    assertEquals(normalize(quickStart.output()), printed,
        "the output shown in the README's quick start is not what the program prints");
    checkGradient(printed);
  }

  // ----------------------------------------------------------------------------------------------
  // The expected numbers, computed independently of jgrad
  // ----------------------------------------------------------------------------------------------

  private static double rosenbrock(double[] x) {
    double s = 0;
    for (int i = 0; i + 1 < x.length; i++) {
      s += 100 * Math.pow(x[i + 1] - x[i] * x[i], 2) + Math.pow(1 - x[i], 2);
    }
    return s;
  }

  /** d/dx[k] = [k < n-1] (-400 x[k] (x[k+1] - x[k]^2) - 2 (1 - x[k])) + [k > 0] 200 (x[k] - x[k-1]^2). */
  private static double[] rosenbrockGradient(double[] x) {
    int n = x.length;
    double[] g = new double[n];
    for (int k = 0; k < n; k++) {
      if (k < n - 1) {
        g[k] += -400 * x[k] * (x[k + 1] - x[k] * x[k]) - 2 * (1 - x[k]);
      }
      if (k > 0) {
        g[k] += 200 * (x[k] - x[k - 1] * x[k - 1]);
      }
    }
    return g;
  }

  /** Reads back what Main printed ("label = value" lines) and checks it against the formulas. */
  private static void checkGradient(String printed) {
    Map<String, String> lines = new LinkedHashMap<>();
    for (String line : printed.split("\n")) {
      int eq = line.indexOf(" = ");
      assertTrue(eq > 0, () -> "unexpected output line: " + line);
      lines.put(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
    }
    double[] x = parseArray(lines.get("x"));
    double[] gradient = rosenbrockGradient(x);

    assertClose(rosenbrock(x), Double.parseDouble(lines.get("f(x)")), 1e-14, "f(x)");
    assertArrayClose(gradient, parseArray(lines.get("gradient")), "reverse-mode gradient");

    double[] xDot = parseArray(lines.get("xDot"));
    double directional = 0;
    for (int i = 0; i < x.length; i++) {
      directional += gradient[i] * xDot[i];
    }
    assertClose(directional, Double.parseDouble(lines.get("J * xDot")), 1e-12, "forward mode");

    String[] adjoint = lines.get("fAdjoint").split(", xBar = ");
    assertEquals(2, adjoint.length, "fAdjoint line: value, xBar = [...]");
    assertEquals(Double.parseDouble(lines.get("f(x)")), Double.parseDouble(adjoint[0]),
        "fAdjoint's value");
    assertArrayClose(gradient, parseArray(adjoint[1]), "fAdjoint's xBar");
  }

  private static double[] parseArray(String text) {
    assertTrue(text != null && text.startsWith("[") && text.endsWith("]"), "an array: " + text);
    return Arrays.stream(text.substring(1, text.length() - 1).split(","))
        .mapToDouble(s -> Double.parseDouble(s.trim()))
        .toArray();
  }

  private static void assertClose(double expected, double actual, double relTol, String what) {
    assertEquals(expected, actual, relTol * Math.max(1.0, Math.abs(expected)), what);
  }

  private static void assertArrayClose(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int i = 0; i < expected.length; i++) {
      assertClose(expected[i], actual[i], 1e-12, what + "[" + i + "]");
    }
  }

  // ----------------------------------------------------------------------------------------------
  // The README
  // ----------------------------------------------------------------------------------------------

  private static QuickStart parseReadme(Path readme) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    List<String> commands = new ArrayList<>();
    List<String> outputs = new ArrayList<>();
    Matcher m = BLOCK.matcher(Files.readString(readme));
    while (m.find()) {
      if (m.group(2) != null) {
        files.put(m.group(2), m.group(3));
      } else if (m.group(1).equals("run")) {
        m.group(3).lines()
            .map(String::trim)
            .filter(line -> !line.isEmpty() && !line.startsWith("#"))
            .forEach(commands::add);
      } else {
        outputs.add(m.group(3));
      }
    }
    assertTrue(files.containsKey("pom.xml"),
        "README.md has no block marked <!-- quickstart:file pom.xml -->");
    assertTrue(files.keySet().stream().anyMatch(f -> f.endsWith(".java")),
        "README.md has no Java file marked <!-- quickstart:file src/main/java/... -->");
    assertEquals(1, commands.size(),
        "README.md needs exactly one command in the block marked <!-- quickstart:run -->");
    assertEquals(1, outputs.size(), "README.md needs one block marked <!-- quickstart:output -->");
    String command = commands.get(0);
    assertTrue(command.startsWith("mvn ") && !command.matches(".*['\"\\\\|;&$].*"),
        "the quick-start command must be a plain mvn command line: " + command);
    List<String> args = List.of(command.split("\\s+"));
    return new QuickStart(files, args.subList(1, args.size()), outputs.get(0));
  }

  /**
   * The quick start must pin the compiler and exec plugins to the versions this build uses (so the
   * offline build finds them, and so users get a compiler plugin that knows
   * {@code annotationProcessorPaths}) and ask for this build's jgrad version.
   */
  private static void checkVersions(String quickStartPom, Path parentPom, String version)
      throws Exception {
    Path pom = Files.createTempFile("quickstart-pom", ".xml");
    try {
      Files.writeString(pom, quickStartPom);
      for (String plugin : List.of("maven-compiler-plugin", "exec-maven-plugin")) {
        String expected = xpath(parentPom,
            "/project/build/pluginManagement/plugins/plugin[artifactId='" + plugin + "']/version");
        String actual = xpath(pom, "/project/build/plugins/plugin[artifactId='" + plugin
            + "']/version");
        assertEquals(expected, actual,
            "the README's quick-start pom must pin " + plugin + " to the parent pom's version");
      }
      for (String artifact : List.of("jgrad-runtime", "jgrad-processor")) {
        String actual = xpath(pom, "//*[artifactId='" + artifact + "']/version");
        Matcher property = Pattern.compile("\\$\\{(.+)}").matcher(actual);
        if (property.matches()) {
          actual = xpath(pom, "/project/properties/" + property.group(1));
        }
        assertEquals(version, actual, "the README's quick start asks for another " + artifact);
      }
    } finally {
      Files.delete(pom);
    }
  }

  private static String xpath(Path xml, String expression) throws Exception {
    Document document =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    return XPathFactory.newInstance().newXPath().evaluate(expression, document).trim();
  }

  /** Trailing blanks and Maven's colour resets (printed by 3.8 even with -q -B) are not output. */
  private static String normalize(String text) {
    return ANSI_ESCAPE.matcher(text).replaceAll("")
        .lines()
        .map(String::stripTrailing)
        .collect(Collectors.joining("\n"))
        .strip();
  }

  // ----------------------------------------------------------------------------------------------
  // Maven and the temporary local repository
  // ----------------------------------------------------------------------------------------------

  private static String property(String name, String fallback) {
    String value = System.getProperty(name);
    return value == null || value.isBlank() || value.contains("${") ? fallback : value;
  }

  /** The Maven running this build if surefire says which, else the first mvn on the PATH. */
  private static Path findMaven() {
    String executable =
        System.getProperty("os.name").toLowerCase().contains("win") ? "mvn.cmd" : "mvn";
    List<String> dirs = new ArrayList<>();
    String home = property("jgrad.mavenHome", null);
    if (home != null) {
      dirs.add(Path.of(home, "bin").toString());
    }
    dirs.addAll(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
    for (String dir : dirs) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, executable);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }

  /**
   * Makes {@code view} a local repository that shows {@code repository} through symbolic links,
   * except the directory {@code excluded} (a group id's path), which stays empty.
   */
  private static void linkRepository(Path repository, Path view, List<String> excluded)
      throws IOException {
    Files.createDirectories(view);
    if (!Files.isDirectory(repository)) {
      return;
    }
    try (Stream<Path> children = Files.list(repository)) {
      for (Path child : (Iterable<Path>) children::iterator) {
        String name = child.getFileName().toString();
        if (!name.equals(excluded.get(0))) {
          Files.createSymbolicLink(view.resolve(name), child);
        } else if (excluded.size() > 1) {
          linkRepository(child, view.resolve(name), excluded.subList(1, excluded.size()));
        }
      }
    }
  }

  /** Deletes the view, removing its links without ever following them. */
  private static void unlinkRepository(Path view) throws IOException {
    if (!Files.exists(view, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(view, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        Files.delete(dir);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /** Lays an artifact out as {@code mvn install} would (untracked files count as installed). */
  private static void install(Path repository, String artifactId, String version, Path pom,
      Path jar) throws IOException {
    Path dir = repository.resolve(Path.of("io", "jgrad", artifactId, version));
    Files.createDirectories(dir);
    Files.copy(pom, dir.resolve(artifactId + "-" + version + ".pom"));
    if (jar != null) {
      Files.copy(jar, dir.resolve(artifactId + "-" + version + ".jar"));
    }
  }

  /**
   * The module's jar from this build; if the build stopped before {@code package} (e.g.
   * {@code mvn test}) or the jar is older than the classes, a jar of {@code target/classes}.
   */
  private static Path jar(Path module, String artifactId, String version, Path tmp)
      throws IOException {
    Path jar = module.resolve("target/" + artifactId + "-" + version + ".jar");
    Path classes = module.resolve("target/classes");
    assertTrue(Files.isDirectory(classes), () -> classes + " is missing: build the reactor first");
    FileTime newestClass;
    try (Stream<Path> files = Files.walk(classes)) {
      newestClass = files.filter(Files::isRegularFile)
          .map(QuickStartTest::lastModified)
          .max(FileTime::compareTo)
          .orElse(FileTime.fromMillis(0));
    }
    if (Files.isRegularFile(jar) && lastModified(jar).compareTo(newestClass) >= 0) {
      return jar;
    }
    Path made = tmp.resolve(artifactId + ".jar");
    try (OutputStream out = Files.newOutputStream(made);
        JarOutputStream zip = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        zip.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, zip);
        zip.closeEntry();
      }
    }
    return made;
  }

  private static FileTime lastModified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }

  private record ProcessResult(List<String> commandLine, int exitCode, String stdout,
      String stderr) {}

  /** Runs the README's mvn command offline, with the temporary local repository and this JDK. */
  private static ProcessResult run(Path mvn, Path project, Path repository, List<String> args,
      Path tmp) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(mvn.toString());
    command.add("-o");
    command.add("-B");
    command.add("-Dmaven.repo.local=" + repository);
    command.addAll(args);
    Path stdout = tmp.resolve("mvn.out");
    Path stderr = tmp.resolve("mvn.err");
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(project.toFile())
        .redirectOutput(stdout.toFile())
        .redirectError(stderr.toFile());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      fail(String.join(" ", command) + " did not finish in " + TIMEOUT_MINUTES + " minutes:\n"
          + Files.readString(stdout));
    }
    return new ProcessResult(command, process.exitValue(),
        Files.readString(stdout, StandardCharsets.UTF_8),
        Files.readString(stderr, StandardCharsets.UTF_8));
  }
}
