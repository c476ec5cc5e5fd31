/// The input as bits, least significant bit of each byte first (RFC 1951, 3.1.1), over the
/// bytes buffered for one `feed`. `buffer` holds `count` bits taken from `bytes` but not yet
/// used; bits above `count` are zero or the same input bits again, so loading a byte twice
/// is harmless (the word-at-a-time refill relies on that).
struct BitReader {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte of `bytes` not yet in `buffer`.
  var position: Int
  var buffer: UInt64
  var count: Int

  /// Where a symbol or a block header began, to come back to when the input ends part-way
  /// through it; the next `feed` decodes it again from there.
  struct Mark {
    fileprivate let position: Int
    fileprivate let buffer: UInt64
    fileprivate let count: Int
  }

  var mark: Mark { Mark(position: position, buffer: buffer, count: count) }

  mutating func reset(to mark: Mark) {
    position = mark.position
    buffer = mark.buffer
    count = mark.count
  }

  /// Tops `buffer` up to at least 56 bits, or to what input is left: eight bytes in one
  /// load when there are eight, else byte by byte.
  @inline(__always)
  mutating func refill() {
    if bytes.count &- position >= 8, let base = bytes.baseAddress {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt64.self)
      buffer |= UInt64(littleEndian: word) &<< UInt64(truncatingIfNeeded: count)
      position &+= (63 &- count) &>> 3
      count |= 56
    } else {
      while count <= 56, position < bytes.count {
        buffer |= UInt64(bytes[position]) &<< UInt64(truncatingIfNeeded: count)
        position &+= 1
        count &+= 8
      }
    }
  }

  /// Uses `n` bits (at most `count`).
  @inline(__always)
  mutating func drop(_ n: Int) {
    buffer &>>= UInt64(truncatingIfNeeded: n)
    count &-= n
  }

  /// The next `n` (at most 32) bits as a number, without refilling; `n` must be at most `count`.
  @inline(__always)
  mutating func take(_ n: Int) -> Int {
    let value = Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(truncatingIfNeeded: n)) &- 1))
    drop(n)
    return value
  }

  /// The next `n` bits, refilling first, or nil when the input ends before them.
  mutating func bits(_ n: Int) -> Int? {
    if count < n { refill() }
    guard count >= n else { return nil }
    return take(n)
  }

  /// For the byte-aligned parts (stored blocks, trailer): drops the rest of a partly used
  /// byte and gives the whole bytes in `buffer` back to `bytes`.
  mutating func alignToByte() {
    position &-= count &>> 3
    buffer = 0
    count = 0
  }

  /// Gives the whole bytes in `buffer` back to `bytes`, keeping only the bits of a partly
  /// used byte, so that what is kept between feeds is `bytes[position...]` and < 8 bits.
  mutating func returnWholeBytes() {
    position &-= count &>> 3
    count &= 7
    buffer &= (1 &<< UInt64(truncatingIfNeeded: count)) &- 1
  }

  /// Bytes left from `position`; meaningful once aligned.
  var availableBytes: Int { bytes.count &- position }

  /// The next `n` bytes (at most `availableBytes`) of an aligned reader.
  mutating func takeBytes(_ n: Int) -> UnsafeBufferPointer<UInt8> {
    let taken = UnsafeBufferPointer(rebasing: bytes[position..<position + n])
    position &+= n
    return taken
  }
}

/// A canonical Huffman code (RFC 1951, 3.2.2) ready for decoding: a table indexed by the next
/// `fastBits` input bits answers for every code that short (nearly all symbols); the rare
/// longer codes are decoded a bit at a time from the code counts, as zlib's puff does.
struct HuffmanCode: Sendable {
  /// Which completeness rule the lengths must meet.
  enum Kind {
    /// The code lengths code and the literal/length code must be complete.
    case complete
    /// A distance code may also be empty (a block of literals only) or one code of one bit
    /// (RFC 1951, 3.2.7); decoding the unused code is then malformed.
    case distances
  }

  /// What `decode` returns instead of a symbol.
  static let needInput = -1
  static let invalid = -2

