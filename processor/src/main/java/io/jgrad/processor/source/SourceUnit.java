package io.jgrad.processor.source;

/**
 * The text of one compilation unit.
 *
 * @param packageName its package ("" for the default package)
 * @param fileName the simple file name, e.g. {@code Foo.java}
 */
public record SourceUnit(String packageName, String fileName, String text) {
  /** The unit's path relative to a source root, e.g. {@code pkg/Foo.java}. */
  public String relativePath() {
    return packageName.isEmpty() ? fileName : packageName.replace('.', '/') + "/" + fileName;
  }
}
