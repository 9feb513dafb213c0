package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.MethodInvocation;

/**
 * The array library calls jgrad understands — {@code clone()}, {@code System.arraycopy},
 * {@code Arrays.fill}, {@code Arrays.copyOf}, {@code Arrays.copyOfRange} — and array
 * initialisers, lowered to element loops so that their derivatives follow from the element rules.
 */
final class ArrayLibrary {
  private final MethodLowerer lowerer;

  ArrayLibrary(MethodLowerer lowerer) {
    this.lowerer = lowerer;
  }

  /** {@code System.arraycopy} and {@code Arrays.fill}: statements. */
  static boolean isStatement(MethodInvocation m) {
    String owner = owner(m);
    return ("java.lang.System".equals(owner) && m.getName().getIdentifier().equals("arraycopy"))
        || ("java.util.Arrays".equals(owner) && m.getName().getIdentifier().equals("fill"));
  }

  /** {@code a.clone()}, {@code Arrays.copyOf}, {@code Arrays.copyOfRange}: new arrays. */
  static boolean isCopy(MethodInvocation m) {
    String name = m.getName().getIdentifier();
    if (name.equals("clone") && m.getExpression() != null && m.arguments().isEmpty()) {
      Type receiver = JdtTypes.of(m.getExpression().resolveTypeBinding());
      return receiver != null && receiver.isArray();
    }
    return "java.util.Arrays".equals(owner(m))
        && (name.equals("copyOf") || name.equals("copyOfRange"));
  }

  private static String owner(MethodInvocation m) {
    IMethodBinding b = m.resolveMethodBinding();
    return b == null ? null : b.getDeclaringClass().getErasure().getQualifiedName();
  }

