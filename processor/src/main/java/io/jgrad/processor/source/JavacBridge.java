package io.jgrad.processor.source;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import io.jgrad.processor.diag.Problem;
import io.jgrad.processor.diag.Reporter;
import java.io.IOException;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * javac: the source through {@code Trees}, and errors at the exact expression by finding the
 * javac tree that spans the same characters as the JDT node.
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
