package io.jgrad.processor.ir;

import java.util.HashSet;
import java.util.Set;

/** Hands out names that are unique within one generated method. */
public final class Names {
  private final Set<String> taken = new HashSet<>();

  public Names(Iterable<String> reserved) {
    for (String name : reserved) {
      taken.add(name);
    }
  }

  /** Names unique within {@code f}: its parameters' and locals' names are taken. */
  public static Names of(Function f) {
    java.util.List<String> taken = new java.util.ArrayList<>();
    f.params().forEach(p -> taken.add(p.name()));
    f.locals().forEach(l -> taken.add(l.name()));
    return new Names(taken);
  }

  /** Returns {@code base} if free, else {@code base2}, {@code base3}, ...; reserves the result. */
  public String fresh(String base) {
    String name = base;
    for (int i = 2; !taken.add(name); i++) {
      name = base + i;
    }
    return name;
  }

  public boolean isTaken(String name) {
    return taken.contains(name);
  }

  public void reserve(String name) {
    taken.add(name);
  }
}
