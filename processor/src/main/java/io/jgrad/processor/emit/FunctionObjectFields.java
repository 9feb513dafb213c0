package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.jgrad.processor.emit.RuleWriter.Rule;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * What the function object of a {@code @Grad} method ({@link FunctionObjectWriter}) keeps for
 * each parameter of the method, under which field names, and which methods get one: those whose
 * differentiable parameters are numbers and arrays of numbers (the point is their entries) and
 * whose other parameters can be bound to values.
 */
final class FunctionObjectFields {
  /** What a function object does with a parameter of its method. */
  enum Kind {
    /** A double or float input: one entry of the point, in a field set before each call. */
    SCALAR,
    /** A differentiable array: entries of the point, copied into an array of the given shape. */
    ARRAY,
    /** Data the method cannot change (a value, or {@code @NoGrad}): passed to every call. */
    BOUND,
    /** An array of data the method may write: copied from the bound array before each call. */
    SCRATCH
  }

  /**
   * One parameter and its fields: {@code value} is what every call is passed (named like the
   * parameter); the others are null where the parameter has none.
   *
   * @param rows the row objects of {@code value} (a matrix: the method may move its rows)
   * @param bar the gradient buffer of an array input
   * @param direction the direction of a Hessian-vector product along this input
   * @param directionRows the row objects of {@code direction}
   * @param hvp the buffer of the Hessian times the direction, this input's part
   * @param given the array of data bound to a {@link Kind#SCRATCH} parameter
   */
  record Param(Var var, Kind kind, String value, String rows, String bar, String direction,
      String directionRows, String hvp, String given) {}

  final Rule rule;
  final boolean hessian;
  final List<Param> params;
  final String dimension;
  final String initialPoint;
  /** The gradient's and the Hessian-vector product's scalar parts (null without scalars). */
  final String scalarBars;
  final String scalarHvps;
  /** Every field name, and the parameter names of the constructor (the primal's). */
  final Names names;

  private FunctionObjectFields(Rule rule, boolean hessian, List<Kind> kinds) {
    this.rule = rule;
    this.hessian = hessian;
    List<Var> vars = rule.primal().params();
    names = new Names(vars.stream().map(Var::name).toList());
    boolean scalarResult = !rule.primal().returnType().isArray();
    params = new ArrayList<>();
    for (int k = 0; k < vars.size(); k++) {
      Var p = vars.get(k);
      Kind kind = kinds.get(k);
      boolean matrix = p.type().dimensions() == 2;
      boolean array = kind == Kind.ARRAY;
      boolean direction = hessian && (array || kind == Kind.SCALAR);
      params.add(new Param(p, kind, p.name(),
          matrix && (array || kind == Kind.SCRATCH) ? names.fresh(p.name() + "Rows") : null,
          array && scalarResult ? names.fresh(p.name() + "Bar") : null,
          direction ? names.fresh(p.name() + "Dir") : null,
          direction && array && matrix ? names.fresh(p.name() + "DirRows") : null,
          direction && array ? names.fresh(p.name() + "Hvp") : null,
          kind == Kind.SCRATCH ? names.fresh(p.name() + "Given") : null));
    }
    dimension = names.fresh("dimension");
    initialPoint = names.fresh("initialPoint");
    boolean scalars = params.stream().anyMatch(p -> p.kind() == Kind.SCALAR);
    scalarBars = scalars && scalarResult ? names.fresh("scalarBars") : null;
    scalarHvps = scalars && hessian ? names.fresh("scalarHvps") : null;
  }

  /**
   * The fields of {@code rule}'s function object, or null if it gets none: a helper, an
   * instance method, a method declaring exceptions (the interfaces' methods throw no checked
   * ones), a result other than a number or {@code double[]}, or a parameter that is neither a
   * number or array of numbers to differentiate nor data that can be bound (records and objects
   * with derivatives, objects the method may change).
   */
  static FunctionObjectFields of(Rule rule) {
    Type result = rule.primal().returnType();
    if (rule.helper() || rule.instance() || !rule.thrown().isEmpty()
        || !(result.isFloating() || result.equals(Type.DOUBLE_ARRAY))) {
      return null;
    }
    List<Kind> kinds = new ArrayList<>();
    for (Var p : rule.primal().params()) {
      Kind kind = kind(p);
      if (kind == null) {
        return null;
      }
      kinds.add(kind);
    }
    return new FunctionObjectFields(rule, result.isFloating() && SecondOrderApi.hasHessian(rule),
        kinds);
  }

