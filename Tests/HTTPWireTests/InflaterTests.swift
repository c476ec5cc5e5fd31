import Testing

@testable import HTTPWire

// The compressed vectors were made with Python 3.11's zlib and gzip modules (zlib 1.2/1.3):
// `zlib.compressobj(level, wbits=-15)` for the raw DEFLATE data, whose zlib and gzip
// framings (`zlib.compress`, `gzip.compress(mtime=0)`) are kept as their header and trailer
// bytes, checked equal to Python's whole streams when they were made. Crafted streams were
// checked against zlib: the same output, or a rejection for the same reason.

/// Decoding real gzip, zlib and raw DEFLATE streams whole, a byte at a time and in seeded
/// random pieces; the output limit; and damaged, truncated and hostile streams.
@Suite struct InflaterTests {
  // MARK: Round trips

  @Test(arguments: RoundTrip.all, [Split.whole, .byteByByte, .seeded(1), .seeded(2)])
  func roundTrips(_ trip: RoundTrip, split: Split) throws {
    let (output, inflater) = try inflate(trip.stream, trip.format, split: split)
    #expect(output.count == trip.input.count)
    #expect(output == trip.input)
    #expect(inflater.isFinished)
    #expect(!inflater.reachedLimit)
    try inflater.finish()
  }

  @Test func theVectorsHaveTheBlockTypesTheyStandFor() {
    // BFINAL is the first bit, BTYPE the next two (RFC 1951, 3.2.3).
    func blockType(_ stream: [UInt8]) -> UInt8 { stream[0] >> 1 & 3 }
    #expect(blockType(bytes(hex: Vector.short1)) == 1)
    #expect(blockType(Vector.text0.raw) == 0)
    for vector in [Vector.text1, .text6, .text9, .pattern6, .pattern9, .far9] {
      #expect(blockType(vector.raw) == 2)
    }
  }

  @Test func aFixedHuffmanBlockDecodes() throws {
    let stream = bytes(hex: Vector.short1)
    #expect(stream[0] & 1 == 1, "one final block")
    for split in [Split.whole, .byteByByte] {
      let (output, inflater) = try inflate(stream, .raw, split: split)
      #expect(String(decoding: output, as: UTF8.self) == "北京 Beijing 北京 Beijing")
      #expect(inflater.isFinished)
    }
  }

  @Test func aStoredBlockDecodes() throws {
    #expect(try inflate(bytes(hex: "010500faff68656c6c6f"), .raw).output == Array("hello".utf8))
    // An empty stored block before the final one.
    let stream = bytes(hex: "000000ffff" + "010500faff68656c6c6f")
    for split in [Split.whole, .byteByByte] {
      #expect(try inflate(stream, .raw, split: split).output == Array("hello".utf8))
    }
  }

  @Test func gzipHeaderFieldsAreSkipped() throws {
    for header in [Vector.gzipNamedHeader, Vector.gzipFullHeader] {
      let stream = bytes(hex: header) + Vector.text9.raw + bytes(hex: Vector.text9.gzipTrailer)
      for split in [Split.whole, .byteByByte, .seeded(3)] {
        let (output, inflater) = try inflate(stream, .gzip, split: split)
        #expect(output == Vector.text)
        #expect(inflater.isFinished)
      }
    }
  }

  @Test func deflateAutoTellsZlibFromRaw() throws {
    let zlib = Vector.text9.zlib
    #expect(try inflate(zlib, .deflateAuto).output == Vector.text)
    // A damaged Adler-32 is noticed, so the zlib framing was the one used.
    var damaged = zlib
    damaged[damaged.count - 1] ^= 1
    #expect(throws: Inflater.Failure.malformed("adler-32 mismatch")) {
      try inflate(damaged, .deflateAuto)
    }
    let (output, inflater) = try inflate(Vector.text9.raw, .deflateAuto)
    #expect(output == Vector.text)
    #expect(inflater.isFinished, "a raw stream has no trailer to wait for")
    // Decided only once two bytes have come.
    #expect(try inflate(zlib, .deflateAuto, split: .byteByByte).output == Vector.text)
    #expect(try inflate(Vector.text9.raw, .deflateAuto, split: .byteByByte).output == Vector.text)
  }

  @Test func bytesAfterTheStreamAreIgnored() throws {
    let stream = Vector.text9.gzip + Vector.text9.gzip + Array("junk".utf8)
    let (output, inflater) = try inflate(stream, .gzip, split: .seeded(4))
    #expect(output == Vector.text, "only the first member")
    #expect(inflater.isFinished)
  }

  @Test func checksumsMatchTheirCheckValues() {
    Array("123456789".utf8).withUnsafeBufferPointer { bytes in
      var crc = CRC32()
      crc.update(bytes)
      #expect(crc.value == 0xCBF4_3926)
      var adler = Adler32()
      adler.update(bytes)
      #expect(adler.value == 0x091E_01DE)
    }
  }

  // MARK: The limit

  @Test(.timeLimit(.minutes(1))) func aBombStopsAtTheLimit() throws {
    let bomb = Vector.tenMegabytesOfZeros
    #expect(bomb.count < 10_000)
    let clock = ContinuousClock()
    let start = clock.now
    var inflater = Inflater(format: .zlib)
    var output: [UInt8] = []
    try inflater.feed(bomb, into: &output, limit: 100_000)
    #expect(clock.now - start < .seconds(2))
    #expect(output.count == 100_000)
    #expect(output.allSatisfy { $0 == 0 })
    #expect(inflater.reachedLimit)
    #expect(!inflater.isFinished)
    // Fed in pieces with what is left of the budget, it stops at the same byte.
    var pieces = Inflater(format: .zlib)
    var pieceOutput: [UInt8] = []
    for start in stride(from: 0, to: bomb.count, by: 500) {
      let piece = bomb[start..<min(start + 500, bomb.count)]
      try pieces.feed(piece, into: &pieceOutput, limit: 100_000 - pieceOutput.count)
      if pieces.reachedLimit { break }
    }
    #expect(pieceOutput.count == 100_000)
    #expect(pieces.reachedLimit)
  }

  @Test func aStreamResumesAfterTheLimit() throws {
    // Whole stream, then small budgets: the limit falls inside literals and matches alike.
    for (vector, budget) in [(Vector.text9, 7), (.text0, 100), (.pattern9, 4_999)] {
      var inflater = Inflater(format: .gzip)
      var output: [UInt8] = []
      try inflater.feed(vector.gzip, into: &output, limit: budget)
      var feeds = 1
      while inflater.reachedLimit {
        #expect(output.count == feeds * budget)
        try inflater.feed([], into: &output, limit: budget)
        feeds += 1
      }
      #expect(output == vector.input)
      #expect(inflater.isFinished)
    }
  }

  @Test func theWholeBombDecodesWhenTheLimitAllows() throws {
    var inflater = Inflater(format: .zlib)
    var output: [UInt8] = []
    try inflater.feed(Vector.tenMegabytesOfZeros, into: &output, limit: 10_000_000)
    #expect(output.count == 10_000_000)
    #expect(output.allSatisfy { $0 == 0 })
    #expect(inflater.isFinished, "the Adler-32 matched")
    #expect(!inflater.reachedLimit, "ending exactly at the limit is finishing")
  }

  @Test func aLimitOfOneLessThanTheOutputIsReached() throws {
    var inflater = Inflater(format: .gzip)
    var output: [UInt8] = []
    try inflater.feed(Vector.text9.gzip, into: &output, limit: Vector.text.count - 1)
    #expect(output == Array(Vector.text.dropLast()))
    #expect(inflater.reachedLimit)
    try inflater.feed([], into: &output, limit: 1)
    #expect(output == Vector.text)
    #expect(inflater.isFinished)
    #expect(!inflater.reachedLimit)
  }

  // MARK: Damaged streams

  @Test func aDamagedGzipTrailerIsCaught() {
    var crc = Vector.text9.gzip
    crc[crc.count - 8] ^= 0x40
    #expect(throws: Inflater.Failure.malformed("crc mismatch")) { try inflate(crc, .gzip) }
    var size = Vector.text9.gzip
    size[size.count - 1] = 1
    #expect(throws: Inflater.Failure.malformed("length mismatch")) { try inflate(size, .gzip) }
  }

  @Test func aBadGzipHeaderIsCaught() {
    let stream = Vector.text9.gzip
    for (index, value, reason) in [
      (0, 0x1E, "bad gzip magic"), (1, 0x8C, "bad gzip magic"), (2, 7, "bad gzip method"),
      (3, 0x20, "reserved gzip flags"),
    ] as [(Int, UInt8, String)] {
      var damaged = stream
      damaged[index] = value
      #expect(throws: Inflater.Failure.malformed(reason)) { try inflate(damaged, .gzip) }
    }
    var header = bytes(hex: Vector.gzipFullHeader)
    header[header.count - 1] ^= 1
    #expect(throws: Inflater.Failure.malformed("gzip header crc mismatch")) {
      try inflate(header + Vector.text9.raw + bytes(hex: Vector.text9.gzipTrailer), .gzip)
    }
  }

  @Test func aBadZlibHeaderIsCaught() {
    #expect(throws: Inflater.Failure.malformed("bad zlib header")) {
      try inflate(Vector.text9.raw, .zlib)
    }
    #expect(throws: Inflater.Failure.malformed("bad zlib header")) {
      try inflate(bytes(hex: "7800") + Vector.text9.raw, .zlib)
    }
    // 78 bb passes the check, with FDICT set.
    #expect(throws: Inflater.Failure.malformed("zlib preset dictionary")) {
      try inflate(bytes(hex: "78bb") + Vector.text9.raw, .deflateAuto)
    }
  }

  @Test func aTruncatedStreamWaitsThenSaysSo() throws {
    let streams: [([UInt8], Inflater.Format)] = [
      (Vector.text9.gzip, .gzip), (Vector.text0.zlib, .zlib), (Vector.text1.raw, .raw),
      (Vector.text6.zlib, .deflateAuto),
    ]
    for (stream, format) in streams {
      for length in Array(stride(from: 0, to: stream.count, by: 37)) + [stream.count - 1] {
        let (output, inflater) = try inflate(Array(stream[..<length]), format)
        #expect(!inflater.isFinished)
        #expect(output == Array(Vector.text.prefix(output.count)))
        #expect(throws: Inflater.Failure.malformed("truncated")) { try inflater.finish() }
      }
      try inflate(stream, format).inflater.finish()
    }
  }

  /// Blocks made bit by bit; "fixed" is BFINAL 1, BTYPE 1, then fixed-Huffman codes.
  @Test(arguments: [
    ("07", "bad block type"),  // BTYPE 3
    ("73044200", "distance too far back"),  // fixed: 'A', length 3 at distance 2
    ("030200", "distance too far back"),  // fixed: a match before any output
    ("73043e00", "bad distance code"),  // fixed: 'A', length 3, distance code 30
    ("731c0300", "bad literal/length code"),  // fixed: 'A', literal/length code 286
    ("010500000068656c6c6f", "stored length mismatch"),  // LEN 5, NLEN 0
    ("05009204", "oversubscribed code"),  // dynamic: four 1-bit code lengths codes
    (Crafted.literalsOversubscribed, "oversubscribed code"),
    (Crafted.literalsIncomplete, "incomplete code"),
  ])
  func aMalformedBlockIsRejected(hex: String, reason: String) {
    for split in [Split.whole, .byteByByte] {
      #expect(throws: Inflater.Failure.malformed(reason)) {
        try inflate(bytes(hex: hex), .raw, split: split)
      }
    }
  }

  @Test func aDistanceOfAllTheOutputIsNotTooFar() throws {
    // A literal, then length 3 at distance 1: the same block with distance 2 is rejected.
    #expect(try inflate(bytes(hex: "73040200"), .raw).output == Array("AAAA".utf8))
  }

  @Test func aDistanceCodeMayBeOneBitOrNone() throws {
    // RFC 1951, 3.2.7: the only incomplete codes allowed.
    let one = try inflate(bytes(hex: Crafted.oneDistanceCode), .raw)
    #expect(one.output == Array("AAAA".utf8))
    #expect(one.inflater.isFinished)
    let none = try inflate(bytes(hex: Crafted.noDistanceCodes), .raw)
    #expect(none.output == Array("AA".utf8))
    #expect(none.inflater.isFinished)
    #expect(throws: Inflater.Failure.malformed("invalid code")) {
      try inflate(bytes(hex: Crafted.unusedDistanceCode), .raw)
    }
  }

  @Test func aFailureIsThrownAgain() {
    var inflater = Inflater(format: .raw)
    var output: [UInt8] = []
    #expect(throws: Inflater.Failure.malformed("bad block type")) {
      try inflater.feed([0x07], into: &output, limit: 100)
    }
    #expect(throws: Inflater.Failure.malformed("bad block type")) {
      try inflater.feed(Vector.text9.raw, into: &output, limit: 100)
    }
    #expect(throws: Inflater.Failure.malformed("bad block type")) { try inflater.finish() }
  }

  /// Damaged copies of real streams and random bytes: each either decodes, fails with a
  /// reason, or waits for more, within the limit and without trapping.
  @Test(.timeLimit(.minutes(1))) func hostileInputNeverTraps() {
    var random = SplitMix64(seed: 5)
    let originals = [Vector.text9.gzip, Vector.text1.zlib, Vector.pattern6.raw]
    for round in 0..<600 {
      var stream: [UInt8]
      let format: Inflater.Format
      if round % 4 == 3 {
        stream = (0..<random.below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        format = [.raw, .gzip, .zlib, .deflateAuto][round / 4 % 4]
      } else {
        stream = originals[round % 3]
        format = [.gzip, .zlib, .raw][round % 3]
        for _ in 0...random.below(4) {
          let index = random.below(stream.count)
          switch random.below(3) {
          case 0: stream[index] ^= UInt8(1 << random.below(8))
          case 1: stream[index] = UInt8(truncatingIfNeeded: random.next())
          default: stream.removeSubrange(index..<min(stream.count, index + random.below(16)))
          }
        }
      }
      let limit = 300_000
      do {
        let (output, _) = try inflate(stream, format, split: .seeded(UInt64(round)), limit: limit)
        #expect(output.count <= limit)
      } catch {
        if case .malformed(let reason) = error { #expect(!reason.isEmpty) }
      }
    }
  }
}

// MARK: Helpers

/// Feeds `stream` in the pieces `split` makes, each with what is left of `limit`, and stops
/// at the limit as a client would.
@discardableResult
private func inflate(
  _ stream: [UInt8], _ format: Inflater.Format, split: Split = .whole, limit: Int = .max
) throws(Inflater.Failure) -> (output: [UInt8], inflater: Inflater) {
  var inflater = Inflater(format: format)
  var output: [UInt8] = []
  for piece in split.pieces(stream.count) {
    try inflater.feed(stream[piece], into: &output, limit: limit - output.count)
    if inflater.reachedLimit { break }
  }
  return (output, inflater)
}

/// How a stream is cut into the pieces fed one after another.
enum Split: Sendable, CustomTestStringConvertible {
  case whole
  case byteByByte
  /// Pieces of 0 to 39 bytes, and now and then up to 2 KB, from a seeded generator.
  case seeded(UInt64)

  var testDescription: String {
    switch self {
    case .whole: "whole"
    case .byteByByte: "byte by byte"
    case .seeded(let seed): "seeded pieces \(seed)"
    }
  }

  func pieces(_ count: Int) -> [Range<Int>] {
    switch self {
    case .whole:
      return [0..<count]
    case .byteByByte:
      return (0..<count).map { $0..<$0 + 1 }
    case .seeded(let seed):
      var random = SplitMix64(seed: seed)
      var pieces: [Range<Int>] = []
      var start = 0
      while start < count {
        let size = random.below(8) == 0 ? random.below(2_000) : random.below(40)
        let end = min(count, start + size)
        pieces.append(start..<end)
        start = end
      }
      return pieces
    }
  }
}

/// SplitMix64: the same numbers on every run and every platform.
private struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ z >> 30) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ z >> 27) &* 0x94D0_49BB_1331_11EB
    return z ^ z >> 31
  }

  /// A number in `0..<n`, or 0 when `n` is not positive.
  mutating func below(_ n: Int) -> Int { n > 0 ? Int(next() % UInt64(n)) : 0 }
}

