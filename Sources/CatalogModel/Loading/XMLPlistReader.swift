import Foundation
import TextSupport

/// Reads an XML property list from UTF-8 bytes in one pass, keeping dictionary order.
/// Only the values become Strings; tags are compared as bytes.
struct XMLPlistReader: OrderedTreeReader {
  private let p: UnsafeBufferPointer<UInt8>
  private var i = 0
  private var wrapped = false
  /// Set when a container was written as `<dict/>` or `<array/>`: it has nothing to list.
  private var emptyContainer = false
  /// Told how far the bytes have been read, every few megabytes, so that the owner of a
  /// file mapping can hand the pages read back to the kernel (the I/O side does that; this
  /// reader only counts).
  private let readUpTo: ((Int) -> Void)?
  /// The offset last reported to `readUpTo`.
  private var reported = 0
  /// The entries of the last city handed out, whose storage the next city reuses once the
  /// loader has let the last one go: one allocation fewer per city.
  private var cityEntries: [TreeEntry] = []

  /// `readUpTo`: see the property; nil for bytes that are not a file mapping.
  init(bytes: UnsafeBufferPointer<UInt8>, readUpTo: ((Int) -> Void)? = nil) {
    p = bytes
    self.readUpTo = readUpTo
  }

  private static let reportStep = 4 << 20

  private mutating func reportProgress() {
    guard let readUpTo, i - reported >= Self.reportStep else { return }
    readUpTo(i)
    reported = i
  }

  private enum Tag {
    case plist, dict, array, key, string, integer, real, `true`, `false`, date, data, other
  }

  private struct StartTag {
    var tag: Tag
    var name: Range<Int>
    var selfClosing: Bool
    var offset: Int
  }

  // MARK: OrderedTreeReader

  mutating func openRoot() throws(LoadFailure) -> TreeNode? {
    try skipProlog()
    guard i < p.count else { throw LoadFailure("the file has no property list", at: i) }
    var start = try readStartTag()
    if start.tag == .plist {
      guard !start.selfClosing else { throw LoadFailure("<plist> is empty", at: start.offset) }
      wrapped = true
      try skipMisc()
      guard i < p.count else { throw endOfFile("in <plist>") }
      guard !atEndTag else { throw LoadFailure("<plist> is empty", at: i) }
      start = try readStartTag()
    }
    if start.tag == .dict {
      emptyContainer = start.selfClosing
      return nil
    }
    return try value(from: start, depth: 1)
  }

  mutating func nextKey() throws(LoadFailure) -> (key: String, offset: Int)? {
    if emptyContainer {
      emptyContainer = false
      return nil
    }
    try skipMisc()
    guard i < p.count else { throw endOfFile("in <dict>") }
    if atEndTag {
      try readEndTag(.dict)
      return nil
    }
    let start = try readStartTag()
    return (try key(from: start), start.offset)
  }

  mutating func openArray() throws(LoadFailure) -> TreeNode? {
    let start = try valueStart(afterKey: true)
    if start.tag == .array {
      emptyContainer = start.selfClosing
      return nil
    }
    return try value(from: start, depth: 2)
  }

  mutating func nextElement() throws(LoadFailure) -> TreeNode? {
    if emptyContainer {
      emptyContainer = false
      return nil
    }
    try skipMisc()
    guard i < p.count else { throw endOfFile("in <array>") }
    if atEndTag {
      try readEndTag(.array)
      return nil
    }
    reportProgress()
    return try value(from: try readStartTag(), depth: 3)
  }

  mutating func finish() throws(LoadFailure) {
    if wrapped {
      try skipMisc()
      guard i < p.count else { throw endOfFile("before </plist>") }
      guard atEndTag else { throw LoadFailure("expected </plist>", at: i) }
      try readEndTag(.plist)
    }
    try skipMisc()
    if i < p.count {
      throw LoadFailure("unexpected content after the end of the property list", at: i)
    }
  }

  // MARK: Values

  private mutating func valueStart(afterKey: Bool) throws(LoadFailure) -> StartTag {
    let keyEnd = i
    try skipMisc()
    guard i < p.count else { throw endOfFile("in <dict>") }
    if afterKey && atEndTag { throw LoadFailure("a <key> has no value", at: keyEnd) }
    guard p[i] == UInt8(ascii: "<") else {
      throw LoadFailure("unexpected text where a value was expected", at: i)
    }
    return try readStartTag()
  }

