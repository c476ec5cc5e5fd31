/// Finds the charset a page declares in `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="…; charset=…">`, reading bytes as ASCII.
enum MetaCharsetScanner {
  /// The canonical charset of the first `<meta>` that names a usable one.
  static func charset(in bytes: ArraySlice<UInt8>) -> String? {
    let bytes = Array(bytes)
    var index = 0
    while index < bytes.count {
      if matches(bytes, at: index, "<!--") {
        index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
        continue
      }
      if matches(bytes, at: index, "<meta"), index + 5 < bytes.count,
        isSpaceOrSlash(bytes[index + 5])
      {
        let end = find(bytes, ">", from: index) ?? bytes.count
        if let name = charsetAttribute(in: bytes[(index + 5)..<end]) { return name }
        index = end
        continue
      }
      index += 1
    }
    return nil
  }

  /// Any `charset = value` inside the tag: the attribute itself, or the parameter in `content`.
  private static func charsetAttribute(in tag: ArraySlice<UInt8>) -> String? {
    let tag = Array(tag)
    var searchFrom = 0
    while let start = find(tag, "charset", from: searchFrom) {
      var index = start + 7
      searchFrom = index
      while index < tag.count, isSpace(tag[index]) { index += 1 }
      guard index < tag.count, tag[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < tag.count, isSpace(tag[index]) || isQuote(tag[index]) { index += 1 }
      var label = ""
      while index < tag.count, isLabelByte(tag[index]) {
        label.append(Character(Unicode.Scalar(tag[index])))
        index += 1
      }
      if let name = CharsetDecoder.canonicalName(forLabel: label) { return name }
    }
    return nil
  }

  private static func matches(_ bytes: [UInt8], at index: Int, _ word: String) -> Bool {
    let word = Array(word.utf8)
    guard index + word.count <= bytes.count else { return false }
    for offset in 0..<word.count where lower(bytes[index + offset]) != word[offset] {
      return false
    }
    return true
  }

  private static func find(_ bytes: [UInt8], _ word: String, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if matches(bytes, at: index, word) { return index }
      index += 1
    }
    return nil
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  private static func isSpaceOrSlash(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: "/")
  }

  private static func isQuote(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }

  private static func isLabelByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: "."), UInt8(ascii: ":"):
      return true
    default:
      return false
    }
  }
}