private func bytes(hex: String) -> [UInt8] {
  let digits = hex.utf8.compactMap { UInt8(String(UnicodeScalar($0)), radix: 16) }
  return stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
}

/// Decodes base64, skipping line breaks and padding.
private func bytes(base64: String) -> [UInt8] {
  let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  var values = [Int](repeating: -1, count: 256)
  for (value, character) in alphabet.utf8.enumerated() { values[Int(character)] = value }
  var bytes: [UInt8] = []
  var bits = 0
  var count = 0
  for character in base64.utf8 where values[Int(character)] >= 0 {
    bits = (bits << 6 | values[Int(character)]) & 0xFFFF
    count += 6
    if count >= 8 {
      count -= 8
      bytes.append(UInt8(truncatingIfNeeded: bits >> count))
    }
  }
  return bytes
}

/// One input decoded from one framing of its vector.
struct RoundTrip: Sendable, CustomTestStringConvertible {
  enum Framing: String, Sendable, CaseIterable {
    case gzip
    case zlib
    case raw
    case autoOfZlib = "deflateAuto of zlib"
    case autoOfRaw = "deflateAuto of raw"
  }

  let name: String
  let vector: Vector
  let framing: Framing

  var testDescription: String { "\(name) as \(framing.rawValue)" }
  var input: [UInt8] { vector.input }

  var format: Inflater.Format {
    switch framing {
    case .gzip: .gzip
    case .zlib: .zlib
    case .raw: .raw
    case .autoOfZlib, .autoOfRaw: .deflateAuto
    }
  }

  var stream: [UInt8] {
    switch framing {
    case .gzip: vector.gzip
    case .zlib, .autoOfZlib: vector.zlib
    case .raw, .autoOfRaw: vector.raw
    }
  }

  static let all: [RoundTrip] = [
    ("page, level 0", Vector.text0), ("page, level 1", .text1), ("page, level 6", .text6),
    ("page, level 9", .text9), ("pattern, level 6", .pattern6), ("pattern, level 9", .pattern9),
    ("far matches, level 9", .far9),
  ].flatMap { name, vector in
    Framing.allCases.map { RoundTrip(name: name, vector: vector, framing: $0) }
  }
}

/// A deflate stream from Python, with the bytes that frame it as zlib and as gzip.
struct Vector: Sendable {
  let input: [UInt8]
  let zlibHeader: String
  let adler: String
  let gzipHeader: String
  let gzipTrailer: String
  let deflate: String

  var raw: [UInt8] { bytes(base64: deflate) }
  var zlib: [UInt8] { bytes(hex: zlibHeader) + raw + bytes(hex: adler) }
  var gzip: [UInt8] { bytes(hex: gzipHeader) + raw + bytes(hex: gzipTrailer) }

  /// The page below, as UTF-8.
  static let text = Array(provincePage.utf8)

  /// 8,000 bytes of words drawn by a linear congruential generator, 25 times over, so that
  /// matches reach back 8 KB across the window's slides.
  static let pattern: [UInt8] = {
    let words = [
      "北京", "上海", "<td>", "</td>", "广州", " province ", "深圳", "</tr>\n", "<tr>", "省",
      "Guangdong", "市", " ", "自治区", "0", "1",
    ]
    var state: UInt32 = 2024
    var base: [UInt8] = []
    while base.count < 8_000 {
      state = (state &* 1_103_515_245 &+ 12_345) & 0x7FFF_FFFF
      base += words[Int(state >> 16) % 16].utf8
    }
    return Array(repeatElement(base.prefix(8_000), count: 25).joined())
  }()

