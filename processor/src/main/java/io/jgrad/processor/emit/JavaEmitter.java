package io.jgrad.processor.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;

/**
 * IR -> Java source, as JavaPoet code blocks. Locals are declared at the top of the method;
 * statements carry a comment with the source line they come from; expressions get the
 * parentheses precedence requires and no more.
 */
public final class JavaEmitter {
  private final Declarations declarations;
  private int lastLine = -1;

  private JavaEmitter(Declarations declarations) {
    this.declarations = declarations;
  }

  /** The body of {@code function}, each local declared where {@link Declarations} says. */
  public static CodeBlock body(Function function) {
    JavaEmitter emitter = new JavaEmitter(Declarations.of(function));
    CodeBlock.Builder code = CodeBlock.builder();
    emitter.block(function.body(), code);
    return code.build();
  }

  public static TypeName typeName(Type type) {
    if (type.isArray()) {
      Type element = type.primitiveName() != null ? Type.primitive(type.primitiveName())
          : Type.classType(type.className());
      TypeName result = typeName(element);
      for (int i = 0; i < type.dimensions(); i++) {
        result = ArrayTypeName.of(result);
      }
      return result;
    }
    if (type.primitiveName() != null) {
      return switch (type.primitiveName()) {
        case "double" -> TypeName.DOUBLE;
        case "float" -> TypeName.FLOAT;
        case "long" -> TypeName.LONG;
        case "int" -> TypeName.INT;
        case "short" -> TypeName.SHORT;
        case "char" -> TypeName.CHAR;
        case "byte" -> TypeName.BYTE;
        case "boolean" -> TypeName.BOOLEAN;
        default -> TypeName.VOID;
      };
    }
    return ClassName.bestGuess(type.className());
  }

  private static String defaultValue(Type type) {
    if (!type.isPrimitive()) {
      return "null";
    }
    return switch (type.primitiveName()) {
      case "double" -> "0.0";
      case "float" -> "0.0f";
      case "long" -> "0L";
      case "boolean" -> "false";
      default -> "0";
    };
  }

  // ---------------------------------------------------------------- statements

  /** The statements of a block, up to the first one that cannot complete normally. */
  private void block(Block block, CodeBlock.Builder code) {
    for (int i = 0; i < block.stmts().size(); i++) {
      Stmt s = block.stmts().get(i);
      for (Var local : declarations.before(block, i)) {
        code.addStatement("$T $N = $L", typeName(local.type()), local.name(),
            defaultValue(local.type()));
      }
      statement(s, code);
      if (!Reachability.completesNormally(s)) {
        return; // javac rejects unreachable statements: a push or return after a throw
      }
    }
  }

  private void statement(Stmt s, CodeBlock.Builder code) {
    origin(s.origin(), code);
    if (s instanceof Stmt.Assign a && declarations.declares(a)) {
      code.addStatement("$T $N = $L", typeName(a.target().type()), a.target().name(),
          expr(a.value()));
    } else if (s instanceof Stmt.Assign a) {
      assign(a, code);
    } else if (s instanceof Stmt.Store st) {
      code.addStatement("$L[$L] = $L", operand(st.array(), Prec.PRIMARY, false),
          expr(st.index()), expr(st.value()));
    } else if (s instanceof Stmt.Accumulate a) {
      if (a.value() instanceof Expr.Unary u && u.op().equals("-")) {
        code.addStatement("$L -= $L", expr(a.target()), operand(u.operand(), Prec.ADDITIVE, true));
      } else {
        code.addStatement("$L += $L", expr(a.target()), expr(a.value()));
      }
    } else if (s instanceof Stmt.Eval e) {
      code.addStatement("$L", expr(e.expr()));
    } else if (s instanceof Stmt.If i) {
      branch(i, code, false);
    } else if (s instanceof Stmt.Loop l) {
      loop(l, code);
    } else if (s instanceof Stmt.Return r) {
      if (r.value() == null) {
        code.addStatement("return");
      } else {
        code.addStatement("return $L", expr(r.value()));
      }
    } else if (s instanceof Stmt.Throw t) {
      code.addStatement("throw $L", expr(t.exception()));
    } else if (s instanceof Stmt.Protected p) {
      code.beginControlFlow("try");
      block(p.body(), code);
      code.nextControlFlow("catch ($T $N)", Throwable.class, p.thrown().name());
      block(p.onThrow(), code);
      code.addStatement("throw $N", p.thrown().name());
      code.endControlFlow();
    } else if (s instanceof Stmt.Comment c) {
      code.add("// $L\n", c.text());
    } else if (s instanceof Stmt.Break b) {
      code.addStatement(b.label() == null ? "break" : "break " + b.label());
    } else if (s instanceof Stmt.Continue c) {
      code.addStatement(c.label() == null ? "continue" : "continue " + c.label());
    }
  }

