package io.jgrad.check;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Where the differentiable numbers of one argument list live.
 *
 * <p>The array parameters are walked in parameter order, depth first; every {@code double[]} met
 * on the way (a {@code double[]} argument, a row of a {@code double[][]} argument, a row of a
 * sub-matrix of a {@code double[][][]} argument) is a <em>slot</em>, addressed by its parameter
 * and its index path below it ({@code {}}, {@code {r}}, {@code {i, j}}). Distinct {@code double[]}
 * objects are the <em>leaves</em>: if the same array is passed for two parameters, or a row is
 * also passed on its own, the slots share one leaf. Differentiable data is therefore counted per
 * piece of memory, as in Mooncake.jl: an input (and an output) is a leaf's contents, and its
 * tangent and adjoint live in one shadow array passed wherever the leaf appears.
 *
 * <p>The arrays above the rows ({@code double[][]} and {@code double[][][]} arguments, the
 * sub-matrices of a {@code double[][][]}, record arrays) are <em>containers</em>: their lengths
 * and null elements are part of the shape, and a container that is the same object as an earlier
 * one (a matrix passed twice, a sub-matrix of a {@code double[][][]} also passed as a
 * {@code double[][]}) is shared in the tangents and adjoints too. A null row or a null
 * sub-matrix has no slot.
 *
 * <p>A differentiable record argument (or data class object), and every non-null element of a
 * record-array argument, is a slot too, with a leaf of its own even if the same record object
 * appears elsewhere (records are values): the leaf holds the record's entries ({@link
 * ValueType}: its numbers, and the elements of its {@code double[]}/{@code double[][]}/{@code
 * double[][][]} components row by row, in component order), its tangent and adjoint are objects
 * of the record's tangent class, shaped like the record. The number of entries, and the shape of
 * the tangent, come from the record at entry ({@link ValueType.Shape}): array lengths, ragged
 * rows, null arrays. A record of numbers never changes, so its final contents are its entry
 * contents; a record holding arrays may have its arrays written, and its final contents are read
 * from it after the call, like an array's. An element of a record array is read positionally like
 * a row. An array a record holds counts as part of the record's leaf, not as memory shared with
 * another argument that is the same array: the record's entries are an input of their own.
 *
 * <p>A layout is read from the arguments on entry. After a call, the arguments are read again
 * through the same slots (positionally: the final contents of {@code w[2]} are whatever row
 * {@code w[2]} then holds, those of {@code x[1][0]} whatever row the sub-matrix then at
 * {@code x[1]} holds at 0), and shadow arrays are read back the same way.
 */
final class Layout {
  private static final int[] NO_PATH = new int[0];

  private final Signature signature;
  /**
   * Per slot: parameter index, index path below the parameter (empty for a {@code double[]} or
   * record parameter; the row, or the element index in a record array; the sub-matrix and the row
   * in a {@code double[][][]}), the container holding it (-1 for a parameter itself) and leaf
   * index.
   */
  private final int[] slotParam;
  private final int[][] slotPath;
  private final int[] slotContainer;
  private final int[] slotLeaf;
  /** Per leaf: its length and its first slot. */
  private final int[] leafLength;
  private final int[] leafSlot;
  /** Per leaf: the shape of a record leaf (null for a {@code double[]} or a null record). */
  private final ValueType.Shape[] leafShape;
  /**
   * Per container, in walking order (a container before the containers and slots inside it):
   * parameter index, index path below the parameter, the container holding it (-1 for a
   * parameter itself), its length, which of its elements are null, and the first container that
   * is the very same array (itself if none before it is; always itself for record arrays).
   */
  private final int[] containerParam;
  private final int[][] containerPath;
  private final int[] containerParent;
  private final int[] containerLength;
  private final boolean[][] containerNulls;
  private final int[] containerSame;
  /**
   * Per parameter: for an array or record parameter, the first such parameter holding the very
   * same array (itself if none before it does, and always itself for records); -1 for other
   * parameters.
   */
  private final int[] sameAs;