  /// A 21-byte name, then zeros, 6 times and the name again: each name after the first is
  /// a match 32,501 bytes back, near the farthest zlib reaches.
  static let far: [UInt8] = {
    let name = Array("省市区县乡镇村".utf8)
    let gap = [UInt8](repeating: 0, count: 32_480)
    return Array(repeatElement(name + gap, count: 6).joined()) + name
  }()

  /// `zlib.compress(bytes(10_000_000), 9)`, kept as runs of equal bytes.
  static let tenMegabytesOfZeros: [UInt8] = tenMegabytesOfZerosRuns.flatMap {
    [UInt8](repeating: $0.0, count: $0.1)
  }

  static let text0 = Vector(
    input: text,
    zlibHeader: "7801", adler: "459e3543", gzipHeader: "1f8b0800000000000403",
    gzipTrailer: "4820019fa9100000",
    deflate: """
      AakQVu88IURPQ1RZUEUgaHRtbD4KPGh0bWwgbGFuZz0iemgtQ04iPgo8aGVhZD4KPG1ldGEgY2hhcnNldD0idXRm
      LTgiPgo8dGl0bGU+5Lit5Zu955yB57qn6KGM5pS/5Yy6IMK3IFByb3ZpbmNlcyBvZiBDaGluYTwvdGl0bGU+Cjxs
      aW5rIHJlbD0ic3R5bGVzaGVldCIgaHJlZj0iL3N0YXRpYy9zaXRlLmNzcyI+CjwvaGVhZD4KPGJvZHk+CjxoZWFk
      ZXI+PGgxPuecgee6p+ihjOaUv+WMuuS4gOiniDwvaDE+PHA+5YWx5LiJ5Y2B5Zub5Liq55yB57qn6KGM5pS/5Yy6
      77ya5LqM5Y2B5LiJ5Liq55yB44CB5LqU5Liq6Ieq5rK75Yy644CB5Zub5Liq55u06L6W5biC44CB5Lik5Liq54m5
      5Yir6KGM5pS/5Yy644CCPC9wPjwvaGVhZGVyPgo8bmF2PjxhIGhyZWY9Ii8iPummlumhtTwvYT4gfCA8YSBocmVm
      PSIvbGlzdCI+5YiX6KGoPC9hPiB8IDxhIGhyZWY9Ii9tYXAiPuWcsOWbvjwvYT4gfCA8YSBocmVmPSIvYWJvdXQi
      PuWFs+S6juacrOermTwvYT48L25hdj4KPG1haW4+CjxoMiBpZD0ibXVuaWNpcGFsaXRpZXMiPuebtOi+luW4giBN
      dW5pY2lwYWxpdGllczwvaDI+Cjx0YWJsZSBjbGFzcz0icHJvdmluY2VzIj4KPHRyPjx0aD7lkI3np7A8L3RoPjx0
      aD5OYW1lPC90aD48dGg+566A56ewPC90aD48dGg+55yB5LyaPC90aD48dGg+6Z2i56ev77yI5bmz5pa55YWs6YeM
      77yJPC90aD48L3RyPgo8dHI+PHRkPuWMl+S6rOW4gjwvdGQ+PHRkPkJlaWppbmc8L3RkPjx0ZD7kuqw8L3RkPjx0
      ZD7ljJfkuqw8L3RkPjx0ZD4xNiw0MTA8L3RkPjwvdHI+Cjx0cj48dGQ+5aSp5rSl5biCPC90ZD48dGQ+VGlhbmpp
      bjwvdGQ+PHRkPua0pTwvdGQ+PHRkPuWkqea0pTwvdGQ+PHRkPjExLDk2NjwvdGQ+PC90cj4KPHRyPjx0ZD7kuIrm
      tbfluII8L3RkPjx0ZD5TaGFuZ2hhaTwvdGQ+PHRkPuayqjwvdGQ+PHRkPuS4iua1tzwvdGQ+PHRkPjYsMzQwPC90
      ZD48L3RyPgo8dHI+PHRkPumHjeW6huW4gjwvdGQ+PHRkPkNob25ncWluZzwvdGQ+PHRkPua4nTwvdGQ+PHRkPumH
      jeW6hjwvdGQ+PHRkPjgyLDQwMDwvdGQ+PC90cj4KPC90YWJsZT4KPGgyIGlkPSJwcm92aW5jZXMiPuecgSBQcm92
      aW5jZXM8L2gyPgo8dGFibGUgY2xhc3M9InByb3ZpbmNlcyI+Cjx0cj48dGQ+5rKz5YyX55yBPC90ZD48dGQ+SGVi
      ZWk8L3RkPjx0ZD7lhoA8L3RkPjx0ZD7nn7PlrrbluoQ8L3RkPjx0ZD4xODgsODAwPC90ZD48L3RyPgo8dHI+PHRk
      PuWxseilv+ecgTwvdGQ+PHRkPlNoYW54aTwvdGQ+PHRkPuaZizwvdGQ+PHRkPuWkquWOnzwvdGQ+PHRkPjE1Niw3
      MDA8L3RkPjwvdHI+Cjx0cj48dGQ+6L695a6B55yBPC90ZD48dGQ+TGlhb25pbmc8L3RkPjx0ZD7ovr08L3RkPjx0
      ZD7msojpmLM8L3RkPjx0ZD4xNDgsMDAwPC90ZD48L3RyPgo8dHI+PHRkPuWQieael+ecgTwvdGQ+PHRkPkppbGlu
      PC90ZD48dGQ+5ZCJPC90ZD48dGQ+6ZW/5pilPC90ZD48dGQ+MTg3LDQwMDwvdGQ+PC90cj4KPHRyPjx0ZD7pu5Hp
      vpnmsZ/nnIE8L3RkPjx0ZD5IZWlsb25namlhbmc8L3RkPjx0ZD7pu5E8L3RkPjx0ZD7lk4jlsJTmu6g8L3RkPjx0
      ZD40NzMsMDAwPC90ZD48L3RyPgo8dHI+PHRkPuaxn+iLj+ecgTwvdGQ+PHRkPkppYW5nc3U8L3RkPjx0ZD7oi488
      L3RkPjx0ZD7ljZfkuqw8L3RkPjx0ZD4xMDcsMjAwPC90ZD48L3RyPgo8dHI+PHRkPua1meaxn+ecgTwvdGQ+PHRk
      PlpoZWppYW5nPC90ZD48dGQ+5rWZPC90ZD48dGQ+5p2t5beePC90ZD48dGQ+MTA1LDUwMDwvdGQ+PC90cj4KPHRy
      Pjx0ZD7lronlvr3nnIE8L3RkPjx0ZD5Bbmh1aTwvdGQ+PHRkPuealjwvdGQ+PHRkPuWQiOiCpTwvdGQ+PHRkPjE0
      MCwxMDA8L3RkPjwvdHI+Cjx0cj48dGQ+56aP5bu655yBPC90ZD48dGQ+RnVqaWFuPC90ZD48dGQ+6Ze9PC90ZD48
      dGQ+56aP5beePC90ZD48dGQ+MTI0LDAwMDwvdGQ+PC90cj4KPHRyPjx0ZD7msZ/opb/nnIE8L3RkPjx0ZD5KaWFu
      Z3hpPC90ZD48dGQ+6LWjPC90ZD48dGQ+5Y2X5piMPC90ZD48dGQ+MTY2LDkwMDwvdGQ+PC90cj4KPHRyPjx0ZD7l
      sbHkuJznnIE8L3RkPjx0ZD5TaGFuZG9uZzwvdGQ+PHRkPumygTwvdGQ+PHRkPua1juWNlzwvdGQ+PHRkPjE1Nyw5
      MDA8L3RkPjwvdHI+Cjx0cj48dGQ+5rKz5Y2X55yBPC90ZD48dGQ+SGVuYW48L3RkPjx0ZD7osas8L3RkPjx0ZD7p
      g5Hlt548L3RkPjx0ZD4xNjcsMDAwPC90ZD48L3RyPgo8dHI+PHRkPua5luWMl+ecgTwvdGQ+PHRkPkh1YmVpPC90
      ZD48dGQ+6YSCPC90ZD48dGQ+5q2m5rGJPC90ZD48dGQ+MTg1LDkwMDwvdGQ+PC90cj4KPHRyPjx0ZD7muZbljZfn
      nIE8L3RkPjx0ZD5IdW5hbjwvdGQ+PHRkPua5mDwvdGQ+PHRkPumVv+aymTwvdGQ+PHRkPjIxMSw4MDA8L3RkPjwv
      dHI+Cjx0cj48dGQ+5bm/5Lic55yBPC90ZD48dGQ+R3Vhbmdkb25nPC90ZD48dGQ+57KkPC90ZD48dGQ+5bm/5bee
      PC90ZD48dGQ+MTc5LDgwMDwvdGQ+PC90cj4KPHRyPjx0ZD7mtbfljZfnnIE8L3RkPjx0ZD5IYWluYW48L3RkPjx0
      ZD7nkLw8L3RkPjx0ZD7mtbflj6M8L3RkPjx0ZD4zNSw0MDA8L3RkPjwvdHI+Cjx0cj48dGQ+5Zub5bed55yBPC90
      ZD48dGQ+U2ljaHVhbjwvdGQ+PHRkPuW3nTwvdGQ+PHRkPuaIkOmDvTwvdGQ+PHRkPjQ4NiwwMDA8L3RkPjwvdHI+
      Cjx0cj48dGQ+6LS15bee55yBPC90ZD48dGQ+R3VpemhvdTwvdGQ+PHRkPum7lDwvdGQ+PHRkPui0temYszwvdGQ+
      PHRkPjE3NiwyMDA8L3RkPjwvdHI+Cjx0cj48dGQ+5LqR5Y2X55yBPC90ZD48dGQ+WXVubmFuPC90ZD48dGQ+5ruH
      PC90ZD48dGQ+5piG5piOPC90ZD48dGQ+Mzk0LDEwMDwvdGQ+PC90cj4KPHRyPjx0ZD7pmZXopb/nnIE8L3RkPjx0
      ZD5TaGFhbnhpPC90ZD48dGQ+6ZmVPC90ZD48dGQ+6KW/5a6JPC90ZD48dGQ+MjA1LDYwMDwvdGQ+PC90cj4KPHRy
      Pjx0ZD7nlJjogoPnnIE8L3RkPjx0ZD5HYW5zdTwvdGQ+PHRkPueUmDwvdGQ+PHRkPuWFsOW3njwvdGQ+PHRkPjQy
      NSw4MDA8L3RkPjwvdHI+Cjx0cj48dGQ+6Z2S5rW355yBPC90ZD48dGQ+UWluZ2hhaTwvdGQ+PHRkPumdkjwvdGQ+
      PHRkPuilv+WugTwvdGQ+PHRkPjcyMiwzMDA8L3RkPjwvdHI+Cjx0cj48dGQ+5Y+w5rm+55yBPC90ZD48dGQ+VGFp
      d2FuPC90ZD48dGQ+5Y+wPC90ZD48dGQ+5Y+w5YyXPC90ZD48dGQ+MzYsMDAwPC90ZD48L3RyPgo8L3RhYmxlPgo8
      aDIgaWQ9ImF1dG9ub21vdXMiPuiHquayu+WMuiBBdXRvbm9tb3VzIHJlZ2lvbnM8L2gyPgo8dWw+CjxsaT48YSBo
      cmVmPSIvci9ubSI+5YaF6JKZ5Y+k6Ieq5rK75Yy6PC9hPiAoSW5uZXIgTW9uZ29saWEpIOKAlCDpppblupzlkbzl
      kozmtannibnvvIzpnaLnp6/nuqbkuIDnmb7kuIDljYHlhavkuIflubPmlrnlhazph4zjgII8L2xpPgo8bGk+PGEg
      aHJlZj0iL3IvZ3giPuW5v+ilv+WjruaXj+iHquayu+WMujwvYT4gKEd1YW5neGkpIOKAlCDpppblupzljZflroHv
      vIznroDnp7DmoYLjgII8L2xpPgo8bGk+PGEgaHJlZj0iL3IveHoiPuilv+iXj+iHquayu+WMujwvYT4gKFRpYmV0
      KSDigJQg6aaW5bqc5ouJ6JCo77yM5bmz5Z2H5rW35ouU5Zub5Y2D57Gz5Lul5LiK44CCPC9saT4KPGxpPjxhIGhy
      ZWY9Ii9yL254Ij7lroHlpI/lm57ml4/oh6rmsrvljLo8L2E+IChOaW5neGlhKSDigJQg6aaW5bqc6ZO25bed77yM
      6buE5rKz56m/5aKD6ICM6L+H44CCPC9saT4KPGxpPjxhIGhyZWY9Ii9yL3hqIj7mlrDnlobnu7TlkL7lsJToh6rm
      srvljLo8L2E+IChYaW5qaWFuZykg4oCUIOmmluW6nOS5jOmygeacqOm9kO+8jOmdouenr+acgOWkp+eahOecgee6
      p+ihjOaUv+WMuuOAgjwvbGk+CjwvdWw+CjxoMiBpZD0ic2FyIj7nibnliKvooYzmlL/ljLogU3BlY2lhbCBhZG1p
      bmlzdHJhdGl2ZSByZWdpb25zPC9oMj4KPHA+6aaZ5riv54m55Yir6KGM5pS/5Yy677yISG9uZyBLb25nLCDmuK/v
      vInkuI7mvrPpl6jnibnliKvooYzmlL/ljLrvvIhNYWNhbywg5r6z77yJ5a6e6KGM4oCc5LiA5Zu95Lik5Yi24oCd
      44CCCkZ1bGwtd2lkdGggcHVuY3R1YXRpb27vvJrvvIzjgILjgIHvvJvvvJrvvJ/vvIHjgIzjgI3jgI7jgI/vvIjv
      vInjgJDjgJEgYW5kIEFTQ0lJOiAsIC4gOyA6ID8gISAoICkgWyBdIHsgfSAmYW1wOyAmbHQ7ICZndDs8L3A+Cjxw
      PkVtb2ppIGFuZCByYXJlIGNoYXJhY3RlcnMgYWxzbyBhcHBlYXIgb24gcmVhbCBwYWdlczog8J+HqPCfh7Mg8J+P
      lO+4jyDwoICA8KCAgSAoQ0pLIEV4dGVuc2lvbiBCKS48L3A+CjwvbWFpbj4KPGZvb3Rlcj48cD7CqSAyMDI0IOec
      geS7vea1j+iniOWZqCBQcm92aW5jZUJyb3dzZXIgwrcgPGEgaHJlZj0ibWFpbHRvOmFkbWluQGV4YW1wbGUuY24i
      PuiBlOezu+aIkeS7rDwvYT48L3A+PC9mb290ZXI+CjwvYm9keT4KPC9odG1sPg==
      """)

