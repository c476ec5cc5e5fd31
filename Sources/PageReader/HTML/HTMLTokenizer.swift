import TextSupport

/// A forgiving HTML tokenizer over UTF-8 bytes, after the HTML5 tokenizer states that
/// matter for reading: tags, attributes, comments, raw text and RCDATA elements.
/// It never fails: what is not markup is text, and EOF inside a tag drops the tag.
struct HTMLTokenizer {
  enum Token: Equatable {
    /// Text at a byte range; `decodes` is false inside raw text (script, xmp, plaintext).
    case text(Range<Int>, decodes: Bool)
    /// A start tag, name lower-cased; its attributes are in `attributes` until the next call.
    case startTag(String, selfClosing: Bool)
    case endTag(String)
    case end
  }

  struct Attribute {
    var name: Range<Int>
    var value: Range<Int>?
  }

  /// The page's UTF-8, borrowed for the tokenizer's life (`HTMLRenderer.parse` reads the
  /// decoded text in place: a copy of a 200 MB page was 200 MB more at the peak).
  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var attributes: [Attribute] = []
  private var position = 0
  /// Where the token `next()` returned last begins: every byte before it is read for good
  /// (the reader may write its text over them, `HTMLReader(overwriting:…)`).
  private(set) var tokenStart = 0
  /// The element whose end tag alone ends the current raw text or RCDATA run.
  private var rawTextElement: [UInt8]?
  private var rawTextDecodes = false
  private var inPlaintext = false

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func next() -> Token {
    let count = bytes.count
    while position < count {
      tokenStart = position
      if inPlaintext {
        defer { position = count }
        return .text(position..<count, decodes: false)
      }
      if let element = rawTextElement {
        let start = position
        let stop = rawTextEnd(of: element, from: start)
        position = stop
        rawTextElement = nil
        if stop > start { return .text(start..<stop, decodes: rawTextDecodes) }
        continue
      }
      let start = position
      if bytes[start] != UInt8(ascii: "<") {
        var i = start + 1
        while i < count, bytes[i] != UInt8(ascii: "<") { i += 1 }
        position = i
        return .text(start..<i, decodes: true)
      }
      guard start + 1 < count else {
        position = count
        return .text(start..<count, decodes: true)
      }
      let next = bytes[start + 1]
      if Self.isLetter(next) {
        if let token = startTag(at: start) { return token }
        return .end
      }
      switch next {
      case UInt8(ascii: "/"):
        if start + 2 < count, Self.isLetter(bytes[start + 2]) {
          if let token = endTag(at: start) { return token }
          return .end
        }
        if start + 2 >= count {
          position = count
          return .text(start..<count, decodes: true)
        }
        position = skipBogusComment(from: start + 2)
      case UInt8(ascii: "!"):
        if start + 3 < count, bytes[start + 2] == UInt8(ascii: "-"),
          bytes[start + 3] == UInt8(ascii: "-")
        {
          position = skipComment(from: start + 4)
        } else {
          position = skipBogusComment(from: start + 2)
        }
      case UInt8(ascii: "?"):
        position = skipBogusComment(from: start + 1)
      default:
        position = start + 1
        return .text(start..<start + 1, decodes: true)
      }
    }
    return .end
  }

  /// The value of the first attribute called `name` (lower case), references decoded.
  func attribute(_ name: String) -> String? {
    for attribute in attributes where matches(attribute.name, name) {
      guard let value = attribute.value else { return "" }
      return CharacterReferences.decode(bytes, in: value, inAttribute: true)
    }
    return nil
  }