  /** The parameter's kind, or null if a function object cannot take it. */
  private static Kind kind(Var p) {
    Type type = p.type();
    if (p.isDifferentiableParam()) {
      return type.isFloating() ? Kind.SCALAR : type.isDifferentiableArray() ? Kind.ARRAY : null;
    }
    if (p.isConstant() || type.isPrimitive()) {
      return Kind.BOUND; // @NoGrad: the method is checked not to write it
    }
    boolean value = type.shape() == null || !type.shape().holdsMemory();
    if (!type.isArray()) {
      return value ? Kind.BOUND : null; // a String, an enum, a record of data
    }
    return type.isPassiveArray() && value ? Kind.SCRATCH : null;
  }

  boolean hasScalars() {
    return scalarBars != null || scalarHvps != null;
  }

  /** The double, float and array inputs, in parameter order: the layout of a point. */
  List<Param> inputs() {
    return params.stream().filter(p -> p.kind() == Kind.SCALAR || p.kind() == Kind.ARRAY)
        .toList();
  }

  /** Adds one input's statements: where it starts in a point, and if a later one follows. */
  interface InputStep {
    void add(Param input, CodeBlock offset, boolean more);
  }

  /**
   * Walks the inputs in the layout of a point, the offset in local {@code at} (declared here,
   * unless there is one input only: its offset is 0).
   */
  void forEachInput(MethodSpec.Builder m, String at, InputStep step) {
    List<Param> inputs = inputs();
    if (inputs.size() > 1) {
      m.addStatement("int $N = 0", at);
    }
    for (int i = 0; i < inputs.size(); i++) {
      step.add(inputs.get(i), inputs.size() == 1 ? CodeBlock.of("0") : CodeBlock.of("$N", at),
          i + 1 < inputs.size());
    }
  }

  /** The field declarations, in the order of the constructor's assignments. */
  List<FieldSpec> fields() {
    List<FieldSpec> out = new ArrayList<>();
    out.add(field(TypeName.INT, dimension, true));
    out.add(field(TypeName.get(double[].class), initialPoint, true));
    for (Param p : params) {
      TypeName type = JavaEmitter.typeName(p.var().type());
      out.add(field(type, p.value(), p.kind() != Kind.SCALAR));
      if (p.given() != null) {
        out.add(field(type, p.given(), true));
      }
      if (p.rows() != null) {
        out.add(field(type, p.rows(), true));
      }
    }
    for (Param p : params) {
      if (p.bar() != null) {
        out.add(field(tangentType(p), p.bar(), true));
      }
    }
    if (scalarBars != null) {
      out.add(field(TypeName.get(double[].class), scalarBars, true));
    }
    for (Param p : params) {
      if (p.direction() != null) {
        boolean scalar = p.kind() == Kind.SCALAR;
        out.add(field(scalar ? TypeName.DOUBLE : tangentType(p), p.direction(), !scalar));
      }
      if (p.directionRows() != null) {
        out.add(field(tangentType(p), p.directionRows(), true));
      }
      if (p.hvp() != null) {
        out.add(field(tangentType(p), p.hvp(), true));
      }
    }
    if (scalarHvps != null) {
      out.add(field(TypeName.get(double[].class), scalarHvps, true));
    }
    return out;
  }

