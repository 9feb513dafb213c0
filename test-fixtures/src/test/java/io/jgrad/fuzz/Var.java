package io.jgrad.fuzz;

/** A variable in scope while a method is generated. */
final class Var {
  final String name;
  final JType type;
  final boolean param;
  /** Alias class of an array variable ({@link MethodGen#roots}); -1 for scalars. */
  int root = -1;
  /** While positive the variable must not be assigned (a loop counter, a loop bound). */
  int frozen;
  /**
   * For an object or an array of objects: true if the object may be one the method was passed
   * to read only (a parameter, an element of one, a for-each variable over one), whose fields
   * the code must not write. Parameters of a method that may change the objects it is passed
   * ({@link GenConfig#writtenObjects}) are not read-only.
   */
  boolean readOnly;
  /**
   * For an array of objects: true while its elements are known to be distinct objects that
   * share nothing (a parameter of a method that may change it, of a class without object
   * fields, before any element store into it and before it is passed to a method that may
   * change it): it may then be passed to such a method of the program ({@link Calls}).
   */
  boolean distinctElements;
  /** For an int loop counter: the array variable it indexes safely in its loop, or null. */
  String indexes;

  Var(String name, JType type, boolean param) {
    this.name = name;
    this.type = type;
    this.param = param;
  }

  Expr.Name ref() {
    return new Expr.Name(name, type);
  }

  @Override
  public String toString() {
    return type.java + " " + name;
  }
}
