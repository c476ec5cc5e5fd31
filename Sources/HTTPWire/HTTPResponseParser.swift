/// Reads one HTTP/1.x response from bytes as they arrive, split anywhere: the head, then the
/// body framed by Content-Length, chunked transfer coding or the end of the connection
/// (RFC 9112 §6.3). Interim 1xx answers are skipped. Lenient where browsers are (a bare LF
/// ends a line, a missing reason phrase), strict where a mistake would mis-frame the body
/// (conflicting lengths, a bad chunk size). Every buffer it keeps is bounded.
public struct HTTPResponseParser: Sendable {
  public enum Failure: Error, Equatable, Sendable {
    /// The bytes are not a valid response; a short lower-case reason.
    case malformed(String)
    /// The connection ended before the response did (no head yet, or a body cut short).
    case closedEarly
  }

  /// How the body's end is known.
  public enum Framing: Sendable, Equatable {
    /// No body: a HEAD request, 204, 304, or a zero Content-Length.
    case none
    case length(Int)
    case chunked
    /// The body runs until the server closes the connection.
    case untilClose
  }

  /// The final (non-1xx) head once it has been read.
  public private(set) var head: HTTPResponseHead?
  /// How the body is framed, known with `head`.
  public private(set) var framing: Framing?
  /// True once the whole response has been read; later bytes are ignored.
  public private(set) var isComplete = false

  private let expectsBody: Bool
  private let maxHeadBytes: Int
  private var state = State.head
  /// Bytes of a head, chunk-size line or trailer not yet complete.
  private var pending: [UInt8] = []
  /// Where the search for the end of the head resumes in `pending`.
  private var scanned = 0
  private var trailerBytes = 0

  private enum State: Sendable {
    case head
    case fixed(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkEnd
    case trailers
    case untilClose
    case done
  }

  /// A parser for the answer to a request with `method` (a HEAD answer has no body);
  /// a head larger than `maxHeadBytes` is refused.
  public init(method: String, maxHeadBytes: Int = 64 * 1024) {
    self.expectsBody = method.uppercased() != "HEAD"
    self.maxHeadBytes = maxHeadBytes
  }

  /// Consumes `input`, appending body bytes (transfer coding removed, content coding kept)
  /// to `body`.
  public mutating func feed(_ input: ArraySlice<UInt8>, body: inout [UInt8]) throws(Failure) {
    var input = input
    while !input.isEmpty {
      switch state {
      case .done:
        return
      case .head:
        try readHead(&input)
      case .fixed(let remaining):
        let part = input.prefix(remaining)
        body.append(contentsOf: part)
        input = input.dropFirst(part.count)
        state = remaining == part.count ? .done : .fixed(remaining: remaining - part.count)
        if case .done = state { isComplete = true }
      case .chunkSize:
        guard let line = try takeLine(&input, limit: 4096, what: "chunk size") else { return }
        let size = try Self.chunkSize(line)
        state = size == 0 ? .trailers : .chunkData(remaining: size)
      case .chunkData(let remaining):
        let part = input.prefix(remaining)
        body.append(contentsOf: part)
        input = input.dropFirst(part.count)
        state = remaining == part.count ? .chunkEnd : .chunkData(remaining: remaining - part.count)
      case .chunkEnd:
        guard let line = try takeLine(&input, limit: 2, what: "chunk end") else { return }
        guard line.isEmpty else { throw .malformed("a chunk is longer than its size") }
        state = .chunkSize
      case .trailers:
        guard let line = try takeLine(&input, limit: maxHeadBytes, what: "trailer") else {
          return
        }
        trailerBytes += line.count + 2
        guard trailerBytes <= maxHeadBytes else { throw .malformed("the trailers are too large") }
        if line.isEmpty {
          state = .done
          isComplete = true
        }
      case .untilClose:
        body.append(contentsOf: input)
        return
      }
    }
  }