  /// Whether the first attribute called `name` is written with `piece` in its value (the
  /// bytes as written, no reference decoded): a test that allocates nothing, made before
  /// `attribute` is asked of every element of a kind.
  func attribute(_ name: String, contains piece: StaticString) -> Bool {
    for attribute in attributes where matches(attribute.name, name) {
      guard let value = attribute.value else { return false }
      let pattern = UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount)
      return ByteSearch.contains(UnsafeBufferPointer(rebasing: bytes[value]), pattern)
    }
    return false
  }

  func hasAttribute(_ name: String) -> Bool {
    attributes.contains { matches($0.name, name) }
  }

  private func matches(_ range: Range<Int>, _ name: String) -> Bool {
    guard range.count == name.utf8.count else { return false }
    var i = range.lowerBound
    for byte in name.utf8 {
      if Self.lowercased(bytes[i]) != byte { return false }
      i += 1
    }
    return true
  }

  // MARK: - Tags

  private mutating func startTag(at start: Int) -> Token? {
    let (name, afterName) = tagName(from: start + 1)
    guard let (afterTag, selfClosing) = scanAttributes(from: afterName) else {
      position = bytes.count
      return nil
    }
    position = afterTag
    switch name {
    case "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript":
      rawTextElement = Array(name.utf8)
      rawTextDecodes = false
    case "title", "textarea":
      rawTextElement = Array(name.utf8)
      rawTextDecodes = true
    case "plaintext":
      inPlaintext = true
    default:
      break
    }
    return .startTag(name, selfClosing: selfClosing)
  }

  private mutating func endTag(at start: Int) -> Token? {
    let (name, afterName) = tagName(from: start + 2)
    guard let (afterTag, _) = scanAttributes(from: afterName) else {
      position = bytes.count
      return nil
    }
    position = afterTag
    attributes.removeAll(keepingCapacity: true)
    return .endTag(name)
  }

  private func tagName(from start: Int) -> (String, Int) {
    var end = start
    while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
    let name = String(unsafeUninitializedCapacity: end - start) { buffer in
      for offset in 0..<(end - start) {
        buffer[offset] = Self.lowercased(bytes[start + offset])
      }
      return end - start
    }
    return (name, end)
  }

  /// Reads attributes up to and including `>`; nil when the input ends inside the tag.
  private mutating func scanAttributes(from start: Int) -> (Int, Bool)? {
    attributes.removeAll(keepingCapacity: true)
    let count = bytes.count
    var i = start
    while true {
      while i < count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < count else { return nil }
      let byte = bytes[i]
      if byte == UInt8(ascii: ">") { return (i + 1, false) }
      if byte == UInt8(ascii: "/") {
        if i + 1 < count, bytes[i + 1] == UInt8(ascii: ">") { return (i + 2, true) }
        i += 1
        continue
      }
      let nameStart = i
      i += 1
      while i < count, !Self.endsName(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
      let name = nameStart..<i
      while i < count, Self.isSpace(bytes[i]) { i += 1 }
      var value: Range<Int>?
      if i < count, bytes[i] == UInt8(ascii: "=") {
        i += 1
        while i < count, Self.isSpace(bytes[i]) { i += 1 }
        guard i < count else { return nil }
        let quote = bytes[i]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
          let valueStart = i + 1
          i = valueStart
          while i < count, bytes[i] != quote { i += 1 }
          guard i < count else { return nil }
          value = valueStart..<i
          i += 1
        } else {
          let valueStart = i
          while i < count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
          value = valueStart..<i
        }
      }
      attributes.append(Attribute(name: name, value: value))
    }
  }

  // MARK: - Comments and raw text

  /// Skips a comment body starting after `<!--`; `<!-->`, `<!--->` and an unterminated
  /// comment (to the end of input) end as the HTML5 tokenizer ends them.
  private func skipComment(from start: Int) -> Int {
    let count = bytes.count
    if start < count, bytes[start] == UInt8(ascii: ">") { return start + 1 }
    if start + 1 < count, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: ">") {
      return start + 2
    }
    var i = start
    while i + 2 < count {
      if bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-") {
        if bytes[i + 2] == UInt8(ascii: ">") { return i + 3 }
        if bytes[i + 2] == UInt8(ascii: "!"), i + 3 < count, bytes[i + 3] == UInt8(ascii: ">") {
          return i + 4
        }
      }
      i += 1
    }
    return count
  }

  private func skipBogusComment(from start: Int) -> Int {
    var i = start
    while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
    return min(i + 1, bytes.count)
  }

  /// Where the raw text of `element` ends: at its `</name` followed by space, `/` or `>`.
  private func rawTextEnd(of element: [UInt8], from start: Int) -> Int {
    let count = bytes.count
    var i = start
    while i + 1 < count {
      if bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "/") {
        let nameStart = i + 2
        let nameEnd = nameStart + element.count
        if nameEnd <= count {
          var same = true
          for offset in 0..<element.count
          where Self.lowercased(bytes[nameStart + offset]) != element[offset] {
            same = false
            break
          }
          if same && (nameEnd == count || Self.endsName(bytes[nameEnd])) { return i }
        }
      }
      i += 1
    }
    return count
  }

  // MARK: - Bytes

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
  }

  @inline(__always)
  private static func isLetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
  }

  @inline(__always)
  private static func endsName(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
  }

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}
