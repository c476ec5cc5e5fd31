import Foundation
import TextSupport

/// Turns a page's bytes into text using the charset it declares: a byte-order mark,
/// then the Content-Type header, then a `<meta>` in the first 4 KB, else UTF-8.
/// Only the WHATWG Encoding Standard's labels count (`EncodingLabels`). Invalid bytes
/// become U+FFFD; decoding never fails.
public enum CharsetDecoder {
  /// Which charset a page is read in, and why.
  public struct Choice: Sendable, Equatable {
    /// Where the choice came from.
    public enum Source: Sendable, Equatable {
      case byteOrderMark, header, meta, sniffed, byDefault
    }
    /// The encoding's name, lower-case (`utf-8`, `gb18030`, `big5`, `windows-1252` …).
    public var name: String
    public var source: Source
    /// The encoding a `<meta>` declared where the bytes overruled it: a page that is valid
    /// UTF-8 with multi-byte characters is UTF-8, whatever its old `<meta>` still says.
    public var overruled: String? = nil

    public init(name: String, source: Source, overruled: String? = nil) {
      self.name = name
      self.source = source
      self.overruled = overruled
    }

    /// For the page's facts: `utf-8`, or `utf-8 (the page says gb18030)`.
    public var description: String {
      overruled.map { "\(name) (the page says \($0))" } ?? name
    }
  }

  /// The body as text. Undeclared bytes that are not UTF-8 but read cleanly as GB18030
  /// are taken as GB18030, the usual case on older Chinese sites.
  /// (The body is read where it lies, never copied to an array first: on a 200 MB page each
  /// copy was 200 MB more at the peak.)
  public static func decode(_ body: Data, contentType: String?) -> String {
    reading(body) { bytes in
      let choice = choose(bytes, contentType: contentType)
      return decode(bytes, charset: choice.name, skippingBOM: choice.source == .byteOrderMark)
    }
  }

  /// The body read in an encoding `choose` picked.
  public static func decode(_ body: Data, as choice: Choice) -> String {
    reading(body) {
      decode($0, charset: choice.name, skippingBOM: choice.source == .byteOrderMark)
    }
  }

  /// The body as UTF-8 bytes, what `HTMLRenderer.parse(utf8:baseURL:)` reads without a
  /// String between: for UTF-8, its bytes less a byte-order mark, when they are valid; for
  /// a charset iconv reads (GB18030, Big5, Shift_JIS …), the UTF-8 iconv wrote, of which
  /// `decode`'s String is a copy (the body, iconv's text and the String at once were 4× a
  /// GBK page). Nil otherwise: `decode` then repairs or converts the bytes itself.
  public static func utf8Bytes(_ body: Data, as choice: Choice) -> [UInt8]? {
    switch choice.name {
    case "utf-8":
      let skip = choice.source == .byteOrderMark ? 3 : 0
      return reading(body) { bytes -> [UInt8]? in
        let text = UnsafeBufferPointer(rebasing: bytes.dropFirst(skip))
        // Checked even when UTF-8 was the default: that is also the choice for bytes that
        // are neither UTF-8 nor clean GB18030 or Big5, which the String repairs.
        guard isValidUTF8(text) else { return nil }
        return Array(text)
      }
    case "utf-16le", "utf-16be", "windows-1252", "x-user-defined", "replacement":
      return nil
    default:
      return reading(body) { bytes -> [UInt8]? in
        for name in EncodingLabels.iconvNames[choice.name] ?? [choice.name.uppercased()] {
          if let result = IconvDecoder.decode(bytes, from: name) { return result.utf8 }
        }
        return nil
      }
    }
  }

  /// `utf8Bytes`, taking the body: for valid UTF-8 of a MiB or more, it is copied a piece
  /// at a time and the memory of each piece copied is given back at once (`madvise`, after
  /// which those bytes read as zeros), so that the body and its copy are never both held
  /// whole, the moment a large page used to peak at. `body` is empty after a copy, as it
  /// was on nil. Worth it only for a body no one else holds: another holder's is copied
  /// first (the `Data` is written to), which leaves theirs whole and saves nothing. The
  /// body must own its bytes (made by appending or copying, as the fetcher and the cache
  /// make bodies): a `Data(bytesNoCopy:…, deallocator: .none)` would see memory it only
  /// borrows given back.
  public static func utf8Bytes(taking body: inout Data, as choice: Choice) -> [UInt8]? {
    let skip = choice.source == .byteOrderMark ? 3 : 0
    guard choice.name == "utf-8", body.count - skip >= releasePiece else {
      let bytes = utf8Bytes(body, as: choice)
      if bytes != nil { body = Data() }
      return bytes
    }
    guard reading(body, { isValidUTF8(UnsafeBufferPointer(rebasing: $0.dropFirst(skip))) })
    else { return nil }
    let count = body.count - skip
    let bytes = body.withUnsafeMutableBytes { raw in
      let source = raw.baseAddress! + skip
      return [UInt8](unsafeUninitializedCapacity: count) { copy, initialized in
        let page = Int(getpagesize())
        // Whole pages of the body only: the allocator's bookkeeping lies outside it.
        var released = (Int(bitPattern: source) + page - 1) / page * page
        var done = 0
        while done < count {
          let piece = min(releasePiece, count - done)
          UnsafeMutableRawPointer(copy.baseAddress! + done).copyMemory(
            from: source + done, byteCount: piece)
          done += piece
          let end = (Int(bitPattern: source) + done) / page * page
          if end > released {
            _ = madvise(
              UnsafeMutableRawPointer(bitPattern: released), end - released,
              MADV_DONTNEED)
            released = end
          }
        }
        initialized = count
      }
    }
    body = Data()
    return bytes
  }

