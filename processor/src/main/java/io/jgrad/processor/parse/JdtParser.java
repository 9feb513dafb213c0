package io.jgrad.processor.parse;

import io.jgrad.processor.source.SourceUnit;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.dom.AST;
import org.eclipse.jdt.core.dom.ASTParser;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.FileASTRequestor;

/**
 * Parses compilation units with JDT and resolves their bindings. Bindings resolve only when the
 * environment is set and each unit is known by its path in a source root; otherwise JDT silently
 * returns null bindings.
 */
public final class JdtParser {
  private final String[] classpath;
  private final String[] sourcepath;

  /**
   * @param classpath jars and class folders for binary types (the JDK comes from the running VM)
   * @param sourcepath source roots holding the other classes of this build
   */
  public JdtParser(List<String> classpath, List<String> sourcepath) {
    this.classpath = classpath.toArray(String[]::new);
    this.sourcepath = sourcepath.toArray(String[]::new);
  }

  /**
   * Parses every unit in one JDT batch, so the environment (the JDK's and the class path's types,
   * the source path) is set up once rather than once per file. The units must be files under
   * {@code root}, a source root of this parser, with exactly their text.
   *
   * @return each unit's AST by its relative path
   */
  public Map<String, CompilationUnit> parseAll(List<SourceUnit> units, String root) {
    ASTParser parser = newParser();
    String[] paths = new String[units.size()];
    Map<String, String> relative = new java.util.HashMap<>();
    for (int k = 0; k < units.size(); k++) {
      paths[k] = java.nio.file.Path.of(root, units.get(k).relativePath()).toString();
      relative.put(paths[k], units.get(k).relativePath());
    }
    String[] encodings = new String[paths.length];
    java.util.Arrays.fill(encodings, "UTF-8");
    Map<String, CompilationUnit> out = new java.util.HashMap<>();
    parser.createASTs(paths, encodings, new String[0], new FileASTRequestor() {
      @Override
      public void acceptAST(String sourceFilePath, CompilationUnit ast) {
        out.put(relative.getOrDefault(sourceFilePath, sourceFilePath), ast);
        RecordBindings.warm(ast);
      }
    }, null);
    return out;
  }

  private ASTParser newParser() {
    ASTParser parser = ASTParser.newParser(AST.getJLSLatest());
    parser.setKind(ASTParser.K_COMPILATION_UNIT);
    Map<String, String> options = JavaCore.getOptions();
    JavaCore.setComplianceOptions(JavaCore.VERSION_17, options);
    parser.setCompilerOptions(options);
    String[] encodings = new String[sourcepath.length];
    java.util.Arrays.fill(encodings, "UTF-8");
    parser.setEnvironment(classpath, sourcepath, encodings, true);
    parser.setResolveBindings(true);
    parser.setBindingsRecovery(true);
    return parser;
  }

}
