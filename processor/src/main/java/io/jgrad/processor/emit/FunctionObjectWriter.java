package io.jgrad.processor.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.jgrad.processor.emit.FunctionObjectFields.Kind;
import io.jgrad.processor.emit.FunctionObjectFields.Param;
import io.jgrad.processor.emit.RuleWriter.Rule;
import io.jgrad.processor.emit.SecondOrderApi.HvpParam;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The function object of a {@code @Grad} method, in its reverse rule class: the factory
 * {@code fFunction(args)} and the class {@code FFunction} it returns, which implements the
 * runtime's {@code io.jgrad.function} interfaces by calling the method and its rules
 * ({@code fGradientInto}, {@code fHvpAdjoint}, {@code fHessian}, {@code fJacobian}) on a point: the
 * differentiable inputs flattened as the columns of {@code fJacobian}.
 */
final class FunctionObjectWriter {
  private static final String FUNCTIONS = "io.jgrad.function";
  private static final ClassName JACOBIANS = ClassName.get("io.jgrad", "Jacobians");
  private static final ClassName SNAPSHOTS = ClassName.get("io.jgrad.tape", "Snapshots");

  private final RuleWriter writer;
  private final ClassName rules;

  FunctionObjectWriter(RuleWriter writer) {
    this.writer = writer;
    this.rules = ClassName.get(writer.packageName, RuleNames.reverseClass(writer.ruleBase));
  }

  /** Adds the factory and the class, if the method gets a function object. */
  void add(Rule rule, TypeSpec.Builder type, String gradientRecord) {
    FunctionObjectFields fields = FunctionObjectFields.of(rule);
    if (fields == null) {
      return;
    }
    String name = gradientRecord.substring(0, gradientRecord.length() - "Gradient".length())
        + "Function";
    ClassName function = rules.nestedClass(name);
    type.addMethod(factory(fields, function));
    type.addType(new Emitter(fields, function).type());
  }

  /** {@code static FFunction fFunction(a, x, n, data)}. */
  private MethodSpec factory(FunctionObjectFields fields, ClassName function) {
    Rule rule = fields.rule;
    MethodSpec.Builder m = MethodSpec.methodBuilder(RuleNames.functionFactory(
            rule.primal().name()))
        .addModifiers(RuleWriter.modifiers(rule.isPublic()))
        .returns(function)
        .addJavadoc("{@link $T#$L} as a function object, for optimisers and other libraries: a"
            + " function of one point, its differentiable inputs flattened ($L)$L. See"
            + " {@link $T}.\n\n", writer.owner, RuleWriter.linkSignature(rule), layout(fields),
            hasData(fields) ? ", the other arguments bound to the values given here" : "",
            function);
    for (Param p : fields.params) {
      m.addParameter(JavaEmitter.typeName(p.var().type()), p.var().name());
      m.addJavadoc("@param $L $L\n", p.var().name(), switch (p.kind()) {
        case SCALAR -> "its value is the initial point's";
        case ARRAY -> (p.var().type().dimensions() == 1 ? "its length" : "its shape (the"
            + " lengths of its rows)") + " is the function's, its contents the initial point's";
        case BOUND -> p.var().type().isArray() ? "bound: passed to every call (the array itself,"
            + " which the method only reads: changing it changes the function)"
            : "bound: passed to every call";
        case SCRATCH -> "bound: every call is passed a copy of its contents as they are then (the"
            + " method may change the copy)";
      });
    }
    return m.addJavadoc("@return a new function object: not thread-safe, use one per thread\n")
        .addStatement("return new $T($L)", function, fields.params.stream()
            .map(p -> CodeBlock.of("$N", p.var().name())).collect(CodeBlock.joining(", ")))
        .build();
  }

  private static boolean hasData(FunctionObjectFields fields) {
    return fields.params.size() > fields.inputs().size();
  }

  /** {@code a}, then the elements of {@code x}: the inputs in the order of a point. */
  private static String layout(FunctionObjectFields fields) {
    return fields.inputs().stream()
        .map(p -> switch (p.var().type().dimensions()) {
          case 0 -> "{@code " + p.value() + "}";
          case 1 -> "the elements of {@code " + p.value() + "}";
          case 2 -> "the rows of {@code " + p.value() + "} one after the other";
          default -> "the rows of the matrices of {@code " + p.value() + "} in turn";
        })
        .collect(Collectors.joining(", then "));
  }

  /** The class and its methods, for one method's fields. */
  private final class Emitter {
    private final FunctionObjectFields fields;
    private final ClassName function;
    private final Rule rule;
    private final Function primal;
    private final String link;
    /** Parameter names of the interface methods, free of the fields' names. */
    private final String point;
    private final String gradient;
    private final String direction;
    private final String product;
    private final String at;
    private final String value;