  static let text1 = Vector(
    input: text,
    zlibHeader: "7801", adler: "459e3543", gzipHeader: "1f8b0800000000000403",
    gzipTrailer: "4820019fa9100000",
    deflate: """
      jVjdcxNHEn/3XzHRQwqqBLJkWRIg6w4cEiAHlxQ8XO7qHsbSYi232lW0K3BIUiVjbMtBtmSi+APb+EgMNl/GtjDo
      y1JV/hSsmd19cv6E9EpidleWru5B653tnt/0/Ka7p9vBTz77+/CNb766iKJKTAj1BY0/SMDi6JDjbvTU8DWH8Y3D
      EfgT4xSMwlGckDllyJFUbp4KGFKFVwQu1Ci+JisH6uq4Wt7UnmRovk4yZfT7e/RVQrrNi2FORtJNNBzlRRx0tab0
      BQVe/A9KcMKQQ1a+Ezg5ynGKA0UT3M0hh0tWsMKHXTKvcKfDsmws5WpbMiJFvmvbxSVCwag71LFwo5jSNtOg7w4F
      4yEyudsozpDZcbKy0ii+6NA9qj5qlDMgBZ2W9DA13ijn4V2bfkH3KrAR+NKeu/JWqy2Q4j1Dp7hh6M+USPol2/Jh
      6l7QFQ+1TAXj+oIivh0K4o+7coT0Zwv6k/2gC4fQD8gUCLysOEIkvag92TomjOE4yFZ3yErtmAyPSElj5mShUZ6j
      q6/Ul8uGTtBlLAynhnnR4MqD+MiQI5YU+TAfxwKv8Bxwqn7cD7pqk4D9Hpil4BGBQ2EBy/KQI/7xJJunDrwr0RDJ
      zaqbO3Ci0ebwGo5xbKBup6wyoL1RfcSk+tqv6uabo2qalAp0oUQmX+nTmaPqTEvBpRjUwSOoREIks9govwLSQRZp
      frnA8bd4cZSNQczeW9ps6PY5ve7+1tCOuvGcvn1qRb3BYxFg2VQQs3fS1GZDt9t5xufrgtoo/kT331tRr0chmqKY
      Z3Pp3gv23lJnQ59zwNvNVn16lpSnrKjDUUkc/dbKAS2uMZyWPhsGPE5vvw3X1TxZ0y8sZwvnZAbt/+cHkRDdKwDv
      MJWteYkb4cw9k6kUk6jrBbL9jpTvsy/uQMAZsBv48eh3d7WndSuuQeeYCUyXHzAYsvGCzK2zoXvQ5/R3RdVqB2R7
      3Ir6Nx5LopVNUGFAdC+tLxXY0O0NOPu74pLcDH1sY+EKDzmOzQQ5e9d/qdMl07/cAX/nGbUp0Cvzem2Z7q5b7b3E
      8QI4wC3wWDMKQJPBk5/TZCdPK5BL2jHj9Q/0MBuwtQdZK/wVA1dOsrkgZu9k1ohGNnT3+52ermzQ/U6r/xnl7BaD
      CgOia6/J+8ds6O4fdA52xSXbM6RmXDVM97wYTZouoT5aYBKSS2v3LCx7+53urqDqsyyplK2gnycNWxmSvmg6hKFs
      NdXj/R/M2t23yazFf7X939gSwCxdyrCh2+dznulqLNmFC23VaqwRFRFwCDZZ3zPpoftzAM1E7kF/D1wjimdt/nuJ
      Ey0caLsvGYo+MW/jwOfvxUFpoTM1JK2pQb9v5nX6+hndNWPEHRjsZSmAdliatFpKS0umpRBpe6afeSB390g2pXoH
      rV8kIQ5svKp7GwyYlOo2CvxnegAbN0KHtXArW4hVc1WGaihnTacYGOyRF6AgIe/XbE7Ah6NgMEMCMXun6Zw+YXqw
      N+DrcVza233YlBX2iyR/NyqZyUCv5BksaNtSo9/XIxk0yvMdFHyTFK0U0Mo0Q6VLU3Rpjg0Hznh7RK2+/Mvx68F2
      P4AGwwFVyB1s6IEM4+saX2p+Sbs3YeMAi5Z0CHKGQiZ3rE7g9Qz2cAJ97SEcrRX0a7hwrIUBaDDYpq1mCPs9HudA
      V1tJdoeWalbYG5i/Y/WCrFGfteomUIZYZMOBY07QWRfgpCKJUkxKQq3IqmF0nn2F6n2Ul0S5XSckjRZC4C31bsIl
      xqA4nZrUHi6T7AbDaJaxJy6LIpdAVyFxSQKPT6IPqTyC+piUV8l8lTzM0P3nUF8fVTOtalEtP4PKXl2uwdMo5ydf
      NorT1vqxWX3D+seMGB0DI0p1g9XftulitsOOZpyP8TYDZhehRoClW2UsfQIlPySqbuBjd4Gcp3XtGOwNfoRTrKD0
      wYyW2wJQMJqsTYM/0Ad5I5BnJ9TdQqPyFOrBnsuIxh62x8lGlqw8Pr6Ha+BNY3YS9Z/fQQ4w6Kvch9yuPq+TXye0
      VEarT/dcZeyWI0QXdtSFKbXyluRqUEV0kPUPHqpkyIvWjTVKGbhx6OqWfpBjx0VXU2RjU310H7zT2haaa7uaDtPu
      TWScgIbE3k6h63EuzGMB4UiMF6FFSkBTeJvrcLs4NFXLtPimYzI0F5fAtdCX8HAikEN70SjO0VpBX9w6rnsVh7EE
      erUC6JHtx9DTfUitGq62cgC9Hkm/+5BaA9v7Pk8Kwqk7fESJonhSDCtJsEkSoY+EnYMcWsOj6kpzuH5UHT9MwcfZ
      w9TcYSoLFgH2YSp3mJpHcGOj89eHL18+i5zoNDqHzqK/oE/QCXQS/Qv9G32PfkSf4lj8HPpUUOAxqpwzOss+aGgv
      xqRbfHN+AiegP4OeHIcVLiEjLMgSwvE4hxNIEoEmoC6ORzn5LPpjfXoLfgV4yeaPiln0x39TKfiNoxPDV75EF8cU
      TpRhH+jCydOthVzt3vGmJAG40Un//hx5+j1eBAfaqBzQ/Sx02WR5i/ULFxLSHRkiGvp+1tkCiKBIZ5sH+FduDHYk
      QEMvQsiM59VChabnGxUoJ42O1eib24tBs9/u8l3N/0z8CQ==
      """)