  /**
   * The constructor: counts the inputs, flattens the given arguments into the initial point,
   * binds the data, and allocates the arguments' copies and the derivatives' buffers, shaped
   * like the arguments.
   */
  MethodSpec constructor() {
    ClassName jacobians = ClassName.get("io.jgrad", "Jacobians");
    ClassName snapshots = ClassName.get("io.jgrad.tape", "Snapshots");
    MethodSpec.Builder m = MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE);
    for (Param p : params) {
      m.addParameter(JavaEmitter.typeName(p.var().type()), p.var().name());
    }
    Names locals = new Names(List.of());
    params.forEach(p -> locals.reserve(p.var().name()));
    String columns = locals.fresh("columns");
    RuleWriter.countColumns(rule.primal(), columns, m);
    m.addStatement("this.$N = $N", dimension, columns);
    m.addStatement("this.$N = new double[$N]", initialPoint, columns);
    forEachInput(m, locals.fresh("at"), (p, offset, more) -> {
      if (p.kind() == Kind.SCALAR) {
        m.addStatement(more ? "this.$N[$L++] = $N" : "this.$N[$L] = $N", initialPoint, offset,
            p.value());
      } else {
        CodeBlock put = CodeBlock.of("$T.put(this.$N, $L, $N)", jacobians, initialPoint, offset,
            p.value());
        m.addStatement(more ? CodeBlock.of("$L = $L", offset, put) : put);
      }
    });
    if (params.stream().anyMatch(p -> p.kind() == Kind.ARRAY || p.kind() == Kind.SCRATCH)) {
      m.addComment("each call's arguments (arrays: copies, their contents set before each call)");
    } else if (params.stream().anyMatch(p -> p.kind() == Kind.BOUND)) {
      m.addComment("the data every call is passed");
    }
    for (Param p : params) {
      switch (p.kind()) {
        case ARRAY -> m.addStatement("this.$N = $T.copy($N)", p.value(), snapshots, p.value());
        case BOUND -> m.addStatement("this.$N = $N", p.value(), p.value());
        case SCRATCH -> {
          m.addStatement("this.$N = $N", p.given(), p.value());
          m.addStatement("this.$N = $L$T.copy($N)", p.value(), sameScratch(p), snapshots,
              p.value());
        }
        case SCALAR -> { } // set from the point
      }
      if (p.rows() != null) {
        m.addComment("the rows of $N, put back before each call: the method may move them",
            p.value());
        m.addStatement("this.$N = $T.rows(this.$N)", p.rows(), snapshots, p.value());
      }
    }
    long scalarCount = RuleWriter.scalarCount(rule.primal());
    if (scalarBars != null || params.stream().anyMatch(p -> p.bar() != null)) {
      m.addComment("the gradient (zeroed before each call: the rules add into it)");
      for (Param p : params) {
        if (p.bar() != null) {
          m.addStatement("this.$N = $T.zerosLike($N)", p.bar(), snapshots, p.value());
        }
      }
      if (scalarBars != null) {
        m.addStatement("this.$N = new double[$L]", scalarBars, scalarCount);
      }
    }
    if (hessian) {
      m.addComment(params.stream().anyMatch(p -> p.hvp() != null)
          ? "the direction of a Hessian-vector product and the product (zeroed before each call)"
          : "the Hessian-vector product (zeroed before each call)");
      for (Param p : params) {
        if (p.direction() != null && p.kind() == Kind.ARRAY) {
          m.addStatement("this.$N = $T.zerosLike($N)", p.direction(), snapshots, p.value());
          if (p.directionRows() != null) {
            m.addStatement("this.$N = $T.rows(this.$N)", p.directionRows(), snapshots,
                p.direction());
          }
          m.addStatement("this.$N = $T.zerosLike($N)", p.hvp(), snapshots, p.value());
        }
      }
      if (scalarHvps != null) {
        m.addStatement("this.$N = new double[$L]", scalarHvps, scalarCount);
      }
    }
    return m.build();
  }

  /**
   * {@code order == indices ? this.indices : }: an array of data passed for two parameters is
   * one array to the method, so it gets one scratch copy.
   */
  private CodeBlock sameScratch(Param p) {
    CodeBlock.Builder out = CodeBlock.builder();
    for (Param earlier : params.subList(0, params.indexOf(p))) {
      if (earlier.kind() == Kind.SCRATCH && earlier.var().type().equals(p.var().type())) {
        out.add("$N == $N ? this.$N : ", p.value(), earlier.value(), earlier.value());
      }
    }
    return out.build();
  }

  private static TypeName tangentType(Param p) {
    return JavaEmitter.typeName(p.var().type().tangentType());
  }

  private static FieldSpec field(TypeName type, String name, boolean isFinal) {
    FieldSpec.Builder f = FieldSpec.builder(type, name, Modifier.PRIVATE);
    if (isFinal) {
      f.addModifiers(Modifier.FINAL);
    }
    return f.build();
  }
}