  /** Collects slots, leaves and containers while the arguments are walked. */
  private static final class Builder {
    final List<int[]> slots = new ArrayList<>(); // {param, container, leaf}
    final List<int[]> slotPaths = new ArrayList<>();
    final List<Integer> lengths = new ArrayList<>();
    final List<Integer> firstSlots = new ArrayList<>();
    final List<ValueType.Shape> shapes = new ArrayList<>();
    final Map<Object, Integer> leaves = new IdentityHashMap<>();
    final List<int[]> containers = new ArrayList<>(); // {param, parent, length, same}
    final List<int[]> containerPaths = new ArrayList<>();
    final List<boolean[]> containerNulls = new ArrayList<>();
    final Map<Object, Integer> containerIds = new IdentityHashMap<>();

    /**
     * Adds a slot for a record, with a leaf of its own shaped like {@code value} (a null record
     * parameter has no entries and a null tangent).
     */
    void addRecordSlot(int param, int[] path, int container, ValueType record, Object value) {
      ValueType.Shape shape = value == null ? null : record.shapeOf(value);
      firstSlots.add(slots.size());
      slots.add(new int[] {param, container, lengths.size()});
      slotPaths.add(path);
      lengths.add(shape == null ? 0 : shape.width);
      shapes.add(shape);
    }

    void addSlot(int param, int[] path, int container, double[] leaf) {
      Integer index = leaves.get(leaf);
      if (index == null) {
        index = lengths.size();
        leaves.put(leaf, index);
        lengths.add(leaf.length);
        firstSlots.add(slots.size());
        shapes.add(null);
      }
      slots.add(new int[] {param, container, index});
      slotPaths.add(path);
    }

    /**
     * Adds the container {@code array} (not null) at {@code path} below parameter {@code param},
     * {@code depth} levels above the rows (or record elements), and everything inside it.
     */
    void addContainer(int param, int[] path, int parent, Object array, int depth,
        ValueType record) {
      int id = containers.size();
      int length = Array.getLength(array);
      // records are values: a record array shares nothing
      Integer earlier = record == null ? containerIds.putIfAbsent(array, id) : null;
      boolean[] nulls = new boolean[length];
      containers.add(new int[] {param, parent, length, earlier == null ? id : earlier});
      containerPaths.add(path);
      containerNulls.add(nulls);
      for (int e = 0; e < length; e++) {
        Object element = Array.get(array, e);
        nulls[e] = element == null;
        if (element == null) {
          continue;
        }
        int[] inner = Arrays.copyOf(path, path.length + 1);
        inner[path.length] = e;
        if (depth > 1) {
          addContainer(param, inner, id, element, depth - 1, record);
        } else if (record == null) {
          addSlot(param, inner, id, (double[]) element);
        } else {
          addRecordSlot(param, inner, id, record, element);
        }
      }
    }
  }

  private Layout(Signature signature, Builder b, int[] sameAs) {
    this.signature = signature;
    slotParam = b.slots.stream().mapToInt(s -> s[0]).toArray();
    slotContainer = b.slots.stream().mapToInt(s -> s[1]).toArray();
    slotLeaf = b.slots.stream().mapToInt(s -> s[2]).toArray();
    slotPath = b.slotPaths.toArray(int[][]::new);
    leafLength = b.lengths.stream().mapToInt(Integer::intValue).toArray();
    leafSlot = b.firstSlots.stream().mapToInt(Integer::intValue).toArray();
    leafShape = b.shapes.toArray(ValueType.Shape[]::new);
    containerParam = b.containers.stream().mapToInt(c -> c[0]).toArray();
    containerParent = b.containers.stream().mapToInt(c -> c[1]).toArray();
    containerLength = b.containers.stream().mapToInt(c -> c[2]).toArray();
    containerSame = b.containers.stream().mapToInt(c -> c[3]).toArray();
    containerPath = b.containerPaths.toArray(int[][]::new);
    containerNulls = b.containerNulls.toArray(boolean[][]::new);
    this.sameAs = sameAs;
  }

