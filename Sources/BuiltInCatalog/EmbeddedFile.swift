import DataBytes

/// The files of Data/ compiled into the binary (Sources/DataBytes, C #embed), in the
/// order of DataBytes.c's lines: one more embedded file is one line there and one case
/// here. A test holds each case's bytes equal to its file.
public enum EmbeddedFile: Int, CaseIterable, Sendable {
  case about
  case divisions
  case sharedNames
  case counties
  case variants
  case history
  case townships
  case areas
  case census

  /// The file's path in the repository, for the test and for messages.
  public var path: String {
    switch self {
    case .about: "Data/about.tsv"
    case .divisions: "Data/divisions.tsv"
    case .sharedNames: "Data/derived/shared-names.tsv"
    case .counties: "Data/counties.tsv"
    case .variants: "Data/variants.tsv"
    case .history: "Data/history.tsv"
    case .townships: "Data/derived/townships.txt"
    case .areas: "Data/areas.tsv"
    case .census: "Data/census.tsv"
    }
  }

  /// Calls `body` with the file's bytes, in place: the binary's own, never freed or
  /// changed. Empty where the build has no such file.
  public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    var count = 0
    let start = data_file_bytes(rawValue, &count)
    return body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
  }

  /// The file as text (a copy), from its `skip`-th line on: 1 leaves out a header.
  func text(droppingLines skip: Int = 0) -> String {
    withBytes { bytes in
      var start = 0
      var skipped = 0
      while skipped < skip, start < bytes.count {
        start = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
        skipped += 1
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
    }
  }

  /// Calls `body` with each row after the header, its fields as bytes in place: split on
  /// bytes, since splitting by Character was a large share of start-up (BENCHMARKS.md).
  func forEachRow(_ body: ([UnsafeBufferPointer<UInt8>]) -> Void) {
    withBytes { bytes in
      var fields: [UnsafeBufferPointer<UInt8>] = []
      var start = 0
      var header = true
      for index in 0...bytes.count {
        let end = index == bytes.count
        guard end || bytes[index] == 0x09 || bytes[index] == 0x0A else { continue }
        fields.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
        guard end || bytes[index] == 0x0A else { continue }
        if !header && !(fields.count == 1 && fields[0].isEmpty) { body(fields) }
        header = false
        fields.removeAll(keepingCapacity: true)
      }
    }
  }

  /// The rows after the header, their fields as text: for the small files.
  func rows() -> [[String]] {
    var rows: [[String]] = []
    forEachRow { fields in rows.append(fields.map { String(decoding: $0, as: UTF8.self) }) }
    return rows
  }
}