  /// `symbol << 4 | length` for the code that the next `fastBits` bits begin with; 0 when
  /// that code is longer than `fastBits` or unused.
  private let fast: [UInt16]
  private let fastMask: Int
  /// How many codes have each length 1...15 (index 0 unused).
  private let counts: [UInt16]
  /// The symbols in canonical order: by code length, then by symbol.
  private let symbols: [UInt16]

  /// Builds the code from each symbol's code length (0 for an unused symbol, at most 15).
  init(lengths: some Collection<UInt8>, fastBits: Int, kind: Kind) throws(Inflater.Failure) {
    var counts = [UInt16](repeating: 0, count: 16)
    for length in lengths {
      guard length < 16 else { throw .malformed("bad code length") }
      counts[Int(length)] &+= 1
    }
    counts[0] = 0
    // Each length doubles the codes available; lengths that use more than there are
    // oversubscribe the code, and fewer leave it incomplete.
    var left = 1
    for length in 1...15 {
      left = left &<< 1 &- Int(counts[length])
      guard left >= 0 else { throw .malformed("oversubscribed code") }
    }
    let used = counts.reduce(0) { $0 + Int($1) }
    if left > 0 {
      let permitted = kind == .distances && (used == 0 || (used == 1 && counts[1] == 1))
      guard permitted else { throw .malformed("incomplete code") }
    }

    var offsets = [Int](repeating: 0, count: 16)
    for length in 1..<15 { offsets[length + 1] = offsets[length] + Int(counts[length]) }
    var symbols = [UInt16](repeating: 0, count: used)
    for (symbol, length) in lengths.enumerated() where length != 0 {
      symbols[offsets[Int(length)]] = UInt16(symbol)
      offsets[Int(length)] += 1
    }

    // Codes of one length are consecutive numbers, and the first code of the next length is
    // one past the last, doubled. The table is indexed by input bits, which hold a code
    // most significant bit first, so each code is reversed and repeated for every value of
    // the bits after it.
    var fast = [UInt16](repeating: 0, count: 1 << fastBits)
    var code = 0
    var index = 0
    for length in 1...fastBits {
      for _ in 0..<Int(counts[length]) {
        var reversed = 0
        for bit in 0..<length { reversed |= (code >> bit & 1) << (length - 1 - bit) }
        let entry = UInt16(Int(symbols[index]) << 4 | length)
        var slot = reversed
        while slot < fast.count {
          fast[slot] = entry
          slot += 1 << length
        }
        index += 1
        code += 1
      }
      code <<= 1
    }
    self.fast = fast
    self.fastMask = fast.count - 1
    self.counts = counts
    self.symbols = symbols
  }

  /// The next symbol, or `needInput` when `reader` holds too few bits for its code (the
  /// caller refills first), or `invalid` for a code no symbol has.
  @inline(__always)
  func decode(_ reader: inout BitReader) -> Int {
    let entry = Int(fast[Int(truncatingIfNeeded: reader.buffer) & fastMask])
    let length = entry & 15
    guard length != 0 else { return decodeLong(&reader) }
    guard length <= reader.count else { return Self.needInput }
    reader.drop(length)
    return entry >> 4
  }

  /// Canonical decoding a bit at a time: `code` is the bits read so far, `first` the first
  /// code of this length, `index` where this length's symbols begin.
  private func decodeLong(_ reader: inout BitReader) -> Int {
    var bits = reader.buffer
    var code = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      guard length <= reader.count else { return Self.needInput }
      code |= Int(truncatingIfNeeded: bits & 1)
      bits &>>= 1
      let count = Int(counts[length])
      if code - first < count {
        reader.drop(length)
        return Int(symbols[index + code - first])
      }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    return Self.invalid
  }

