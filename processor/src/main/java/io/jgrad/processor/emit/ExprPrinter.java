package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;
import java.util.Set;

/**
 * IR expressions as Java source, with the parentheses precedence requires and no more. A
 * variable kept in a frame object (a method split into chunks) is printed as a field of it.
 */
final class ExprPrinter {
  private final Set<Var> inFrame;
  private final String frame;
  private final Mirrors mirrors;

  /** Variables in {@code inFrame} print as {@code frame.name}. */
  ExprPrinter(Set<Var> inFrame, String frame, Mirrors mirrors) {
    this.inFrame = inFrame;
    this.frame = frame;
    this.mirrors = mirrors;
  }

  static ExprPrinter plain(Mirrors mirrors) {
    return new ExprPrinter(Set.of(), null, mirrors);
  }

  String name(Var v) {
    return inFrame.contains(v) ? frame + "." + v.name() : v.name();
  }

  boolean isInFrame(Var v) {
    return inFrame.contains(v);
  }

  // ---------------------------------------------------------------- expressions

  /** Operator precedence, lowest first. */
  enum Prec {
    CONDITIONAL, OR, AND, BIT_OR, BIT_XOR, BIT_AND, EQUALITY, RELATIONAL, SHIFT, ADDITIVE,
    MULTIPLICATIVE, UNARY, PRIMARY
  }

  /**
   * {@code target.name = value}; a private field of the user's class through the setter its
   * tangent class declares.
   */
  CodeBlock setField(Expr.Field field, Expr value) {
    Type owner = field.target().type();
    io.jgrad.processor.ir.RecordShape.Component c = owner.isRecord()
        ? owner.shape().component(field.name()) : null;
    if (c != null && c.hidden()) {
      return CodeBlock.of("$T.set$L($L, $L)", ClassName.bestGuess(owner.shape().tangentName()),
          Character.toUpperCase(field.name().charAt(0)) + field.name().substring(1),
          expr(field.target()), expr(value));
    }
    return CodeBlock.of("$L.$N = $L", operand(field.target(), Prec.PRIMARY, false),
        field.name(), expr(value));
  }

