/// One division's outline and facts, as the outline data has them: keyed by its 6-digit
/// division code, with its name, level and parent, its box and a point inside it.
public struct Outline: Sendable, Equatable {
  /// The level in the data: a province, a prefecture-level city, a county-level division.
  public enum Level: Int, Sendable, Equatable {
    case province = 1
    case city = 2
    case county = 3
  }

  /// `320583`; a province's is `320000`.
  public var code: String
  public var name: String
  public var level: Level
  /// Whether no division of the data lies under it: the leaves tile the land, and a point
  /// is placed in a leaf.
  public var isLeaf: Bool
  /// The index of the parent in `OutlineStore.outlines`; nil for a province.
  public var parent: Int?
  public var box: GeoBox
  /// The centroid where it lies inside the division, else a point on its surface.
  public var point: GeoPoint
  /// Its rings as ranges of `OutlineStore.xs`/`ys`, each ring closed (last = first).
  public var rings: [Range<Int>]
  /// Per ring, whether it is a hole of the shell before it (GeoJSON needs the grouping; the
  /// even-odd rule used for lookups does not).
  public var holes: [Bool]

  public init(
    code: String, name: String, level: Level, isLeaf: Bool, parent: Int?, box: GeoBox,
    point: GeoPoint, rings: [Range<Int>], holes: [Bool]
  ) {
    self.code = code
    self.name = name
    self.level = level
    self.isLeaf = isLeaf
    self.parent = parent
    self.box = box
    self.point = point
    self.rings = rings
    self.holes = holes
  }
}
