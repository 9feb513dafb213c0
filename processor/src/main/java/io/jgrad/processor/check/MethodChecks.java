package io.jgrad.processor.check;

import io.jgrad.Grad;
import io.jgrad.NoGrad;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.diag.Reporter;
import io.jgrad.processor.rules.ParameterSlots;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** Checks on a {@code @Grad} method's declaration, before its body is read. */
public final class MethodChecks {
  private static final Set<TypeKind> PASSIVE_PARAMETERS = Set.of(TypeKind.INT, TypeKind.LONG,
      TypeKind.BOOLEAN, TypeKind.CHAR, TypeKind.SHORT, TypeKind.BYTE);
  /** The elements of arrays of data. */
  private static final Set<TypeKind> PASSIVE_ELEMENTS = Set.of(TypeKind.INT, TypeKind.LONG,
      TypeKind.BOOLEAN);

  private MethodChecks() {}

  /** What to do with a method after its declaration was checked. */
  public enum Verdict {
    /** Generate its rules. */
    RULES,
    /** Its declaration was reported; still check its body, so every error comes at once. */
    BODY_ONLY,
    /** Nothing more: no body to check, or one read in another way (an instance method). */
    NOTHING
  }

  /** Reports what is wrong with the declaration and says what to do with the method next. */
  public static Verdict verdict(ExecutableElement method, Reporter reporter) {
    boolean ok = check(method, reporter);
    Set<Modifier> modifiers = method.getModifiers();
    if (ok) {
      return Verdict.RULES;
    }
    return modifiers.contains(Modifier.STATIC) && !modifiers.contains(Modifier.NATIVE)
        && !modifiers.contains(Modifier.ABSTRACT) ? Verdict.BODY_ONLY : Verdict.NOTHING;
  }

