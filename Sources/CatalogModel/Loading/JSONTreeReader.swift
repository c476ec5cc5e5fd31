/// Reads JSON from UTF-8 bytes in one pass, keeping object members in file order.
struct JSONTreeReader: OrderedTreeReader {
  private let p: UnsafeBufferPointer<UInt8>
  private var i = 0
  private var firstMember = true
  private var firstElement = true

  init(bytes: UnsafeBufferPointer<UInt8>) {
    p = bytes
  }

  // MARK: OrderedTreeReader

  mutating func openRoot() throws(LoadFailure) -> TreeNode? {
    skipSpace()
    guard i < p.count else { throw endOfFile("where a value was expected") }
    guard p[i] == UInt8(ascii: "{") else { return try value(depth: 1) }
    i += 1
    firstMember = true
    return nil
  }

  mutating func nextKey() throws(LoadFailure) -> (key: String, offset: Int)? {
    var first = firstMember
    defer { firstMember = first }
    guard try nextItem(closing: UInt8(ascii: "}"), first: &first, in: "an object") else {
      return nil
    }
    return try member()
  }

  mutating func openArray() throws(LoadFailure) -> TreeNode? {
    skipSpace()
    guard i < p.count else { throw endOfFile("where a value was expected") }
    guard p[i] == UInt8(ascii: "[") else { return try value(depth: 2) }
    i += 1
    firstElement = true
    return nil
  }

  mutating func nextElement() throws(LoadFailure) -> TreeNode? {
    var first = firstElement
    defer { firstElement = first }
    guard try nextItem(closing: UInt8(ascii: "]"), first: &first, in: "an array") else {
      return nil
    }
    return try value(depth: 3)
  }

  mutating func finish() throws(LoadFailure) {
    skipSpace()
    if i < p.count { throw LoadFailure("unexpected content after the JSON value", at: i) }
  }

  // MARK: Values

  /// Consumes the ',' before an item or the closing bracket; false at the closing bracket.
  private mutating func nextItem(closing: UInt8, first: inout Bool, in place: String)
    throws(LoadFailure) -> Bool
  {
    skipSpace()
    guard i < p.count else { throw endOfFile("in \(place)") }
    if p[i] == closing {
      i += 1
      return false
    }
    if first {
      first = false
      return true
    }
    guard p[i] == UInt8(ascii: ",") else {
      throw LoadFailure(
        "expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(place)", at: i)
    }
    i += 1
    return true
  }

  /// `"key": ` up to the value.
  private mutating func member() throws(LoadFailure) -> (key: String, offset: Int) {
    skipSpace()
    let offset = i
    guard i < p.count, p[i] == UInt8(ascii: "\"") else {
      throw i < p.count
        ? LoadFailure("expected a string key", at: i) : endOfFile("in an object")
    }
    let key = try string()
    skipSpace()
    guard i < p.count else { throw endOfFile("in an object") }
    guard p[i] == UInt8(ascii: ":") else { throw LoadFailure("expected ':' after a key", at: i) }
    i += 1
    return (key, offset)
  }

