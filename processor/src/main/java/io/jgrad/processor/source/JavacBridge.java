package io.jgrad.processor.source;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * javac: the source through {@code Trees}, and errors at the exact expression by finding the
 * javac tree that spans the same characters as the JDT node.
 *
 * <p>The class path comes from javac's file manager ({@code JavacTask.instance(env)} ->
 * {@code BasicJavacTask.getContext()} -> {@code Context.get(JavaFileManager.class)}), which is
 * reachable only where the JDK lets processors see javac's internals: {@code com.sun.tools.javac.api}
 * and {@code .util} exported to them ({@code --add-exports}, javac's {@code -XDaccessInternalAPI},
 * or a build tool that opens them). Elsewhere (a plain Maven build) it is found through public API:
 * the class output folder from the {@code Filer}, and the class folder or jar of every binary type
 * the round's compilation units can name (their packages, imports, qualified names, and those
 * types' supertypes), from {@code Filer.getResource(CLASS_PATH, pkg, "Name.class")}.
 */
final class JavacBridge implements CompilerBridge, Reporter {
  private final ProcessingEnvironment env;
  private final Trees trees;

  private JavacBridge(ProcessingEnvironment env, Trees trees) {
    this.env = env;
    this.trees = trees;
  }

  static CompilerBridge tryCreate(ProcessingEnvironment env) {
    try {
      return new JavacBridge(env, Trees.instance(env));
    } catch (RuntimeException | LinkageError notJavac) {
      return null;
    }
  }

