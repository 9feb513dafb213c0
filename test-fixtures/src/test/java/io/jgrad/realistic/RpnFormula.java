package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Evaluates user-supplied formulas written in reverse Polish notation, e.g. {@code "x0 x1 * sin 2 +"}
 * for {@code sin(x0 * x1) + 2}, as configuration-driven models often do; and a least-squares loss
 * that fits the coefficients {@code c0, c1, ...} of such a formula to data.
 *
 * <p>Tokens (separated by blanks): numbers; variables {@code x<i>} (from {@code vars}) and
 * {@code c<i>} (from {@code coeffs}); binary operators {@code + - * / ^} (single characters, {@code ^}
 * is {@code Math.pow}); unary functions {@code neg sin cos tan exp log sqrt tanh sq}; stack words
 * {@code dup swap}.
 *
 * <p>Smoothness: as smooth as the formula; keep log/sqrt arguments positive, divisors away from zero
 * and {@code ^} bases positive. Example programs with safe arguments:
 * <ul>
 *   <li>{@code "x0 x1 * sin x2 exp +"}, vars in [-1, 1];
 *   <li>{@code "x0 sq x1 sq + sqrt"}, vars in [0.5, 2];
 *   <li>{@code "x0 dup * x1 swap / 1.5 ^"}, x0 in [0.5, 2], x1 in [0.5, 2];
 *   <li>{@code "x0 log x1 tanh neg -"}, x0 in [0.5, 3], x1 in [-2, 2].
 * </ul>
 * For {@link #fitLoss}: model {@code "c0 x0 * exp c1 +"} or {@code "c0 c1 x0 * sin *"} with
 * coeffs (length 2) in [-1, 1], xs and ys 1 to 20 values in [-1, 1].
 *
 * <p>Entry points: {@link #evaluate}(program, vars), {@link #fitLoss}(coeffs, model, xs, ys).
 */
public final class RpnFormula {

    private RpnFormula() {}

    static final int MAX_STACK = 64;

    private static double unary(String name, double a) {
        return switch (name) {
            case "neg" -> -a;
            case "sin" -> Math.sin(a);
            case "cos" -> Math.cos(a);
            case "tan" -> Math.tan(a);
            case "exp" -> Math.exp(a);
            case "log" -> {
                if (a <= 0) {
                    throw new ArithmeticException("log of non-positive value " + a);
                }
                yield Math.log(a);
            }
            case "sqrt" -> Math.sqrt(a);
            case "tanh" -> Math.tanh(a);
            case "sq" -> a * a;
            default -> throw new IllegalArgumentException("unknown function '" + name + "'");
        };
    }

    private static boolean isUnary(String token) {
        switch (token) {
            case "neg": case "sin": case "cos": case "tan": case "exp":
            case "log": case "sqrt": case "tanh": case "sq":
                return true;
            default:
                return false;
        }
    }

    private static double binary(char op, double a, double b) {
        switch (op) {
            case '+':
                return a + b;
            case '-':
                return a - b;
            case '*':
                return a * b;
            case '/':
                return a / b;
            case '^':
                return Math.pow(a, b);
            default:
                throw new IllegalArgumentException("unknown operator '" + op + "'");
        }
    }

    private static double variable(String token, double[] vars, double[] coeffs) {
        int index = Integer.parseInt(token.substring(1));
        double[] source = token.charAt(0) == 'x' ? vars : coeffs;
        if (source == null || index >= source.length) {
            throw new IllegalArgumentException("no value for '" + token + "'");
        }
        return source[index];
    }

    static double run(String program, double[] vars, double[] coeffs) {
        double[] stack = new double[MAX_STACK];
        int sp = 0;
        for (String token : program.trim().split("\\s+")) {
            if (token.length() == 1 && "+-*/^".indexOf(token.charAt(0)) >= 0) {
                if (sp < 2) {
                    throw new IllegalStateException("stack underflow at '" + token + "' in \"" + program + "\"");
                }
                double b = stack[--sp];
                double a = stack[--sp];
                stack[sp++] = binary(token.charAt(0), a, b);
            } else if (isUnary(token)) {
                stack[sp - 1] = unary(token, stack[sp - 1]);
            } else if (token.equals("dup")) {
                stack[sp] = stack[sp - 1];
                sp++;
            } else if (token.equals("swap")) {
                double t = stack[sp - 1];
                stack[sp - 1] = stack[sp - 2];
                stack[sp - 2] = t;
            } else {
                char first = token.charAt(0);
                switch (first) {
                    case 'x', 'c' -> stack[sp++] = variable(token, vars, coeffs);
                    default -> stack[sp++] = Double.parseDouble(token);
                }
            }
        }
        if (sp != 1) {
            throw new IllegalStateException("program \"" + program + "\" leaves " + sp + " values on the stack");
        }
        return stack[0];
    }

    @Grad
    public static double evaluate(String program, double[] vars) {
        return run(program, vars, null);
    }

    @Grad
    public static double fitLoss(double[] coeffs, String model, double[] xs, double[] ys) {
        double loss = 0.0;
        double[] point = new double[1];
        for (int i = 0; i < xs.length; i++) {
            point[0] = xs[i];
            double r = run(model, point, coeffs) - ys[i];
            loss += r * r;
        }
        return 0.5 * loss;
    }
}