  void statement(MethodInvocation m, Block out) {
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : m.arguments()) {
      arguments.add((Expression) arg);
    }
    // in Java's order, then each in a variable: the loops below read them again and again
    List<Expr> args = new ArrayList<>();
    for (Expr arg : lowerer.expressions.inOrder(arguments, out, true)) {
      args.add(lowerer.expressions.scalarAtom(arg, out));
    }
    Expr written = m.getName().getIdentifier().equals("arraycopy") ? args.get(2) : args.get(0);
    if (m.getName().getIdentifier().equals("arraycopy")) {
      arraycopy(args.get(0), args.get(1), args.get(2), args.get(3), args.get(4), out);
      return;
    }
    Expr array = args.get(0);
    Expr from = Expr.Lit.ofInt(0);
    Expr to = new Expr.Length(array);
    if (args.size() == 4) {
      from = args.get(1);
      to = args.get(2);
    }
    if (array.type().elementType().isArray()) {
      lowerer.report(m, Message.UNSUPPORTED_EXPRESSION.format("Arrays.fill of rows",
          ": fill each row with its own Arrays.fill"));
      return;
    }
    Expr value = args.get(args.size() - 1);
    Var k = lowerer.counter();
    Block body = new Block().add(new Stmt.Store(array, ref(k), value, lowerer.origin()));
    forRange(k, from, to, body, out);
  }

  /**
   * {@code System.arraycopy}: ascending when the destination starts at or before the source,
   * descending otherwise, which is right even when source and destination are one array.
   */
  private void arraycopy(Expr src, Expr srcPos, Expr dst, Expr dstPos, Expr length,
      Block out) {
    Var k = lowerer.counter();
    Block ascending = new Block();
    forRange(k, Expr.Lit.ofInt(0), length,
        copyElement(dst, plus(dstPos, ref(k)), src, plus(srcPos, ref(k))), ascending);
    Block descending = new Block();
    descending.add(new Stmt.Assign(k, new Expr.Binary("-", length, Expr.Lit.ofInt(1), Type.INT),
        lowerer.origin()));
    descending.add(new Stmt.Loop(null, new Expr.Binary(">=", ref(k), Expr.Lit.ofInt(0),
        Type.BOOLEAN), copyElement(dst, plus(dstPos, ref(k)), src, plus(srcPos, ref(k))),
        new Block().add(new Stmt.Assign(k, new Expr.Binary("-", ref(k), Expr.Lit.ofInt(1),
            Type.INT), lowerer.origin())), true, lowerer.origin()));
    out.add(new Stmt.If(new Expr.Binary("<=", dstPos, srcPos, Type.BOOLEAN), ascending,
        descending, lowerer.origin()));
  }

  /** {@code a.clone()}, {@code Arrays.copyOf(a, n)}, {@code Arrays.copyOfRange(a, from, to)}. */
  Expr copy(MethodInvocation m, Type type, Block out) {
    List<?> args = m.arguments();
    String name = m.getName().getIdentifier();
    Expr source;
    Expr from = Expr.Lit.ofInt(0);
    Expr length;
    Expr count;
    List<Expression> arguments = new ArrayList<>();
    if (name.equals("clone")) {
      arguments.add(m.getExpression());
    }
    for (Object arg : args) {
      arguments.add((Expression) arg);
    }
    List<Expr> values = new ArrayList<>();
    for (Expr value : lowerer.expressions.inOrder(arguments, out, false)) {
      values.add(lowerer.expressions.scalarAtom(value, out));
    }
    if (name.equals("clone")) {
      source = values.get(0);
      length = new Expr.Length(source);
      count = length;
    } else if (name.equals("copyOf")) {
      source = values.get(0);
      length = values.get(1);
      count = min(length, new Expr.Length(source));
    } else {
      source = values.get(0);
      from = values.get(1);
      Expr to = values.get(2);
      length = new Expr.Binary("-", to, from, Type.INT);
      count = new Expr.Binary("-", min(to, new Expr.Length(source)), from, Type.INT);
    }
    Var copy = lowerer.temp(type);
    out.add(new Stmt.Assign(copy, new Expr.NewArray(type, List.of(length)), lowerer.origin()));
    Var k = lowerer.counter();
    forRange(k, Expr.Lit.ofInt(0), count,
        copyElement(ref(copy), ref(k), source, plus(from, ref(k))), out);
    return ref(copy);
  }

  /** {@code {a, b, c}}: a new array and one store per element. */
  Expr initializer(ArrayInitializer init, Type type, Block out) {
    List<?> elements = init.expressions();
    Var array = lowerer.temp(type);
    out.add(new Stmt.Assign(array, new Expr.NewArray(type,
        List.of(Expr.Lit.ofInt(elements.size()))), lowerer.origin()));
    for (int k = 0; k < elements.size(); k++) {
      Expression element = (Expression) elements.get(k);
      ExpressionLowerer expressions = lowerer.expressions;
      Expr value = type.elementType().isArray()
          ? expressions.arrayAtom(element instanceof ArrayInitializer inner
              ? initializer(inner, type.elementType(), out) : expressions.arrayValue(element, out),
              out)
          : type.elementType().isRecord() ? lowerer.records.atom(element, out)
          : expressions.scalarAtom(expressions.operand(element, out), out);
      out.add(new Stmt.Store(ref(array), Expr.Lit.ofInt(k), value, lowerer.origin()));
    }
    return ref(array);
  }

  /** {@code dst[di] = src[si]}, through a temporary (a row reference for a matrix). */
  private Block copyElement(Expr dst, Expr dstIndex, Expr src, Expr srcIndex) {
    Type element = src.type().elementType();
    Var temp = lowerer.temp(element);
    return new Block()
        .add(new Stmt.Assign(temp, new Expr.Index(src, srcIndex, element), lowerer.origin()))
        .add(new Stmt.Store(dst, dstIndex, ref(temp), lowerer.origin()));
  }

  private void forRange(Var k, Expr from, Expr to, Block body, Block out) {
    out.add(new Stmt.Assign(k, from, lowerer.origin()));
    Block update = new Block().add(new Stmt.Assign(k, plus(ref(k), Expr.Lit.ofInt(1)),
        lowerer.origin()));
    out.add(new Stmt.Loop(null, new Expr.Binary("<", ref(k), to, Type.BOOLEAN), body, update,
        true, lowerer.origin()));
  }

  private static Expr plus(Expr a, Expr b) {
    if (a instanceof Expr.Lit lit && lit.text().equals("0")) {
      return b;
    }
    return new Expr.Binary("+", a, b, Type.INT);
  }

  private static Expr min(Expr a, Expr b) {
    return new Expr.Call("java.lang.Math", "min", List.of(a, b), Type.INT);
  }

  private static Expr ref(Var v) {
    return new Expr.Ref(v);
  }
}
