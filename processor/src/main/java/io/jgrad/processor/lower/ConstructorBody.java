package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.Initializer;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.ThisExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

/**
 * A constructor of a class used as a value that computes fields ({@code this.m =
 * secondDerivatives(x, y)}), lowered as a function from its arguments to the new object: each
 * field is a local the body assigns and reads ({@code m}, {@code this.m}), starting at its
 * default or its initializer, and the function returns {@code new C(args)} whose components are
 * those locals. The rules call the constructor itself for the object (it computes the same
 * fields, bit for bit) and take the fields' derivatives from the locals.
 */
final class ConstructorBody {
  private final MethodLowerer lowerer;
  private final Type type;
  private final Map<String, Var> fields = new LinkedHashMap<>();

  ConstructorBody(MethodLowerer lowerer, Type type) {
    this.lowerer = lowerer;
    this.type = type;
  }

  Type type() {
    return type;
  }

  /**
   * The fields as locals, at their defaults, then the field initializers in declaration order
   * (Java runs them before the constructor's body).
   */
  void start(MethodDeclaration constructor, Block out) {
    for (RecordShape.Component c : type.shape().components()) {
      Var local = lowerer.local(c.name(), c.type());
      fields.put(c.name(), local);
      out.add(new Stmt.Assign(local, defaultValue(c.type()), lowerer.origin()));
    }
    if (!(constructor.getParent() instanceof AbstractTypeDeclaration declaring)) {
      return;
    }
    for (Object member : declaring.bodyDeclarations()) {
      if (member instanceof Initializer init
          && !org.eclipse.jdt.core.dom.Modifier.isStatic(init.getModifiers())) {
        lowerer.report(init, io.jgrad.processor.diag.Message.UNSUPPORTED_STATEMENT.format(
            "an instance initializer block in a class whose constructor computes fields",
            ": move its code into the constructor"));
      } else if (member instanceof FieldDeclaration f
          && !org.eclipse.jdt.core.dom.Modifier.isStatic(f.getModifiers())) {
        for (Object fragment : f.fragments()) {
          VariableDeclarationFragment v = (VariableDeclarationFragment) fragment;
          Var local = fields.get(v.getName().getIdentifier());
          if (v.getInitializer() != null && local != null) {
            lowerer.assignInitializer(local, v.getInitializer(), out);
          }
        }
      }
    }
  }

  /**
   * The local of a field of the object under construction that {@code e} names ({@code m} or
   * {@code this.m}), or null.
   */
  Var field(Expression e) {
    IVariableBinding binding = e instanceof SimpleName n
        && n.resolveBinding() instanceof IVariableBinding b ? b
        : e instanceof FieldAccess f && f.getExpression() instanceof ThisExpression
            ? f.resolveFieldBinding() : null;
    if (binding == null || !binding.isField()
        || org.eclipse.jdt.core.dom.Modifier.isStatic(binding.getModifiers())
        || binding.getDeclaringClass() == null || !binding.getDeclaringClass().getErasure()
            .getQualifiedName().equals(type.shape().qualifiedName())) {
      return null;
    }
    return fields.get(binding.getName());
  }

  /**
   * The end of the body: the object, built by the constructor from the arguments as the caller
   * passed them (read at entry if the body reassigns a parameter), with the locals as fields.
   */
  void finish(List<Var> params, Block body) {
    java.util.Set<Var> reassigned = Blocks.assigned(body);
    List<Expr> args = new ArrayList<>();
    List<Stmt> atEntry = new ArrayList<>();
    for (Var p : params) {
      if (reassigned.contains(p)) {
        Var entry = lowerer.local(p.name() + "Arg", p.type());
        atEntry.add(new Stmt.Assign(entry, new Expr.Ref(p), lowerer.origin()));
        args.add(new Expr.Ref(entry));
      } else {
        args.add(new Expr.Ref(p));
      }
    }
    body.stmts().addAll(0, atEntry);
    List<Expr> values = new ArrayList<>();
    for (Var local : fields.values()) {
      values.add(new Expr.Ref(local));
    }
    Var object = lowerer.temp(type);
    body.add(new Stmt.Assign(object, new Expr.New(type, args, null, values), lowerer.origin()));
    body.add(new Stmt.Return(new Expr.Ref(object), lowerer.origin()));
  }

  private static Expr defaultValue(Type t) {
    if (t.equals(Type.BOOLEAN)) {
      return new Expr.Lit(Type.BOOLEAN, "false");
    }
    if (t.isFloating()) {
      return new Expr.Lit(t, t.equals(Type.FLOAT) ? "0.0f" : "0.0");
    }
    if (t.isPrimitive()) {
      return new Expr.Lit(t, t.equals(Type.LONG) ? "0L" : "0");
    }
    return new Expr.Lit(t, "null");
  }
}