  /// The fixed codes of block type 1 (RFC 1951, 3.2.6). Literal/length symbols 286 and 287
  /// and distance symbols 30 and 31 have codes but are malformed when they appear.
  static let fixedLiterals: HuffmanCode = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    return try! HuffmanCode(lengths: lengths, fastBits: 10, kind: .complete)
  }()
  static let fixedDistances = try! HuffmanCode(
    lengths: [UInt8](repeating: 5, count: 32), fastBits: 10, kind: .complete)

  /// The order in which a dynamic block gives the code lengths code's lengths.
  private static let codeLengthOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// Reads a dynamic block's code definitions (RFC 1951, 3.2.7) after its 3 header bits,
  /// or returns nil when the input ends first; the caller then reads them again from the
  /// block's start once more input has come (they are a few hundred bytes at most).
  static func readDynamic(
    _ reader: inout BitReader
  ) throws(Inflater.Failure) -> (literals: HuffmanCode, distances: HuffmanCode)? {
    guard let hlit = reader.bits(5), let hdist = reader.bits(5), let hclen = reader.bits(4)
    else { return nil }
    let literalCount = hlit + 257
    let distanceCount = hdist + 1
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .malformed("too many length or distance codes")
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for symbol in codeLengthOrder.prefix(hclen + 4) {
      guard let length = reader.bits(3) else { return nil }
      codeLengthLengths[symbol] = UInt8(length)
    }
    let codeLengths = try HuffmanCode(lengths: codeLengthLengths, fastBits: 7, kind: .complete)

    // One sequence of lengths for both codes; a repeat may cross from one to the other.
    var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
    var filled = 0
    while filled < lengths.count {
      reader.refill()
      let symbol = codeLengths.decode(&reader)
      guard symbol >= 0 else {
        if symbol == needInput { return nil }
        throw .malformed("invalid code")
      }
      if symbol < 16 {
        lengths[filled] = UInt8(symbol)
        filled += 1
        continue
      }
      let repeated: UInt8
      let times: Int
      switch symbol {
      case 16:
        guard filled > 0 else { throw .malformed("repeat with no previous length") }
        guard let extra = reader.bits(2) else { return nil }
        repeated = lengths[filled - 1]
        times = 3 + extra
      case 17:
        guard let extra = reader.bits(3) else { return nil }
        repeated = 0
        times = 3 + extra
      default:
        guard let extra = reader.bits(7) else { return nil }
        repeated = 0
        times = 11 + extra
      }
      guard times <= lengths.count - filled else { throw .malformed("too many code lengths") }
      for index in filled..<filled + times { lengths[index] = repeated }
      filled += times
    }
    guard lengths[256] != 0 else { throw .malformed("missing end-of-block code") }
    let literals = try HuffmanCode(
      lengths: lengths[..<literalCount], fastBits: 10, kind: .complete)
    let distances = try HuffmanCode(
      lengths: lengths[literalCount...], fastBits: 10, kind: .distances)
    return (literals, distances)
  }
}

extension Inflater {
  /// Why the symbol loop returned.
  enum SymbolStop: Equatable {
    case endOfBlock
    case needInput
    case limit
    /// Less than a longest match (plus copy slack) is left in the window buffer.
    case windowFull
    case malformed(String)
  }

  /// What the symbol loop changes besides the input: where output goes in the window, how
  /// much more may be written, and a match the limit cut short.
  struct SymbolState {
    var end: Int
    var budget: Int
    var copyLength: Int
    var copyDistance: Int
  }