  static let text6 = Vector(
    input: text,
    zlibHeader: "789c", adler: "459e3543", gzipHeader: "1f8b0800000000000003",
    gzipTrailer: "4820019fa9100000",
    deflate: """
      jVjdU9tWFn/PX3Hrh04y48TgGNtJjHcTmrZpm2w7ycN2d/bhYhSkrCy5lpzQtJ0xEMAUgyF1+QgQNi0J5IsChuAv
      zEz/lKAryU/0T+iRDLpXxu7sg21dnaPfOfd3zrk6x5EPPvpHz52vv7yOeDUuRs9ErB8kYqm/2/OQP99zy2Pd43Af
      /MQ5FaMYj5MKp3Z7Uurd82FLqgqqyEW14luyuG8sDRrlNfNZVs8fkGwZ/b6HvkzK9wUpxilIvot6eEHCEV/jkTMR
      UZD+i5Kc2O1R1G9FTuE5TvUgPsnd7fb4FBWrQsynCCp3IaYolinfsSe9ct+3x35xyWiE74w2GdaKaXMtA/qd0Ugi
      Ska2tOI4mRwki4ta8VWT7lH1iVbOghR0GtLD9KBWzsO1OfZK366ADtw5fnZxx6zNkuKQpVNcte6Ml0jmtYN2mB6K
      +BLRhqvg3JmIhO9HI/hkV55o/cVs/dluxIej6HtEBaKgqJ4oycyZz9ZPCeM4AbKlTbJYOyXDvXLKenKkoJWn9KU3
      xusFSyfiswxD1LAgWVz5kdDX7YmnJCEmJLAoqAIHnDr7QTddEvDfb8UW94ociolYUbo9iZNI2lEH3lU+SqYnjbVN
      iChvL2/hOOcsjI00KwNiteoTZ1lf/sVY++2omiGlgj5bIiNv6mPZo+p4Q8GnJk+M9EVJdk4rvwEn4XaffecaJ9wT
      pH5nDWLnuqHtLDuD3kBnR2PpRl19qe88Z1HvCFgCWGcNYopqa1PUTu+lYLAFqlb8Ud/dY1Fv81BNPBYo7PYr6rit
      7iyD3ouBVr7WxyZJeZRF7eFlqf8blgO9uOxcN/SdZdjvDXS4cH12ZGleMLGFONGi/f/ywNpTAXiHRx2bn3K9HN0z
      GU0718ZKgWy8I+VHlM1w2BvuaBmkrS3z+QGLa9E5wJC5MMHE6BWZWqGoXUFvqCWqWdsnG4Ms6hcCliWWTVBhApap
      zxcobiDs7Wjt7fS4/tTFwmeCyCQUyGmIfj7Q55mECoeaY3QS+8pMvbagb6242RVESIB7kLHUZ9Ckpn7KkM28Xll3
      7gRCF9u4DdjmRM7tNuAqKcrGRI4iT7rrqyPk9beG3W32+l885/YYVOj18luy95TB7fJ2tWZ5Y5zU9lncqxKfoilh
      PJllGM+YQwzLgQ5vZ0tQ40WOVMos6Mcpy1dK7hxNCEuZddUf+Atm3elrM8vkr7n7K8usPp9lTq6g91K7qtCKS81V
      0SezubA9yLA8BdBMXYTa4FpVPNlUxRLDgbn1mhoYnnFxEAy146A023w0pNijof6Inmr62xf6Fq2RznBXO08BtMnT
      FOupXpp3Vdo2zTM/nN1tDpvSQROtn6QgWi5eje1VGq/SgYuC0KU2wNYboclbeCsz7hrTVSZaeyRHk+JiV5tzARoS
      srfsSgIhxqcYVBBT1Mx0fZhmcCAcbBMuc2cXNuUmQXjIy/QwqFfyNCN2dl1HYyjY5jDQyjNNFHydklwRq4zR6/lR
      fX6KUnAp0KZq6ws/n349uN4PoEGdfX4AZwdNBDhhgq0Pg/y8OTTs4gBLzHEIckryyCabBAF/V5skqC8/htCyoF8J
      7sYANNy+UtWQ3++92DoNcpt6qcbC3sHCAzYLcpvsNdQiJfZUEjT3BTilypIcl1Pwsne6YXTVuQvde78gSyd9Qkq0
      u3qm3036pDg0p6Mj5uMFklt1MOw29uwNSeKS6CYUmCwK+Bx6n84j6I9JeYnMVMnjrL77Evrro2q20S0a5RfQ2RsL
      Nfi22vmR11pxjO0f7e4b7J9yon/AY5WrxeqvG/pcrskPu84HBJcDk3MQADDdaGP1Z0NtwQceeqx4madg7wi9nMqC
      6hPj5vQ6gILTZHkM8kGfyFuFPDlsbBW0ynPoB9uakaw9bAyS1RxZfHp6D7cEawsuEus/vYMzwKKv8gjOduPlAfll
      2ExnzYOx9pu554nqs5vG7KhR2SHTNegimgz9U5DstzhrSStl4Y2jL63X96edcOlLabK6Zjx51DRxUds+O2GOc03B
      Seg+3eMUup3gYgIWEe6LCxKMSEkYCu9zTWmXgKFqQS/+1vQwDBefQmqhz+HLi0AO44VWnNJrhfrc+mndmziGZdCr
      FUCPbDwF2fv0kpVqi/sw65HMu/fpZfD9zMcpUTz/QOhTeZRISTE1BT7JEsyRsHOQw2h4VF20lytHVZgm4ebkYXrq
      MJ0DK4B9mJ4+TM8geGOjq7d7bty4jLzoArqCLqO/oQ/QWXQO/Rv9B32HfkAf4njiCvpQVOGrX71iTZbWbq/H5XuC
      /XwSJzl7JscxlUsqCIuKjHAiweEkkiWgCahL4H5OuYz+WBlbh08BLnL5o2IO/fG/dBo+g+hsz2efo+sDKicpsA90
      7dyFhiHf8ex4V5ZVa85ORH9/ifwd/gCyZrnKvr6bgymbLKw788K1pPxAgYqGud/JKQARVfmyHcC/cwOwIxEGeglK
      ZjBvFCp6ZkarvGlMrNbcfGwMrB9P+T77n4k/AQ==
      """)

