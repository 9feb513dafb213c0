package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Type;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.Modifier;

/** Compile-time constants ({@code static final} fields with constant values) as literals. */
final class Constants {
  private Constants() {}

  /**
   * The constant's value spelled as Java source; {@code java.lang} constants keep their name
   * ({@code Math.PI}), others are folded to their value, as javac does.
   */
  static Expr of(Object value, Type type, IVariableBinding field) {
    String owner = field.getDeclaringClass().getQualifiedName();
    if (owner.startsWith("java.lang.") && owner.indexOf('.', 10) < 0) {
      return new Expr.StaticField(owner, field.getName(), type);
    }
    if (value instanceof Double d) {
      return new Expr.Lit(type, d.isNaN() ? "Double.NaN" : d.isInfinite()
          ? (d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY") : d.toString());
    }
    if (value instanceof Float f) {
      return new Expr.Lit(type, f.isNaN() || f.isInfinite() ? "((float) " + f.doubleValue()
          + ")" : f + "f");
    }
    if (value instanceof Long l) {
      return new Expr.Lit(type, l + "L");
    }
    if (value instanceof Boolean || value instanceof Integer) {
      return new Expr.Lit(type, value.toString());
    }
    if (value instanceof Character c) {
      return new Expr.Lit(type, "(char) " + (int) c);
    }
    if (value instanceof String) {
      return new Expr.Lit(type, Constants.stringLiteral((String) value));
    }
    return new Expr.Lit(type, "(" + type + ") " + ((Number) value).intValue());
  }

  /**
   * True if generated code in {@code rulesPackage} can read the field by name: it is not private,
   * every class around it can be named there, and a protected field is in that package.
   */
  static boolean isVisibleToRules(IVariableBinding field, String rulesPackage) {
    int modifiers = field.getModifiers();
    String pkg = field.getDeclaringClass().getPackage().getName();
    if (Modifier.isPrivate(modifiers)
        || !Modifier.isPublic(modifiers) && !pkg.equals(rulesPackage)) {
      return false;
    }
    for (ITypeBinding c = field.getDeclaringClass(); c != null; c = c.getDeclaringClass()) {
      if (Modifier.isPrivate(c.getModifiers())
          || !Modifier.isPublic(c.getModifiers()) && !pkg.equals(rulesPackage)) {
        return false;
      }
    }
    return true;
  }

  /** A Java string literal for {@code s}, escaping everything outside printable ASCII. */
  static String stringLiteral(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c >= 0x20 && c < 0x7f) {
        out.append(c);
      } else if (c <= 0xff) {
        out.append(String.format("\\%03o", (int) c)); // never a raw line end or quote
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.append('"').toString();
  }
}
