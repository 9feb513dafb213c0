package io.jgrad.processor.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A method in IR form: parameters, return type, the body, and every local the body uses (locals
 * are declared at the top of the generated method, which keeps them visible to a reverse sweep).
 */
public final class Function {
  private final String name;
  private final List<Var> params;
  private final Type returnType;
  private final Block body;
  private final List<Var> locals;

  public Function(String name, List<Var> params, Type returnType, Block body, List<Var> locals) {
    this.name = name;
    this.params = List.copyOf(params);
    this.returnType = returnType;
    this.body = body;
    this.locals = new ArrayList<>(locals);
  }

  /** The same function under another name. */
  public Function renamed(String newName) {
    return new Function(newName, params, returnType, body, locals);
  }

  public String name() {
    return name;
  }

  public List<Var> params() {
    return params;
  }

  public Type returnType() {
    return returnType;
  }

  public Block body() {
    return body;
  }

  public List<Var> locals() {
    return locals;
  }
}