  /// The connection has ended: completes a body that runs until the close, and throws
  /// `.closedEarly` if the response was not finished.
  public mutating func endOfInput() throws(Failure) {
    switch state {
    case .done: return
    case .untilClose:
      state = .done
      isComplete = true
    default:
      throw .closedEarly
    }
  }

  // MARK: The head

  private mutating func readHead(_ input: inout ArraySlice<UInt8>) throws(Failure) {
    // Take only what the head can use, so that body bytes behind it stay in `input`.
    let room = maxHeadBytes + 4 - pending.count
    let take = input.prefix(max(0, room))
    pending.append(contentsOf: take)
    input = input.dropFirst(take.count)
    guard let end = headEnd() else {
      if pending.count > maxHeadBytes { throw .malformed("the headers are too large") }
      return
    }
    let headBytes = pending[pending.startIndex..<end.headEnd]
    let rest = pending[end.bodyStart...]
    // Put the bytes after the head back in front of the input.
    input = ArraySlice(Array(rest) + Array(input))
    pending = []
    scanned = 0
    let parsed = try Self.parseHead(headBytes)
    if (100..<200).contains(parsed.status) {
      // An interim answer (100 Continue, 103 Early Hints); the real one follows.
      guard parsed.status != 101 else { throw .malformed("an unasked-for protocol switch") }
      return
    }
    head = parsed
    let framing = try Self.framing(of: parsed, expectsBody: expectsBody)
    self.framing = framing
    switch framing {
    case .none, .length(0):
      state = .done
      isComplete = true
    case .length(let count): state = .fixed(remaining: count)
    case .chunked: state = .chunkSize
    case .untilClose: state = .untilClose
    }
  }

  /// The end of the head in `pending` (before the blank line) and where the body starts.
  private mutating func headEnd() -> (headEnd: Int, bodyStart: Int)? {
    // Blank lines before the status line are skipped (RFC 9112 §2.2).
    while let first = pending.first, first == 0x0D || first == 0x0A {
      pending.removeFirst()
    }
    var index = max(0, scanned - 3)
    while index < pending.count {
      if pending[index] == 0x0A {
        // "\n\n" or "\n\r\n" ends the head.
        if index + 1 < pending.count, pending[index + 1] == 0x0A {
          return (index, index + 2)
        }
        if index + 2 < pending.count, pending[index + 1] == 0x0D, pending[index + 2] == 0x0A {
          return (index, index + 3)
        }
      }
      index += 1
    }
    scanned = pending.count
    return nil
  }

  static func parseHead(_ bytes: ArraySlice<UInt8>) throws(Failure) -> HTTPResponseHead {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      $0.last == 0x0D ? $0.dropLast() : $0
    }
    guard !lines.isEmpty else { throw .malformed("no status line") }
    let statusLine = lines.removeFirst()
    let (status, reason) = try parseStatusLine(statusLine)
    var fields: [HTTPResponseHead.Field] = []
    for line in lines {
      if let first = line.first, first == 0x20 || first == 0x09 {
        // An obsolete folded continuation line: part of the previous value.
        guard !fields.isEmpty else { throw .malformed("a folded line with no field") }
        let more = text(trimmed(line))
        if !more.isEmpty { fields[fields.count - 1].value += " " + more }
        continue
      }
      guard let colon = line.firstIndex(of: 0x3A) else {
        throw .malformed("a header line without a colon")
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(HTTPWire.isTokenByte) else {
        throw .malformed("a bad header name")
      }
      fields.append(.init(name: text(name), value: text(trimmed(line[(colon + 1)...]))))
    }
    return HTTPResponseHead(status: status, reason: reason, fields: fields)
  }