  /// How much of a body `utf8Bytes(taking:as:)` copies before giving that memory back.
  static let releasePiece = 1 << 20

  /// The charset `decode` reads the body in, with where that came from.
  public static func choose(_ body: Data, contentType: String?) -> Choice {
    reading(body) { choose($0, contentType: contentType) }
  }

  /// The canonical name of the charset `decode` would use (`utf-8`, `gb18030`, `big5`,
  /// `windows-1252` …), or nil when nothing declares one and the bytes are plain UTF-8.
  public static func detectCharset(_ body: Data, contentType: String?) -> String? {
    let choice = choose(body, contentType: contentType)
    return choice.source == .byDefault ? nil : choice.name
  }

  /// `body`'s bytes in place, for the length of `read`.
  private static func reading<T>(_ body: Data, _ read: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    body.withUnsafeBytes { read($0.assumingMemoryBound(to: UInt8.self)) }
  }

  /// Whether `bytes` are valid UTF-8, checked a piece at a time: `String(validating:)` on
  /// the whole body made a second copy of it only to throw it away.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    let piece = 1 << 16
    while start < bytes.count {
      var end = min(bytes.count, start + piece)
      // End the piece before a character's continuation bytes (at most three are skipped:
      // more in a row are invalid, and the piece says so).
      var back = 0
      while end < bytes.count, end > start, back < 3, bytes[end] & 0xC0 == 0x80 {
        end -= 1
        back += 1
      }
      if end == start { end = min(bytes.count, start + piece) }
      let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if String(validating: slice, as: UTF8.self) == nil { return false }
      start = end
    }
    return true
  }

  /// The encoding a charset label names in the WHATWG Encoding Standard, or nil for a
  /// label the standard does not list (such a declaration is ignored, as browsers do).
  public static func canonicalName(forLabel label: String) -> String? {
    let key = label.trimmed(where: { $0.isWhiteSpace || $0 == "\"" || $0 == "'" })
      .lowercased()
    guard !key.isEmpty else { return nil }
    return EncodingLabels.encoding(forLabel: key)
  }

  /// The charset named in a Content-Type value's `charset` parameter, canonical.
  static func charset(inContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingSpaces.lowercased() == "charset"
      else { continue }
      return canonicalName(forLabel: String(pair[1]))
    }
    return nil
  }

  private static func choose(_ bytes: UnsafeBufferPointer<UInt8>, contentType: String?) -> Choice {
    // A BOM is unambiguous, so it wins even over the header, as the HTML standard has it.
    if let bom = byteOrderMark(bytes) { return Choice(name: bom, source: .byteOrderMark) }
    if let contentType, let name = charset(inContentType: contentType) {
      return Choice(name: name, source: .header)
    }
    if var name = MetaCharsetScanner.charset(in: ArraySlice(bytes.prefix(4096))) {
      // A meta tag readable as ASCII cannot be UTF-16, whatever it says (HTML's prescan).
      if name.hasPrefix("utf-16") { name = "utf-8" }
      if name == "x-user-defined" { name = "windows-1252" }
      if Self.multiByteLegacy.contains(name), isMultiByteUTF8(bytes) {
        return Choice(name: "utf-8", source: .meta, overruled: name)
      }
      return Choice(name: name, source: .meta)
    }
    if isValidUTF8(bytes) {
      return Choice(name: "utf-8", source: .byDefault)
    }
    // A sample cut mid-character is fine; a whole body ending mid-character is not.
    let sample = UnsafeBufferPointer(rebasing: bytes.prefix(65_536))
    func clean(_ charset: String) -> String? {
      guard let result = IconvDecoder.decode(sample, from: charset), result.invalidSequences == 0,
        !(result.endedMidSequence && sample.count == bytes.count)
      else { return nil }
      return result.text
    }
    // Big5 bytes are nearly always valid GB18030 too (both take two bytes from 0x81 up),
    // and read so they are a jumble of rare characters: of the two readings, the one
    // with more of the commonest Chinese characters is the page's.
    let gb = clean("GB18030")
    let big5 = clean("BIG5-HKSCS") ?? clean("BIG5")
    switch (gb, big5) {
    case (let gb?, let big5?):
      let name = Self.commonness(big5) > Self.commonness(gb) ? "big5" : "gb18030"
      return Choice(name: name, source: .sniffed)
    case (.some, nil): return Choice(name: "gb18030", source: .sniffed)
    case (nil, .some): return Choice(name: "big5", source: .sniffed)
    case (nil, nil): return Choice(name: "utf-8", source: .byDefault)
    }
  }

  /// How many of the text's characters are among the commonest of written Chinese, in
  /// either script: text read in the wrong one of GB18030 and Big5 has almost none.
  static func commonness(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + (commonHan.contains($1) ? 1 : 0) }
  }

  /// The commonest characters of Chinese text, simplified and traditional (the first
  /// hundred or so of a frequency list, with the traditional forms of those that differ),
  /// and the full-width comma and full stop.
  private static let commonHan: Set<Unicode.Scalar> = Set(
    ("的一是不了人我在有他这這中大来來上国國个個到说說们們为為子和你地出道也时時年得就那要下以生会會"
      + "自着著去之过過家学學对對可她里裏後后小么麼心多天而能好都然没沒日于於起还還发發成事只作当當想看文"
      + "无無开開手十用主行方又如前所本见見经經头頭面公同三已老从從动動两兩长長知民样樣现現分将將外但身些"
      + "与與高意进進把法此实實回二理美点點月明其种種声聲全工己话話儿兒者向情部正名定女问問力机機给給等几幾"
      + "新市区區政府报報道记記者，。").unicodeScalars)

  /// The multi-byte legacy encodings whose text is never valid UTF-8 with multi-byte
  /// characters: a page declaring one of them whose bytes are such UTF-8 has moved to UTF-8.
  /// (A single-byte code page is left alone: its text can spell `Ã©` on purpose.)
  static let multiByteLegacy: Set = ["gb18030", "big5", "shift_jis", "euc-jp", "euc-kr"]

  /// True for bytes that are valid UTF-8 and hold at least one multi-byte character (a
  /// sequence cut off at the very end, as a size limit cuts it, still counts as valid).
  /// Text in GBK, Big5 or a Latin code page is almost never valid UTF-8 once it has a
  /// byte above 0x7F, so such a page has moved to UTF-8 and kept its old `<meta>`.
  static func isMultiByteUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isMultiByteUTF8($0) }
  }

  static func isMultiByteUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let firstHigh = bytes.firstIndex(where: { $0 >= 0x80 }) else { return false }
    var end = bytes.endIndex
    // Drop a trailing sequence the end cut short: up to three bytes after its lead byte.
    if let lead = bytes[max(firstHigh, end - 3)..<end].lastIndex(where: { $0 >= 0xC0 }) {
      let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
      if end - lead < length { end = lead }
    }
    return isValidUTF8(UnsafeBufferPointer(rebasing: bytes[firstHigh..<end]))
  }

  private static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "utf-8" }
    if bytes.starts(with: [0xFF, 0xFE]) { return "utf-16le" }
    if bytes.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
    return nil
  }

  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, charset: String, skippingBOM: Bool
  ) -> String {
    switch charset {
    case "utf-8":
      return String(decoding: bytes.dropFirst(skippingBOM ? 3 : 0), as: UTF8.self)
    case "utf-16le", "utf-16be":
      return decodeUTF16(bytes.dropFirst(skippingBOM ? 2 : 0), bigEndian: charset == "utf-16be")
    case "windows-1252":
      return decodeWindows1252(bytes)
    case "x-user-defined":
      // The standard's mapping: ASCII as itself, 0x80–0xFF to U+F780–U+F7FF.
      var scalars = String.UnicodeScalarView()
      for byte in bytes {
        scalars.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : 0xF700 + UInt32(byte)) ?? "?")
      }
      return String(scalars)
    case "replacement":
      // ISO-2022-KR, HZ and the like: the standard decodes them to one U+FFFD, since their
      // shift sequences could otherwise smuggle markup past a filter.
      return bytes.isEmpty ? "" : "\u{FFFD}"
    default:
      for name in EncodingLabels.iconvNames[charset] ?? [charset.uppercased()] {
        if let result = IconvDecoder.decode(bytes, from: name) { return result.text }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  private static func decodeUTF16(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, bigEndian: Bool
  ) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    let text = String(decoding: units, as: UTF16.self)
    return bytes.count % 2 == 1 ? text + "\u{FFFD}" : text
  }

  private static func decodeWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// Windows-1252 bytes 0x80–0x9F; the five unassigned ones stay C1 controls (WHATWG).
  private static let windows1252High: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
