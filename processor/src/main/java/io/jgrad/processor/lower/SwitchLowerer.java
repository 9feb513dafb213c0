package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.SwitchCase;
import org.eclipse.jdt.core.dom.SwitchExpression;
import org.eclipse.jdt.core.dom.SwitchStatement;
import org.eclipse.jdt.core.dom.ThrowStatement;
import org.eclipse.jdt.core.dom.WhileStatement;
import org.eclipse.jdt.core.dom.YieldStatement;

/**
 * {@code switch} statements and expressions over int-like values, {@code String}s and enums,
 * with {@code case ... :} groups (fall-through, {@code break}) and {@code case ... ->} rules.
 *
 * <p>The selector is evaluated once. A switch whose groups never fall through and whose only
 * jumps out are final {@code break}s becomes an if/else chain. Otherwise it becomes a block that
 * runs once ({@code do ... while (false)}, which {@code break} and {@code yield} leave) in which a
 * flag carries fall-through: group k runs if an earlier group fell into it or its label matches
 * (for {@code default}: if no label matches anywhere).
 */
final class SwitchLowerer {
  private final MethodLowerer lowerer;
  private int switches;

  SwitchLowerer(MethodLowerer lowerer) {
    this.lowerer = lowerer;
  }

  /**
   * One {@code case}/{@code default} group: its labels and its statements. A rule's block
   * ({@code case 1 -> { ... }}) counts as the group's statements; JDT ends it with an implicit
   * {@code break} when it resolves bindings, which a chain drops like a written one.
   */
  private record Group(SwitchCase label, List<Statement> body) {
    static Group of(SwitchCase label, List<Statement> statements) {
      if (label.isSwitchLabeledRule() && statements.size() == 1
          && statements.get(0) instanceof org.eclipse.jdt.core.dom.Block block) {
        List<Statement> inner = new ArrayList<>();
        for (Object o : block.statements()) {
          inner.add((Statement) o);
        }
        return new Group(label, inner);
      }
      return new Group(label, statements);
    }
  }

  /** A switch statement; {@code label} names it if it is labelled. */
  void statement(SwitchStatement s, String label, Block out) {
    lower(s.getExpression(), s.statements(), label, null, out);
  }

  /** A switch expression's value, in a temporary assigned by each arm. */
  Expr expression(SwitchExpression s, Type type, Block out) {
    Var result = lowerer.temp(type);
    lower(s.getExpression(), s.statements(), null, result, out);
    return new Expr.Ref(result);
  }

  private void lower(Expression selectorExpression, List<?> statements, String label,
      Var result, Block out) {
    Type selectorType = JdtTypes.of(selectorExpression.resolveTypeBinding());
    if (selectorType == null || !(selectorType.isIntegral() || selectorType.equals(Type.STRING)
        || JdtTypes.isEnum(selectorExpression.resolveTypeBinding()))) {
      lowerer.report(selectorExpression, Message.UNSUPPORTED_EXPRESSION.format(
          "a switch over " + (selectorType == null ? "this type" : selectorType),
          ": switch over int, char, String or an enum, or rewrite it as if/else"));
      return;
    }
    Expr selector = lowerer.spill(lowerer.expressions.value(selectorExpression, out), out);
    if (!selectorType.isPrimitive()) {
      // a null selector throws, as in Java, even if no label would be compared
      out.add(new Stmt.Eval(new Expr.Call("java.util.Objects", "requireNonNull",
          List.of(selector), selectorType), lowerer.origin()));
    }
    List<Group> groups = groups(statements);
    String name = label != null ? label : "switch$" + (++switches);
    boolean chain = isChain(groups, label);
    lowerer.enterSwitch(name, result, !chain);
    try {
      if (chain) {
        chain(groups, selector, out);
      } else {
        flagged(groups, selector, name, out);
      }
    } finally {
      lowerer.exitSwitch();
    }
  }

