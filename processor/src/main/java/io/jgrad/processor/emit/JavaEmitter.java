package io.jgrad.processor.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * IR -> Java source, as JavaPoet code blocks. Locals are declared where {@link Declarations}
 * says; statements carry a comment with the source line they come from.
 *
 * <p>A method whose bytecode would be too large (the JVM's limit is 64 KB, and its JIT does not
 * compile methods over 8,000 bytes) is split: its variables become fields of a frame object the
 * method allocates, and runs of its statements become private static methods taking the frame,
 * {@code fForward$1(frame)}, {@code fForward$2(frame)}...; a large loop or branch stays in
 * place with its body split the same way.
 */
public final class JavaEmitter {
  /** Bodies estimated larger than this are split (see {@link BytecodeSize}). */
  static final int SPLIT_ABOVE = 7_000;
  /** The most a chunk of a split method holds (estimated). */
  static final int CHUNK_BUDGET = 6_000;

  /** A method's body, and the chunk methods and frame class it needs (none if not split). */
  public record Emitted(CodeBlock body, List<MethodSpec> helpers, List<TypeSpec> types) {}

  private final Declarations declarations;
  private final ExprPrinter printer;
  private final Split split;
  private int lastLine = -1;
  /** The blocks being printed, outermost first, and the index of the statement in each. */
  private final List<Block> openBlocks = new ArrayList<>();
  private final List<Integer> openIndices = new ArrayList<>();

  /** Where a split method's chunks go. */
  private static final class Split {
    final String method;
    final String frameClass;
    final String frame;
    final List<TypeName> thrown;
    final List<MethodSpec> chunks = new ArrayList<>();

    Split(String method, String frameClass, String frame, List<TypeName> thrown) {
      this.method = method;
      this.frameClass = frameClass;
      this.frame = frame;
      this.thrown = thrown;
    }
  }

  private JavaEmitter(Declarations declarations, ExprPrinter printer, Split split) {
    this.declarations = declarations;
    this.printer = printer;
    this.split = split;
  }

  /** True if {@code function} is emitted as one method, not split into chunks. */
  public static boolean fitsOneMethod(Function function) {
    return BytecodeSize.of(function.body()) <= SPLIT_ABOVE;
  }

  /** The body of {@code function}, split if it is too large for one method. */
  public static Emitted emit(Function function, List<TypeName> thrown, Mirrors mirrors) {
    if (BytecodeSize.of(function.body()) <= SPLIT_ABOVE) {
      JavaEmitter emitter = new JavaEmitter(Declarations.of(function),
          ExprPrinter.plain(mirrors), null);
      CodeBlock.Builder code = CodeBlock.builder();
      emitter.block(function.body(), code);
      return new Emitted(code.build(), List.of(), List.of());
    }
    return split(function, thrown, mirrors);
  }

  private static Emitted split(Function function, List<TypeName> thrown, Mirrors mirrors) {
    List<String> taken = new ArrayList<>();
    function.params().forEach(p -> taken.add(p.name()));
    function.locals().forEach(l -> taken.add(l.name()));
    Names names = new Names(taken);
    String frame = names.fresh("frame");
    String frameClass = Character.toUpperCase(function.name().charAt(0))
        + function.name().substring(1) + "$Frame";
    Set<Var> inFrame = new LinkedHashSet<>(function.params());
    inFrame.addAll(function.locals());
    Split split = new Split(function.name(), frameClass, frame, thrown);
    JavaEmitter emitter = new JavaEmitter(Declarations.none(),
        new ExprPrinter(inFrame, frame, mirrors), split);
    CodeBlock.Builder code = CodeBlock.builder();
    code.addStatement("$L $N = new $L()", frameClass, frame, frameClass);
    for (Var p : function.params()) {
      code.addStatement("$N.$N = $N", frame, p.name(), p.name());
    }
    boolean mayComplete = emitter.chunked(function.body(), code);
    if (!function.returnType().equals(Type.VOID) && mayComplete) {
      // javac cannot see that a chunk ends in a throw: tell it the end is unreachable
      code.addStatement("throw new $T()", AssertionError.class);
    }
    TypeSpec.Builder type = TypeSpec.classBuilder(frameClass)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The variables of {@link #$N}, which is split into chunks.\n",
            function.name());
    Set<String> fields = new java.util.HashSet<>();
    for (Var v : inFrame) {
      if (fields.add(v.name())) { // the loops over directions share one counter's name
        type.addField(typeName(v.type()), v.name());
      }
    }
    return new Emitted(code.build(), split.chunks, List.of(type.build()));
  }