  /** Reads the layout of {@code args} (already normalized: arrays of the parameter types). */
  static Layout of(Signature signature, Object[] args) {
    Builder b = new Builder();
    Map<Object, Integer> outers = new IdentityHashMap<>();
    int[] sameAs = new int[signature.arity()];
    Arrays.fill(sameAs, -1);
    for (int param : signature.bufferParams) {
      Object arg = args[param];
      ParamKind kind = signature.kind(param);
      // records are values: each record parameter is an input of its own
      Integer earlier = kind.isArray() ? outers.putIfAbsent(arg, param) : null;
      sameAs[param] = earlier == null ? param : earlier;
      ValueType record = signature.recordType(param);
      if (kind == ParamKind.DOUBLE_ARRAY) {
        b.addSlot(param, NO_PATH, -1, (double[]) arg);
      } else if (kind == ParamKind.RECORD) {
        b.addRecordSlot(param, NO_PATH, -1, record, arg);
      } else {
        int depth = kind == ParamKind.RECORD_ARRAY ? 1 : kind.containerDepth();
        b.addContainer(param, NO_PATH, -1, arg, depth, record);
      }
    }
    return new Layout(signature, b, sameAs);
  }

  int leafCount() {
    return leafLength.length;
  }

  int leafLength(int leaf) {
    return leafLength[leaf];
  }

  /**
   * True if some memory is shared: an array passed twice, a row (or a sub-matrix) also passed on
   * its own or appearing twice.
   */
  boolean aliased() {
    if (slotLeaf.length != leafLength.length) {
      return true;
    }
    for (int param : signature.bufferParams) {
      if (sameAs[param] != param) {
        return true;
      }
    }
    for (int c = 0; c < containerSame.length; c++) {
      if (containerSame[c] != c) {
        return true;
      }
    }
    return false;
  }

  /** True if {@code other} has the same slots, sharing, lengths and null rows (and matrices). */
  boolean samePattern(Layout other) {
    return sameContainers(other)
        && Arrays.equals(slotLeaf, other.slotLeaf)
        && Arrays.equals(leafLength, other.leafLength)
        && Arrays.equals(leafShape, other.leafShape)
        && Arrays.equals(sameAs, other.sameAs)
        && Arrays.equals(containerSame, other.containerSame);
  }

  /**
   * True if {@code other} has the same slots and containers at the same places, with the same
   * lengths and null elements, whatever memory they share.
   */
  private boolean sameContainers(Layout other) {
    return Arrays.equals(slotParam, other.slotParam)
        && Arrays.deepEquals(slotPath, other.slotPath)
        && Arrays.equals(containerParam, other.containerParam)
        && Arrays.deepEquals(containerPath, other.containerPath)
        && Arrays.equals(containerLength, other.containerLength)
        && Arrays.deepEquals(containerNulls, other.containerNulls);
  }

