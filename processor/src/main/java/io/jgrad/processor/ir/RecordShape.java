package io.jgrad.processor.ir;

import java.util.List;

/**
 * What jgrad knows of a record of the user's, or of a class the user's code treats as a value
 * (its instance fields play the components): its components in declaration order, and the
 * generated tangent class that holds one tangent per differentiable component ({@code double}
 * and {@code float} components, {@code double[]} and {@code double[][]} components, and records
 * that have one). Records are values: a rule never
 * changes one, so a record shares its tangent (and its adjoint buffer) with every reference.
 */
public final class RecordShape {
  /**
   * A component: its name (also its accessor's and its tangent field's) and its type; for a
   * class, a field, {@code hidden} if it is private (the rules read it through the tangent
   * class, which can), {@code assignable} if it is not final.
   */
  public record Component(String name, Type type, boolean hidden, boolean assignable) {
    public Component(String name, Type type) {
      this(name, type, false, false);
    }

    public boolean isDifferentiable() {
      return type.isFloating() || type.isDifferentiableArray()
          || type.shape() != null && type.shape().isDifferentiable();
    }
  }

  private final String qualifiedName;
  private final String tangentName;
  private final boolean isClass;
  private List<Component> components = List.of();
  private boolean differentiable;

  /**
   * @param qualifiedName the record's canonical name ({@code pkg.Outer.Vec3})
   * @param tangentName its tangent class's qualified name ({@code pkg.Outer_Vec3_Tangent})
   */
  public RecordShape(String qualifiedName, String tangentName) {
    this(qualifiedName, tangentName, false);
  }

  /**
   * @param isClass a class used as a value (its instance fields are the components, read as
   *     fields), not a record (read through accessors)
   */
  public RecordShape(String qualifiedName, String tangentName, boolean isClass) {
    this.qualifiedName = qualifiedName;
    this.tangentName = tangentName;
    this.isClass = isClass;
  }

  /** A class used as a value ({@code final class Csr { final double[] values; ... }}). */
  public boolean isClass() {
    return isClass;
  }

  /** True if a component is private to a class: read through the tangent class's accessor. */
  public boolean hasHiddenComponents() {
    return components.stream().anyMatch(Component::hidden);
  }

  /** Set once, after the components' own shapes are known. */
  public void setComponents(List<Component> components) {
    this.components = List.copyOf(components);
    this.differentiable = components.stream().anyMatch(Component::isDifferentiable);
  }

  public String qualifiedName() {
    return qualifiedName;
  }

  public String tangentName() {
    return tangentName;
  }

  public List<Component> components() {
    return components;
  }

  /** The components that have a tangent, in declaration order. */
  public List<Component> differentiableComponents() {
    return components.stream().filter(Component::isDifferentiable).toList();
  }

  public Component component(String name) {
    return components.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  public boolean isDifferentiable() {
    return differentiable;
  }

  /**
   * A class with a field that is not final: its objects are memory, like arrays (a field write
   * is seen through every reference, and the reverse sweep puts the old value back).
   */
  public boolean isMutable() {
    return isClass && components.stream().anyMatch(Component::assignable);
  }

  /**
   * True if values of this type share memory when assigned: they hold arrays, are mutable, or
   * hold mutable objects.
   */
  public boolean holdsMemory() {
    return holdsArrays() || isMutable() || components.stream()
        .anyMatch(c -> c.type().isRecord() && c.type().shape().holdsMemory());
  }

  /**
   * True if a differentiable component is an array, here or in a nested record: its tangent
   * needs the value's shape ({@code zerosLike(value)}), and its arrays may be shared with
   * other variables, as arrays are.
   */
  public boolean holdsArrays() {
    return components.stream().anyMatch(c -> c.type().isArray()
        || c.type().isRecord() && c.type().shape().holdsArrays());
  }
}
