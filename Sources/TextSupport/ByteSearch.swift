/// Literal substring search on UTF-8 bytes. With Foundation imported anywhere in a module,
/// `String.contains(_:)` is Foundation's, which goes through NSString and folds character
/// clusters: on a 10 MB page it was a quarter of the reader view's time for short checks
/// of lower-cased lines against fixed ASCII phrases. Bytes give the same answer there.
public enum ByteSearch {
  /// Whether `pattern` occurs in `text` (an empty pattern always does).
  public static func contains(
    _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard let first = pattern.first else { return true }
    guard text.count >= pattern.count else { return false }
    var start = 0
    let last = text.count - pattern.count
    while start <= last {
      if text[start] == first {
        var offset = 1
        while offset < pattern.count && text[start + offset] == pattern[offset] { offset += 1 }
        if offset == pattern.count { return true }
      }
      start += 1
    }
    return false
  }

  /// `contains` for a long text, skipping ahead as Horspool's search does: the byte under
  /// the pattern's last position says how far the pattern may move, so a page is read a
  /// few bytes in every pattern's length. Its table costs 256 words: for short lines,
  /// `contains`.
  public static func containsSkipping(
    _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let length = pattern.count
    guard length > 1 else { return contains(text, pattern) }
    guard text.count >= length else { return false }
    var table = [Int](repeating: length, count: 256)
    return table.withUnsafeMutableBufferPointer { shift in
      for index in 0..<length - 1 { shift[Int(pattern[index])] = length - 1 - index }
      let lastByte = pattern[length - 1]
      var start = 0
      let last = text.count - length
      while start <= last {
        let byte = text[start + length - 1]
        if byte == lastByte {
          var offset = 0
          while offset < length - 1 && text[start + offset] == pattern[offset] { offset += 1 }
          if offset == length - 1 { return true }
        }
        start += shift[Int(byte)]
      }
      return false
    }
  }

  /// Where `pattern` first occurs in `text` at or after `from`; nil where it does not (an
  /// empty pattern occurs at `from`).
  public static func firstIndex(
    of pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int
  ) -> Int? {
    guard let first = pattern.first else { return from <= text.count ? from : nil }
    guard from >= 0, text.count - from >= pattern.count else { return nil }
    var start = from
    let last = text.count - pattern.count
    while start <= last {
      if text[start] == first {
        var offset = 1
        while offset < pattern.count && text[start + offset] == pattern[offset] { offset += 1 }
        if offset == pattern.count { return start }
      }
      start += 1
    }
    return nil
  }

  /// Whether `pattern`'s bytes occur in `text`.
  public static func contains(_ text: [UInt8], _ pattern: String) -> Bool {
    text.withUnsafeBufferPointer { haystack in
      withBytes(of: pattern) { contains(haystack, $0) }
    }
  }

  static func withBytes<S: StringProtocol, R>(
    of text: S, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}

extension StringProtocol {
  /// Whether `other`'s UTF-8 bytes occur in this text's: `contains` without Foundation
  /// (see `ByteSearch`).
  public func containsBytes(_ other: some StringProtocol) -> Bool {
    ByteSearch.withBytes(of: self) { haystack in
      ByteSearch.withBytes(of: other) { ByteSearch.contains(haystack, $0) }
    }
  }
}