  static let text9 = Vector(
    input: text,
    zlibHeader: "78da", adler: "459e3543", gzipHeader: "1f8b0800000000000203",
    gzipTrailer: "4820019fa9100000",
    deflate: """
      jVjdU9tWFn/PX3Hrh04y48TgGJskxrsJTbdpN9nuJA/b3dmHi1GwsrLktaSEZtsZAwHMYjCkLh8BwqYlgXxRwBD8
      hZnpnxJ0JfmJ/gl7JIPulbB39sG2rs7R75z7O+dcnePoJ5/9qffeN1/fRAklKcTORa0fJGBxoMf3OHGx947Pusfh
      fvhJcgpG8QROy5zS41OV+xe7LanCKwIX00rvydKBsTxkVNbNFzm9cEhyFfTrPvo6LT3kxTgnI+k+6k3wIo4Gmo+c
      iwq8+A+U5oQen6x8K3ByguMUH0qkufs9voCsYIWPB2Re4S7FZdkyFTjxpE/q//bELy4diyY6Yx7DWiljrmdBvzMW
      TcXI6LZWmiBTQ2RpSSu98ege155plRxIQacpPcoMaZUCXJvjb/SdKujAnZNnl3bN+hwpDVs6pTXrzkSZZN86aEeZ
      4WggFWu6Cs6di4r4YSyKT3flizVezTVe7EUDOIa+Q1Qg8LLii5HsvPli44wwiVMgW94iS/UzMtwnqdaTo0WtMq0v
      vzPeLlo60YBlGKKGedHiKoj4/h5fUhX5OJ/CAq/wHHDq7AfddknA/6AVW9wncCguYFnu8aVOI2lHHXhXEjEyM2Ws
      b0FEE/byDk5yzsLYzLAyIFarPXOWjZWfjPVfjmtZUi7qc2Uy+q4xnjuuTTQVAkr61Eh/jOTmtco7cBJu99t3bnD8
      A14ccNYgdq6b2s6yM+wPdXY0l27Utdf67ksW9R6PRYB11iCmqLY2Re30XwmHW6BqpX/re/ss6t0EVFMC8xR25w11
      3FZ3lmH/5VArXxvjU6QyxqL2JiRx4J8sB3ppxblu6jvL7qA/1OHCDdiRpXnBxBbiRIv2/8sDa09F4B0edWx+wfVx
      dM9kLONcG6tFsvmBVJ5QNru7/d0dLYO0vW2+PGRxLToHGTIXJ5kYvSHTqxS1K+yPtEQ16wdkc4hF/SOPJZFlE1SY
      gGUbC0WKG+r2d7T2dmZCf+5i4UteYBIK5DREPx7qC0xCdUe8MTqNfXW2UV/Ut1fd7PICJMADyFjqM2hSUz9kyVZB
      r244d0KRy23cBmxzMu92G3BllbIxmafIU+766oj4g61h97xe/zXBuT0GFXq98p7sP2dwu/xdrVnenCD1Axb3uphQ
      aUoYz+YYxrPmMMNyqMPf2RLUeJUn1QoL+rlq+UrJnacJYSmzrgZD/4NZd/razDL5a+79zDKrL+SYkyvsv9KuKrTS
      srcq+iU2F3aGGJanAZqpi0gbXKuKpzxVLDIcmNtvqYGRWRcH4Ug7Dspz3qNBZY+GxhN6qunvX+nbE0xRdLXzFEA9
      nqqsp3p5wVVpOzTPgnB2tzlsyoceWv+gQrRcvBo7azRe5UMXBZErbYCtN4LHW3grM+4aMzUmWvskT5PiclebcwEa
      ErK/4koCPp5QGVQQU9TsTGOEZnCoO9wmXObuHmzKTQL/OCGpzDFToBmxu+c6GiPhNoeBVpn1UPCNKroiVh2n1wtj
      +sI0peBKqE3VNhZ/PPt6cL0fQIM6+/IQzg6aCHDChFsfBoUFc3jExQEWmeMQ5JTk0S02CULBrjZJ0Fh5CqFlQf/M
      uxsD0HD7SlUjwaD/cus0yG/p5ToLew/zj9gsyG+x11CLlNgzSeDtC7CqSKKUlFR42TvdMLru3IXufYCXxNM+QRXs
      rp7pd9MBMQnN6dio+XSR5NccDLuNPX9LFLk0ug0FJgk8voA+ZgoI+mNSWSazNfI0p++9hv76uJZrdotG5RV09sZi
      Hb6tdn70rVYaZ/tHu/sG+2ecGBj0WeVqsfrzpj6f9/hh1/kg73Jgah4CAKabbaz+Yrgt+OBjnxUv8wzsPb6PU1hQ
      fXLCnNkAUHCarIxDPuiTBauQp0aM7aJWfQn9YFszorWHzSGylidLz8/u4Q5vbcFFYuOHD3AGWPRVn8DZbrw+JD+N
      mJmceTjefjMPfDF9bsuYGzOqu2SmDl2Ex9BfeNF+i7OWtHIO3jj68kbjYMYJl76cIWvrxrMnnomL2g7YCXOSazJO
      Q/fpHqfQ3RQX57GAcH+SF2FESsNQ+JDzpF0KhqpFvfSL52EYLr6A1EJfwZcfgRzGC600rdeLjfmNs7q3cRxLoFcv
      gh7ZfA6yj5llK9WWDmDWI9kPHzMr4Pu5z1VBuPiI71cSKKWKcUUFnyQR5kjYOchhNDyuLdnL1eMaTJNwc+ooM32U
      yYMVwD7KzBxlZhG8sdH1u723bl1FfnQJXUNX0e/QJ+g8uoD+hv6O/oW+R5/iZOoa+lRQ4GtAuWZNltZubyalB7z9
      fBqnOXsmx3GFS8sIC7KEcCrF4TSSRKAJqEvhAU6+in5bHd+ATxEu8oXjUh799p9MBj5D6Hzvl1+hm4MKJ8qwD3Tj
      wqWmocDJ7HhfkhRrzk7Ffn2Ngh3BELJmueqBvpeHKZssbjjzwo209EiGioa538kpABEU6aodwN9zg7AjAQZ6EUpm
      qGAUq3p2Vqu+a06s1tx8Ygysn0z5Afufif8C
      """)

  static let pattern6 = Vector(
    input: pattern,
    zlibHeader: "789c", adler: "31a894ce", gzipHeader: "1f8b0800000000000003",
    gzipTrailer: "2ec55c13400d0300",
    deflate: """
      7dlNriQ5EQDgPafIG0zm/qm3nAPx0IjNDGoZ9vQGCc2ezYgDIDYDQt0MCy4z3XAMKtNOOxzldwH0bWZeV1X+2eGI
      SH/b5+/+9NOPf63//enTH7/84+N///CXL3/71+fvfvzy8YfP3/99+837b3/3629++avtP9//vv5ifPRS3r+rn718
      9fjzZ4+fvJTXd4//He3jx6fnJ5//+e/PH/+8b/VCj+/7VY7+V/3NOHn/ov+xHfUy9c7q788r7J8/fZhvqp1rnPu6
      7uPox61cf/78t7/45uvXb7/5ehzXP9rHZ8e27/WAes3rWaaLnacM593PX+zPt15/8ulDv0gdn3qffQhf34Xh+PTh
      zRF5DGD97rgOqveWJ2fb9n61Y/Vw+V7qAzyuez5Dnbn37+ITPIY+/rTfxRQj1/Cf53jf7qvHzZiY869wo88PeP6g
      3169WorLfvF67v263+sWFw9YvxiD0M+Vx2xc8zp3nIytnqRdI4ZbC4DweNdvRog9wiiEyDi0zWFcg4/HGt/HOB9n
      O+KN1C+no2K8hsjaj3NyRrg+nqjdVZuS1zZ+x71o57OG2O0Xrac/tvr//n29dhz913fbtTJioqkfP899Hp+ch/Zj
      pJGUstpdr8d577c9nvXxj70OS08r59MfdxBfS7LeaD36XJWfPhw5gPqUXNevJzrqgWlU2kXOb9qx/QdjtbYHuCeq
      nf3OpY+Z29MNxEVb46LdfLvGPWTbNe31wzyuYwJiFMc4StO81+/eSHaPcRgR8Ph3yvNPo3Hff7zUPs1sm4GwWto0
      tXXymJqWwsIP+/hsU5bqs5misN/yGRn3aqmLot7eEQpBvZN6pnDJsPDj8knhcK/uFKtXIusxHC+RV/g83It5HPHc
      RvPON2ECQmGMCX5f1OdUTMNqmUZ27wugLYPnrDsyzpRV6kikpL3ty4z7ODB0GNM6mbJqGNg9zlSb1VhRU6Xrj9HT
      xhiTkDfHqtmPlCBzOTr6x/e6nBbI3qI5xcIeQr0Xz5f1jNd8FWv0CLfpWtcPUwDVA47n9ibW2RyKY12+tZC2sVQW
      VT1GYbrjOPr38a8x2MJAPQ3y6lcvz+O+bIF6OpmyTyrqOVpjJKX69/xHiq00dKOmz01tDO+pcZyya1hR8YArYlLV
      6JEQssA2N31no3b95+h5thX9HN2hqPfzhllY95Hj8Xsxj9kp5KVVj3av+JGS99p/t9x6zMtky2dq/64/3uchfSy8
      9vlxnTMNav1vSolz0Y3N1fXrPT5gmoo9PPBiYT9VgEc5mf51rto5XFuWuIYgl44jBXMvkvs9F6NqHKOCpgjNcRce
      OIdFzJi5QO1p3fexDIv6fpLFa1vMIKMmba0j2ueiO7JoPCwU7O0eu316utSt9Jg7F+ldV+72I8xknP2wxvryXyyU
      6QXwLKejwPS11a99bK2b7Q3x3HSn+Iyt1ZQnxutrLmrLt4pWYVMIx+hO7dXZE9wdaL/8yEHbND+p/sVmNV6+Z+n6
      drNN85UePJaHUGq2xRbHOs/Ep7ru6oi5/LkIhPeBPd3L0dqXva7a85LzU59r+5z4VIX3OZnFfuTeC5h+kF6N5sBY
      1p16RGyOxxSFoI4BOvWwR08goyGvqzCH0aIVHwUuD9hq1+Z6me0rLsbmFEpxqR4ptPtqOuJl5nft84G2sZMxv420
      yFt9NZ/lfGG9Jjq8w49MtUhpY6vt3k+5JyQlydrvpQefdpDqFIQENNbfkWdl3RnXlTWt/9jr3K9H/RU1d7ZX7O5P
      XVmrvff23VxiYwsytqWWdWKM8rQ3mL6Lzdw2t7gxs+zjMeKQTO1QzwZXGpjfferDnol5eoTphXqEW6zAzwXmSkZh
      neZtoOUuVxjEsQ9yLcvzxuZ2q71dpJqc1sfc5sSJn7PmESvMMeIg7ZPVwtre2MJjPb9+LTfM2qK/I7qvkamDWxTu
      EHepBh5tkbR3n5pIj/Wrea81L4tba2Ga317aISOu9sU67S83aSXHQrd++56D6GlX6Dl6r7kKeauv4NWWdsvHuULk
      JqGXn6dVm5bhm3VyUYZ6XNQWq5fgOlF5j6OurH1uwI+xNxB2OWLKXT76EbYTUsXdR9rObx5TI3zW8xx507btlJB6
      Hb3LQuj5YtWIb1jhzW6PpTD1Ei/31uv7tL+2eMeIYTHNZUwp8454b19zv9WHujcRqZnvHf1IvK9Tq5cTR1Wlreax
      NsRPQ9Gj+c19/JDVz/nsQz9tQT5vTbSA2tv67yvkeYwWGzv1oLjDML3jXvvNX41GZAVtq1evviaOe7N+uwcmveGm
      MWnzctSmJJaj0eqM3i2ng/U+UGtU4vUWejSt7WnVvNGL3JeuXfJTszUy90i3d1f3dMY3JjU2Rz0cFnDWI2TaDuup
      e7kRMq3yu4fLrcciK46RLJEE02jG3Jd64dy4x0fd79eY0KmndqmXxzENy9ecWEynDm7qD6YXuvuS9z5djPw+/PEV
      eqTu5z26+Fhjdy9+t6hvuZubAqBW8TM1pBSSBbDdPj/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+
      zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/HZpif83N+zs/5OT/n5/ycn/Nzfs7P+XkKKn5e+Dk/5+f8nJ/zc37Oz/k5
      P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Xnsvvg5P+fn/Jyf83N+zs9f+Dk/5+f8nJ8Xfs7P+Tk/5+f8nJ/zc37O
      z/k5P+fn/DzkTX7Oz/k5P+fn/Jyf83N+Xvg5P+fn/Jyf83N+zs/5eeHn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/
      5+f8nJ/zc37Ozws/5+f8nJ/zc37Oz/k5Py/8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Xnh5/yc
      n/Nzfs7P+Tk/5+eFn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT8v/Jyf83N+zs/5OT/n5/y88HN+
      zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fnhZ/zc37Oz/k5P+fn/JyfF37Oz/k5P+fn/Jyf83N+zs/5
      OT/n5/ycn/Nzfs7P+Tk/5+f8vPBzfs7P+Tk/5+f8nJ/z88LP+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n
      5/ycnxd+zs/5OT/n5/ycn/Nzfl74OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf8/PCz/k5P+fn/Jyf
      83N+zs8LP+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc35e+Dk/5+f8nJ/zc37Oz/l54ef8nJ/zc37O
      z/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7PCz/n5/ycn/Nzfs7P+Tk/L/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5
      P+fn/Jyf83N+zs/5eeHn/Jyf83N+zs/5OT/n54Wf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5Py/8
      nJ/zc37Oz/k5P+fn/Lzwc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+eFn/Nzfs7P+Tk/5+f8nJ8X
      fs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/y88HN+zs/5OT/n5/ycn/Pzws/5OT/n5/ycn/Nzfs7P
      +Tk/5+f8nJ/zc37Oz/k5P+fn/JyfF37Oz/k5P+fn/Jyf83N+Xvg5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/
      5+f8nJ/z88LP+Tk/5+f8nJ/zc37Ozws/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfl74OT/n5/yc
      n/Nzfs7P+Xnh5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs8LP+fn/Jyf83N+zs/5OT8v/Jyf83N+
      zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/l54ef8nJ/zc37Oz/k5P+fnhZ/zc37Oz/k5P+fn/Jyf83N+zs/5
      OT/n5/ycn/Nzfs7P+Tk/L/ycn/Nzfs7P+Tk/5+f8vPBzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n
      54Wf83N+zs/5OT/n5/ycnxd+zs/5+f+fn/8P
      """)

