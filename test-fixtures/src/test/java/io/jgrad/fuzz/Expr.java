package io.jgrad.fuzz;

import java.util.List;

/**
 * Expressions of generated programs. Every composite expression prints in parentheses, so that
 * printing never depends on precedence. {@link #type()} is the Java static type.
 */
sealed interface Expr {
  JType type();

  void print(Printer p);

  /** True if evaluating this has no side effect (may be printed twice). */
  boolean pure();

  /** Prints an expression used as a statement: assignments and ++/-- without parentheses. */
  default void printAsStatement(Printer p) {
    print(p);
  }

  /** A literal or a constant name ({@code 2.5}, {@code 3}, {@code 1.5f}, {@code Math.PI}). */
  record Lit(JType type, String text) implements Expr {
    @Override
    public void print(Printer p) {
      p.text(text.startsWith("-") ? "(" + text + ")" : text);
    }

    @Override
    public boolean pure() {
      return true;
    }
  }

  /** A variable (local or parameter). */
  record Name(String name, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      p.text(name);
    }

    @Override
    public boolean pure() {
      return true;
    }
  }

  /** {@code -e} or {@code !e}. */
  record Unary(String op, Expr operand, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("(" + op).expr(operand).text(")");
    }

    @Override
    public boolean pure() {
      return operand.pure();
    }
  }

  /** Arithmetic, comparison or boolean logic. */
  record Binary(String op, Expr left, Expr right, JType type) implements Expr {
    static boolean isComparison(String op) {
      return switch (op) {
        case "<", "<=", ">", ">=", "==", "!=" -> true;
        default -> false;
      };
    }

    @Override
    public void print(Printer p) {
      if (p.traced && isComparison(op)) {
        p.text("Trace.b(" + p.id() + ", ");
        plain(p);
        p.text(")");
      } else if (p.traced && isArithmetic(op) && type.isFloating()) {
        // % and / have kinks or poles (and / a partial that may overflow); *, +, - are watched
        // for an overflow to infinity
        p.text("Trace.fn(" + p.id() + ", Trace." + (op.equals("%") ? "MOD"
            : op.equals("/") ? "DIV" : "SMOOTH")
            + ", 2, (Trace.arg(").expr(left).text(") " + op + " Trace.arg(").expr(right)
            .text(")))");
      } else {
        plain(p);
      }
    }

    private void plain(Printer p) {
      p.text("(").expr(left).text(" " + op + " ").expr(right).text(")");
    }

    private static boolean isArithmetic(String op) {
      return switch (op) {
        case "+", "-", "*", "/", "%" -> true;
        default -> false;
      };
    }

    @Override
    public boolean pure() {
      return left.pure() && right.pure();
    }
  }

  /** {@code (T) e}. */
  record Cast(JType type, Expr operand) implements Expr {
    @Override
    public void print(Printer p) {
      boolean narrowing = type.isIntegral() && operand.type().isFloating();
      if (p.traced && type == JType.FLOAT && operand.type() == JType.DOUBLE) {
        // (float) 1e300 is an infinity made from a finite number
        p.text("Trace.fn(" + p.id() + ", Trace.SMOOTH, 1, ((float) Trace.arg(").expr(operand)
            .text(")))");
        return;
      }
      if (p.traced && narrowing) {
        p.text((type == JType.INT ? "Trace.i(" : "Trace.l(") + p.id() + ", ");
      }
      p.text("((" + type.java + ") ").expr(operand).text(")");
      if (p.traced && narrowing) {
        p.text(")");
      }
    }

    @Override
    public boolean pure() {
      return operand.pure();
    }
  }

  /** {@code c ? a : b}. */
  record Ternary(Expr condition, Expr then, Expr otherwise, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("(").expr(condition).text(" ? ").expr(then).text(" : ").expr(otherwise).text(")");
    }

    @Override
    public boolean pure() {
      return condition.pure() && then.pure() && otherwise.pure();
    }
  }

  /**
   * {@code Math.f(...)} or {@code StrictMath.f(...)}; {@code kink} is a {@link Trace} kind (0 if
   * the function is smooth) and {@code kinkArity} how many leading arguments it looks at.
   */
  record MathCall(String owner, String function, List<Expr> args, JType type, int kink,
      int kinkArity) implements Expr {
    @Override
    public void print(Printer p) {
      boolean traced = p.traced;
      int kind = kink != 0 ? kink : Trace.SMOOTH;
      int arity = kink != 0 ? kinkArity : args.size();
      if (traced) {
        p.text("Trace.fn(" + p.id() + ", " + kind + ", " + arity + ", ");
      }
      p.text(owner + "." + function + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "");
        if (traced && i < arity) {
          p.text("Trace.arg(").expr(args.get(i)).text(")");
        } else {
          p.expr(args.get(i));
        }
      }
      p.text(")");
      if (traced) {
        p.text(")");
      }
    }

    @Override
    public boolean pure() {
      return args.stream().allMatch(Expr::pure);
    }
  }

  /** A library call with no kink to trace ({@code Math.floorMod}, {@code Arrays.copyOf}...). */
  record LibCall(String function, List<Expr> args, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      // the traced twin calls methods with custom rules through TracedSpecial, which marks the
      // point singular where their derivatives are not finite
      p.text((p.traced ? LibraryCalls.traced(function) : function) + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(args.get(i));
      }
      p.text(")");
    }

    @Override
    public boolean pure() {
      // copies allocate a fresh array each time: never print one twice
      return function.equals("Math.floorMod") && args.stream().allMatch(Expr::pure);
    }
  }

  /** A call to a method of the generated program. */
  record Call(String method, List<Expr> args, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      p.text(method + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(args.get(i));
      }
      p.text(")");
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /**
   * {@code Prog_Frule.f(x, xDir).tangent()}, {@code Prog_Rrule.f(x).xBar()[0]}...: a read of the
   * rules of a {@code @Grad} method of the program ({@code call} the rule class, method and
   * arguments; {@code accessor} what follows them).
   */
  record RuleRead(String ruleClass, String method, List<Expr> args, List<JType> paramTypes,
      String accessor) implements Expr {
    @Override
    public JType type() {
      return JType.DOUBLE;
    }

    @Override
    public void print(Printer p) {
      // traced: a method of the twin reads the rule, and marks the point singular where the
      // value or the derivatives its derivative is made of (g's Hessian times the direction,
      // or g's Hessian) are not finite: the trace cannot see inside the rules
      String call = p.traced ? "ruleRead" + p.helpers.size() : ruleClass + "." + method;
      if (p.traced) {
        p.helpers.add(helper(call));
      }
      p.text(call + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(args.get(i));
      }
      p.text(")" + (p.traced ? "" : accessor));
    }

    private String helper(String name) {
      List<String> params = new java.util.ArrayList<>();
      List<String> names = new java.util.ArrayList<>();
      for (int i = 0; i < paramTypes.size(); i++) {
        params.add(paramTypes.get(i).java + " v" + i);
        names.add("v" + i);
      }
      String args = String.join(", ", names);
      String rules = ruleClass.substring(0, ruleClass.length() - "_Frule".length()) + "_Rrule";
      String derivatives = ruleClass.endsWith("_Frule") ? method + "Hvp" : method + "Hessian";
      return "static double " + name + "(" + String.join(", ", params) + ") {\n"
          + "    double value = " + ruleClass + "." + method + "(" + args + ")" + accessor
          + ";\n"
          + "    Trace.finiteAll(" + rules + "." + derivatives + "(" + args + "));\n"
          + "    return Trace.finite(value);\n"
          + "  }";
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /** {@code a[i]}. */
  record Index(Expr array, Expr index, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      p.expr(array).text("[").expr(index).text("]");
    }

    @Override
    public boolean pure() {
      return array.pure() && index.pure();
    }
  }

  /** {@code a.length}. */
  record Length(Expr array) implements Expr {
    @Override
    public JType type() {
      return JType.INT;
    }

    @Override
    public void print(Printer p) {
      p.expr(array).text(".length");
    }

    @Override
    public boolean pure() {
      return array.pure();
    }
  }

  /** {@code a.clone()}. */
  record Clone(Expr array) implements Expr {
    @Override
    public JType type() {
      return array.type();
    }

    @Override
    public void print(Printer p) {
      p.expr(array).text(".clone()");
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /** {@code t = v}, {@code t += v}, ... as an expression (its value is the new value of t). */
  record Assign(Expr target, String op, Expr value) implements Expr {
    @Override
    public JType type() {
      return target.type();
    }

    /** True for {@code t /= v} and {@code t %= v} on a floating target. */
    private boolean dividing() {
      return (op.equals("/=") || op.equals("%=")) && target.type().isFloating();
    }

    @Override
    public void print(Printer p) {
      boolean narrowing = target.type().isIntegral() && value.type().isFloating();
      if (p.traced && dividing() && target.pure()) {
        p.text("(");
        rewritten(p);
        p.text(")");
      } else if (p.traced && narrowing) {
        p.text((target.type() == JType.INT ? "Trace.i(" : "Trace.l(") + p.id() + ", ");
        plain(p);
        p.text(")");
      } else if (p.traced && watched()) {
        p.text("Trace.finite(");
        plain(p);
        p.text(")");
      } else {
        plain(p);
      }
    }

    /** A floating {@code t op= v} the traced twin watches for an overflow to infinity. */
    private boolean watched() {
      return target.type().isFloating() && !op.equals("=");
    }

    private void plain(Printer p) {
      p.text("(");
      bare(p);
      p.text(")");
    }

    private void bare(Printer p) {
      p.expr(target).text(" " + op + " ").expr(value);
    }

    /** {@code t = (T) (t op v)}, with t pure: the same evaluation order, the division traced. */
    private void rewritten(Printer p) {
      p.expr(target).text(" = ((" + target.type().java + ") ")
          .expr(new Binary(op.substring(0, 1), target, value,
              JType.promote(target.type(), value.type())))
          .text(")");
    }

    @Override
    public void printAsStatement(Printer p) {
      if (p.traced && dividing() && target.pure()) {
        rewritten(p);
      } else if (p.traced && target.type().isIntegral() && value.type().isFloating()) {
        print(p);
      } else if (p.traced && watched()) {
        print(p);
      } else {
        bare(p);
      }
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /** {@code ++t}, {@code t--}, ... */
  record IncDec(Expr target, boolean prefix, String op) implements Expr {
    @Override
    public JType type() {
      return target.type();
    }

    @Override
    public void print(Printer p) {
      p.text("(");
      printAsStatement(p);
      p.text(")");
    }

    @Override
    public void printAsStatement(Printer p) {
      if (prefix) {
        p.text(op).expr(target);
      } else {
        p.expr(target).text(op);
      }
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /**
   * {@code new double[d]}, {@code new double[r][c]} or ({@code rowsToo} false) {@code new
   * double[r][]}.
   */
  record NewArray(JType type, List<Expr> dims) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("new double");
      for (Expr d : dims) {
        p.text("[").expr(d).text("]");
      }
      if (type == JType.DOUBLE_MATRIX && dims.size() == 1) {
        p.text("[]");
      }
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /** {@code new double[] {a, b}} or {@code new double[][] {r0, r1}}. */
  record ArrayInit(JType type, List<Expr> elements) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("new " + type.java + " ");
      printBare(p);
    }

    /** {@code {a, b}}, as a local variable's initializer. */
    void printBare(Printer p) {
      p.text("{");
      for (int i = 0; i < elements.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(elements.get(i));
      }
      p.text("}");
    }

    @Override
    public boolean pure() {
      return false;
    }
  }
  /** {@code new R(a, b)}: a record through its canonical constructor. */
  record New(JType type, List<Expr> args) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("new " + type.java + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(args.get(i));
      }
      p.text(")");
    }

    @Override
    public boolean pure() {
      return args.stream().allMatch(Expr::pure);
    }
  }

  /**
   * A component of a record: {@code r.x()} (the accessor), {@code r.x} ({@code field}: only in
   * the record's own code), or with a null receiver {@code x()} (inside the record).
   */
  record Access(Expr receiver, String component, JType type, boolean field) implements Expr {
    @Override
    public void print(Printer p) {
      if (receiver != null) {
        p.expr(receiver).text(".");
      }
      p.text(component + (field ? "" : "()"));
    }

    @Override
    public boolean pure() {
      return receiver == null || receiver.pure();
    }
  }

  /**
   * {@code r.m(args)}: an instance method of a record ({@code receiver} a record value, or null
   * inside the record), or a static factory ({@code receiver} the record's name as a {@link
   * Lit}).
   */
  record Invoke(Expr receiver, String method, List<Expr> args, JType type) implements Expr {
    @Override
    public void print(Printer p) {
      if (receiver != null) {
        p.expr(receiver).text(".");
      }
      p.text(method + "(");
      for (int i = 0; i < args.size(); i++) {
        p.text(i > 0 ? ", " : "").expr(args.get(i));
      }
      p.text(")");
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /** {@code new R[n]} or {@code new C[n]} (elements null until written). */
  record NewRecords(JType type, Expr length) implements Expr {
    @Override
    public void print(Printer p) {
      p.text("new " + type.element().java + "[").expr(length).text("]");
    }

    @Override
    public boolean pure() {
      return false;
    }
  }

  /**
   * A field of an object of a generated class, read or written: {@code o.x}, {@code this.x}, or
   * ({@code bare}, inside the class, with {@code this} as receiver) {@code x}.
   */
  record Field(Expr receiver, String field, JType type, boolean bare) implements Expr {
    @Override
    public void print(Printer p) {
      if (!bare) {
        p.expr(receiver).text(".");
      }
      p.text(field);
    }

    @Override
    public boolean pure() {
      return receiver.pure();
    }
  }
}
