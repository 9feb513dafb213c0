package io.jgrad.processor.parse;

import io.jgrad.processor.source.SourceUnit;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.dom.AST;
import org.eclipse.jdt.core.dom.ASTParser;
import org.eclipse.jdt.core.dom.CompilationUnit;

/**
 * Parses one compilation unit with JDT and resolves its bindings. Bindings resolve only when both
 * the environment and the unit name are set; otherwise JDT silently returns null bindings.
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

  public CompilationUnit parse(SourceUnit unit) {
    ASTParser parser = ASTParser.newParser(AST.getJLSLatest());
    parser.setKind(ASTParser.K_COMPILATION_UNIT);
    Map<String, String> options = JavaCore.getOptions();
    JavaCore.setComplianceOptions(JavaCore.VERSION_17, options);
    parser.setCompilerOptions(options);
    parser.setSource(unit.text().toCharArray());
    parser.setUnitName("/" + unit.relativePath());
    String[] encodings = new String[sourcepath.length];
    java.util.Arrays.fill(encodings, "UTF-8");
    parser.setEnvironment(classpath, sourcepath, encodings, true);
    parser.setResolveBindings(true);
    parser.setBindingsRecovery(true);
    return (CompilationUnit) parser.createAST(null);
  }
}