  @Override
  public SourceUnit source(TypeElement type) {
    TreePath path = trees.getPath(type);
    if (path == null) {
      return null;
    }
    CompilationUnitTree unit = path.getCompilationUnit();
    try {
      String text = unit.getSourceFile().getCharContent(true).toString();
      String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
      String file = unit.getSourceFile().getName();
      file = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
      return new SourceUnit(pkg, file, text);
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  public List<String> classpath(Collection<? extends TypeElement> roots) {
    ClassPathEntries entries = new ClassPathEntries();
    if (!addFileManagerPaths(entries)) {
      entries.add(ClassPathEntries.classOutput(env.getFiler()));
      for (TypeElement binary : referencedBinaryTypes(roots)) {
        addRootOf(binary, entries);
      }
    }
    return entries.toList();
  }

  /**
   * The class path, module path and class output of javac's file manager; false if javac's
   * internals are out of reach or the file manager cannot name its paths (then nothing is added).
   */
  private boolean addFileManagerPaths(ClassPathEntries entries) {
    JavaFileManager fileManager;
    try {
      JavacTask task = JavacTask.instance(env);
      Method getContext = task.getClass().getMethod("getContext");
      Object context = getContext.invoke(task);
      Method get = context.getClass().getMethod("get", Class.class);
      fileManager = (JavaFileManager) get.invoke(context, JavaFileManager.class);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError notVisible) {
      // javac's internals are not exported to this processor (IllegalAccessException), or another
      // javac: find what we can through public API instead
      return false;
    }
    if (!(fileManager instanceof StandardJavaFileManager standard)) {
      return false;
    }
    boolean found = false;
    for (StandardLocation location : List.of(StandardLocation.CLASS_PATH,
        StandardLocation.MODULE_PATH, StandardLocation.CLASS_OUTPUT)) {
      try {
        if (standard.hasLocation(location)) {
          Iterable<? extends Path> paths = standard.getLocationAsPaths(location);
          if (paths != null) {
            for (Path path : paths) {
              entries.add(path);
              if (location == StandardLocation.MODULE_PATH) {
                addModulesIn(path, entries);
              }
            }
            found = true;
          }
        }
      } catch (RuntimeException | LinkageError unsupported) {
        // e.g. an in-memory class output: not a path JDT could read anyway
      }
    }
    return found;
  }

  /** A module path entry may be a folder of modular jars rather than a module itself. */
  private static void addModulesIn(Path entry, ClassPathEntries entries) {
    if (!Files.isDirectory(entry)
        || Files.exists(entry.resolve("module-info.class"))) {
      return;
    }
    try (var children = Files.list(entry)) {
      children.filter(c -> c.getFileName().toString().endsWith(".jar")).sorted()
          .forEach(entries::add);
    } catch (IOException | RuntimeException unreadable) {
      // the folder itself is already an entry
    }
  }

  /** Where the Filer finds {@code type}'s class file on the class path, if it is there. */
  private void addRootOf(TypeElement type, ClassPathEntries entries) {
    Elements elements = env.getElementUtils();
    String pkg = elements.getPackageOf(type).getQualifiedName().toString();
    String binary = elements.getBinaryName(type).toString();
    String file = (pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1)) + ".class";
    try {
      FileObject found = env.getFiler().getResource(StandardLocation.CLASS_PATH, pkg, file);
      entries.addRootOf(found.toUri(), pkg.isEmpty() ? file : pkg.replace('.', '/') + "/" + file);
    } catch (IOException | RuntimeException notOnTheClassPath) {
      // on the module path or the platform's, which JDT finds in the running VM, or nowhere
    }
  }

  /** A qualified name in code: {@code lib.B.g}, {@code lib.B.K} (not {@code x.length}). */
  private static final Pattern QUALIFIED = Pattern.compile("[a-z_$][\\w$]*(\\.[\\w$]+)+");

  /**
   * The top-level types, not compiled from source in this compilation, that the compilation units
   * of {@code roots} can refer to: the types of their packages and of the packages they import
   * that they name,
   * the types they import or name by qualified name, and (transitively) those types' supertypes.
   */
  private Set<TypeElement> referencedBinaryTypes(Collection<? extends TypeElement> roots) {
    Elements elements = env.getElementUtils();
    Set<String> packages = new LinkedHashSet<>();
    Deque<TypeElement> pending = new ArrayDeque<>();
    Set<CompilationUnitTree> units = new LinkedHashSet<>();
    Set<String> simpleNames = new LinkedHashSet<>();
    for (TypeElement root : roots) {
      TreePath path = trees.getPath(root);
      if (path != null) {
        units.add(path.getCompilationUnit());
      }
      pending.add(root);
    }
    for (CompilationUnitTree unit : units) {
      packages.add(unit.getPackageName() == null ? "" : unit.getPackageName().toString());
      for (ImportTree imported : unit.getImports()) {
        String name = imported.getQualifiedIdentifier().toString();
        if (name.endsWith(".*")) {
          String prefix = name.substring(0, name.length() - 2);
          if (!imported.isStatic() && elements.getPackageElement(prefix) != null) {
            packages.add(prefix);
            continue;
          }
          name = prefix;
        } else if (imported.isStatic()) {
          name = name.substring(0, Math.max(0, name.lastIndexOf('.')));
        }
        addType(elements, name, pending);
      }
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitIdentifier(IdentifierTree identifier, Void unused) {
          String name = identifier.getName().toString();
          if (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) {
            simpleNames.add(name);
          }
          return null;
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree select, Void unused) {
          String text = select.toString();
          if (QUALIFIED.matcher(text).matches()) {
            String[] parts = text.split("\\.");
            StringBuilder prefix = new StringBuilder(parts[0]);
            for (int k = 1; k < parts.length; k++) {
              prefix.append('.').append(parts[k]);
              if (Character.isUpperCase(parts[k].charAt(0))) {
                addType(elements, prefix.toString(), pending);
                break;
              }
            }
            return null;
          }
          return super.visitMemberSelect(select, unused);
        }
      }.scan(unit, null);
    }
    // the types of those packages the code names, looked up by name: listing a package would
    // read every class file in it, and javac 17 crashes (NPE in
    // Lower.generateMandatedAccessors) on a record it read from a class file and is then given
    // the source of (the records of rule classes a previous build generated)
    for (String pkg : packages) {
      if (!pkg.startsWith("java.")) {
        for (String name : simpleNames) {
          addType(elements, pkg.isEmpty() ? name : pkg + "." + name, pending);
        }
      }
    }
    Set<TypeElement> binary = new LinkedHashSet<>();
    Set<String> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      TypeElement type = topLevel(pending.poll());
      String name = type.getQualifiedName().toString();
      if (!seen.add(name) || name.startsWith("java.")) {
        continue;
      }
      TreePath path = trees.getPath(type);
      if (path == null || !units.contains(path.getCompilationUnit())) {
        binary.add(type);
      }
      addSupertype(type.getSuperclass(), pending);
      type.getInterfaces().forEach(i -> addSupertype(i, pending));
    }
    return binary;
  }

  private static void addType(Elements elements, String name, Deque<TypeElement> pending) {
    if (name.isEmpty()) {
      return;
    }
    try {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        pending.add(type);
      }
    } catch (RuntimeException unresolvable) {
      // javac may complain about an ambiguous name: not ours to report
    }
  }

  private static void addSupertype(TypeMirror type, Deque<TypeElement> pending) {
    if (type instanceof DeclaredType declared
        && declared.asElement() instanceof TypeElement element) {
      pending.add(element);
    }
  }

  private static TypeElement topLevel(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    return top;
  }

  @Override
  public Reporter reporter() {
    return this;
  }

  @Override
  public void error(Element element, Problem problem) {
    TreePath path = trees.getPath(element);
    Tree node = path == null ? null : find(path.getCompilationUnit(), path.getLeaf(), problem);
    if (node != null) {
      trees.printMessage(Diagnostic.Kind.ERROR, problem.message(), node,
          path.getCompilationUnit());
    } else {
      error(element, "line " + problem.line() + ": " + problem.message());
    }
  }

  @Override
  public void error(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  @Override
  public void warning(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.WARNING, message, element);
  }

  /**
   * The outermost tree spanning exactly the problem's characters, else one starting there, else
   * the smallest one enclosing them (JDT and javac do not always agree on a node's extent).
   */
  private Tree find(CompilationUnitTree unit, Tree root, Problem problem) {
    SourcePositions positions = trees.getSourcePositions();
    Tree[] exact = new Tree[1];
    Tree[] sameStart = new Tree[1];
    Tree[] enclosing = new Tree[1];
    long[] enclosingSize = {Long.MAX_VALUE};
    new TreeScanner<Void, Void>() {
      @Override
      public Void scan(Tree tree, Void unused) {
        if (tree == null || exact[0] != null) {
          return null;
        }
        long start = positions.getStartPosition(unit, tree);
        long end = positions.getEndPosition(unit, tree);
        if (start == problem.start() && end == problem.end()) {
          exact[0] = tree;
          return null;
        }
        if (start == problem.start() && sameStart[0] == null) {
          sameStart[0] = tree;
        }
        if (start <= problem.start() && end >= problem.end() && end - start < enclosingSize[0]) {
          enclosing[0] = tree;
          enclosingSize[0] = end - start;
        }
        return super.scan(tree, unused);
      }
    }.scan(root, null);
    return exact[0] != null ? exact[0] : sameStart[0] != null ? sameStart[0] : enclosing[0];
  }
}