  private mutating func value(depth: Int) throws(LoadFailure) -> TreeNode {
    skipSpace()
    let offset = i
    guard i < p.count else { throw endOfFile("where a value was expected") }
    switch p[i] {
    case UInt8(ascii: "\""):
      return TreeNode(value: .string(try string()), offset: offset)
    case UInt8(ascii: "{"):
      guard depth <= LoadFailure.maximumDepth else { throw LoadFailure.tooDeep(at: offset) }
      i += 1
      var entries: [TreeEntry] = []
      var first = true
      while try nextItem(closing: UInt8(ascii: "}"), first: &first, in: "an object") {
        let (key, keyOffset) = try member()
        entries.append(
          TreeEntry(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
      }
      return TreeNode(value: .dictionary(entries), offset: offset)
    case UInt8(ascii: "["):
      guard depth <= LoadFailure.maximumDepth else { throw LoadFailure.tooDeep(at: offset) }
      i += 1
      var elements: [TreeNode] = []
      var first = true
      while try nextItem(closing: UInt8(ascii: "]"), first: &first, in: "an array") {
        elements.append(try value(depth: depth + 1))
      }
      return TreeNode(value: .array(elements), offset: offset)
    case UInt8(ascii: "t"):
      try literal("true")
      return TreeNode(value: .bool(true), offset: offset)
    case UInt8(ascii: "f"):
      try literal("false")
      return TreeNode(value: .bool(false), offset: offset)
    case UInt8(ascii: "n"):
      try literal("null")
      return TreeNode(value: .null, offset: offset)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return TreeNode(value: try number(), offset: offset)
    default:
      throw LoadFailure("unexpected character where a value was expected", at: i)
    }
  }

  private mutating func literal(_ word: StaticString) throws(LoadFailure) {
    let count = word.utf8CodeUnitCount
    let letters = word.utf8Start
    for k in 0..<count where i + k >= p.count || p[i + k] != letters[k] {
      throw i + k >= p.count
        ? endOfFile("in '\(word)'") : LoadFailure("invalid literal (expected '\(word)')", at: i)
    }
    i += count
  }

  private mutating func number() throws(LoadFailure) -> TreeValue {
    let start = i
    var isInteger = true
    if p[i] == UInt8(ascii: "-") { i += 1 }
    guard digits() > 0 else { throw LoadFailure("invalid number", at: start) }
    if i < p.count, p[i] == UInt8(ascii: ".") {
      i += 1
      isInteger = false
      guard digits() > 0 else { throw LoadFailure("invalid number", at: start) }
    }
    if i < p.count, p[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      isInteger = false
      if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { throw LoadFailure("invalid number", at: start) }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text) else { throw LoadFailure("invalid number", at: start) }
    return .real(value)
  }

  private mutating func digits() -> Int {
    let start = i
    while i < p.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p[i]) { i += 1 }
    return i - start
  }

  /// A string starting at its opening quote; escapes resolved, lone surrogates replaced.
  private mutating func string() throws(LoadFailure) -> String {
    let open = i
    i += 1
    let start = i
    while i < p.count, p[i] != UInt8(ascii: "\""), p[i] != UInt8(ascii: "\\"), p[i] >= 0x20 {
      i += 1
    }
    guard i < p.count else { throw endOfFile("in a string") }
    if p[i] == UInt8(ascii: "\"") {
      let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
      i += 1
      return text
    }
    var buffer = Array(p[start..<i])
    while true {
      guard i < p.count else { throw endOfFile("in a string that began here") }
      let byte = p[i]
      if byte == UInt8(ascii: "\"") {
        i += 1
        return String(decoding: buffer, as: UTF8.self)
      } else if byte < 0x20 {
        throw LoadFailure("control character in a string", at: i)
      } else if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        i += 1
        continue
      }
      guard i + 1 < p.count else { throw endOfFile("in a string") }
      let escape = p[i + 1]
      i += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var unit = try hex4()
        var scalar = Unicode.Scalar(0xFFFD as UInt32)
        if (0xD800..<0xDC00).contains(unit), i + 1 < p.count, p[i] == UInt8(ascii: "\\"),
          p[i + 1] == UInt8(ascii: "u")
        {
          i += 2
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) {
            scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          } else {
            // Not a pair: the high half is replaced, the second escape stands alone.
            appendScalar(scalar, to: &buffer)
            unit = low
            scalar = Unicode.Scalar(unit) ?? Unicode.Scalar(0xFFFD as UInt32)
          }
        } else if let plain = Unicode.Scalar(unit) {
          scalar = plain
        }
        appendScalar(scalar, to: &buffer)
      default:
        throw LoadFailure("invalid escape in a string (opened at byte \(open))", at: i - 2)
      }
    }
  }

  private func appendScalar(_ scalar: Unicode.Scalar?, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
  }

  private mutating func hex4() throws(LoadFailure) -> UInt32 {
    guard i + 4 <= p.count else { throw endOfFile("in a \\u escape") }
    var value: UInt32 = 0
    for k in 0..<4 {
      let byte = p[i + k]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x57)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x37)
      default: throw LoadFailure("invalid \\u escape", at: i + k)
      }
      value = value << 4 | digit
    }
    i += 4
    return value
  }

  private mutating func skipSpace() {
    while i < p.count {
      switch p[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  private func endOfFile(_ place: String) -> LoadFailure {
    LoadFailure("unexpected end of file \(place)", at: p.count)
  }
}