  /** Reports what is wrong with the declaration; returns true if the method can be processed. */
  public static boolean check(ExecutableElement method, Reporter reporter) {
    String name = method.getEnclosingElement().getSimpleName() + "." + method.getSimpleName();
    boolean ok = true;
    boolean instance = !method.getModifiers().contains(Modifier.STATIC);
    TypeMirror receiver = method.getEnclosingElement().asType();
    if (instance && !Records.isRecord(receiver)) {
      String why = Records.whyNot(receiver);
      reporter.error(method, Message.NOT_STATIC.format(name,
          why == null || why.equals("not a record") ? "" : " (" + why + ")"));
      ok = false;
    }
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      String owner = method.getEnclosingElement().getSimpleName().toString();
      reporter.error(method, Message.PRIVATE.format(name, owner, owner));
      ok = false;
    }
    if (method.getModifiers().contains(Modifier.NATIVE)
        || method.getModifiers().contains(Modifier.ABSTRACT)) {
      reporter.error(method, Message.NO_BODY.format(name));
      ok = false;
    }
    if (method.isVarArgs()) {
      List<? extends VariableElement> params = method.getParameters();
      VariableElement last = params.get(params.size() - 1);
      reporter.error(last, Message.VARARGS.format(name, last.getSimpleName()));
      ok = false;
    }
    if (!method.getTypeParameters().isEmpty()) {
      reporter.error(method, Message.GENERIC.format(name));
      ok = false;
    }
    TypeKind returns = method.getReturnType().getKind();
    boolean arrayResult = method.getReturnType().toString().equals("double[]");
    // a record or object with a differentiable component (its tangent class is the seed type)
    boolean recordResult = Records.isRecord(method.getReturnType())
        && Records.isDifferentiable(method.getReturnType());
    if (returns != TypeKind.DOUBLE && returns != TypeKind.FLOAT && returns != TypeKind.VOID
        && !arrayResult && !recordResult) {
      reporter.error(method, Message.BAD_RETURN.format(name, method.getReturnType()));
      ok = false;
    }
    // an instance method's receiver is its first parameter
    boolean differentiable = instance && Records.isRecord(receiver)
        && isDifferentiable(receiver);
    boolean noGrad = false;
    for (VariableElement p : method.getParameters()) {
      TypeMirror type = p.asType();
      if (isDifferentiable(type) && p.getAnnotation(NoGrad.class) != null) {
        noGrad = true;
      } else if (isDifferentiable(type)) {
        differentiable = true;
      } else if (!isPassive(type)) {
        String record = Records.whyNot(type);
        reporter.error(p, record != null
            ? Message.UNSUPPORTED_RECORD.format(type, p.getSimpleName(), record)
            : Message.UNSUPPORTED_PARAMETER.format(p.getSimpleName(), type));
        ok = false;
      }
    }
    if (!differentiable && ok) {
      reporter.error(method, (noGrad ? Message.ALL_NO_GRAD : Message.NO_DIFFERENTIABLE_PARAMETER)
          .format(name));
      ok = false;
    }
    if (returns == TypeKind.VOID && !hasOutput(method)) {
      reporter.error(method, Message.NO_OUTPUT.format(name));
      ok = false;
    }
    String tooLarge = tooManySlots(method);
    if (tooLarge != null) {
      reporter.error(method, Message.TOO_MANY_PARAMETERS.format(name, tooLarge.split(":")[0],
          Integer.parseInt(tooLarge.split(":")[1])));
      ok = false;
    }
    List<ExecutableElement> siblings =
        ElementFilter.methodsIn(method.getEnclosingElement().getEnclosedElements());
    for (Element other : siblings) {
      if (other.equals(method) || other.getAnnotation(Grad.class) == null) {
        continue;
      }
      for (String generated : List.of("Adjoint", "Jacobian", "Forward", "Reverse")) {
        if (method.getSimpleName().contentEquals(other.getSimpleName() + generated)) {
          reporter.error(method, Message.NAME_CLASH.format(method.getSimpleName(),
              other.getSimpleName() + generated, other.getSimpleName()));
          ok = false;
        }
      }
      if (other.getSimpleName().equals(method.getSimpleName())) {
        reporter.error(method, Message.OVERLOADED.format(method.getSimpleName(),
            method.getEnclosingElement().getSimpleName()));
        ok = false;
        break;
      }
    }
    return ok;
  }

  /**
   * The first generated signature that would pass the JVM's 255 parameter slots, as
   * "what:slots", or null. The forward rule packs scalar tangents past the limit
   * ({@link ParameterSlots}); the others add an adjoint array per array parameter.
   */
  private static String tooManySlots(ExecutableElement method) {
    int primal = 0;
    int arrays = 0;
    int scalars = 0;
    for (VariableElement p : method.getParameters()) {
      TypeKind kind = p.asType().getKind();
      primal += kind == TypeKind.DOUBLE || kind == TypeKind.LONG ? 2 : 1;
      if (kind == TypeKind.ARRAY || isRecordValue(p.asType())) {
        arrays++;
      } else if (kind == TypeKind.DOUBLE || kind == TypeKind.FLOAT) {
        scalars++;
      }
    }
    TypeKind returns = method.getReturnType().getKind();
    int seed = returns == TypeKind.VOID ? 0 : returns == TypeKind.ARRAY ? 1 : 2;
    int forward = primal + arrays + 2 * scalars;
    if (forward > ParameterSlots.LIMIT && scalars > 0) {
      forward = primal + arrays + 1; // scalar tangents packed
    }
    int[] slots = {forward, primal + arrays + seed + (scalars > 0 ? 1 : 0),
        primal + arrays + seed, seed + 2 * scalars + arrays};
    String[] what = {"its forward rule", "its adjoint", "its reverse part",
        "its gradient record"};
    for (int k = 0; k < slots.length; k++) {
      if (slots[k] > ParameterSlots.LIMIT) {
        return what[k] + ":" + slots[k];
      }
    }
    return null;
  }

  /** int, long, boolean, char, short, byte, String, enum parameters: values with no derivative. */
  public static boolean isPassive(TypeMirror type) {
    return PASSIVE_PARAMETERS.contains(type.getKind()) || isPassiveObject(type)
        || isPassiveArray(type) || isRecordValue(type) && !isDifferentiable(type);
  }

  /** double[], float[][], double[][][]...: the arrays jgrad differentiates (up to 3-D). */
  public static boolean isFloatingArray(TypeMirror type) {
    int dimensions = dimensions(type);
    TypeKind element = innermost(type).getKind();
    return dimensions >= 1 && dimensions <= 3
        && (element == TypeKind.DOUBLE || element == TypeKind.FLOAT);
  }

  /** int[], long[][], boolean[], String[]...: data arrays, read and written without a derivative. */
  public static boolean isPassiveArray(TypeMirror type) {
    int dimensions = dimensions(type);
    TypeMirror element = innermost(type);
    return dimensions > 0 && dimensions <= 2 && (PASSIVE_ELEMENTS.contains(element.getKind())
        || element.toString().equals("java.lang.String"));
  }

  private static int dimensions(TypeMirror type) {
    int dimensions = 0;
    for (TypeMirror t = type; t instanceof javax.lang.model.type.ArrayType array;
        t = array.getComponentType()) {
      dimensions++;
    }
    return dimensions;
  }

  /** The type of the innermost elements of an array type ({@code float} for float[][]). */
  private static TypeMirror innermost(TypeMirror type) {
    TypeMirror t = type;
    while (t instanceof javax.lang.model.type.ArrayType array) {
      t = array.getComponentType();
    }
    return t;
  }

  /** String and enum parameters: values with no derivative (messages, switches, options). */
  private static boolean isPassiveObject(TypeMirror type) {
    return type instanceof javax.lang.model.type.DeclaredType declared
        && (declared.asElement().getKind() == javax.lang.model.element.ElementKind.ENUM
            || declared.toString().equals("java.lang.String"));
  }

  public static boolean isDifferentiable(TypeMirror type) {
    return switch (type.getKind()) {
      case DOUBLE, FLOAT -> true;
      case ARRAY -> isFloatingArray(type)
          || Records.isRecordElement(((javax.lang.model.type.ArrayType) type)
              .getComponentType()) && Records.isDifferentiable(((javax.lang.model.type.ArrayType)
                  type).getComponentType());
      case DECLARED -> Records.isRecord(type) && Records.isDifferentiable(type);
      default -> false;
    };
  }

  /** A record, or a one-dimensional array of records, of a shape jgrad models. */
  public static boolean isRecordValue(TypeMirror type) {
    return Records.isRecord(type) || type instanceof javax.lang.model.type.ArrayType array
        && Records.isRecordElement(array.getComponentType());
  }

  /** Why a record or object type is not modelled (": why"), or "" for other types. */
  public static String whyNotModelled(TypeMirror type) {
    String why = Records.whyNot(type);
    return why == null || why.equals("not a record") ? "" : ": " + why;
  }

  /**
   * True if a void method has somewhere to leave its output: an array parameter, a parameter
   * of a class with fields that are not final, or such a receiver.
   */
  private static boolean hasOutput(ExecutableElement method) {
    boolean writableReceiver = !method.getModifiers().contains(
        javax.lang.model.element.Modifier.STATIC)
        && Records.isMutable(method.getEnclosingElement().asType());
    return writableReceiver || method.getParameters().stream()
        .anyMatch(p -> p.asType().getKind() == TypeKind.ARRAY || Records.isMutable(p.asType()));
  }

  /**
   * An array, a record or object that holds one, or a mutable object: a value whose memory a
   * method may change, so that what a method does to it matters even when it returns nothing.
   */
  public static boolean holdsArrays(TypeMirror type) {
    return type.getKind() == javax.lang.model.type.TypeKind.ARRAY || Records.holdsArrays(type)
        || Records.isMutable(type);
  }
}
