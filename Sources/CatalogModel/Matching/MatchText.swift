import Foundation

/// The normal forms that queries and catalog entries are compared in.
enum MatchText {
  /// Appends `text` trimmed, with ASCII letters lowercased: names compare byte for byte.
  static func appendName(_ text: String, to out: inout [UInt8]) {
    var copy = text
    copy.withUTF8 { bytes in
      var lower = 0
      var upper = bytes.count
      while lower < upper, isSpace(bytes, at: lower) { lower += 1 }
      while upper > lower, isSpace(bytes, endingAt: upper) {
        upper -= bytes[upper - 1] == 0x80 ? 3 : 1
      }
      for i in lower..<upper {
        let byte = bytes[i]
        out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      }
    }
  }

  static func name(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    appendName(text, to: &out)
    return out
  }

  /// Appends `pinyin` as compact letters (no spaces or apostrophes, ü and v as u) and one
  /// initial per syllable; `tokenEnds` gets the compact length after each syllable.
  /// Returns the number of syllables.
  @discardableResult
  static func appendPinyin(
    _ pinyin: String, compact: inout [UInt8], initials: inout [UInt8], tokenEnds: inout [Int]
  ) -> Int {
    var text = pinyin
    if !text.utf8.allSatisfy({ $0 < 0x80 }) {
      text = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }
    var tokens = 0
    var inToken = false
    for byte in text.utf8 {
      var letter = byte
      if byte >= 0x41 && byte <= 0x5A { letter |= 0x20 }
      let isWordByte = (letter >= 0x61 && letter <= 0x7A) || (letter >= 0x30 && letter <= 0x39)
      if isWordByte {
        if letter == 0x76 { letter = 0x75 }  // v is how ASCII spells ü; ICU's ü strips to u
        if !inToken {
          initials.append(letter)
          tokens += 1
          inToken = true
        }
        compact.append(letter)
      } else if inToken {
        tokenEnds.append(compact.count)
        inToken = false
      }
    }
    if inToken { tokenEnds.append(compact.count) }
    return tokens
  }

  static func hasLatinLetter(_ text: String) -> Bool {
    text.utf8.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
  }

  /// Scalars in UTF-8 `bytes[range]`.
  static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var count = 0
    for i in range where bytes[i] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// ASCII whitespace, or the ideographic space U+3000 (E3 80 80) that CJK input methods type.
  private static func isSpace(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let byte = bytes[i]
    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
    return byte == 0xE3 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80
  }

  private static func isSpace(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Bool {
    let byte = bytes[end - 1]
    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
    return byte == 0x80 && end >= 3 && bytes[end - 3] == 0xE3 && bytes[end - 2] == 0x80
  }
}
