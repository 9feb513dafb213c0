package io.jgrad.processor.source;

import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileManager;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * Eclipse's compiler (ecj, batch or in the Eclipse IDE), reached by reflection since it has no
 * {@code com.sun.source}; whenever a reflective step fails (another ecj version) the bridge falls
 * back to what {@link FilerBridge} does and never throws.
 *
 * <ul>
 *   <li>Source text: from ecj's element, {@code _binding.scope.referenceCompilationUnit()
 *       .compilationResult.compilationUnit.getContents()}, as Immutables does.
 *   <li>Positioned errors: ecj's {@code Messager} takes elements only, so an error inside a method
 *       body is built the way the Messager builds one ({@code BaseMessagerImpl.createProblem} on
 *       the method's element: an {@code AptProblem} in the method's compilation unit), moved to the
 *       problem's own start, end, line and column, and recorded where that Messager records it: the
 *       batch compiler's {@code Main.addExtraProblems} (marking the round as having an error, as
 *       {@code BatchMessagerImpl} does), or the unit's {@code CompilationResult.record} in the IDE
 *       ({@code IdeMessagerImpl}), which turns it into a marker at that range.
 *   <li>Class path: the class folders and jars of the compiler's name environment ({@code
 *       Compiler.lookupEnvironment.nameEnvironment}, a batch {@code FileSystem} whose {@code
 *       classpaths} are what ecj resolves types against; the JDK image is left out, JDT reads the
 *       running VM's), else the class path of {@code getFileManager()}; and that file manager's
 *       class output folder.
 * </ul>
 */
final class EcjBridge implements CompilerBridge, Reporter {
  private static final String BASE_MESSAGER =
      "org.eclipse.jdt.internal.compiler.apt.dispatch.BaseMessagerImpl";

  private final ProcessingEnvironment env;
  private final FilerBridge fallback;

  EcjBridge(ProcessingEnvironment env) {
    this.env = env;
    this.fallback = new FilerBridge(env);
  }

  @Override
  public SourceUnit source(TypeElement type) {
    try {
      Object binding = field(type, "_binding");
      Object scope = field(binding, "scope");
      Object declaration = invoke(scope, "referenceCompilationUnit");
      Object result = field(declaration, "compilationResult");
      // the unit's class may be an anonymous subclass (ecj's javax.tools compiler): setAccessible
      Object unit = field(result, "compilationUnit");
      String text = new String((char[]) invoke(unit, "getContents"));
      String file = new String((char[]) invoke(unit, "getFileName"));
      file = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
      String pkg = env.getElementUtils().getPackageOf(type).getQualifiedName().toString();
      return new SourceUnit(pkg, file, text);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return fallback.source(type);
    }
  }

  @Override
  public Reporter reporter() {
    return this;
  }

  @Override
  public void error(Element element, Problem problem) {
    boolean reported;
    try {
      reported = reportAt(element, problem);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      reported = false;
    }
    if (!reported) {
      fallback.error(element, problem);
    }
  }

  /**
   * Records {@code problem} as an ecj problem at its own position in {@code element}'s compilation
   * unit; false if nothing was recorded (then the caller reports it on the element).
   */
  private boolean reportAt(Element element, Problem problem)
      throws ReflectiveOperationException {
    if (problem.start() < 0 || problem.end() < problem.start() || problem.line() < 1) {
      return false;
    }
    Messager messager = env.getMessager();
    Class<?> base = Class.forName(BASE_MESSAGER, false, element.getClass().getClassLoader());
    Method create = base.getMethod("createProblem", Diagnostic.Kind.class, CharSequence.class,
        Element.class, AnnotationMirror.class, AnnotationValue.class);
    Object created = create.invoke(null, Diagnostic.Kind.ERROR, problem.message(), element, null,
        null);
    Object context = created == null ? null : field(created, "_referenceContext");
    if (context == null || invoke(created, "getOriginatingFileName") == null) {
      return false; // not in a unit being compiled: nowhere to point into
    }
    // ecj's offsets are inclusive at both ends, its line and column 1-based like ours
    invoke(created, "setSourceStart", problem.start());
    invoke(created, "setSourceEnd", Math.max(problem.start(), problem.end() - 1));
    invoke(created, "setSourceLineNumber", problem.line());
    Field column = created.getClass().getField("column");
    column.setInt(created, problem.column());

    Object batchCompiler = optionalField(messager, "_compiler");
    if (batchCompiler != null && method(batchCompiler, "addExtraProblems", 1) != null) {
      // BatchMessagerImpl.printMessage: flag the error, then hand the problem to Main
      Object processingEnv = optionalField(messager, "_processingEnv");
      if (processingEnv != null && method(processingEnv, "setErrorRaised", 1) != null) {
        invoke(processingEnv, "setErrorRaised", true);
      }
      invoke(batchCompiler, "addExtraProblems", created);
      return true;
    }
    if (messager.getClass().getName().endsWith(".IdeMessagerImpl")) {
      // IdeMessagerImpl.printMessage: record it in the unit's result, which becomes a marker
      Object result = invoke(context, "compilationResult");
      Method record = null;
      for (Method m : result.getClass().getMethods()) {
        if (m.getName().equals("record") && m.getParameterCount() == 2
            && m.getParameterTypes()[0].isInstance(created)
            && m.getParameterTypes()[1].isInstance(context)) {
          record = m;
        }
      }
      if (record != null) {
        record.setAccessible(true);
        record.invoke(result, created, context);
        return true;
      }
    }
    return false;
  }