  private static List<Group> groups(List<?> statements) {
    List<SwitchCase> labels = new ArrayList<>();
    List<List<Statement>> bodies = new ArrayList<>();
    for (Object o : statements) {
      if (o instanceof SwitchCase c) {
        labels.add(c);
        bodies.add(new ArrayList<>());
      } else if (!bodies.isEmpty()) {
        bodies.get(bodies.size() - 1).add((Statement) o);
      }
    }
    List<Group> groups = new ArrayList<>();
    for (int k = 0; k < labels.size(); k++) {
      groups.add(Group.of(labels.get(k), bodies.get(k)));
    }
    return groups;
  }

  /**
   * True if the switch can be an if/else chain: no group falls into the next one, and the only
   * {@code break}s and {@code yield}s that leave it end their groups.
   */
  private static boolean isChain(List<Group> groups, String label) {
    for (int k = 0; k < groups.size(); k++) {
      Group g = groups.get(k);
      boolean rule = g.label().isSwitchLabeledRule();
      List<Statement> body = g.body();
      if (!rule && body.isEmpty() && k < groups.size() - 1) {
        return false; // case 1: case 2: ... shares the next group's statements
      }
      for (int i = 0; i < body.size(); i++) {
        boolean last = i == body.size() - 1;
        Statement s = body.get(i);
        if (leavesSwitchInside(s, label) || !last && (s instanceof BreakStatement
            || s instanceof YieldStatement)) {
          return false;
        }
      }
      if (!rule && k < groups.size() - 1 && !body.isEmpty()
          && !endsGroup(body.get(body.size() - 1))) {
        return false; // falls through
      }
    }
    return true;
  }

  /** True for a statement after which control never reaches the next group. */
  private static boolean endsGroup(Statement s) {
    return s instanceof BreakStatement || s instanceof YieldStatement
        || s instanceof ReturnStatement || s instanceof ThrowStatement
        || s instanceof ContinueStatement;
  }

  /**
   * True if a {@code break} or {@code yield} nested inside s leaves this switch (whose label,
   * if any, is {@code label}).
   */
  private static boolean leavesSwitchInside(Statement s, String label) {
    if (s instanceof BreakStatement b && b.getLabel() == null || s instanceof YieldStatement) {
      return false; // at the top of the group: handled by the caller
    }
    boolean[] found = {false};
    s.accept(new ASTVisitor() {
      private int loops;

      @Override
      public boolean visit(BreakStatement node) {
        found[0] |= node.getLabel() == null ? loops == 0
            : node.getLabel().getIdentifier().equals(label);
        return false;
      }

      @Override
      public boolean visit(YieldStatement node) {
        found[0] = true;
        return false;
      }

      @Override
      public boolean visit(SwitchStatement node) {
        return false; // its breaks and yields are its own
      }

      @Override
      public boolean visit(SwitchExpression node) {
        return false;
      }

      @Override
      public boolean visit(ForStatement node) {
        loops++;
        return true;
      }

      @Override
      public void endVisit(ForStatement node) {
        loops--;
      }

      @Override
      public boolean visit(WhileStatement node) {
        loops++;
        return true;
      }

      @Override
      public void endVisit(WhileStatement node) {
        loops--;
      }

      @Override
      public boolean visit(DoStatement node) {
        loops++;
        return true;
      }

      @Override
      public void endVisit(DoStatement node) {
        loops--;
      }

      @Override
      public boolean visit(EnhancedForStatement node) {
        loops++;
        return true;
      }

      @Override
      public void endVisit(EnhancedForStatement node) {
        loops--;
      }
    });
    return found[0];
  }

  /** {@code if (matches g1) {...} else if (matches g2) {...} else {default}}. */
  private void chain(List<Group> groups, Expr selector, Block out) {
    Group fallback = null;
    Block current = out;
    for (Group g : groups) {
      if (g.label().isDefault()) {
        fallback = g; // tested last: it runs only if no label matches
        continue;
      }
      Block then = body(g, true);
      Block otherwise = new Block();
      current.add(new Stmt.If(matches(g, selector, current), then, otherwise,
          lowerer.origin()));
      current = otherwise;
    }
    if (fallback != null) {
      current.addAll(body(fallback, true));
    }
  }

