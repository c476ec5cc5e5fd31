/// Why outline data could not be read: it is built into the binary, so this means a build
/// made from a damaged or foreign `Data/outlines.bin`.
public enum OutlineDataError: Error, Sendable, Equatable, CustomStringConvertible {
  case notOutlineData
  case truncated(at: Int)
  case badReference(at: Int)

  public var description: String {
    switch self {
    case .notOutlineData: return "the outline data is not in the expected format"
    case .truncated(let offset): return "the outline data ends early (at byte \(offset))"
    case .badReference(let offset):
      return "the outline data refers outside itself (at byte \(offset))"
    }
  }
}