  @Override
  public void error(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  @Override
  public void warning(Element element, String message) {
    env.getMessager().printMessage(Diagnostic.Kind.WARNING, message, element);
  }

  @Override
  public List<String> classpath(Collection<? extends TypeElement> roots) {
    ClassPathEntries entries = new ClassPathEntries();
    boolean found;
    try {
      found = addNameEnvironmentPaths(entries);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      found = false; // another ecj, or the IDE's name environment
    }
    try {
      Object fileManager = invoke(env, "getFileManager");
      if (fileManager instanceof StandardJavaFileManager standard) {
        if (!found) {
          // second best: the file manager's class path (in batch runs it may also hold the
          // compiler's own launch class path)
          addLocation(standard, StandardLocation.CLASS_PATH, entries);
          addLocation(standard, StandardLocation.MODULE_PATH, entries);
        }
        addLocation(standard, StandardLocation.CLASS_OUTPUT, entries);
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // no file manager (the IDE has none): the output folder is not known
    }
    return entries.toList();
  }

  /**
   * The class folders and jars of ecj's {@code FileSystem}, in its search order; false if it has
   * none besides the JDK.
   */
  private boolean addNameEnvironmentPaths(ClassPathEntries entries)
      throws ReflectiveOperationException {
    Object compiler = field(env, "_compiler");
    Object lookup = field(compiler, "lookupEnvironment");
    Object nameEnvironment = field(lookup, "nameEnvironment");
    Object classpaths = field(nameEnvironment, "classpaths");
    if (!(classpaths instanceof Object[] array)) {
      return false;
    }
    boolean found = false;
    for (Object classpath : array) {
      if (classpath == null || isJdkImage(classpath.getClass())) {
        continue;
      }
      Object path = invoke(classpath, "getPath");
      if (path instanceof String text && !text.isEmpty()) {
        entries.add(Path.of(text));
        found = true;
      }
    }
    return found;
  }

  /** ecj's entries for the JDK (jrt image, {@code --release} data, a file manager's system). */
  private static boolean isJdkImage(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      String name = c.getSimpleName();
      if (name.contains("Jrt") || name.contains("Jep247") || name.contains("Jsr199")
          || name.contains("Jmod")) {
        return true;
      }
    }
    return false;
  }

  private static void addLocation(StandardJavaFileManager files, JavaFileManager.Location location,
      ClassPathEntries entries) {
    try {
      Iterable<? extends File> paths = files.getLocation(location);
      if (paths != null) {
        for (File path : paths) {
          entries.add(path.toPath());
        }
      }
    } catch (RuntimeException unsupported) {
      // e.g. a module-oriented location this file manager does not support
    }
  }

  // ------------------------------------------------------------------------- reflection

  private static Object field(Object target, String name) throws ReflectiveOperationException {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
      } catch (NoSuchFieldException next) {
        // look in the superclass
      }
    }
    throw new NoSuchFieldException(name);
  }

  private static Object optionalField(Object target, String name) {
    try {
      return field(target, name);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The public method {@code name} of {@code target} taking {@code arity} arguments, or null. */
  private static Method method(Object target, String name, int arity) {
    for (Method m : target.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == arity) {
        return m;
      }
    }
    return null;
  }

  private static Object invoke(Object target, String name, Object... args)
      throws ReflectiveOperationException {
    Method m = method(target, name, args.length);
    if (m == null) {
      throw new NoSuchMethodException(target.getClass().getName() + "." + name);
    }
    m.setAccessible(true);
    return m.invoke(target, args);
  }
}