  /** The general form: a block run once, a fall-through flag, default if no label matches. */
  private void flagged(List<Group> groups, Expr selector, String name, Block out) {
    Block inside = new Block();
    Var falling = lowerer.temp(Type.BOOLEAN);
    inside.add(new Stmt.Assign(falling, new Expr.Lit(Type.BOOLEAN, "false"), lowerer.origin()));
    Expr anyLabel = null;
    for (Group g : groups) {
      if (!g.label().isDefault() || !g.label().expressions().isEmpty()) {
        Expr m = matches(g, selector, inside);
        anyLabel = anyLabel == null ? m : new Expr.Binary("||", anyLabel, m, Type.BOOLEAN);
      }
    }
    Var matched = lowerer.temp(Type.BOOLEAN);
    inside.add(new Stmt.Assign(matched, anyLabel == null ? new Expr.Lit(Type.BOOLEAN, "false")
        : anyLabel, lowerer.origin()));
    for (Group g : groups) {
      Expr entry = g.label().isDefault()
          ? new Expr.Unary("!", new Expr.Ref(matched), Type.BOOLEAN) : matches(g, selector, inside);
      if (g.label().isDefault() && !g.label().expressions().isEmpty()) {
        entry = new Expr.Binary("||", entry, matches(g, selector, inside), Type.BOOLEAN);
      }
      if (!g.label().isSwitchLabeledRule()) {
        entry = new Expr.Binary("||", new Expr.Ref(falling), entry, Type.BOOLEAN);
      }
      Block then = new Block();
      if (!g.label().isSwitchLabeledRule()) {
        then.add(new Stmt.Assign(falling, new Expr.Lit(Type.BOOLEAN, "true"), lowerer.origin()));
      }
      then.addAll(body(g, false));
      if (g.label().isSwitchLabeledRule()) {
        then.add(new Stmt.Break(name, lowerer.origin())); // a rule never falls through
      }
      inside.add(new Stmt.If(entry, then, new Block(), lowerer.origin()));
    }
    out.add(new Stmt.Loop(name, new Expr.Lit(Type.BOOLEAN, "false"), inside, new Block(), false,
        lowerer.origin()));
  }

  /**
   * A group's statements; in a chain, the final {@code break} goes (the chain ends there) and a
   * final {@code yield} only assigns the result.
   */
  private Block body(Group g, boolean chain) {
    Block block = new Block();
    List<Statement> body = g.body();
    for (int i = 0; i < body.size(); i++) {
      Statement s = body.get(i);
      boolean last = i == body.size() - 1;
      if (chain && last && s instanceof BreakStatement b && b.getLabel() == null) {
        continue;
      }
      if (chain && last && s instanceof YieldStatement y) {
        lowerer.yieldStatement(y, block, false);
        continue;
      }
      lowerer.lowerNested(s, block);
    }
    return block;
  }

  /** {@code sel == c1 || sel == c2 ...} for the group's labels. */
  private Expr matches(Group g, Expr selector, Block out) {
    Expr result = null;
    for (Object o : g.label().expressions()) {
      Expression label = (Expression) o;
      Expr test = test(selector, label);
      result = result == null ? test : new Expr.Binary("||", result, test, Type.BOOLEAN);
    }
    return result == null ? new Expr.Lit(Type.BOOLEAN, "false") : result;
  }

  private Expr test(Expr selector, Expression label) {
    if (selector.type().equals(Type.STRING)) {
      Object value = label.resolveConstantExpressionValue();
      return new Expr.Invoke(selector, "equals", List.of(new Expr.Lit(Type.STRING,
          Constants.stringLiteral(String.valueOf(value)))), Type.BOOLEAN);
    }
    if (label instanceof Name n && n.resolveBinding() instanceof IVariableBinding constant
        && constant.isEnumConstant()) {
      return new Expr.Binary("==", selector, new Expr.StaticField(constant.getDeclaringClass()
          .getErasure().getQualifiedName(), constant.getName(), selector.type()), Type.BOOLEAN);
    }
    Object value = label.resolveConstantExpressionValue();
    Expr constant = value instanceof Character c ? Expr.Lit.ofInt(c)
        : value instanceof Number n ? Expr.Lit.ofInt(n.intValue())
        : lowerer.expressions.value(label, new Block());
    return new Expr.Binary("==", selector, constant, Type.BOOLEAN);
  }
}