  /// Base value and extra-bit count (`base << 8 | extra`) of length symbols 257...285 and
  /// distance symbols 0...29 (RFC 1951, 3.2.5).
  static let lengthCodes: [UInt32] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ].enumerated().map { index, base in
    let extra = index < 8 || index == 28 ? 0 : (index - 4) / 4
    return UInt32(base << 8 | extra)
  }
  static let distanceCodes: [UInt32] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ].enumerated().map { index, base in
    UInt32(base << 8 | (index < 4 ? 0 : (index - 2) / 2))
  }

  /// Room kept after the window's end for one longest match and the 8-byte copy overrun.
  static let matchRoom = 258 + 8

  /// Decodes literal/length and distance symbols into `window` from `state.end` until the
  /// block ends, the input or the budget runs out, the window needs sliding, or a code is
  /// malformed. Every symbol starts from a mark, so running out of input part-way leaves
  /// the reader where the symbol began.
  static func decodeSymbols(
    _ reader: inout BitReader, into window: UnsafeMutableBufferPointer<UInt8>,
    _ state: inout SymbolState, literals: HuffmanCode, distances: HuffmanCode
  ) -> SymbolStop {
    // Whole matches fit below `room`, so a longest one (with overrun) stays in the buffer.
    let room = window.count - matchRoom
    var end = state.end
    var budget = state.budget
    defer {
      state.end = end
      state.budget = budget
    }
    if state.copyLength > 0 {
      guard end <= room else { return .windowFull }
      let n = min(state.copyLength, budget)
      copyMatch(in: window, at: end, distance: state.copyDistance, count: n)
      end &+= n
      budget &-= n
      state.copyLength &-= n
      guard state.copyLength == 0 else { return .limit }
    }
    let lengthCodes = Self.lengthCodes
    let distanceCodes = Self.distanceCodes
    while true {
      guard end <= room else { return .windowFull }
      let mark = reader.mark
      reader.refill()
      // A refilled reader holds at least 56 bits unless the input is nearly over, and a
      // whole length/distance pair needs at most 15 + 5 + 15 + 13 = 48.
      let symbol = literals.decode(&reader)
      if symbol < 256 {
        guard symbol >= 0 else {
          if symbol == HuffmanCode.needInput {
            reader.reset(to: mark)
            return .needInput
          }
          return .malformed("invalid code")
        }
        guard budget > 0 else {
          reader.reset(to: mark)
          return .limit
        }
        window[end] = UInt8(truncatingIfNeeded: symbol)
        end &+= 1
        budget &-= 1
        continue
      }
      if symbol == 256 { return .endOfBlock }
      guard symbol <= 285 else { return .malformed("bad literal/length code") }
      let lengthCode = lengthCodes[symbol &- 257]
      let lengthExtra = Int(lengthCode & 0xFF)
      guard reader.count >= lengthExtra else {
        reader.reset(to: mark)
        return .needInput
      }
      let length = Int(lengthCode >> 8) &+ reader.take(lengthExtra)

      let distanceSymbol = distances.decode(&reader)
      guard distanceSymbol >= 0 else {
        if distanceSymbol == HuffmanCode.needInput {
          reader.reset(to: mark)
          return .needInput
        }
        return .malformed("invalid code")
      }
      guard distanceSymbol < 30 else { return .malformed("bad distance code") }
      let distanceCode = distanceCodes[distanceSymbol]
      let distanceExtra = Int(distanceCode & 0xFF)
      guard reader.count >= distanceExtra else {
        reader.reset(to: mark)
        return .needInput
      }
      let distance = Int(distanceCode >> 8) &+ reader.take(distanceExtra)
      // After the first slide the window always holds 32 KiB, the farthest a distance goes;
      // before it, `end` is all the output there has been.
      guard distance <= end else { return .malformed("distance too far back") }

      let n = min(length, budget)
      copyMatch(in: window, at: end, distance: distance, count: n)
      end &+= n
      budget &-= n
      if n < length {
        state.copyLength = length &- n
        state.copyDistance = distance
        return .limit
      }
    }
  }

  /// Copies `count` (at most 258) bytes from `distance` back to `end`, byte by byte where
  /// they overlap closer than 8 bytes (a distance shorter than the length repeats the
  /// bytes), 8 at a time otherwise; those may write up to 7 bytes past the copy, which
  /// `matchRoom` leaves space for. The caller has checked `1 <= distance <= end`.
  @inline(__always)
  static func copyMatch(
    in window: UnsafeMutableBufferPointer<UInt8>, at end: Int, distance: Int, count: Int
  ) {
    guard count > 0, let base = window.baseAddress else { return }
    var target = base + end
    var source = target - distance
    let stop = target + count
    if distance >= 8 {
      while target < stop {
        let word = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(of: word, as: UInt64.self)
        target += 8
        source += 8
      }
    } else {
      while target < stop {
        target.pointee = source.pointee
        target += 1
        source += 1
      }
    }
  }
}