    Emitter(FunctionObjectFields fields, ClassName function) {
      this.fields = fields;
      this.function = function;
      this.rule = fields.rule;
      this.primal = rule.primal();
      this.link = RuleWriter.linkSignature(rule);
      Names names = fields.names;
      point = names.fresh("point");
      gradient = names.fresh("gradient");
      direction = names.fresh("direction");
      product = names.fresh("hessianTimesDirection");
      at = names.fresh("at");
      value = names.fresh("value");
    }

    TypeSpec type() {
      boolean vector = primal.returnType().isArray();
      String implemented = vector ? "JacobianFunction"
          : fields.hessian ? "HessianFunction" : "GradientFunction";
      TypeSpec.Builder t = TypeSpec.classBuilder(function)
          .addModifiers(RuleWriter.modifiers(rule.isPublic()))
          .addModifiers(Modifier.FINAL)
          .addSuperinterface(ClassName.get(FUNCTIONS, implemented))
          .addJavadoc("{@link $T#$L} as a function of one point: its differentiable inputs"
              + " flattened in parameter order ($L)$L$L.\n\n", writer.owner, link,
              layout(fields), layoutOf(vector), hasData(fields) ? CodeBlock.of("; the other"
                  + " arguments are bound by {@link $T#$L}", rules,
                  RuleNames.functionFactory(primal.name())) : "")
          .addJavadoc("<p>Every call starts from its point: the arguments the method may change"
              + " are set again before each call. The object keeps them and the derivatives'"
              + " buffers, and reuses them: a call allocates only what the rules allocate, and"
              + " the results that are new arrays by contract. It is therefore not thread-safe:"
              + " use one per thread.\n")
          .addFields(fields.fields())
          .addMethod(fields.constructor())
          .addMethod(MethodSpec.methodBuilder("dimension")
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PUBLIC)
              .returns(TypeName.INT)
              .addJavadoc("The number of inputs: the length of a point.\n")
              .addStatement("return $N", fields.dimension)
              .build())
          .addMethod(MethodSpec.methodBuilder("initialPoint")
              .addModifiers(Modifier.PUBLIC)
              .returns(double[].class)
              .addJavadoc("The differentiable arguments given to {@link $T#$L}, flattened: a"
                  + " point to start from (a new array).\n", rules,
                  RuleNames.functionFactory(primal.name()))
              .addStatement("return $N.clone()", fields.initialPoint)
              .build())
          .addMethod(value());
      if (vector) {
        t.addMethod(jacobian());
      } else {
        t.addMethod(valueAndGradient());
        if (fields.hessian) {
          t.addMethod(valueGradientAndHessianTimes());
          t.addMethod(hessian());
        }
      }
      t.addMethod(unflatten("setArguments", false, point, "Sets the arguments of the next call"
          + " from {@code $L}" + (fields.params.stream().anyMatch(p -> p.kind() == Kind.SCRATCH)
              ? ", and the arrays of data from the bound ones." : ".")));
      if (fields.hessian) {
        t.addMethod(unflatten("setDirection", true, direction,
            "Sets the direction of the next Hessian-vector product from {@code $L}."));
      }
      if (!vector) {
        t.addMethod(flatten());
      }
      return t.build();
    }

    /** Which rule's matrices have the layout of a point. */
    private CodeBlock layoutOf(boolean vector) {
      return vector ? CodeBlock.of(", as the columns of {@link $T#$L}", rules,
              primal.name() + "Jacobian")
          : fields.hessian ? CodeBlock.of(", as the rows and columns of {@link $T#$L}", rules,
              RuleNames.hessian(primal.name()))
          : CodeBlock.of("");
    }

