package io.jgrad.processor.diag;

/**
 * A compile error found in a method body, positioned in the source file: offsets are character
 * offsets into the compilation unit, line and column are 1-based.
 */
public record Problem(String message, int start, int end, int line, int column) {}
