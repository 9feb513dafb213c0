package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Stmt.Origin;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.WhileStatement;

/** Source positions and excerpts for generated comments, and how diagnostics name constructs. */
final class SourceText {
  private SourceText() {}

  /**
   * Where a statement comes from: its line and the first line of its text, made safe for a
   * {@code //} comment. Java translates unicode escapes before it finds comments, so a
   * {@code \u000a} copied verbatim would end the comment and turn the rest into code: every
   * backslash is doubled (an escape needs an even number of backslashes before it), and line
   * terminators and other control characters never reach the comment.
   */
  static Origin originOf(Statement s, CompilationUnit unit, String source) {
    int line = unit.getLineNumber(s.getStartPosition());
    String text = source.substring(s.getStartPosition(),
        Math.min(source.length(), s.getStartPosition() + s.getLength()));
    int cut = lineEnd(text);
    if (s instanceof ForStatement || s instanceof WhileStatement || s instanceof IfStatement
        || s instanceof DoStatement || s instanceof LabeledStatement) {
      int brace = text.indexOf('{');
      cut = cut < 0 ? brace : brace < 0 ? cut : Math.min(cut, brace);
    }
    return new Origin(line, commentSafe((cut < 0 ? text : text.substring(0, cut)).strip()));
  }

  private static int lineEnd(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        return i;
      }
    }
    return -1;
  }

  static String commentSafe(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        out.append("\\\\");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        out.append(' ');
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  static String describe(ASTNode node) {
    String simple = node.getClass().getSimpleName();
    switch (simple) {
      case "TryStatement": return "a try statement";
      case "SwitchStatement": return "a switch statement";
      case "SwitchExpression": return "a switch expression";
      case "EnhancedForStatement": return "an enhanced for loop";
      case "SynchronizedStatement": return "a synchronized statement";
      case "AssertStatement": return "an assert statement";
      case "TypeDeclarationStatement": return "a local class";
      case "LambdaExpression": return "a lambda expression";
      case "ClassInstanceCreation":
        return "creating an object (new " + ((ClassInstanceCreation) node).getType() + ")";
      case "ArrayCreation": return "creating an array";
      case "ArrayInitializer": return "an array initializer";
      case "ThisExpression": return "'this'";
      case "InstanceofExpression": return "instanceof";
      case "MethodReference": case "ExpressionMethodReference": case "TypeMethodReference":
      case "SuperMethodReference": case "CreationReference": return "a method reference";
      case "SuperMethodInvocation": return "a call on super";
      case "StringLiteral": return "a string";
      default: return "'" + node.toString().strip() + "'";
    }
  }

  static String fixFor(ASTNode node) {
    switch (node.getClass().getSimpleName()) {
      case "TryStatement":
        return ": jgrad cannot differentiate through exception handlers; catch exceptions in the"
            + " caller of the @Grad method";
      case "SwitchStatement": case "SwitchExpression":
        return ": rewrite it as if/else";
      case "EnhancedForStatement":
        return ": use an indexed loop, for (int i = 0; i < x.length; i++)";
      case "LambdaExpression": case "ExpressionMethodReference": case "TypeMethodReference":
        return ": write the computation inline, or as a static method (jgrad differentiates it"
            + " too)";
      case "ClassInstanceCreation": case "ArrayCreation": case "ArrayInitializer":
        return ": @Grad methods compute with primitives and read double[] parameters; objects and"
            + " new arrays are not differentiated yet";
      case "ThisExpression":
        return ": @Grad methods are static; pass what they need as parameters";
      case "SynchronizedStatement":
        return ": @Grad methods compute on their own arguments; synchronize in the caller";
      case "AssertStatement":
        return ": check the condition with if (...) throw new IllegalArgumentException(...)";
      case "TypeDeclarationStatement":
        return ": move the class out of the method; call static methods instead";
      default:
        return "";
    }
  }
}