  /**
   * A block of a split method: runs of statements go to chunk methods; a large branch or loop
   * stays here with its blocks split in turn; the return stays in the method itself.
   *
   * @return whether javac considers the emitted code able to complete normally: it does after
   *     every chunk call, also one whose chunk ends in a throw
   */
  private boolean chunked(Block block, CodeBlock.Builder code) {
    List<Stmt> run = new ArrayList<>();
    int size = 0;
    boolean mayComplete = true;
    for (Stmt s : block.stmts()) {
      int cost = BytecodeSize.of(s);
      boolean large = cost > CHUNK_BUDGET && (s instanceof Stmt.If || s instanceof Stmt.Loop
          || s instanceof Stmt.Protected);
      if (large || s instanceof Stmt.Return || size + cost > CHUNK_BUDGET) {
        flush(run, code);
        size = 0;
      }
      if (large || s instanceof Stmt.Return) {
        mayComplete = inPlace(s, code);
      } else {
        run.add(s);
        size += cost;
      }
      if (!Reachability.completesNormally(s)) {
        break;
      }
    }
    if (!run.isEmpty()) {
      flush(run, code);
      return true;
    }
    return mayComplete;
  }

  /**
   * A large control statement, or the return, emitted in the method being built.
   *
   * @return whether javac considers it able to complete normally (see {@link #chunked})
   */
  private boolean inPlace(Stmt s, CodeBlock.Builder code) {
    origin(s.origin(), code);
    if (s instanceof Stmt.If i) {
      code.beginControlFlow("if ($L)", printer.expr(i.condition()));
      boolean mayComplete = chunked(i.then(), code);
      if (!i.otherwise().isEmpty()) {
        code.nextControlFlow("else");
        mayComplete = chunked(i.otherwise(), code) || mayComplete;
      } else {
        mayComplete = true;
      }
      code.endControlFlow();
      return mayComplete;
    } else if (s instanceof Stmt.Loop l) {
      CodeBlock condition = l.condition() == null ? CodeBlock.of("true")
          : printer.expr(l.condition());
      boolean bodyMayComplete;
      if (l.testFirst()) {
        code.beginControlFlow("while ($L)", condition);
        bodyMayComplete = chunked(l.body(), code);
        code.endControlFlow();
      } else {
        code.beginControlFlow("do");
        bodyMayComplete = chunked(l.body(), code);
        code.endControlFlow("while ($L)", condition);
      }
      // JLS 14.12-14.13: a loop on a non-constant condition completes when its test is reachable
      boolean testReachable = l.testFirst() || bodyMayComplete;
      return (l.condition() != null && testReachable) || Reachability.completesNormally(l);
    } else if (s instanceof Stmt.Protected p) {
      code.beginControlFlow("try");
      boolean mayComplete = chunked(p.body(), code);
      code.nextControlFlow("catch ($T $N)", Throwable.class, p.thrown().name());
      block(p.onThrow(), code);
      code.addStatement("throw $N", p.thrown().name());
      code.endControlFlow();
      return mayComplete;
    } else {
      statement(s, code);
      return Reachability.completesNormally(s);
    }
  }

  /** Moves a run of statements into a new chunk method and calls it. */
  private void flush(List<Stmt> run, CodeBlock.Builder code) {
    if (run.isEmpty()) {
      return;
    }
    String name = split.method + "$" + (split.chunks.size() + 1);
    JavaEmitter chunk = new JavaEmitter(declarations, printer, split);
    CodeBlock.Builder body = CodeBlock.builder();
    chunk.block(new Block(run), body);
    split.chunks.add(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(ParameterSpec.builder(ClassName.get("", split.frameClass), split.frame)
            .build())
        .addExceptions(split.thrown)
        .addCode(body.build())
        .build());
    code.addStatement("$N($N)", name, split.frame);
    run.clear();
  }