  static let pattern9 = Vector(
    input: pattern,
    zlibHeader: "78da", adler: "31a894ce", gzipHeader: "1f8b0800000000000203",
    gzipTrailer: "2ec55c13400d0300",
    deflate: """
      7dkxriU5FQDQnFXUDtqVf/101oH4aETSM2oN5HSChCYnGbEARAIIdTMEbGZ+wzJ4VXbZ17f8JchPMvP7vXpVLvv6
      +tpne/3+Dz/9+Of6358+//7L3z/953d/+vLXf75+/+OXT395/eFv27cfvvnNr97/4pfbv3/4bb1ifPT03Yfn+tnT
      u8efP3tc8vTdy/Pjf3v7+PHp8cnrP/71+umPZasPenzfn7L3v+o14+b9i/7HttfH1JbV648nlNfPH+dGtXuNe5/P
      ffz60ZTzz69+/fP3X7988/7r8bv+URmf7Vsp9Qf1mee7TA87bhnuW44ryr3p9ZLPH/tDav/UdvYufHkO3fH545s9
      8ujA+t1+/qi2LQ/OtpX+tH31crkt9QUezz3eoY7ch+f4Bo+uj5f2Vkwxcnb/cY8PrV09bsbAHH+Fht5f8LigN68+
      LcVlf3i9dznbezZx8YL1i9EJ/V65z8Yzz3vHwdjqTdozYri1AAivd14zQuwRRiFExk/bGMY5+Hit8X2M83G3PTak
      fjn9KsZriKyyH4MzwvXxRq1VbUheWv/t16Sd7xpitz+03n7f6v/79/XZsfdfnrdzZsREUz++j33un5yHyj7SSEpZ
      rdXrfi692eNdH/8otVt6Wjnefr+C+JyStaH118es/PxxzwHUh+R8fr3RXn+YeqU95Pim/bZfMGZre4FroNrdr1z6
      GLmSGhAnbY2L1vj2jKvLtnPY64e5X8cAxCiOcZSGudTv3kh2j34YEfD4d8rzt9642h8fVaaRbSMQZksbpjZPHkPT
      Uli4sPfPNmWpPpopCnuTj8i4ZkudFLV5e1gIakvqncIjw8SP0yeFwzW7U6yeiazHcHxEnuFzdy/GccRz680r34QB
      CAtjTPBlsT6nxTTMlqlnS58AbRrcs+7IOFNWqT2RkvZWlhn38cNQYUzzZMqqoWNLHKk2qnFFTStdf42eNkafhLw5
      Zk3ZU4LMy9HeP77m5TRBSovmFAslhHpfPJ/WI17zVVyjR7hNzzovTAFUf7Dfy5u4zuZQHPPyrYm0jamyWNVjFKYW
      x96/fv8Sgy101K2TV1c93ft9WQL1dDJln7So52iNkZTWv/sfKbZS1401fS5qY3hPheOUXcOMij84IyatGk9z7Vqb
      MRd9R6F2/mfvebYt+jm6w6Le7xtGYV1Hjtfvi3nMTiEvrWq0a8aPlFxq/d1y6z5Pky3fqf27XlzmLn1MvPb5ft4z
      dWr9b0qJ86Ibi6vz6hJfMA1FCS+8mNi3FeCxnEz/OmbtHK4tS5xdkJeOPQVzXyTLNRZj1djHCpoiNMddeOEcFjFj
      5gWqpHnf+zJM6utNFtu2mEHGmrS1iqjMi+7IovFnYcHerr4r09ulaqXH3DFJy6gMYyPy6Ic51qf/YqJMG8BjOR0L
      TJ9b/dn71qrZXhDPRXeKz1haTXlibF/zorbcVbQVNoVwjO5UXh01wVWB9sePHLRN45PWv1isxsf3LF13N9s0XunF
      4/IQlpptccSxzjPxrc5W7TGX3xeBsB8oqS17K19KnbXHI+e3Pub2MfBpFS5zMov1yHUWMF2QtkZzYCzXnfqLWByP
      IQpBHQN0qmH3nkBGQV5nYQ6jRSk+FrjyP5zanJvZPuNibE6hFKfqnkK7z6Y9Pmbeax8vtI2TjHk30iJv9dV8l2PD
      eg502MOPTLVIaeOo7TpPuQYkJcla76UXn06Q6hCEBDTm355HZV0Z15k1zf9Y61zbo75FzZXtGbvlVpW1tfc6vnvK
      WToFQemDnbpg9PJ0Npi+i8XcNpe4MbOU8RqxS6ZyqGeDMw3Me5/6skdinl5h2lCPcIsr8H2BOZNRmKf5GGh5yhU6
      cZyDnNPyaNhcbrXdRVqT0/yYy5w48HPW3OMKs484SOdkdWFtO7bwWvft1/LArE36K6L7HJkquMXCHeIurYF7myRt
      71MT6b7emve15ml1llfDNO9e2k9GXJXFPO2bmzST40K33n3PQXQ7FbpH7zlWIW/1Gbw60m75OK8QuUjoy89t1qZp
      +OY6uViGelzUEqsvwXWg8hlHnVllLsD3cTYQTjliyl2++h6OE9KKW0bazjuPqRA+1vMcedOx7ZSQ+jp6LQuh5our
      RtxhhZ1diUthqiX60euHdL622GPEsJjGMqaU+US8l6+53hoH4lcRkYr5XtGPxPvyvD6XvK48692ax1oX37qiR/Ob
      5/ghqx/j2bt+OoK8H020gCpt/r+7HaGkQboftpR4wjDtcc/z5nejEFlB22rr1efEfh3Wb1fHpB1u6pM2LnstSuJy
      NEqdUbvldLA+B2qFSnzeQo+muT3NmjdqkevRtUq+FVsjc490e1V1tzu+MaixOOrhsICzHiHTcVhP3cuDkGmWXzVc
      Lj0WWXH05ESCqTdj7ku1cC7c46uWaxsTKvVULvXlcQzDcpsTF9OnVHwsz+lGi65zuhj5vfvjFnqk7vsZXXytp5RA
      RgGdknyu5qYAqKv4kRpSCskC2JrPz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn
      /Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8
      nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/yc
      n/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf
      83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/z
      c37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nz
      fs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+
      zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37O
      z/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P
      +Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5
      OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5
      P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/
      5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n
      5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn
      /Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8
      nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/yc
      n/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf
      83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/z
      c37Oz/k5P+fn/Jyf83N+zs/5OT/n5/ycn/Nzfs7P+Tk/5+f8nJ/zc37+f/r5fwE=
      """)