    private MethodSpec.Builder method(String name, TypeName returns, String... params) {
      MethodSpec.Builder m = MethodSpec.methodBuilder(name)
          .addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC)
          .returns(returns);
      for (String p : params) {
        m.addParameter(double[].class, p);
      }
      return m;
    }

    private MethodSpec value() {
      return method("value", JavaEmitter.typeName(primal.returnType().isArray()
          ? primal.returnType() : Type.DOUBLE), point)
          .addJavadoc("{@link $T#$L} at {@code $L}: the method itself, bit for bit.\n",
              writer.owner, link, point)
          .addStatement("setArguments($N)", point)
          .addStatement("return $T.$N($L)", writer.owner, primal.name(), arguments())
          .build();
    }

    private MethodSpec jacobian() {
      return method("jacobian", TypeName.get(double[][].class), point)
          .addJavadoc("The Jacobian at {@code $L}, by {@link $T#$L}: row {@code r} is output"
              + " {@code r}, a column per input.\n", point, rules, primal.name() + "Jacobian")
          .addStatement("setArguments($N)", point)
          .addStatement("return $T.$N($L)", rules, primal.name() + "Jacobian", arguments())
          .build();
    }

    private MethodSpec valueAndGradient() {
      MethodSpec.Builder m = method("valueAndGradient", TypeName.DOUBLE, point, gradient)
          .addJavadoc("The value at {@code $L} (bit for bit the method's) and the gradient,"
              + " written into {@code $L}, by {@link $T#$L}.\n", point, gradient,
              rules, RuleNames.gradientInto(primal.name()))
          .addStatement("$T.requireDimension($N, $N, $S)", JACOBIANS, gradient, fields.dimension,
              gradient)
          .addStatement("setArguments($N)", point);
      List<CodeBlock> call = new ArrayList<>();
      for (Param p : fields.params) {
        call.add(CodeBlock.of("$N", p.value()));
        if (p.bar() != null) {
          call.add(CodeBlock.of("$N", p.bar()));
        }
      }
      if (fields.scalarBars != null) {
        call.add(CodeBlock.of("$N", fields.scalarBars));
      }
      return m.addStatement("double $N = $T.$N($L)", value, rules,
              RuleNames.gradientInto(primal.name()), CodeBlock.join(call, ",$W"))
          .addStatement("flatten($L)", flattenArguments(Param::bar, fields.scalarBars, gradient))
          .addStatement("return $N", value)
          .build();
    }

    private MethodSpec valueGradientAndHessianTimes() {
      MethodSpec.Builder m = method("valueGradientAndHessianTimes", TypeName.DOUBLE, point,
          direction, gradient, product)
          .addJavadoc("The value at {@code $L} (bit for bit the method's), the gradient, written"
              + " into {@code $L}, and the Hessian times {@code $L}, written into {@code $L}, by"
              + " {@link $T#$L} with seed 1.\n", point, gradient, direction, product, rules,
              rule.second().hvp().name())
          .addStatement("$T.requireDimension($N, $N, $S)", JACOBIANS, gradient, fields.dimension,
              gradient)
          .addStatement("$T.requireDimension($N, $N, $S)", JACOBIANS, product, fields.dimension,
              product)
          .addStatement("setArguments($N)", point)
          .addStatement("setDirection($N)", direction);
      clear(m, Param::bar, fields.scalarBars);
      clear(m, Param::hvp, fields.scalarHvps);
      List<CodeBlock> call = new ArrayList<>();
      for (HvpParam h : SecondOrderApi.hvpParams(rule)) {
        Param p = h.primal() == null ? null : param(h.primal().name());
        call.add(switch (h.role()) {
          case PRIMAL -> CodeBlock.of("$N", param(h.param().name()).value());
          case DIRECTION -> CodeBlock.of("$N", p.direction());
          case BAR -> CodeBlock.of("$N", p.bar());
          case HVP -> CodeBlock.of("$N", p.hvp());
          case SEED -> CodeBlock.of("1.0");
          case SCALAR_BARS -> CodeBlock.of("$N", fields.scalarBars);
          case SCALAR_HVPS -> CodeBlock.of("$N", fields.scalarHvps);
        });
      }
      return m.addStatement("double $N = $T.$N($L)", value, rules, rule.second().hvp().name(),
              CodeBlock.join(call, ",$W"))
          .addStatement("flatten($L)", flattenArguments(Param::bar, fields.scalarBars, gradient))
          .addStatement("flatten($L)", flattenArguments(Param::hvp, fields.scalarHvps, product))
          .addStatement("return $N", value)
          .build();
    }

    private MethodSpec hessian() {
      return method("hessian", TypeName.get(double[][].class), point)
          .addJavadoc("The Hessian at {@code $L}, by {@link $T#$L}: a new array.\n", point, rules,
              RuleNames.hessian(primal.name()))
          .addStatement("setArguments($N)", point)
          .addStatement("return $T.$N($L)", rules, RuleNames.hessian(primal.name()), arguments())
          .build();
    }

    /** Zeroes the buffers the rules add derivatives into. */
    private void clear(MethodSpec.Builder m, java.util.function.Function<Param, String> buffer,
        String scalars) {
      for (Param p : fields.params) {
        if (buffer.apply(p) != null) {
          m.addStatement("$T.clear($N)", SNAPSHOTS, buffer.apply(p));
        }
      }
      if (scalars != null) {
        m.addStatement("$T.clear($N)", SNAPSHOTS, scalars);
      }
    }

    /** The arguments of the primal's signature: the fields named like its parameters. */
    private CodeBlock arguments() {
      return fields.params.stream().map(p -> CodeBlock.of("$N", p.value()))
          .collect(CodeBlock.joining(",$W"));
    }

    private Param param(String name) {
      return fields.params.stream().filter(p -> p.var().name().equals(name)).findFirst()
          .orElseThrow(() -> new IllegalStateException("no parameter " + name));
    }

    /**
     * {@code setArguments(point)} or {@code setDirection(direction)}: the inverse of the layout,
     * into the arguments or into the direction.
     */
    private MethodSpec unflatten(String name, boolean direction, String values, String javadoc) {
      MethodSpec.Builder m = MethodSpec.methodBuilder(name)
          .addModifiers(Modifier.PRIVATE)
          .addParameter(double[].class, values)
          .addJavadoc(javadoc + "\n", values)
          .addStatement("$T.requireDimension($N, $N, $S)", JACOBIANS, values, fields.dimension,
              values);
      fields.forEachInput(m, at, (p, offset, more) -> {
        String target = direction ? p.direction() : p.value();
        String rows = direction ? p.directionRows() : p.rows();
        if (rows != null) {
          m.addStatement("$T.restoreRows($N, $N)", SNAPSHOTS, target, rows);
        }
        if (p.kind() == Kind.ARRAY) {
          CodeBlock get = CodeBlock.of("$T.get($N, $L, $N)", JACOBIANS, values, offset, target);
          m.addStatement(more ? CodeBlock.of("$L = $L", offset, get) : get);
        } else {
          String cast = !direction && p.var().type().equals(Type.FLOAT) ? "(float) " : "";
          m.addStatement(more ? "$N = $L$N[$L++]" : "$N = $L$N[$L]", target, cast, values,
              offset);
        }
      });
      if (!direction) {
        for (Param p : fields.params) {
          if (p.kind() == Kind.SCRATCH) {
            if (p.rows() != null) {
              m.addStatement("$T.restoreRows($N, $N)", SNAPSHOTS, p.value(), p.rows());
            }
            m.addStatement("$T.restore($N, $N)", SNAPSHOTS, p.value(), p.given());
          }
        }
      }
      return m.build();
    }

    /** {@code flatten(scalarBars, xBar, gradient)}: the arguments of {@link #flatten()}. */
    private CodeBlock flattenArguments(java.util.function.Function<Param, String> buffer,
        String scalars, String into) {
      List<CodeBlock> args = new ArrayList<>();
      if (fields.hasScalars()) {
        args.add(CodeBlock.of("$N", scalars));
      }
      for (Param p : fields.params) {
        if (p.kind() == Kind.ARRAY) {
          args.add(CodeBlock.of("$N", buffer.apply(p)));
        }
      }
      args.add(CodeBlock.of("$N", into));
      return CodeBlock.join(args, ", ");
    }

    /**
     * {@code flatten(scalars, x, into)}: derivatives laid out as a point is, the k-th double or
     * float input's from {@code scalars[k]}, an array input's from its buffer.
     */
    private MethodSpec flatten() {
      Names names = new Names(fields.params.stream().map(p -> p.var().name()).toList());
      String scalars = names.fresh("scalars");
      String into = names.fresh("into");
      String next = names.fresh("at");
      MethodSpec.Builder m = MethodSpec.methodBuilder("flatten")
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addJavadoc("Writes derivatives into {@code $L} in the layout of a point$L.\n", into,
              fields.hasScalars() ? CodeBlock.of(", the one with respect to the k-th double or"
                  + " float input from {@code $L[k]}", scalars) : "");
      if (fields.hasScalars()) {
        m.addParameter(double[].class, scalars);
      }
      for (Param p : fields.params) {
        if (p.kind() == Kind.ARRAY) {
          m.addParameter(JavaEmitter.typeName(p.var().type().tangentType()), p.var().name());
        }
      }
      m.addParameter(double[].class, into);
      int[] scalar = {0};
      fields.forEachInput(m, next, (p, offset, more) -> {
        if (p.kind() == Kind.SCALAR) {
          m.addStatement(more ? "$N[$L++] = $N[$L]" : "$N[$L] = $N[$L]", into, offset, scalars,
              scalar[0]++);
        } else {
          CodeBlock put = CodeBlock.of("$T.put($N, $L, $N)", JACOBIANS, into, offset,
              p.var().name());
          m.addStatement(more ? CodeBlock.of("$L = $L", offset, put) : put);
        }
      });
      return m.build();
    }
  }
}
