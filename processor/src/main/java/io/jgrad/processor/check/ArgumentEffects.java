package io.jgrad.processor.check;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.transform.CalleeTable;
import java.util.Set;

/**
 * What a lowered method does to its arguments, its result or constants that the rules cannot
 * follow (yet), each an error at the method: returning a parameter's array, writing a constant
 * table, a passive method writing an array, writing the arrays a record or object parameter
 * holds, moving the matrices of a {@code double[][][]} parameter.
 */
public final class ArgumentEffects {
  private ArgumentEffects() {}

  /** What a lowered method is to the rules. */
  public enum Role {
    /** A {@code @Grad} method: its caller passes the arguments and gets the gradient. */
    ENTRY_POINT,
    /** A method the rules differentiate because a rule calls it. */
    HELPER,
    /** A method the rules call as it is (its result has no derivative): only checked. */
    PASSIVE,
    /** A constructor that computes fields, differentiated as a helper returning the object. */
    CONSTRUCTOR
  }

  /**
   * The first problem, as a message, or null.
   *
   * @param name the method's simple name, for the message
   * @param returnType its declared return type, for the message
   * @param key its key in {@code table}
   */
  public static String problem(Function f, String name, String returnType, Role role,
      CalleeTable table, String key) {
    ArrayEffects effects = ArrayEffects.of(f, table);
    Set<Integer> written = table.writes().get(key);
    if (role == Role.CONSTRUCTOR) {
      // the object holds the arrays it stores, as new R(x) does; but the rules call the
      // constructor again for the object, so it must not change what it is given
      return written == null || written.isEmpty() ? null : Message.CONSTRUCTOR_WRITES.format(
          name, f.params().get(written.iterator().next()).name());
    }
    String problem = returnedParameter(f, name, effects);
    if (problem == null && effects.writtenTable() != null) {
      problem = Message.TABLE_WRITE.format(name, effects.writtenTable(), effects.writtenTable());
    }
    if (problem == null && role == Role.PASSIVE && written != null && !written.isEmpty()) {
      problem = Message.PASSIVE_WRITE.format(name, returnType,
          f.params().get(written.iterator().next()).name());
    }
    if (problem == null && role == Role.ENTRY_POINT && f.returnType().isArray()) {
      problem = writtenObjects(f, name, table);
    }
    return problem != null ? problem
        : entryEffects(f, name, role == Role.ENTRY_POINT, table);
  }

  /**
   * A {@code @Grad} method with an array result that changes objects its caller passed: its
   * Jacobian runs the rules once per row from the entry values, which it keeps by copying
   * arrays, but it cannot copy the user's objects.
   */
  private static String writtenObjects(Function f, String name, CalleeTable table) {
    ArrayEffects effects = null;
    for (Var p : f.params()) {
      Type base = p.type().baseType();
      if (base.shape() == null || !base.isMutableObject() && !base.shape().holdsMemory()) {
        continue;
      }
      effects = effects != null ? effects : ArrayEffects.ofEntryArrays(f, table);
      if (effects.isWritten(p) || effects.writesArrays(p)) {
        return Message.OBJECT_PARAMETER_WRITTEN.format(name, p.name());
      }
    }
    return null;
  }

  /** An array result that may be a parameter's array, or a record result holding one. */
  private static String returnedParameter(Function f, String name, ArrayEffects effects) {
    if (!ArrayEffects.holdsMemory(f.returnType())) {
      return null;
    }
    for (Var p : f.params()) {
      if (ArrayEffects.holdsMemory(p.type()) && effects.returnsParameter(f, p)) {
        if (f.returnType().isMutableObject()) {
          return Message.RETURNS_PARAMETER_OBJECT.format(name, p.name());
        }
        return p.type().isArray() && f.returnType().isArray()
            ? Message.RETURNS_PARAMETER.format(name, p.name(), p.name())
            : Message.RETURNS_HELD_ARRAY.format(name, p.name());
      }
    }
    return null;
  }

  /**
   * Moved rows of the matrices a record or object parameter of a {@code @Grad} method holds, and
   * moved matrices or rows of a {@code double[][][]} parameter: the conventions for written
   * arguments do not cover them yet (the rules put back contents, not row references).
   */
  private static String entryEffects(Function f, String name, boolean entryPoint,
      CalleeTable table) {
    ArrayEffects effects = null;
    for (Var p : f.params()) {
      // a @Grad method's rules keep the final rows of the matrices objects hold, not those of
      // their double[][][] arrays
      boolean holder = entryPoint && p.type().shape() != null && holdsTensor(p.type());
      boolean tensor = p.type().isFloatingArray() && p.type().dimensions() >= 3;
      if (!holder && !tensor) {
        continue;
      }
      effects = effects != null ? effects : ArrayEffects.ofEntryArrays(f, table);
      if (holder && effects.movesRowsAtAnyLevel(p)) {
        return Message.HELD_ROWS_MOVED.format(name, p.name());
      }
      if (tensor && effects.movesRowsAtAnyLevel(p)) {
        return Message.MOVES_ROWS_3D.format(name, p.name());
      }
    }
    return null;
  }

  /** True if a record or object of this type (or array of them) holds a double[][][]. */
  private static boolean holdsTensor(Type type) {
    if (type.shape() == null) {
      return type.dimensions() >= 3;
    }
    return type.shape().components().stream().anyMatch(c -> holdsTensor(c.type()));
  }
}