  static let far9 = Vector(
    input: far,
    zlibHeader: "78da", adler: "060167e2", gzipHeader: "1f8b0800000000000203",
    gzipTrailer: "ceadc92bd3f90200",
    deflate: """
      7d2xDUBQAAVAq9NoRKLQUdgCjWV8P7awgA3e3SJXl7bsXRnOMl73sb1z/6xTAwAAAAAAAAAAAAAAAAAAAAAAAAAA
      AAAAAAAAAAAAAECEKr0HAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAyCW9BwAAAAAAAAAAAAAAAAAAAAAA
      AAAAAAAAAAAAAAAAAAgmvQcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIJr0HAAAAAAAAAAAAAAAAAAAA
      AAAAAAAAAAAAAAAAAAAACCa9BwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAj2m95/
      """)

  /// "北京 Beijing 北京 Beijing" at level 1: one fixed-Huffman block.
  static let short1 = "7bda33fdc9ae350a4ea999599979e90a4f51b800"

  /// FEXTRA (XLEN 6) and FNAME "provinces.html"
  static let gzipNamedHeader = "1f8b080c00f153650203060041500200686970726f76696e6365732e68746d6c00"

  /// FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT, with the header CRC-16
  static let gzipFullHeader =
    "1f8b081f00f1536500ff040058590000706167652e68746d6c00e6b58be8af9520636f6d6d656e74005fff"

  static let tenMegabytesOfZerosRuns: [(UInt8, Int)] = [
    (0x78, 1), (0xDA, 1), (0xEC, 1), (0xC1, 1), (0x01, 2), (0x00, 3), (0x80, 1), (0x90, 1),
    (0xFE, 1), (0xAF, 1), (0xEE, 1), (0x08, 1), (0x0A, 1), (0x00, 4094), (0x80, 1), (0xD9, 1),
    (0x83, 1), (0x03, 1), (0x01, 1), (0x00, 4), (0x20, 1), (0xFF, 1), (0xD7, 1), (0x46, 1),
    (0x50, 1), (0x55, 4095), (0x69, 1), (0x0F, 1), (0x0E, 1), (0x48, 1), (0x00, 4), (0x04, 1),
    (0xFD, 1), (0x7F, 1), (0xDD, 1), (0x8E, 1), (0x40, 1), (0x05, 1), (0x00, 1498), (0x6E, 1),
    (0x02, 1), (0x9F, 1), (0x68, 1), (0x00, 1), (0x01, 1),
  ]
}

/// Dynamic blocks made bit by bit (BFINAL 1, then BTYPE 2), each checked against zlib.
enum Crafted {
  /// The code lengths code gives lengths 1 and 2 one-bit codes; then all 257 literal/length
  /// lengths are 1 (and the distance length): 257 one-bit codes. zlib: "invalid
  /// literal/lengths set".
  static let literalsOversubscribed =
    "05c001000000004010000000000000000000000000000000000000000000000000000000000000000000"
  /// 'A' has a one-bit code, end-of-block and length 3 two-bit ones, and the one distance
  /// code one bit: "A", then length 3 at distance 1, makes "AAAA".
  static let oneDistanceCode = "0dc08105000000c0a0dbfaffa92d0b"
  /// The same, but the match uses the distance code no symbol has. zlib: "invalid distance
  /// code".
  static let unusedDistanceCode = "0dc08105000000c0a0dbfaffa92d0f0000"
  /// 'A' and end-of-block have one-bit codes, and the distance code is empty: "AA".
  static let noDistanceCodes = "05c08105000000c0a0dbfaffa910"
  /// Only 'A' and end-of-block have (two-bit) codes: half the code space is unused.
  static let literalsIncomplete =
    "05c001040000004000000000000000000001000000000000000000000000000000000000000000008000"
}

/// A page like those the browser reads: HTML with CJK and ASCII text.
private let provincePage = """
  <!DOCTYPE html>
  <html lang="zh-CN">
  <head>
  <meta charset="utf-8">
  <title>中国省级行政区 · Provinces of China</title>
  <link rel="stylesheet" href="/static/site.css">
  </head>
  <body>
  <header><h1>省级行政区一览</h1><p>共三十四个省级行政区：二十三个省、五个自治区、四个直辖市、两个特别行政区。</p></header>
  <nav><a href="/">首页</a> | <a href="/list">列表</a> | <a href="/map">地图</a> | <a href="/about">关于本站</a></nav>
  <main>
  <h2 id="municipalities">直辖市 Municipalities</h2>
  <table class="provinces">
  <tr><th>名称</th><th>Name</th><th>简称</th><th>省会</th><th>面积（平方公里）</th></tr>
  <tr><td>北京市</td><td>Beijing</td><td>京</td><td>北京</td><td>16,410</td></tr>
  <tr><td>天津市</td><td>Tianjin</td><td>津</td><td>天津</td><td>11,966</td></tr>
  <tr><td>上海市</td><td>Shanghai</td><td>沪</td><td>上海</td><td>6,340</td></tr>
  <tr><td>重庆市</td><td>Chongqing</td><td>渝</td><td>重庆</td><td>82,400</td></tr>
  </table>
  <h2 id="provinces">省 Provinces</h2>
  <table class="provinces">
  <tr><td>河北省</td><td>Hebei</td><td>冀</td><td>石家庄</td><td>188,800</td></tr>
  <tr><td>山西省</td><td>Shanxi</td><td>晋</td><td>太原</td><td>156,700</td></tr>
  <tr><td>辽宁省</td><td>Liaoning</td><td>辽</td><td>沈阳</td><td>148,000</td></tr>
  <tr><td>吉林省</td><td>Jilin</td><td>吉</td><td>长春</td><td>187,400</td></tr>
  <tr><td>黑龙江省</td><td>Heilongjiang</td><td>黑</td><td>哈尔滨</td><td>473,000</td></tr>
  <tr><td>江苏省</td><td>Jiangsu</td><td>苏</td><td>南京</td><td>107,200</td></tr>
  <tr><td>浙江省</td><td>Zhejiang</td><td>浙</td><td>杭州</td><td>105,500</td></tr>
  <tr><td>安徽省</td><td>Anhui</td><td>皖</td><td>合肥</td><td>140,100</td></tr>
  <tr><td>福建省</td><td>Fujian</td><td>闽</td><td>福州</td><td>124,000</td></tr>
  <tr><td>江西省</td><td>Jiangxi</td><td>赣</td><td>南昌</td><td>166,900</td></tr>
  <tr><td>山东省</td><td>Shandong</td><td>鲁</td><td>济南</td><td>157,900</td></tr>
  <tr><td>河南省</td><td>Henan</td><td>豫</td><td>郑州</td><td>167,000</td></tr>
  <tr><td>湖北省</td><td>Hubei</td><td>鄂</td><td>武汉</td><td>185,900</td></tr>
  <tr><td>湖南省</td><td>Hunan</td><td>湘</td><td>长沙</td><td>211,800</td></tr>
  <tr><td>广东省</td><td>Guangdong</td><td>粤</td><td>广州</td><td>179,800</td></tr>
  <tr><td>海南省</td><td>Hainan</td><td>琼</td><td>海口</td><td>35,400</td></tr>
  <tr><td>四川省</td><td>Sichuan</td><td>川</td><td>成都</td><td>486,000</td></tr>
  <tr><td>贵州省</td><td>Guizhou</td><td>黔</td><td>贵阳</td><td>176,200</td></tr>
  <tr><td>云南省</td><td>Yunnan</td><td>滇</td><td>昆明</td><td>394,100</td></tr>
  <tr><td>陕西省</td><td>Shaanxi</td><td>陕</td><td>西安</td><td>205,600</td></tr>
  <tr><td>甘肃省</td><td>Gansu</td><td>甘</td><td>兰州</td><td>425,800</td></tr>
  <tr><td>青海省</td><td>Qinghai</td><td>青</td><td>西宁</td><td>722,300</td></tr>
  <tr><td>台湾省</td><td>Taiwan</td><td>台</td><td>台北</td><td>36,000</td></tr>
  </table>
  <h2 id="autonomous">自治区 Autonomous regions</h2>
  <ul>
  <li><a href="/r/nm">内蒙古自治区</a> (Inner Mongolia) — 首府呼和浩特，面积约一百一十八万平方公里。</li>
  <li><a href="/r/gx">广西壮族自治区</a> (Guangxi) — 首府南宁，简称桂。</li>
  <li><a href="/r/xz">西藏自治区</a> (Tibet) — 首府拉萨，平均海拔四千米以上。</li>
  <li><a href="/r/nx">宁夏回族自治区</a> (Ningxia) — 首府银川，黄河穿境而过。</li>
  <li><a href="/r/xj">新疆维吾尔自治区</a> (Xinjiang) — 首府乌鲁木齐，面积最大的省级行政区。</li>
  </ul>
  <h2 id="sar">特别行政区 Special administrative regions</h2>
  <p>香港特别行政区（Hong Kong, 港）与澳门特别行政区（Macao, 澳）实行“一国两制”。
  Full-width punctuation：，。、；：？！「」『』（）【】 and ASCII: , . ; : ? ! ( ) [ ] { } &amp; &lt; &gt;</p>
  <p>Emoji and rare characters also appear on real pages: 🇨🇳 🏔️ 𠀀𠀁 (CJK Extension B).</p>
  </main>
  <footer><p>© 2024 省份浏览器 ProvinceBrowser · <a href="mailto:admin@example.cn">联系我们</a></p></footer>
  </body>
  </html>
  """
