import Foundation

/// Turns a data file's bytes into a catalog, keeping the file's order of provinces and
/// cities. Reads XML plists (UTF-8 or UTF-16), binary plists and JSON, told apart by content.
public enum CatalogLoader {
  /// Loads `data`; `source` names the file in diagnostics. Bad entries are skipped with a
  /// warning; a file that cannot be read at all gives a nil catalog and a fatal diagnostic.
  /// `readUpTo` is told every few megabytes how far an XML file has been read, so that the
  /// owner of a file mapping can drop the pages behind (see `DataFile.Contents`).
  public static func load(
    _ data: Data, source: String, readUpTo: ((Int) -> Void)? = nil
  ) -> LoadResult {
    if data.starts(with: Array("bplist".utf8)) {
      return data.withUnsafeBytes { raw in
        var reader = BinaryPlistReader(bytes: raw.bindMemory(to: UInt8.self))
        return CatalogBuilder.load(
          &reader, source: source, lines: nil, warnsByLine: false, byteCount: raw.count)
      }
    }
    if let utf16 = utf16Order(data) {
      let utf8 = Array(decodeUTF16(data, bigEndian: utf16.bigEndian, skip: utf16.bom).utf8)
      return utf8.withUnsafeBufferPointer { loadText($0, source: source) }
    }
    return data.withUnsafeBytes { raw in
      var bytes = raw.bindMemory(to: UInt8.self)
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        bytes = UnsafeBufferPointer(rebasing: bytes[3...])
      }
      return loadText(bytes, source: source, readUpTo: readUpTo)
    }
  }

  private static func loadText(
    _ bytes: UnsafeBufferPointer<UInt8>, source: String, readUpTo: ((Int) -> Void)? = nil
  ) -> LoadResult {
    let lines = LineIndex(bytes: bytes)
    guard let first = bytes.first(where: { !isSpace($0) }) else {
      return fatal(source, "the file is empty")
    }
    switch first {
    case UInt8(ascii: "<"):
      var reader = XMLPlistReader(bytes: bytes, readUpTo: readUpTo)
      return CatalogBuilder.load(
        &reader, source: source, lines: lines, warnsByLine: true, byteCount: bytes.count)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var reader = JSONTreeReader(bytes: bytes)
      return CatalogBuilder.load(
        &reader, source: source, lines: lines, warnsByLine: false, byteCount: bytes.count)
    default:
      return fatal(
        source, "not a property list or JSON (expected '<', '{' or a bplist00 header)")
    }
  }

  private static func fatal(_ source: String, _ message: String) -> LoadResult {
    LoadResult(catalog: nil, diagnostics: [Diagnostic(.fatal, source: source, at: .none, message)])
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// UTF-16 is recognised by its byte-order mark, or without one by the zero byte that
  /// the ASCII first character ('<', '{', whitespace) leaves in its 16-bit unit.
  private static func utf16Order(_ data: Data) -> (bigEndian: Bool, bom: Bool)? {
    guard data.count >= 2 else { return nil }
    let a = data[data.startIndex]
    let b = data[data.startIndex + 1]
    switch (a, b) {
    case (0xFE, 0xFF): return (true, true)
    case (0xFF, 0xFE): return (false, true)
    case (0, let c) where c != 0 && c < 0x80: return (true, false)
    case (let c, 0) where c != 0 && c < 0x80: return (false, false)
    default: return nil
    }
  }

  private static func decodeUTF16(_ data: Data, bigEndian: Bool, skip bom: Bool) -> String {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var k = bom ? 2 : 0
      while k + 1 < bytes.count {
        let first = UInt16(bytes[k])
        let second = UInt16(bytes[k + 1])
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
        k += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
  }
}