  private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(Failure) -> (Int, String) {
    // "HTTP/1.1 200 OK"; the reason phrase may be missing.
    let version = Array("HTTP/1.".utf8)
    guard line.count >= 12, line.prefix(7).elementsEqual(version),
      let minor = line.dropFirst(7).first, (0x30...0x39).contains(minor),
      line[line.startIndex + 8] == 0x20
    else { throw .malformed("not an HTTP/1 status line") }
    let digits = line.dropFirst(9).prefix(3)
    guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }),
      let first = digits.first, first != 0x30
    else { throw .malformed("a bad status code") }
    let status = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    let after = line.dropFirst(12)
    if let separator = after.first, separator != 0x20 {
      throw .malformed("a bad status code")
    }
    return (status, text(trimmed(after)))
  }

  static func framing(of head: HTTPResponseHead, expectsBody: Bool) throws(Failure) -> Framing {
    if !expectsBody || head.status == 204 || head.status == 304 { return .none }
    let codings = listElements(head.values("Transfer-Encoding")).map(HTTPWire.lowercasedASCII)
      .filter { !$0.isEmpty }
    if !codings.isEmpty {
      // Content-Length is ignored beside Transfer-Encoding (RFC 9112 §6.3).
      return codings.last == "chunked" ? .chunked : .untilClose
    }
    let lengths = listElements(head.values("Content-Length"))
    guard let first = lengths.first else { return .untilClose }
    guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
      first.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { throw .malformed("a bad Content-Length") }
    let count = first.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }  // 18 digits fit in an Int
    return .length(count)
  }

  static func chunkSize(_ line: ArraySlice<UInt8>) throws(Failure) -> Int {
    // "1a3f" or "1a3f;name=value"; whitespace before the extension is tolerated.
    let digits = line.prefix { hexValue($0) != nil }
    let rest = line.dropFirst(digits.count).drop { $0 == 0x20 || $0 == 0x09 }
    guard !digits.isEmpty, digits.count <= 15, rest.isEmpty || rest.first == 0x3B else {
      throw .malformed("a bad chunk size")
    }
    return digits.reduce(0) { $0 * 16 + Int(hexValue($1) ?? 0) }
  }

  /// Takes one line (without its CRLF or LF) from `pending` + `input`, or nil when the line
  /// is not complete yet (what was read is kept). Lines longer than `limit` are refused.
  private mutating func takeLine(
    _ input: inout ArraySlice<UInt8>, limit: Int, what: String
  ) throws(Failure) -> ArraySlice<UInt8>? {
    guard let newline = input.firstIndex(of: 0x0A) else {
      pending.append(contentsOf: input)
      input = input[input.endIndex...]
      guard pending.count <= limit + 1 else { throw .malformed("a bad \(what) line") }
      return nil
    }
    var line = pending + input[input.startIndex..<newline]
    pending = []
    input = input[(newline + 1)...]
    if line.last == 0x0D { line.removeLast() }
    guard line.count <= limit else { throw .malformed("a bad \(what) line") }
    return line[...]
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let start = bytes.drop(while: isSpace)
    guard let last = start.lastIndex(where: { !isSpace($0) }) else { return start.prefix(0) }
    return start[start.startIndex...last]
  }

  /// Field text: UTF-8 when it is valid UTF-8, else ISO-8859-1 byte for byte.
  static func text(_ bytes: ArraySlice<UInt8>) -> String {
    if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}

extension HTTPResponseParser {
  /// The elements of comma-separated field values (RFC 9110 §5.6.1), each without the spaces
  /// and tabs around it. Empty elements ("a,,b") are left out, as `split` leaves them out;
  /// an element of only spaces is kept, empty. Written over the UTF-8 view: the generic
  /// `split`/`reversed` versions cost a run-time type look-up on every first response.
  public static func listElements(_ values: [String]) -> [String] {
    var elements: [String] = []
    for value in values {
      let bytes = Array(value.utf8)
      var start = 0
      while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: 0x2C) ?? bytes.count
        if end > start {
          var low = start
          var high = end
          while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
          while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
          elements.append(String(decoding: bytes[low..<high], as: UTF8.self))
        }
        start = end + 1
      }
    }
    return elements
  }
}