  /** {@code v = v + e} reads better as {@code v += e}, and {@code i = i + 1} as {@code i++}. */
  private static void assign(Stmt.Assign a, CodeBlock.Builder code) {
    String name = a.target().name();
    if (a.value() instanceof Expr.Binary b && b.left() instanceof Expr.Ref r
        && r.var() == a.target() && b.type().equals(a.target().type())
        && List.of("+", "-", "*", "/").contains(b.op())) {
      if (b.right() instanceof Expr.Lit lit && lit.text().equals("1")
          && (b.op().equals("+") || b.op().equals("-"))) {
        code.addStatement("$N$L", name, b.op().equals("+") ? "++" : "--");
      } else {
        code.addStatement("$N $L= $L", name, b.op(), expr(b.right()));
      }
      return;
    }
    code.addStatement("$N = $L", name, expr(a.value()));
  }

  private void origin(Stmt.Origin origin, CodeBlock.Builder code) {
    if (origin.line() > 0 && origin.line() != lastLine) {
      code.add("// line $L: $L\n", origin.line(), origin.excerpt().replace("$", "$$"));
      lastLine = origin.line();
    }
  }

  private void branch(Stmt.If i, CodeBlock.Builder code, boolean elseIf) {
    boolean thenEmpty = i.then().isEmpty();
    Expr condition = thenEmpty ? negate(i.condition()) : i.condition();
    Block then = thenEmpty ? i.otherwise() : i.then();
    Block otherwise = thenEmpty ? new Block() : i.otherwise();
    if (then.isEmpty()) {
      return;
    }
    if (elseIf) {
      code.nextControlFlow("else if ($L)", expr(condition));
    } else {
      code.beginControlFlow("if ($L)", expr(condition));
    }
    block(then, code);
    if (otherwise.stmts().size() == 1 && otherwise.stmts().get(0) instanceof Stmt.If nested
        && !nested.then().isEmpty() && declarations.before(otherwise, 0).isEmpty()) {
      origin(nested.origin(), code);
      branch(nested, code, true);
    } else if (!otherwise.isEmpty()) {
      code.nextControlFlow("else");
      block(otherwise, code);
    }
    if (!elseIf) {
      code.endControlFlow();
    }
  }

  private static Expr negate(Expr condition) {
    if (condition instanceof Expr.Unary u && u.op().equals("!")) {
      return u.operand();
    }
    return new Expr.Unary("!", condition, Type.BOOLEAN);
  }

  private void loop(Stmt.Loop l, CodeBlock.Builder code) {
    String label = l.label() == null ? "" : l.label() + ": ";
    CodeBlock condition = l.condition() == null ? CodeBlock.of("true") : expr(l.condition());
    if (!l.update().isEmpty()) {
      throw new IllegalStateException("loop updates are merged into bodies before emission");
    }
    if (l.testFirst()) {
      code.beginControlFlow("$Lwhile ($L)", label, condition);
      block(l.body(), code);
      code.endControlFlow();
    } else {
      code.beginControlFlow("$Ldo", label);
      block(l.body(), code);
      code.endControlFlow("while ($L)", condition);
    }
  }

  // ---------------------------------------------------------------- expressions

  /** Operator precedence, lowest first. */
  private enum Prec {
    CONDITIONAL, OR, AND, BIT_OR, BIT_XOR, BIT_AND, EQUALITY, RELATIONAL, SHIFT, ADDITIVE,
    MULTIPLICATIVE, UNARY, PRIMARY
  }

  static CodeBlock expr(Expr e) {
    if (e instanceof Expr.Lit l) {
      return CodeBlock.of("$L", l.text());
    }
    if (e instanceof Expr.Ref r) {
      return CodeBlock.of("$N", r.var().name());
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
      return CodeBlock.of("($T) $L", typeName(c.type()), operand(c.operand(), Prec.UNARY, false));
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
    if (e instanceof Expr.Field f) {
      return CodeBlock.of("$L.$N", operand(f.target(), Prec.PRIMARY, false), f.name());
    }
    if (e instanceof Expr.StaticField f) {
      return CodeBlock.of("$T.$N", ClassName.bestGuess(f.owner()), f.name());
    }
    if (e instanceof Expr.NewArray n) {
      CodeBlock.Builder b = CodeBlock.builder().add("new $T", typeName(Type.primitive(
          n.type().primitiveName())));
      for (Expr d : n.dimensions()) {
        b.add("[$L]", expr(d));
      }
      for (int k = n.dimensions().size(); k < n.type().dimensions(); k++) {
        b.add("[]");
      }
      return b.build();
    }
    if (e instanceof Expr.NewArrayOf n) {
      return CodeBlock.of("new $T {$L}", typeName(n.type()), args(n.elements()));
    }
    Expr.New n = (Expr.New) e;
    if (n.type().isArray()) {
      return CodeBlock.of("new $T[$L]", typeName(Type.primitive(n.type().primitiveName())),
          args(n.args()));
    }
    return CodeBlock.of("new $T($L)", typeName(n.type()), args(n.args()));
  }

  private static CodeBlock args(List<Expr> args) {
    return args.stream().map(JavaEmitter::expr).collect(CodeBlock.joining(", "));
  }

  private static CodeBlock operand(Expr e, Prec parent, boolean rightOperand) {
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