  CodeBlock expr(Expr e) {
    if (e instanceof Expr.Lit l) {
      return CodeBlock.of("$L", l.text());
    }
    if (e instanceof Expr.Ref r) {
      return CodeBlock.of("$L", name(r.var()));
    }
    if (e instanceof Expr.Index i) {
      return CodeBlock.of("$L[$L]", operand(i.array(), Prec.PRIMARY, false), expr(i.index()));
    }
    if (e instanceof Expr.Length l) {
      return CodeBlock.of("$L.length", operand(l.array(), Prec.PRIMARY, false));
    }
    if (e instanceof Expr.Unary u) {
      return CodeBlock.of("$L$L", u.op(), operand(u.operand(), Prec.UNARY, true));
    }
    if (e instanceof Expr.Cast c) {
      return CodeBlock.of("($T) $L", JavaEmitter.typeName(c.type()), operand(c.operand(), Prec.UNARY, false));
    }
    if (e instanceof Expr.Binary b) {
      Prec p = precedence(b.op());
      return CodeBlock.of("$L $L $L", operand(b.left(), p, false), b.op(),
          operand(b.right(), p, true));
    }
    if (e instanceof Expr.Conditional c) {
      return CodeBlock.of("$L ? $L : $L", operand(c.condition(), Prec.OR, false),
          operand(c.whenTrue(), Prec.OR, false), operand(c.whenFalse(), Prec.CONDITIONAL, false));
    }
    if (e instanceof Expr.Call c) {
      if (c.owner().isEmpty()) {
        return CodeBlock.of("$N($L)", c.name(), args(c.args())); // a sibling generated method
      }
      return CodeBlock.of("$T.$N($L)", ClassName.bestGuess(c.owner()), c.name(), args(c.args()));
    }
    if (e instanceof Expr.Invoke i) {
      return CodeBlock.of("$L.$N($L)", operand(i.target(), Prec.PRIMARY, false), i.name(),
          args(i.args()));
    }
    if (e instanceof Expr.Field f && f.target().type().isRecord()
        && f.target().type().shape().isClass()) {
      io.jgrad.processor.ir.RecordShape.Component c =
          f.target().type().shape().component(f.name());
      // a private field: read through the accessor its tangent class declares
      return c != null && c.hidden()
          ? CodeBlock.of("$T.$N($L)", ClassName.bestGuess(
              f.target().type().shape().tangentName()), f.name(), expr(f.target()))
          : CodeBlock.of("$L.$N", operand(f.target(), Prec.PRIMARY, false), f.name());
    }
    if (e instanceof Expr.Field f && f.target().type().isRecord()) {
      // a record component, read through its accessor (the field is private)
      return CodeBlock.of("$L.$N()", operand(f.target(), Prec.PRIMARY, false), f.name());
    }
    if (e instanceof Expr.Field f) {
      return CodeBlock.of("$L.$N", operand(f.target(), Prec.PRIMARY, false), f.name());
    }
    if (e instanceof Expr.StaticField f && f.mirrored()) {
      return CodeBlock.of("$N", mirrors.name(f));
    }
    if (e instanceof Expr.StaticField f) {
      return CodeBlock.of("$T.$N", ClassName.bestGuess(f.owner()), f.name());
    }
    if (e instanceof Expr.NewArray n) {
      CodeBlock.Builder b = CodeBlock.builder().add("new $T",
          JavaEmitter.typeName(n.type().baseType()));
      for (Expr d : n.dimensions()) {
        b.add("[$L]", expr(d));
      }
      for (int k = n.dimensions().size(); k < n.type().dimensions(); k++) {
        b.add("[]");
      }
      return b.build();
    }
    if (e instanceof Expr.NewArrayOf n) {
      return CodeBlock.of("new $T {$L}", JavaEmitter.typeName(n.type()), args(n.elements()));
    }
    Expr.New n = (Expr.New) e;
    if (n.type().isArray()) {
      return CodeBlock.of("new $T[$L]", JavaEmitter.typeName(n.type().baseType()),
          args(n.args()));
    }
    return CodeBlock.of("new $T($L)", JavaEmitter.typeName(n.type()), args(n.args()));
  }

  CodeBlock args(List<Expr> args) {
    return args.stream().map(this::expr).collect(CodeBlock.joining(", "));
  }

  CodeBlock operand(Expr e, Prec parent, boolean rightOperand) {
    Prec own = precedenceOf(e);
    boolean parens = own.ordinal() < parent.ordinal()
        || (rightOperand && own == parent && own != Prec.PRIMARY);
    return parens ? CodeBlock.of("($L)", expr(e)) : expr(e);
  }

  private static Prec precedenceOf(Expr e) {
    if (e instanceof Expr.Binary b) {
      return precedence(b.op());
    }
    if (e instanceof Expr.Conditional) {
      return Prec.CONDITIONAL;
    }
    if (e instanceof Expr.Unary || e instanceof Expr.Cast) {
      return Prec.UNARY;
    }
    if (e instanceof Expr.Lit l && l.text().startsWith("-")) {
      return Prec.UNARY;
    }
    return Prec.PRIMARY;
  }

  private static Prec precedence(String op) {
    return switch (op) {
      case "||" -> Prec.OR;
      case "&&" -> Prec.AND;
      case "|" -> Prec.BIT_OR;
      case "^" -> Prec.BIT_XOR;
      case "&" -> Prec.BIT_AND;
      case "==", "!=" -> Prec.EQUALITY;
      case "<", ">", "<=", ">=" -> Prec.RELATIONAL;
      case "<<", ">>", ">>>" -> Prec.SHIFT;
      case "+", "-" -> Prec.ADDITIVE;
      default -> Prec.MULTIPLICATIVE;
    };
  }
}