  /**
   * True if {@code other} has the same slots, with the same lengths position by position, and
   * the same null rows (and sub-matrices), whatever memory the slots share: for example after a
   * method moved a row of an unaliased matrix argument onto another ({@code m[0] = m[1]}), or a
   * sub-matrix of a {@code double[][][]} onto another, whose final contents are still read
   * position by position.
   */
  boolean sameShape(Layout other) {
    if (!sameContainers(other)) {
      return false;
    }
    for (int s = 0; s < slotParam.length; s++) {
      if (leafLength[slotLeaf[s]] != other.leafLength[other.slotLeaf[s]]
          || !Objects.equals(leafShape[slotLeaf[s]], other.leafShape[other.slotLeaf[s]])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Describes how {@code structures} (one object per parameter: the arguments, or tangents or
   * adjoints) fail to have this layout's shape, or returns null if they have it.
   */
  String shapeProblem(Object[] structures, String suffix) {
    for (int param : signature.bufferParams) {
      String problem = shapeProblem(structures, param, suffix);
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  /** As {@link #shapeProblem(Object[], String)}, for parameter {@code param} alone. */
  String shapeProblem(Object[] structures, int param, String suffix) {
    String name = signature.name(param) + suffix;
    Object value = structures[param];
    ParamKind kind = signature.kind(param);
    if (value == null) {
      // a record parameter that was null on entry has a null tangent (and stays null)
      return kind == ParamKind.RECORD && nullRecord(param) ? null : name + " is null";
    }
    // containers first, outermost first: a slot is read only through containers checked here
    for (int c = 0; c < containerParam.length; c++) {
      if (containerParam[c] == param) {
        String problem = containerProblem(structures, c);
        if (problem != null) {
          return name + index(containerPath[c]) + problem;
        }
      }
    }
    for (int s = 0; s < slotParam.length; s++) {
      if (slotParam[s] == param) {
        String problem = pieceProblem(structures, s);
        if (problem != null) {
          return slotName(s, suffix) + problem;
        }
      }
    }
    return null;
  }

  /**
   * How the array of {@code structures} at container {@code c} is not shaped like it, or null: it
   * is null, or has another length. (Its parent has been checked.)
   */
  private String containerProblem(Object[] structures, int c) {
    Object piece = at(structures, containerParam[c], containerPath[c]);
    int expected = containerLength[c];
    ParamKind kind = signature.kind(containerParam[c]);
    if (kind == ParamKind.RECORD_ARRAY) {
      int length = Array.getLength(piece);
      return length == expected ? null : " has " + length + " elements, expected " + expected;
    }
    // levels of arrays below this container's elements: 1 for a matrix, 2 for a double[][][]
    int levels = kind.containerDepth() - containerPath[c].length;
    String brackets = "[]".repeat(levels);
    if (piece == null) {
      return " is null, expected a double[" + expected + "]" + brackets;
    }
    int length = Array.getLength(piece);
    if (length == expected) {
      return null;
    }
    return levels == 1 ? " has " + length + " rows, expected " + expected
        : " is a double[" + length + "]" + brackets + ", expected a double[" + expected + "]"
            + brackets;
  }

  /** For example {@code [1][0]}; empty for an empty path. */
  private static String index(int[] path) {
    StringBuilder text = new StringBuilder();
    for (int i : path) {
      text.append('[').append(i).append(']');
    }
    return text.toString();
  }

  /** True if record parameter {@code param} was null on entry. */
  private boolean nullRecord(int param) {
    for (int s = 0; s < slotParam.length; s++) {
      if (slotParam[s] == param && slotPath[s].length == 0) {
        return leafShape[slotLeaf[s]] == null;
      }
    }
    return false;
  }

  /** How the piece of {@code structures} at {@code slot} is not shaped like its leaf, or null. */
  private String pieceProblem(Object[] structures, int slot) {
    Object piece = at(structures, slot);
    ValueType record = recordAt(slot);
    if (record != null) {
      ValueType.Shape shape = leafShape[slotLeaf[slot]];
      if (shape == null) {
        // a null record: its tangent may be anything (it is ignored), the record must stay null
        return piece == null || !record.type.isInstance(piece) ? null
            : " is not null, expected null";
      }
      return record.problem(piece, shape);
    }
    int expected = leafLength[slotLeaf[slot]];
    if (piece instanceof double[] leaf && leaf.length == expected) {
      return null;
    }
    return " is " + (piece == null ? "null" : "a double[" + ((double[]) piece).length + "]")
        + ", expected a double[" + expected + "]";
  }

  /** What {@code structures} holds at {@code slot}: a {@code double[]}, a record or a tangent. */
  private Object at(Object[] structures, int slot) {
    return at(structures, slotParam[slot], slotPath[slot]);
  }

  /** What {@code structures} holds at {@code path} below parameter {@code param}. */
  private static Object at(Object[] structures, int param, int[] path) {
    Object value = structures[param];
    for (int i : path) {
      value = Array.get(value, i);
    }
    return value;
  }

  /** Stores {@code piece} at {@code slot}: as the parameter, or as an element inside it. */
  private void put(Object[] structures, int slot, Object piece) {
    int[] path = slotPath[slot];
    if (path.length == 0) {
      structures[slotParam[slot]] = piece;
    } else {
      Object parent = at(structures, slotParam[slot], Arrays.copyOf(path, path.length - 1));
      Array.set(parent, path[path.length - 1], piece);
    }
  }

  /** The value type of a record slot; null for a {@code double[]} slot. */
  private ValueType recordAt(int slot) {
    return signature.recordType(slotParam[slot]);
  }

  /** A copy of the numbers at {@code slot}: an array's contents or a record's entries. */
  private double[] valuesAt(Object[] structures, int slot) {
    Object piece = at(structures, slot);
    ValueType record = recordAt(slot);
    if (record == null) {
      return ((double[]) piece).clone();
    }
    ValueType.Shape shape = leafShape[slotLeaf[slot]];
    return shape == null ? new double[0] : record.values(piece, shape);
  }

  /**
   * Returns copies of the leaves of {@code structures}, read through each leaf's first slot.
   * {@link #shapeProblem} must have returned null for them.
   */
  double[][] read(Object[] structures) {
    double[][] leaves = new double[leafLength.length][];
    for (int leaf = 0; leaf < leaves.length; leaf++) {
      leaves[leaf] = valuesAt(structures, leafSlot[leaf]);
    }
    return leaves;
  }

  /**
   * Returns the sums of the distinct {@code double[]}s of {@code structures} per leaf: a leaf
   * appearing in two slots gets both arrays added if they are two arrays, and one if they are the
   * same array. {@link #shapeProblem} must have returned null for them. Used for gradients that
   * come back as one fresh array per parameter, where aliased parameters contribute separately.
   */
  double[][] sum(Object[] structures) {
    double[][] sums = zeros().arrays;
    for (double[] sum : sums) {
      // -0.0 is the identity of +: an adjoint of -0.0 stays -0.0, bit for bit as the rules gave it
      Arrays.fill(sum, -0.0);
    }
    Map<Object, Boolean> seen = new IdentityHashMap<>();
    for (int s = 0; s < slotParam.length; s++) {
      Object piece = at(structures, s);
      // a record slot's leaf is its own; a double[] seen before was added already
      if (recordAt(s) != null || seen.put(piece, Boolean.TRUE) == null) {
        double[] array = valuesAt(structures, s);
        double[] sum = sums[slotLeaf[s]];
        for (int i = 0; i < sum.length; i++) {
          sum[i] += array[i];
        }
      }
    }
    return sums;
  }

  /**
   * Returns one object per parameter, shaped like the arguments this layout was read from, as the
   * rules take tangents and adjoints: the {@code double[]}s are {@code leaves} themselves (not
   * copies) with the same sharing (a leaf appearing in two slots is the same array in both, and a
   * matrix passed for two parameters, or a sub-matrix of a {@code double[][][]} also passed as a
   * {@code double[][]}, is the same array in both); a record slot gets a new tangent holding its
   * leaf (read it back with {@link #read}). Other parameters get null.
   */
  Object[] build(double[][] leaves) {
    Object[] structures = new Object[signature.arity()];
    Object[] shadows = new Object[containerParam.length];
    for (int c = 0; c < shadows.length; c++) {
      if (containerSame[c] == c) {
        Class<?> type = signature.shadowType(containerParam[c]);
        for (int level = 0; level < containerPath[c].length; level++) {
          type = type.getComponentType();
        }
        shadows[c] = Array.newInstance(type.getComponentType(), containerLength[c]);
      } else {
        shadows[c] = shadows[containerSame[c]];
      }
      place(structures, shadows, containerParam[c], containerParent[c], containerPath[c],
          shadows[c]);
    }
    for (int s = 0; s < slotParam.length; s++) {
      ValueType record = recordAt(s);
      double[] leaf = leaves[slotLeaf[s]];
      ValueType.Shape shape = leafShape[slotLeaf[s]];
      place(structures, shadows, slotParam[s], slotContainer[s], slotPath[s], record == null
          ? leaf : shape == null ? null : record.tangentOf(leaf, shape));
    }
    return structures;
  }

  /** Puts {@code piece} as parameter {@code param}, or into the shadow of container {@code in}. */
  private static void place(Object[] structures, Object[] shadows, int param, int in, int[] path,
      Object piece) {
    if (in < 0) {
      structures[param] = piece;
    } else {
      Array.set(shadows[in], path[path.length - 1], piece);
    }
  }

  /** Returns a vector shaped like the differentiable inputs, filled with zeros. */
  DiffVector zeros() {
    double[][] arrays = new double[leafLength.length][];
    for (int leaf = 0; leaf < arrays.length; leaf++) {
      arrays[leaf] = new double[leafLength[leaf]];
    }
    return new DiffVector(new double[signature.scalarParams.length], arrays);
  }

  /** Returns a vector shaped like the differentiable inputs with N(0, 1) entries. */
  DiffVector gaussian(Random random) {
    DiffVector result = zeros();
    fillGaussian(result.scalars, random);
    for (double[] array : result.arrays) {
      fillGaussian(array, random);
    }
    return result;
  }

  /** Returns N(0, 1) leaves shaped like this layout's. */
  double[][] gaussianLeaves(Random random) {
    double[][] leaves = zeros().arrays;
    for (double[] leaf : leaves) {
      fillGaussian(leaf, random);
    }
    return leaves;
  }

  static void fillGaussian(double[] array, Random random) {
    for (int i = 0; i < array.length; i++) {
      array[i] = random.nextGaussian();
    }
  }

  /** Returns the differentiable inputs of {@code args} (copies). */
  DiffVector inputs(Object[] args) {
    double[] scalars = new double[signature.scalarParams.length];
    for (int k = 0; k < scalars.length; k++) {
      scalars[k] = ((Number) args[signature.scalarParams[k]]).doubleValue();
    }
    return new DiffVector(scalars, read(args));
  }

  /** Returns the largest absolute value among the differentiable arguments' entries. */
  double maxAbsDifferentiable(Object[] args) {
    double max = 0;
    DiffVector inputs = inputs(args);
    for (double v : inputs.scalars) {
      max = Math.max(max, Math.abs(v));
    }
    for (double[] leaf : inputs.arrays) {
      for (double v : leaf) {
        max = Math.max(max, Math.abs(v));
      }
    }
    return max;
  }

  /**
   * Returns fresh arguments {@code args + step * direction}, with the same sharing as
   * {@code args}. A {@code float} parameter gets {@code (float) (a + step * d)}, so its actual step
   * is rounded to float precision; so does a {@code float} record component and an entry of a
   * float array. A record is rebuilt
   * through its canonical constructor (which may throw), a data class object by setting its fields
   * on a new instance: its {@code double[]}/{@code double[][]}/{@code double[][][]} components are
   * fresh arrays holding the moved entries, its passive components those of the copy of the
   * argument.
   */
  Object[] perturb(Object[] args, DiffVector direction, double step) {
    Object[] result = Signature.copy(args);
    for (int k = 0; k < signature.scalarParams.length; k++) {
      int param = signature.scalarParams[k];
      double moved = ((Number) args[param]).doubleValue() + step * direction.scalars[k];
      result[param] =
          signature.kind(param) == ParamKind.FLOAT ? (Object) (float) moved : (Object) moved;
    }
    for (int leaf = 0; leaf < leafLength.length; leaf++) {
      int slot = leafSlot[leaf];
      ValueType record = recordAt(slot);
      if (record != null && leafShape[leaf] == null) {
        continue; // a null record
      }
      // a double[] is moved in place, in the copy; a record is replaced by a moved one, its
      // entries read from the argument itself (a double[] moved in place before may be one of
      // the copy's arrays)
      double[] array = record == null ? (double[]) at(result, slot) : valuesAt(args, slot);
      // a float array's image moves to floats: the argument passed is exactly the image
      boolean floats = record == null && signature.isFloatArray(slotParam[slot]);
      for (int i = 0; i < array.length; i++) {
        array[i] += step * direction.arrays[leaf][i];
        if (floats) {
          array[i] = (float) array[i];
        }
      }
      if (record != null) {
        put(result, slot, record.withValues(at(result, slot), array));
      }
    }
    return result;
  }

  /**
   * The input columns in parameter order, as the generated {@code ...Jacobian} numbers them: a
   * scalar is one column, a {@code double[]} its length, a {@code double[][]} its rows one after
   * the other, a {@code double[][][]} its innermost rows one after the other ({@code x[0][0],
   * x[0][1], ..., x[1][0], ...}; null rows and sub-matrices none), a record its entries (in
   * component order: a scalar one column, an array its elements, a matrix its rows, a nested record
   * its entries; null arrays none), a record array its non-null elements' entries one after the
   * other. Each column is {@code {-1, k}} for the k-th scalar or {@code {leaf, index}}.
   */
  List<int[]> columns() {
    List<int[]> columns = new ArrayList<>();
    int k = 0;
    for (int param = 0; param < signature.arity(); param++) {
      if (signature.kind(param).isScalar()) {
        columns.add(new int[] {-1, k++});
      } else if (signature.kind(param).hasBuffer()) {
        for (int s = 0; s < slotParam.length; s++) {
          if (slotParam[s] == param) {
            for (int i = 0; i < leafLength[slotLeaf[s]]; i++) {
              columns.add(new int[] {slotLeaf[s], i});
            }
          }
        }
      }
    }
    return columns;
  }

  /** For example {@code xDot}, {@code wDot[2]} or {@code cDot[1][0]}: the first slot of a leaf. */
  String leafName(int leaf, String suffix) {
    return slotName(leafSlot[leaf], suffix);
  }

  /**
   * For example {@code xDot[3]}, {@code wDot[2][3]}, {@code cDot[1][0][2]}, {@code
   * pDot.origin.x}, {@code tBar.a[1][2]}: a leaf's entry.
   */
  String entryName(int leaf, int index, String suffix) {
    ValueType record = recordAt(leafSlot[leaf]);
    return leafName(leaf, suffix)
        + (record == null ? "[" + index + "]" : "." + record.entryName(leafShape[leaf], index));
  }

  /**
   * Renders a leaf's numbers: an array as {@code [1.0, 2.0]}, a record's as {@code (x = 1.0,
   * b = [2.0, 3.0])}.
   */
  private String render(int leaf, double[] values) {
    ValueType record = recordAt(leafSlot[leaf]);
    if (record == null) {
      return Arrays.toString(values);
    }
    return leafShape[leaf] == null ? "null" : record.render(values, leafShape[leaf]);
  }

  /**
   * The shape of the record (or data class object) at entry in parameter {@code param} (its
   * element {@code row} for a record array, else -1), described for messages; null if there is
   * no such record slot or the record is null.
   */
  String describeRecordShape(int param, int row) {
    for (int s = 0; s < slotParam.length; s++) {
      boolean here = row < 0 ? slotPath[s].length == 0
          : slotPath[s].length == 1 && slotPath[s][0] == row;
      if (slotParam[s] == param && here && recordAt(s) != null) {
        ValueType.Shape shape = leafShape[slotLeaf[s]];
        return shape == null ? null : recordAt(s).describe(shape);
      }
    }
    return null;
  }

  private String slotName(int slot, String suffix) {
    return signature.name(slotParam[slot]) + suffix + index(slotPath[slot]);
  }

  /** Renders leaves shaped like this layout's as {@code name = value} pairs. */
  String describeLeaves(double[][] leaves, String suffix) {
    StringJoiner joiner = new StringJoiner(", ");
    for (int leaf = 0; leaf < leaves.length; leaf++) {
      joiner.add(leafName(leaf, suffix) + " = " + render(leaf, leaves[leaf]));
    }
    return joiner.length() == 0 ? "(no array parameters)" : joiner.toString();
  }

  /** Renders a vector shaped like this layout as {@code name = value} pairs. */
  String describe(DiffVector vector, String suffix) {
    StringJoiner joiner = new StringJoiner(", ");
    for (int k = 0; k < vector.scalars.length; k++) {
      joiner.add(signature.name(signature.scalarParams[k]) + suffix + " = " + vector.scalars[k]);
    }
    for (int leaf = 0; leaf < vector.arrays.length; leaf++) {
      joiner.add(leafName(leaf, suffix) + " = " + render(leaf, vector.arrays[leaf]));
    }
    return joiner.length() == 0 ? "(no differentiable parameters)" : joiner.toString();
  }
}