  public static TypeName typeName(Type type) {
    if (type.isArray()) {
      TypeName result = typeName(type.baseType());
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
    block(block, block.stmts().size(), code);
  }

  /** The first {@code end} statements of a block (see {@link #block(Block, CodeBlock.Builder)}). */
  private void block(Block block, int end, CodeBlock.Builder code) {
    block(block, 0, end, code);
  }

  /** Statements {@code from} to {@code end} (excluded) of a block. */
  private void block(Block block, int from, int end, CodeBlock.Builder code) {
    openBlocks.add(block);
    openIndices.add(from);
    int depth = openBlocks.size() - 1;
    try {
      for (int i = from; i < end; i++) {
        openIndices.set(depth, i);
        Stmt s = block.stmts().get(i);
        for (int k = i == from ? 0 : i; k <= i; k++) { // those before statements left out too
          declareBefore(block, k, code);
        }
        boolean countingUp = countingLoop(block, i);
        if (countingUp || i + 1 < end && countingDown(block, i)) {
          // the loop's header takes statement i: what is declared before i + 1 comes first
          openIndices.set(depth, i + 1);
          declareBefore(block, i + 1, code);
          if (countingUp) {
            forLoop((Stmt.Assign) s, (Stmt.Loop) block.stmts().get(i + 1), code);
          } else {
            downLoop((Stmt.Assign) s, (Stmt.Loop) block.stmts().get(i + 1), code);
          }
          i++;
          continue;
        }
        statement(s, code);
        if (!Reachability.completesNormally(s)) {
          return; // javac rejects unreachable statements: a push or return after a throw
        }
      }
    } finally {
      openBlocks.remove(depth);
      openIndices.remove(depth);
    }
  }

  /** The locals declared with a default value before statement {@code i} of {@code block}. */
  private void declareBefore(Block block, int i, CodeBlock.Builder code) {
    for (Var local : declarations.before(block, i)) {
      code.addStatement("$T $N = $L", typeName(local.type()), local.name(),
          defaultValue(local.type()));
    }
  }

  private void statement(Stmt s, CodeBlock.Builder code) {
    origin(s.origin(), code);
    if (s instanceof Stmt.Assign a && declarations.declares(a)) {
      code.addStatement("$T $N = $L", typeName(a.target().type()), a.target().name(),
          printer.expr(a.value()));
    } else if (s instanceof Stmt.Assign a) {
      assign(a, code);
    } else if (s instanceof Stmt.SetField f) {
      code.addStatement("$L", printer.setField(f.field(), f.value()));
    } else if (s instanceof Stmt.Store st) {
      code.addStatement("$L[$L] = $L", printer.operand(st.array(), ExprPrinter.Prec.PRIMARY, false),
          printer.expr(st.index()), printer.expr(st.value()));
    } else if (s instanceof Stmt.Accumulate a) {
      if (a.value() instanceof Expr.Unary u && u.op().equals("-")) {
        code.addStatement("$L -= $L", printer.expr(a.target()), printer.operand(u.operand(), ExprPrinter.Prec.ADDITIVE, true));
      } else {
        code.addStatement("$L += $L", printer.expr(a.target()), printer.expr(a.value()));
      }
    } else if (s instanceof Stmt.Eval e) {
      code.addStatement("$L", printer.expr(e.expr()));
    } else if (s instanceof Stmt.If i) {
      branch(i, code, false);
    } else if (s instanceof Stmt.Loop l) {
      loop(l, code);
    } else if (s instanceof Stmt.Return r) {
      if (r.value() == null) {
        code.addStatement("return");
      } else {
        code.addStatement("return $L", printer.expr(r.value()));
      }
    } else if (s instanceof Stmt.Throw t) {
      code.addStatement("throw $L", printer.expr(t.exception()));
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

  /**
   * True if statements {@code i} and {@code i + 1} of {@code block} are {@code c = start;} (an
   * integer) and a loop testing first whose body ends in {@code c++} (or another step of {@code
   * c}): a {@code for} loop, printed as one. The IR's loops jump nowhere (structurized), so the
   * step always runs last. A counter declared there and read after the loop is declared before
   * it ({@code int i; for (i = 0; ...)}) if the loop's condition reads it (not an iteration
   * count kept for the reverse sweep beside the loop's own counter).
   */
  private boolean countingLoop(Block block, int i) {
    List<Stmt> stmts = block.stmts();
    return i + 1 < stmts.size() && stmts.get(i) instanceof Stmt.Assign init
        && init.target().type().isIntegral() && !printer.isInFrame(init.target())
        && stmts.get(i + 1) instanceof Stmt.Loop loop && loop.testFirst()
        && loop.condition() != null
        && !loop.body().isEmpty() && isStep(last(loop.body()), init.target())
        && !continues(loop.body())
        && (declarations.declares(init) && !mentionedAfter(init.target(), i + 1)
        || io.jgrad.processor.ir.Exprs.vars(loop.condition()).contains(init.target()));
  }

  /**
   * True if statements {@code i} and {@code i + 1} of {@code block} are {@code int c = start;}
   * and {@code while (c > end) { c--; body }}, the reverse of a counting loop, {@code body}
   * assigning neither {@code c} nor what {@code end} reads: printed as {@code for (int c = start
   * - 1; c > end - 1; c--) { body }}. That leaves {@code c} one lower, so nothing may read it after
   * the loop; and it wraps around where {@code end} is the smallest integer or {@code start}
   * less than {@code end} is, so {@code end} must be a literal and {@code start} one of the
   * forms that cannot be less: where the loop it reverses ended ({@code max(end, bound)}, as
   * {@code end < bound ? bound : end}), a length (end at most 0) or a literal.
   */
  private boolean countingDown(Block block, int i) {
    if (i + 1 >= block.stmts().size() || !(block.stmts().get(i) instanceof Stmt.Assign init)
        || !declarations.declares(init) || printer.isInFrame(init.target())
        || !(block.stmts().get(i + 1) instanceof Stmt.Loop loop) || !loop.testFirst()
        || !(loop.condition() instanceof Expr.Binary test) || !test.op().equals(">")
        || !(test.left() instanceof Expr.Ref r) || r.var() != init.target()
        || !(test.right() instanceof Expr.Lit end) || loop.body().stmts().size() < 2
        || continues(loop.body()) || !(loop.body().stmts().get(0) instanceof Stmt.Assign first)
        || !isStep(first, r.var()) || !((Expr.Binary) first.value()).op().equals("-")
        || !((Expr.Lit) ((Expr.Binary) first.value()).right()).text().equals("1")) {
      return false;
    }
    Var counter = r.var();
    Long endValue = integer(end, counter.type());
    if (endValue == null || !atLeast(init.value(), end, endValue)) {
      return false;
    }
    Block rest = new Block();
    loop.body().stmts().subList(1, loop.body().stmts().size()).forEach(rest::add);
    return !io.jgrad.processor.ir.Blocks.assignedAnyhow(rest).contains(counter)
        && !mentionedAfter(counter, i + 1);
  }

  /** The value of an int or long literal of {@code type} above the type's least, else null. */
  private static Long integer(Expr.Lit lit, Type type) {
    boolean isLong = type.equals(Type.LONG);
    if (!type.equals(Type.INT) && !isLong) {
      return null;
    }
    try {
      long v = isLong ? Long.parseLong(lit.text().replaceAll("[lL]$", ""))
          : Integer.parseInt(lit.text());
      return v > (isLong ? Long.MIN_VALUE : Integer.MIN_VALUE) ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** True if {@code start} cannot be less than the literal {@code end}. */
  private static boolean atLeast(Expr start, Expr.Lit end, long endValue) {
    if (start instanceof Expr.Conditional c && c.condition() instanceof Expr.Binary less
        && less.op().equals("<") && less.left().equals(end) && c.whenFalse().equals(end)
        && c.whenTrue().equals(less.right()) && isPlain(less.right())) {
      return true; // end < bound ? bound : end
    }
    if (start instanceof Expr.Length) {
      return endValue <= 0;
    }
    return start instanceof Expr.Lit lit && integer(lit, end.type()) != null
        && integer(lit, end.type()) >= endValue;
  }

  /**
   * True if a statement that may run after statement {@code index} of the innermost block being
   * printed mentions {@code v}: one after it in its block or in an enclosing one, or a {@code
   * catch} block around it.
   */
  private boolean mentionedAfter(Var v, int index) {
    for (int k = 0; k < openBlocks.size(); k++) {
      List<Stmt> stmts = openBlocks.get(k).stmts();
      int at = k == openBlocks.size() - 1 ? index : openIndices.get(k);
      if (stmts.get(at) instanceof Stmt.Protected p && k < openBlocks.size() - 1
          && p.onThrow().stmts().stream().anyMatch(st -> mentions(st, v))) {
        return true;
      }
      for (Stmt after : stmts.subList(at + 1, stmts.size())) {
        if (mentions(after, v)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Variables, literals and arithmetic on them: evaluating it has no effect. */
  private static boolean isPlain(Expr e) {
    if (e instanceof Expr.Ref || e instanceof Expr.Lit) {
      return true;
    }
    if (e instanceof Expr.Binary b) {
      return isPlain(b.left()) && isPlain(b.right());
    }
    return e instanceof Expr.Unary u && isPlain(u.operand());
  }

  private static boolean continues(Block body) {
    boolean[] found = {false};
    io.jgrad.processor.ir.Blocks.visitStmts(body, st -> found[0] |= st instanceof Stmt.Continue);
    return found[0];
  }

  /** True if {@code s} (or a statement in it) reads or assigns {@code v}. */
  private static boolean mentions(Stmt s, Var v) {
    boolean[] found = {false};
    Block one = new Block().add(s);
    io.jgrad.processor.ir.Blocks.visitExprs(one, e -> found[0] |= e instanceof Expr.Ref r
        && r.var() == v);
    io.jgrad.processor.ir.Blocks.visitStmts(one, st -> found[0] |= st instanceof Stmt.Assign a
        && a.target() == v);
    return found[0];
  }

  /** {@code c = c + k} or {@code c = c - k} with {@code k} a literal. */
  private static boolean isStep(Stmt s, Var counter) {
    return s instanceof Stmt.Assign a && a.target() == counter
        && a.value() instanceof Expr.Binary b && b.left() instanceof Expr.Ref r
        && r.var() == counter && b.right() instanceof Expr.Lit
        && (b.op().equals("+") || b.op().equals("-"));
  }

  private static Stmt last(Block b) {
    return b.stmts().get(b.stmts().size() - 1);
  }

  /**
   * {@code for (int c = start; condition; c++) { body }}, the step out of the body; {@code int
   * c; for (c = start; ...)} if something after the loop reads {@code c}.
   */
  private void forLoop(Stmt.Assign init, Stmt.Loop loop, CodeBlock.Builder code) {
    origin(init.origin(), code);
    Var counter = init.target();
    boolean readAfter = mentionedAfter(counter, openIndices.get(openIndices.size() - 1));
    boolean declares = declarations.declares(init);
    if (declares && readAfter) {
      code.addStatement("$T $N", typeName(counter.type()), counter.name());
    }
    Stmt.Assign step = (Stmt.Assign) last(loop.body());
    Expr.Binary b = (Expr.Binary) step.value();
    String name = printer.name(counter);
    String stepText = ((Expr.Lit) b.right()).text().equals("1")
        ? name + (b.op().equals("+") ? "++" : "--")
        : name + " " + b.op() + "= " + printer.expr(b.right());
    String label = loop.label() == null ? "" : loop.label() + ": ";
    CodeBlock start = declares && !readAfter
        ? CodeBlock.of("$T $N = $L", typeName(counter.type()), name, printer.expr(init.value()))
        : CodeBlock.of("$N = $L", name, printer.expr(init.value()));
    code.beginControlFlow("$Lfor ($L; $L; $L)", label, start, printer.expr(loop.condition()),
        stepText);
    block(loop.body(), loop.body().stmts().size() - 1, code);
    code.endControlFlow();
  }

  /**
   * {@code for (int c = start - 1; c > end - 1; c--) { body }} from {@code int c = start;} and
   * {@code while (c > end) { c--; body }} (see {@link #countingDown}); {@code end < bound ? bound
   * : end} as {@code Math.max(end, bound)}, {@code end - 1} folded ({@code c > -1}). Not {@code c
   * >= end}: with that test C2 (JDK 17) compiled gp_lml's reverse Cholesky loop, whose body
   * indexes arrays by {@code c}, to code twice as slow (2,107 against 1,055 us in a JMH run of
   * the rule's three forms; {@code c > -1} 1,082 us, as fast as the {@code while}).
   */
  private void downLoop(Stmt.Assign init, Stmt.Loop loop, CodeBlock.Builder code) {
    Expr.Binary test = (Expr.Binary) loop.condition();
    Var counter = init.target();
    Type type = counter.type();
    Expr start = init.value() instanceof Expr.Conditional c
        ? new Expr.Call("java.lang.Math", "max", List.of(test.right(), c.whenTrue()), type)
        : init.value();
    Expr first = new Expr.Binary("-", start, new Expr.Lit(type, "1"), type);
    origin(init.origin(), code);
    origin(loop.origin(), code);
    String label = loop.label() == null ? "" : loop.label() + ": ";
    long below = integer((Expr.Lit) test.right(), type) - 1; // the least value is excluded
    Expr last = new Expr.Lit(type, Long.toString(below) + (type.equals(Type.LONG) ? "L" : ""));
    code.beginControlFlow("$Lfor ($T $N = $L; $L; $N--)", label, typeName(type),
        counter.name(), printer.expr(first),
        printer.expr(new Expr.Binary(">", test.left(), last, Type.BOOLEAN)),
        counter.name());
    block(loop.body(), 1, loop.body().stmts().size(), code); // the step is in the header
    code.endControlFlow();
  }

  /** {@code v = v + e} reads better as {@code v += e}, and {@code i = i + 1} as {@code i++}. */
  private void assign(Stmt.Assign a, CodeBlock.Builder code) {
    String name = printer.name(a.target());
    if (a.value() instanceof Expr.Binary b && b.left() instanceof Expr.Ref r
        && r.var() == a.target() && b.type().equals(a.target().type())
        && List.of("+", "-", "*", "/").contains(b.op())) {
      if (b.right() instanceof Expr.Lit lit && lit.text().equals("1")
          && (b.op().equals("+") || b.op().equals("-"))) {
        code.addStatement("$L$L", name, b.op().equals("+") ? "++" : "--");
      } else {
        code.addStatement("$L $L= $L", name, b.op(), printer.expr(b.right()));
      }
      return;
    }
    code.addStatement("$L = $L", name, printer.expr(a.value()));
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
      boolean[] effect = {false};
      io.jgrad.processor.ir.Exprs.visit(condition, x -> effect[0] |= x instanceof Expr.Invoke
          || x instanceof Expr.Call c && !c.owner().startsWith("java.lang."));
      if (effect[0]) {
        code.beginControlFlow("if ($L)", printer.expr(condition)); // the call's effect stays
        code.endControlFlow();
      }
      return;
    }
    if (elseIf) {
      code.nextControlFlow("else if ($L)", printer.expr(condition));
    } else {
      code.beginControlFlow("if ($L)", printer.expr(condition));
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
    // exact for every type, NaN included (unlike flipping < to >=)
    if (condition instanceof Expr.Binary b && (b.op().equals("==") || b.op().equals("!="))) {
      return new Expr.Binary(b.op().equals("==") ? "!=" : "==", b.left(), b.right(),
          Type.BOOLEAN);
    }
    return new Expr.Unary("!", condition, Type.BOOLEAN);
  }

  private void loop(Stmt.Loop l, CodeBlock.Builder code) {
    String label = l.label() == null ? "" : l.label() + ": ";
    CodeBlock condition = l.condition() == null ? CodeBlock.of("true") : printer.expr(l.condition());
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
}
