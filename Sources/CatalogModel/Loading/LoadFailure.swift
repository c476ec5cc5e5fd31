/// Why a file could not be read at all. `offset` is a byte offset into the UTF-8 text
/// when the reader has one; otherwise the loader places the failure by key path.
struct LoadFailure: Error {
  var message: String
  var offset: Int?

  init(_ message: String, at offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  /// The deepest nesting any reader accepts: deep enough for any real catalog, shallow
  /// enough that recursive readers and value teardown stay far from the stack's end.
  static let maximumDepth = 256

  static func tooDeep(at offset: Int? = nil) -> LoadFailure {
    LoadFailure("values are nested more than \(maximumDepth) levels deep", at: offset)
  }
}
