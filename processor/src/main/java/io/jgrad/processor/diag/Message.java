package io.jgrad.processor.diag;

/**
 * Every diagnostic jgrad reports, in one place. Each says what is wrong and how to fix it.
 * Arguments are filled in with {@link String#format}.
 */
public enum Message {
  NOT_STATIC("@Grad method %s must be static, or an instance method of a record or of a class"
      + " whose fields jgrad can treat as values (numbers, arrays of numbers, data, records)%s:"
      + " make it static, passing what it reads from the instance as parameters"),
  PRIVATE("@Grad method %s must not be private: its rules live in the companion classes %s_Frule"
      + " and %s_Rrule, which must be able to call it. Make it package-private or public"),
  BAD_RETURN("@Grad method %s returns %s; jgrad differentiates methods that return double,"
      + " float, double[], a record or an object of a class used as a value with a"
      + " differentiable component, and void methods that write output arrays or objects"),
  NO_OUTPUT("@Grad method %s returns void and has no array or object parameter to write its"
      + " output to: return the value instead"),
  NO_DIFFERENTIABLE_PARAMETER("@Grad method %s has no differentiable parameter: add a double,"
      + " float or double[] parameter to differentiate with respect to"),
  ALL_NO_GRAD("@Grad method %s has no differentiable parameter: every double, float, array or"
      + " record parameter is @NoGrad; remove @NoGrad from the parameters to differentiate with"
      + " respect to"),
  NO_GRAD_WRITTEN("%s writes into its @NoGrad parameter %s (here or in a method it calls); a"
      + " @NoGrad array or object is data the method only reads: remove @NoGrad from %s, or"
      + " write into a copy (%s = %s.clone() for an array)"),
  NO_GRAD_VARIED_ARGUMENT("%s passes %s, which carries a derivative, as argument %s of %s,"
      + " whose parameter there is @NoGrad: its rules take that argument as a constant and would"
      + " drop the derivative; remove that @NoGrad, or pass a value computed from data only"
      + " (%s)"),
  UNSUPPORTED_PARAMETER("parameter %s of type %s is not supported by @Grad: use double, float,"
      + " double[], double[][], double[][][], records, arrays of records and objects of classes"
      + " used as values (differentiated), or int, long,"
      + " boolean, char, short, byte, String, an enum, or arrays of int, long, boolean or String"
      + " (data)"),
  UNSUPPORTED_RECORD("type %s (of %s) is not supported in a @Grad method: %s"),
  RECORD_CONSTRUCTOR_CHANGES("the constructor of record %s assigns to its parameter %s: jgrad"
      + " takes a component's derivative to be its argument's, so a constructor may check its"
      + " arguments but not change them; normalise the value in a static factory method instead"),
  RECORD_CONSTRUCTOR_UNREAD("record %s declares its canonical constructor, and jgrad cannot read"
      + " its source to check that it leaves its arguments as they are: compile the record from"
      + " source in this build, or pass its source root with -Ajgrad.sourcepath=DIR"),
  OVERLOADED("@Grad methods named %s are overloaded in %s: the generated rule names would clash;"
      + " give the @Grad methods distinct names"),
  GENERIC("@Grad method %s must not declare type parameters"),
  NO_SOURCE("jgrad could not read the source of %s (%s); compile from source files, or pass the"
      + " source root with -Ajgrad.sourcepath=DIR"),
  UNSUPPORTED_STATEMENT("%s is not supported in a @Grad method%s"),
  UNSUPPORTED_EXPRESSION("%s is not supported in a @Grad method%s"),
  UNSUPPORTED_LOCAL_TYPE("local variable %s of type %s is not supported in a @Grad method: use"
      + " double, float, double[], double[][] or double[][][] locals, records, arrays of records"
      + " and objects of classes used as values (differentiated), or int, long, boolean,"
      + " String, enum locals and arrays of int, long,"
      + " boolean or String (data)"),
  NO_RULE("call to %s cannot be differentiated: %s. jgrad differentiates the static methods whose"
      + " source is in this build (with or without @Grad) and calls the ones whose result has no"
      + " derivative, or whose arguments are all data (literals, int values, static final"
      + " constants, @NoGrad parameters and final locals computed from those); otherwise compute"
      + " the value outside the @Grad method and pass it in as a parameter"),
  INSTANCE_CALL("call to %s is a call on an object, which jgrad cannot differentiate (it"
      + " differentiates instance methods of records, enums and classes used as values):"
      + " compute the value before the @Grad method"
      + " and pass it in as a parameter, or write the computation as a static method, which"
      + " jgrad differentiates with or without @Grad"),
  VARARGS("@Grad method %s has a varargs parameter %s: declare it as double[] instead"),
  NO_BODY("@Grad method %s has no body to differentiate (it is abstract or native)"),
  NAME_CLASH("@Grad method %s clashes with the generated %s of @Grad method %s: rename one of"
      + " them"),
  DOES_NOT_COMPILE("%s: jgrad cannot generate the rules of @Grad method %s until it compiles."
      + " If it does compile with javac, jgrad could not resolve a type it uses: pass"
      + " -Ajgrad.classpath=... with the jars it needs"),
  OLD_RELEASE("@Grad method %s: jgrad's rules use records, which need Java 16 or later, but this"
      + " compilation targets Java %s; compile with --release 16 or later (17 recommended)"),
  TOO_MANY_PARAMETERS("@Grad method %s has too many parameters for its rules: %s would need %d"
      + " parameter slots, more than the JVM's 255 (a double takes two, and each array"
      + " parameter gets a tangent or adjoint array next to it); pass some of the values in an"
      + " array"),
  RETURNS_PARAMETER("%s may return its array parameter %s (or a row of it); jgrad's rules"
      + " give a returned array its own adjoint, so return a copy: %s.clone() (a method that"
      + " only returns a path, return m[i];, is read as that path where it is called, and a"
      + " helper whose every return returns the same parameter, return y;, as that argument)"),
  RETURNS_HELD_ARRAY("%s may return an array that its parameter %s holds, or a record holding"
      + " one; jgrad's rules give a returned array or record its own adjoint, so return copies"
      + " of the arrays (values.clone()) or build the record from new arrays (a getter that"
      + " only returns a field, return this.values;, is read as the field where it is called)"),
  RETURNS_PARAMETER_OBJECT("%s may return an object that its parameter %s refers to or holds;"
      + " jgrad's rules give a returned object its own adjoint, so they cannot follow it through"
      + " the call yet (a getter whose body is only return of a field or element, return"
      + " this.body; or return ps[i];, is read as that path where it is called, and a helper"
      + " whose every return returns the same parameter or this, as that argument): return its"
      + " index (an int) and read the element where it is needed, or"
      + " return a new object"),
  MOVES_ROWS_3D("%s replaces matrices or rows of its double[][][] parameter %s (%2$s[i] = m or"
      + " %2$s[i][j] = row), or passes it to a method that does; jgrad supports that for"
      + " double[][] parameters and local arrays, not yet for double[][][] parameters: copy the"
      + " values into the existing rows (System.arraycopy, or a loop)"),
  HELD_ROWS_MOVED("%s replaces matrices or rows of a double[][][] that its record or object"
      + " parameter %s holds (t[i] = m or t[i][j] = row), or passes it to a method that does;"
      + " jgrad supports that for double[][] arrays, not yet for double[][][] arrays: copy the"
      + " values into the existing rows (System.arraycopy, or a loop)"),
  CONSTRUCTOR_WRITES("the constructor of %s changes the contents of its argument %s (here or in"
      + " a method it calls); jgrad differentiates constructors that compute fields by calling"
      + " them again, so they must leave their arguments as they are: change a copy"
      + " (%2$s.clone())"),
  OBJECT_PARAMETER_WRITTEN("@Grad method %s returns an array and changes a field of an object"
      + " or an array its parameter %s refers to (here or in a method it calls); jgrad's"
      + " Jacobian of an"
      + " array result runs the rules once per row from the arguments' entry values, and cannot"
      + " copy objects for that yet: return a double (or write the outputs into an array"
      + " parameter of a void method), or copy the objects inside the method first"),
  GENERATED_NAME_TAKEN("jgrad generates class %s for the @Grad methods of %s, but %s; rename"
      + " one of the classes"),
  NON_FINAL_STATIC("reading static field %s, which is not final, is not supported in a @Grad"
      + " method: the rules could read a different value than the primal did; make it final, or"
      + " pass the value in as a parameter"),
  STATIC_WRITE("assigning to static field %s is not supported in a @Grad method: a @Grad method"
      + " (and what it calls) must not change static state; use a local variable, or write"
      + " outputs into an array parameter"),
  TABLE_WRITE("@Grad method %s writes into the static final array %s: jgrad reads static final"
      + " arrays as constants; write into a copy instead (%s.clone())"),
  NO_MATH_RULE("call to %s has no derivative rule: jgrad differentiates the Math functions"
      + " listed in the README; rewrite the expression with those"),
  SIDE_EFFECT_IN_CONDITION("an assignment or ++/-- inside %s is not supported in a @Grad method:"
      + " move it to its own statement"),
  UNRESOLVED("jgrad cannot resolve %s (no type information): check the imports and the"
      + " classpath, or pass -Ajgrad.classpath=..."),
  PASSIVE_WRITE("%s returns %s, which has no derivative, so the rules of the @Grad methods"
      + " calling it call it as it is; but it may write its array parameter %s, and jgrad cannot"
      + " follow that write: return the new values (a double[] result) or write them in a method"
      + " that returns void"),
  PASSIVE_COPY_CALL("%s is private and its result has no derivative, so jgrad copies it into the"
      + " rule classes; but it calls %s, which they cannot call (it is private, or in a private"
      + " class): make %1$s or that method package-private"),
  CALLEE_FAILED("%s calls %s, which jgrad cannot differentiate (see the errors reported there):"
      + " no rules are generated for %1$s until those are fixed"),
  RULE_CALL_FORM("%s: jgrad differentiates a call of another @Grad method's rules only with"
      + " its accessor right after it: Foo_Frule.g(x, xDot).value() or .tangent(), and"
      + " Foo_Rrule.g(x).value() or .xBar() (one per differentiable parameter); write it that"
      + " way (one call per accessor), or compute it before the @Grad method and pass it in"),
  RULE_CALL_TARGET("%s reads the rules of %s, which jgrad cannot differentiate through: %s"),
  RULE_CALL_NO_HVP("%s reads the rules of %s, which have no second-order rules (%s), and the"
      + " derivative of a derivative needs them: no rules are generated for %1$s"),
  ZERO_DERIVATIVE_PRIVATE("%s is @ZeroDerivative, so the rules call it as it is, but it is"
      + " private and they cannot: make it package-private"),
  CUSTOM_RULES("%s"),
  INTERNAL("jgrad internal error while processing %s: %s. Please report this bug at"
      + " https://github.com/jgrad/jgrad/issues with the method's source; as a workaround remove"
      + " @Grad from it");

  private final String format;

  Message(String format) {
    this.format = format;
  }

  public String format(Object... args) {
    return String.format(format, args);
  }
}