  /// Depth counts containers from the root (1), so hostile nesting stops early.
  private mutating func value(from start: StartTag, depth: Int) throws(LoadFailure) -> TreeNode {
    let offset = start.offset
    switch start.tag {
    case .string:
      let text = try start.selfClosing ? "" : text(closing: .string)
      return TreeNode(value: .string(text), offset: offset)
    case .dict:
      guard depth <= LoadFailure.maximumDepth else { throw LoadFailure.tooDeep(at: offset) }
      var entries: [TreeEntry] = []
      if depth == 3 {
        swap(&entries, &cityEntries)
        entries.removeAll(keepingCapacity: true)
      }
      // A city has a handful of keys; growing 1, 2, 4 cost three allocations per city.
      entries.reserveCapacity(4)
      if !start.selfClosing {
        while true {
          try skipMisc()
          guard i < p.count else { throw endOfFile("in <dict>") }
          if atEndTag {
            try readEndTag(.dict)
            break
          }
          let keyTag = try readStartTag()
          let name = try key(from: keyTag)
          let valueTag = try valueStart(afterKey: true)
          entries.append(
            TreeEntry(
              key: name, keyOffset: keyTag.offset,
              value: try value(from: valueTag, depth: depth + 1)))
        }
      }
      if depth == 3 { cityEntries = entries }
      return TreeNode(value: .dictionary(entries), offset: offset)
    case .array:
      guard depth <= LoadFailure.maximumDepth else { throw LoadFailure.tooDeep(at: offset) }
      var elements: [TreeNode] = []
      if !start.selfClosing {
        while true {
          try skipMisc()
          guard i < p.count else { throw endOfFile("in <array>") }
          if atEndTag {
            try readEndTag(.array)
            break
          }
          elements.append(try value(from: try readStartTag(), depth: depth + 1))
        }
      }
      return TreeNode(value: .array(elements), offset: offset)
    case .true, .false:
      if !start.selfClosing {
        try skipMisc()
        guard i < p.count else { throw endOfFile("in <\(start.tag)>") }
        try readEndTag(start.tag)
      }
      return TreeNode(value: .bool(start.tag == .true), offset: offset)
    case .integer:
      let text = try scalarText(start).trimmingWhiteSpace
      guard let number = Self.integer(text) else {
        throw LoadFailure("invalid or out-of-range integer '\(text)'", at: offset)
      }
      return TreeNode(value: .integer(number), offset: offset)
    case .real:
      let text = try scalarText(start).trimmingWhiteSpace
      guard let number = Double(text) else {
        throw LoadFailure("invalid real number '\(text)'", at: offset)
      }
      return TreeNode(value: .real(number), offset: offset)
    case .date:
      let text = try scalarText(start).trimmingWhiteSpace
      guard let date = Self.date(text) else {
        throw LoadFailure("invalid date '\(text)' (expected YYYY-MM-DDTHH:MM:SSZ)", at: offset)
      }
      return TreeNode(value: .date(date), offset: offset)
    case .data:
      let text = try start.selfClosing ? "" : text(closing: .data)
      guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
        throw LoadFailure("invalid base64 in <data>", at: offset)
      }
      return TreeNode(value: .data(data), offset: offset)
    case .key:
      throw LoadFailure("a <key> outside a <dict>", at: offset)
    case .plist, .other:
      throw LoadFailure("unexpected element <\(name(start.name))>", at: offset)
    }
  }

  private mutating func key(from start: StartTag) throws(LoadFailure) -> String {
    guard start.tag == .key else {
      throw LoadFailure("expected <key> in <dict>, found <\(name(start.name))>", at: start.offset)
    }
    if start.selfClosing { return "" }
    return try text(closing: .key)
  }

  private mutating func scalarText(_ start: StartTag) throws(LoadFailure) -> String {
    if start.selfClosing { throw LoadFailure("empty <\(start.tag)>", at: start.offset) }
    return try text(closing: start.tag)
  }

  /// Character data up to the closing tag, with entities, CDATA and comments resolved.
  private mutating func text(closing tag: Tag) throws(LoadFailure) -> String {
    let start = i
    while i < p.count, p[i] != UInt8(ascii: "<"), p[i] != UInt8(ascii: "&") {
      i += 1
    }
    guard i < p.count else { throw endOfFile("in <\(tag)>") }
    if atEndTag {
      let text =
        tag == .key
        ? knownKey(start..<i)
        : String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
      try readEndTag(tag)
      return text
    }
    var buffer = Array(p[start..<i])
    while true {
      guard i < p.count else { throw endOfFile("in <\(tag)>") }
      let byte = p[i]
      if byte == UInt8(ascii: "&") {
        try appendEntity(to: &buffer)
      } else if byte != UInt8(ascii: "<") {
        buffer.append(byte)
        i += 1
      } else if atEndTag {
        try readEndTag(tag)
        return String(decoding: buffer, as: UTF8.self)
      } else if starts(with: "<![CDATA[") {
        let from = i + 9
        guard let close = find("]]>", from: from) else { throw endOfFile("in CDATA") }
        buffer.append(contentsOf: p[from..<close])
        i = close + 3
      } else if starts(with: "<!--") {
        try skipComment()
      } else {
        throw LoadFailure("unexpected element inside <\(tag)>", at: i)
      }
    }
  }

  private mutating func appendEntity(to buffer: inout [UInt8]) throws(LoadFailure) {
    let at = i
    var end = i + 1
    while end < p.count, end - i < 12, p[end] != UInt8(ascii: ";") { end += 1 }
    guard end < p.count, p[end] == UInt8(ascii: ";") else {
      throw LoadFailure("unterminated or unknown entity", at: at)
    }
    let body = UnsafeBufferPointer(rebasing: p[(i + 1)..<end])
    let scalar: Unicode.Scalar?
    switch String(decoding: body, as: UTF8.self) {
    case "lt": scalar = "<"
    case "gt": scalar = ">"
    case "amp": scalar = "&"
    case "quot": scalar = "\""
    case "apos": scalar = "'"
    case let name where name.hasPrefix("#x") || name.hasPrefix("#X"):
      scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
    case let name where name.hasPrefix("#"):
      scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
    default: scalar = nil
    }
    guard let scalar, scalar.value != 0 else {
      throw LoadFailure(
        "unknown entity '&\(String(decoding: body, as: UTF8.self));'", at: at)
    }
    buffer.append(contentsOf: String(Character(scalar)).utf8)
    i = end + 1
  }

  // MARK: Tags

  private var atEndTag: Bool {
    i + 1 < p.count && p[i] == UInt8(ascii: "<") && p[i + 1] == UInt8(ascii: "/")
  }

  private mutating func readStartTag() throws(LoadFailure) -> StartTag {
    let offset = i
    guard i < p.count, p[i] == UInt8(ascii: "<") else {
      throw LoadFailure("unexpected text where an element was expected", at: i)
    }
    if atEndTag { throw LoadFailure("unexpected closing tag", at: i) }
    i += 1
    let nameStart = i
    while i < p.count, !Self.endsName(p[i]) { i += 1 }
    guard i < p.count else { throw endOfFile("in a tag") }
    let nameRange = nameStart..<i
    guard !nameRange.isEmpty else { throw LoadFailure("malformed tag", at: offset) }
    if p[i] == UInt8(ascii: ">") {
      // No attributes and no '/': the usual tag, done.
      i += 1
      return StartTag(tag: classify(nameRange), name: nameRange, selfClosing: false, offset: offset)
    }
    var quote: UInt8 = 0
    while i < p.count {
      let byte = p[i]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      }
      i += 1
    }
    guard i < p.count else { throw endOfFile("in <\(name(nameRange))>") }
    let selfClosing = p[i - 1] == UInt8(ascii: "/")
    i += 1
    return StartTag(
      tag: classify(nameRange), name: nameRange, selfClosing: selfClosing, offset: offset)
  }

  private mutating func readEndTag(_ expected: Tag) throws(LoadFailure) {
    // Most closing tags are written plainly, `</string>`: compared at once.
    if let word = Self.spelling(expected) {
      let end = i + 2 + word.utf8CodeUnitCount
      if end < p.count, p[end] == UInt8(ascii: ">"), matches((i + 2)..<end, word) {
        i = end + 1
        return
      }
    }
    let offset = i
    i += 2
    let nameStart = i
    while i < p.count, !Self.endsName(p[i]) { i += 1 }
    let nameRange = nameStart..<i
    while i < p.count, Self.isSpace(p[i]) { i += 1 }
    guard i < p.count else { throw endOfFile("in a closing tag") }
    guard p[i] == UInt8(ascii: ">"), classify(nameRange) == expected else {
      throw LoadFailure(
        "expected </\(expected)>, found </\(name(nameRange))>", at: offset)
    }
    i += 1
  }

  private static func spelling(_ tag: Tag) -> StaticString? {
    switch tag {
    case .plist: "plist"
    case .dict: "dict"
    case .array: "array"
    case .key: "key"
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .true: "true"
    case .false: "false"
    case .date: "date"
    case .data: "data"
    case .other: nil
    }
  }

  /// A key written plainly, the usual ones without decoding: 400k strings of a large file.
  private func knownKey(_ range: Range<Int>) -> String {
    switch range.count {
    case 3 where matches(range, "url"): return "url"
    case 4 where matches(range, "name"): return "name"
    case 4 where matches(range, "code"): return "code"
    case 6 where matches(range, "pinyin"): return "pinyin"
    case 8 where matches(range, "counties"): return "counties"
    default: return String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
    }
  }

  private func classify(_ range: Range<Int>) -> Tag {
    switch range.count {
    case 3: return matches(range, "key") ? .key : .other
    case 4:
      if matches(range, "dict") { return .dict }
      if matches(range, "real") { return .real }
      if matches(range, "true") { return .true }
      if matches(range, "data") { return .data }
      if matches(range, "date") { return .date }
      return .other
    case 5:
      if matches(range, "array") { return .array }
      if matches(range, "false") { return .false }
      if matches(range, "plist") { return .plist }
      return .other
    case 6: return matches(range, "string") ? .string : .other
    case 7: return matches(range, "integer") ? .integer : .other
    default: return .other
    }
  }

  private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
    let letters = word.utf8Start
    for k in 0..<range.count where p[range.lowerBound + k] != letters[k] {
      return false
    }
    return true
  }

  private func name(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[range.prefix(64)]), as: UTF8.self)
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  // MARK: Skipping

  /// Whitespace, comments and processing instructions, which may sit between any elements.
  private mutating func skipMisc() throws(LoadFailure) {
    while i < p.count {
      let byte = p[i]
      if Self.isSpace(byte) {
        i += 1
      } else if byte == UInt8(ascii: "<"), i + 1 < p.count, p[i + 1] == UInt8(ascii: "!"),
        starts(with: "<!--")
      {
        try skipComment()
      } else if byte == UInt8(ascii: "<"), i + 1 < p.count, p[i + 1] == UInt8(ascii: "?") {
        guard let close = find("?>", from: i + 2) else { throw endOfFile("in <?...?>") }
        i = close + 2
      } else {
        return
      }
    }
  }

  private mutating func skipProlog() throws(LoadFailure) {
    while true {
      try skipMisc()
      guard starts(with: "<!DOCTYPE") else { return }
      // The internal subset in brackets may itself contain '>'.
      var brackets = 0
      var quote: UInt8 = 0
      i += 9
      while true {
        guard i < p.count else { throw endOfFile("in <!DOCTYPE>") }
        let byte = p[i]
        i += 1
        if quote != 0 {
          if byte == quote { quote = 0 }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: "[") {
          brackets += 1
        } else if byte == UInt8(ascii: "]") {
          brackets -= 1
        } else if byte == UInt8(ascii: ">") && brackets <= 0 {
          break
        }
      }
    }
  }

  private mutating func skipComment() throws(LoadFailure) {
    guard let close = find("-->", from: i + 4) else { throw endOfFile("in a comment") }
    i = close + 3
  }

  private func starts(with word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard i + count <= p.count else { return false }
    return matches(i..<(i + count), word)
  }

  private func find(_ word: StaticString, from: Int) -> Int? {
    let count = word.utf8CodeUnitCount
    let first = word.utf8Start[0]
    var j = from
    while j + count <= p.count {
      if p[j] == first && matches(j..<(j + count), word) { return j }
      j += 1
    }
    return nil
  }

  private func endOfFile(_ place: String) -> LoadFailure {
    LoadFailure("unexpected end of file \(place)", at: p.count)
  }

  // MARK: Scalars

  private static func integer(_ text: String) -> Int? {
    var digits = Substring(text)
    var negative = false
    if digits.hasPrefix("-") {
      negative = true
      digits = digits.dropFirst()
    } else if digits.hasPrefix("+") {
      digits = digits.dropFirst()
    }
    let magnitude: Int?
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      magnitude = Int(digits.dropFirst(2), radix: 16)
    } else {
      magnitude = digits.first?.isNumber == true ? Int(digits, radix: 10) : nil
    }
    guard let magnitude else {
      return negative && digits == "9223372036854775808" ? Int.min : nil
    }
    return negative ? -magnitude : magnitude
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`, the only form property lists write.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for k in from..<(from + count) {
        let digit = Int(bytes[k]) - 0x30
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    func separator(_ at: Int, _ char: Character) -> Bool {
      bytes[at] == char.asciiValue
    }
    guard separator(4, "-"), separator(7, "-"), separator(10, "T"), separator(13, ":"),
      separator(16, ":"), let year = number(0, 4), let month = number(5, 2),
      let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2),
      let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, bytes.count <= 30,
        let digits = number(20, bytes.count - 21)
      else { return nil }
      fraction = Double(digits) / pow(10, Double(bytes.count - 21))
    } else if bytes[19] != UInt8(ascii: "Z") {
      return nil
    }
    // Days from the civil calendar (Howard Hinnant's algorithm), then seconds since 1970.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146097 + dayOfEra - 719468
    let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second) + fraction
    return Date(timeIntervalSince1970: seconds)
  }
}
