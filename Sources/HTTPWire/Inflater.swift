/// A streaming DEFLATE decoder (RFC 1951) with gzip (RFC 1952) or zlib (RFC 1950) framing,
/// for bodies sent with `Content-Encoding: gzip` or `deflate` by servers that may be hostile.
///
/// Input may be split anywhere; what a piece does not complete is kept and decoded when the
/// next piece comes. Each `feed` writes at most `limit` bytes, so a small body that inflates
/// to gigabytes costs only the budget. Memory is a fixed 128 KiB window buffer, the code
/// tables, and the input not yet decoded: a few hundred bytes at most (a dynamic block's
/// code definitions are read whole), unless the caller goes on feeding after `reachedLimit`.
///
/// Only the first gzip member is decoded. Whatever follows its trailer (another member, or
/// the junk some servers append) is ignored, as are bytes after a zlib or raw stream: by
/// then the body is complete and checked, and HTTP framing says where the body ends.
public struct Inflater: Sendable {
  /// The framing around the DEFLATE data.
  public enum Format: Sendable {
    /// `Content-Encoding: gzip` (and `x-gzip`).
    case gzip
    /// A zlib stream: two header bytes, DEFLATE data, Adler-32.
    case zlib
    /// DEFLATE data with no framing.
    case raw
    /// "deflate" on the wire: zlib framing, or raw deflate when the first two bytes are not
    /// a zlib header (servers send both).
    case deflateAuto
  }

  /// Why a stream cannot be decoded; the reason is short and lowercase.
  public enum Failure: Error, Equatable, Sendable {
    case malformed(String)
  }

  /// Where decoding is, in the order a stream goes through them.
  private enum Stage: Equatable, Sendable {
    case gzipHeader(GzipField)
    /// `auto`: raw deflate is also accepted (the `deflateAuto` format).
    case zlibHeader(auto: Bool)
    case blockHeader
    case stored(remaining: Int)
    /// A fixed or dynamic Huffman block's symbols.
    case symbols
    case trailer
    case finished
  }

  /// The gzip header's parts after the fixed ten bytes, each present or not by a flag; read
  /// incrementally, so that a name with no end costs time but not memory.
  private enum GzipField: Equatable, Sendable {
    case fixed
    case extraLength
    case extra(remaining: Int)
    case name
    case comment
    case headerCRC
  }

  /// The framing actually in use: `deflateAuto` becomes zlib or raw at the header.
  private enum Framing: Sendable {
    case gzip
    case zlib
    case raw
  }

  /// The farthest a distance reaches, and so the history kept when the window slides.
  static let historySize = 32_768
  /// The window buffer: the history plus room for 96 KiB of new output between slides.
  static let windowCapacity = 131_072

  private var framing: Framing
  private var stage: Stage
  /// Input not yet decoded is `pending[pendingStart...]` plus `bitCount` (< 8) bits in
  /// `bitBuffer` of the byte before it.
  private var pending: [UInt8] = []
  private var pendingStart = 0
  private var bitBuffer: UInt64 = 0
  private var bitCount = 0
  /// Output history: `window[..<windowEnd]`, of which `window[flushedEnd..<windowEnd]` has
  /// not yet been handed to the caller.
  private var window = [UInt8](repeating: 0, count: Inflater.windowCapacity)
  private var windowEnd = 0
  private var flushedEnd = 0
  private var isFinalBlock = false
  private var literals = HuffmanCode.fixedLiterals
  private var distances = HuffmanCode.fixedDistances
  /// A match that the limit cut short, finished by the next `feed`.
  private var copyLength = 0
  private var copyDistance = 0
  private var gzipFlags: UInt8 = 0
  private var headerCRC = CRC32()
  private var crc = CRC32()
  private var adler = Adler32()
  /// Output so far, modulo 2^32 as gzip's ISIZE counts it.
  private var outputSize: UInt32 = 0
  /// The first failure, thrown again by every later call.
  private var failure: Failure?

  /// True once the final block and the trailer (gzip CRC32 + ISIZE, zlib Adler-32) have been
  /// read and checked.
  public var isFinished: Bool { stage == .finished }
  /// True when the last `feed` stopped because it had written `limit` bytes and the stream
  /// has more output; a stream that ends exactly at the limit finishes instead.
  public private(set) var reachedLimit = false

  public init(format: Format) {
    switch format {
    case .gzip:
      framing = .gzip
      stage = .gzipHeader(.fixed)
    case .zlib:
      framing = .zlib
      stage = .zlibHeader(auto: false)
    case .raw:
      framing = .raw
      stage = .blockHeader
    case .deflateAuto:
      framing = .zlib
      stage = .zlibHeader(auto: true)
    }
  }

  /// Decodes what `input` completes and appends at most `limit` more output bytes to `output`
  /// (pass the remaining byte budget; when the limit is reached, decoding stops and
  /// `reachedLimit` is true; a caller then stops reading). Input may be split anywhere (even
  /// mid-header, mid-code). Output decoded before a failure is appended before it is thrown.
  public mutating func feed(
    _ input: some Collection<UInt8>, into output: inout [UInt8], limit: Int
  ) throws(Failure) {
    if let failure { throw failure }
    reachedLimit = false
    guard stage != .finished else { return }
    pending.append(contentsOf: input)
    var budget = max(limit, 0)
    do throws(Failure) {
      try decodePending(into: &output, budget: &budget)
    } catch {
      failure = error
      throw error
    }
  }

  /// Says the input has ended: throws "truncated" unless the stream and its trailer were
  /// complete, or the failure that stopped decoding.
  public func finish() throws(Failure) {
    if let failure { throw failure }
    guard isFinished else { throw .malformed("truncated") }
  }

  /// Runs the stages over the pending input, then keeps what they left and hands the new
  /// output to `output`.
  private mutating func decodePending(into output: inout [UInt8], budget: inout Int)
    throws(Failure)
  {
    var input: [UInt8] = []
    swap(&input, &pending)
    var position = pendingStart
    defer {
      if stage == .finished {
        input.removeAll()
        position = 0
      } else if position >= input.count - position {
        // Dropping the used bytes moves the rest, so it waits until there are more used
        // than left; the moves then cost no more than the input.
        input.removeFirst(position)
        position = 0
      }
      pending = input
      pendingStart = position
      flush(into: &output)
    }
    try input.withUnsafeBufferPointer { (bytes) throws(Failure) in
      var reader = BitReader(bytes: bytes, position: position, buffer: bitBuffer, count: bitCount)
      defer {
        reader.returnWholeBytes()
        bitBuffer = reader.buffer
        bitCount = reader.count
        position = reader.position
      }
      try advance(&reader, into: &output, budget: &budget)
    }
  }

  /// Moves through the stages until one needs more input than there is, or the budget is
  /// spent, or the stream is finished.
  private mutating func advance(
    _ reader: inout BitReader, into output: inout [UInt8], budget: inout Int
  ) throws(Failure) {
    while true {
      switch stage {
      case .gzipHeader(let field):
        guard try readGzipField(field, &reader) else { return }
      case .zlibHeader(let auto):
        guard try readZlibHeader(auto: auto, &reader) else { return }
      case .blockHeader:
        let mark = reader.mark
        guard try readBlockHeader(&reader) else {
          reader.reset(to: mark)
          return
        }
      case .stored(let remaining):
        guard copyStored(remaining, &reader, into: &output, budget: &budget) else { return }
      case .symbols:
        switch decodeSymbols(&reader, budget: &budget) {
        case .endOfBlock:
          endBlock()
        case .needInput:
          return
        case .limit:
          reachedLimit = true
          return
        case .windowFull:
          slideWindow(into: &output)
        case .malformed(let reason):
          throw .malformed(reason)
        }
      case .trailer:
        guard try readTrailer(&reader, into: &output) else { return }
      case .finished:
        return
      }
    }
  }

  private static let headerCRCFlag: UInt8 = 0x02
  private static let extraFlag: UInt8 = 0x04
  private static let nameFlag: UInt8 = 0x08
  private static let commentFlag: UInt8 = 0x10

  /// Reads one part of the gzip header (RFC 1952, 2.3.1); false when it needs more input.
  /// FTEXT is only a hint and changes nothing; the header CRC-16, when present, is checked.
  private mutating func readGzipField(_ field: GzipField, _ reader: inout BitReader)
    throws(Failure) -> Bool
  {
    switch field {
    case .fixed:
      guard reader.availableBytes >= 10 else { return false }
      let header = reader.takeBytes(10)
      guard header[0] == 0x1F, header[1] == 0x8B else { throw .malformed("bad gzip magic") }
      guard header[2] == 8 else { throw .malformed("bad gzip method") }
      guard header[3] & 0xE0 == 0 else { throw .malformed("reserved gzip flags") }
      gzipFlags = header[3]
      headerCRC.update(header)
      stage = .gzipHeader(.extraLength)
    case .extraLength:
      guard gzipFlags & Self.extraFlag != 0 else {
        stage = .gzipHeader(.name)
        return true
      }
      guard reader.availableBytes >= 2 else { return false }
      let length = reader.takeBytes(2)
      headerCRC.update(length)
      stage = .gzipHeader(.extra(remaining: Int(length[0]) | Int(length[1]) << 8))
    case .extra(let remaining):
      let n = min(remaining, reader.availableBytes)
      headerCRC.update(reader.takeBytes(n))
      guard n == remaining else {
        stage = .gzipHeader(.extra(remaining: remaining - n))
        return false
      }
      stage = .gzipHeader(.name)
    case .name, .comment:
      let flag = field == .name ? Self.nameFlag : Self.commentFlag
      let next: GzipField = field == .name ? .comment : .headerCRC
      guard gzipFlags & flag != 0 else {
        stage = .gzipHeader(next)
        return true
      }
      // Zero-terminated; the bytes so far are used up even when the zero has not come.
      let rest = UnsafeBufferPointer(rebasing: reader.bytes[reader.position...])
      guard let zero = rest.firstIndex(of: 0) else {
        headerCRC.update(reader.takeBytes(rest.count))
        return false
      }
      headerCRC.update(reader.takeBytes(zero + 1))
      stage = .gzipHeader(next)
    case .headerCRC:
      if gzipFlags & Self.headerCRCFlag != 0 {
        guard reader.availableBytes >= 2 else { return false }
        let check = reader.takeBytes(2)
        guard UInt32(check[0]) | UInt32(check[1]) << 8 == headerCRC.value & 0xFFFF else {
          throw .malformed("gzip header crc mismatch")
        }
      }
      stage = .blockHeader
    }
    return true
  }

  /// Reads the zlib header (RFC 1950, 2.2), or for `deflateAuto` decides that there is none;
  /// false when it needs more input. A raw stream's first bytes pass the zlib check only
  /// if its first block is stored with a non-zero padding bit, which encoders do not write.
  private mutating func readZlibHeader(auto: Bool, _ reader: inout BitReader)
    throws(Failure) -> Bool
  {
    guard reader.availableBytes >= 2 else { return false }
    let method = reader.bytes[reader.position]
    let flags = reader.bytes[reader.position + 1]
    let isZlib =
      method & 0x0F == 8 && method >> 4 <= 7 && (UInt16(method) << 8 | UInt16(flags)) % 31 == 0
    guard isZlib else {
      guard auto else { throw .malformed("bad zlib header") }
      framing = .raw
      stage = .blockHeader
      return true
    }
    guard flags & 0x20 == 0 else { throw .malformed("zlib preset dictionary") }
    reader.position += 2
    framing = .zlib
    stage = .blockHeader
    return true
  }

  /// Reads a block's header (RFC 1951, 3.2.3), and for a dynamic block its codes; false
  /// when it needs more input, and the caller goes back to the block's start.
  private mutating func readBlockHeader(_ reader: inout BitReader) throws(Failure) -> Bool {
    guard let header = reader.bits(3) else { return false }
    switch header >> 1 {
    case 0:
      reader.alignToByte()
      guard reader.availableBytes >= 4 else { return false }
      let lengths = reader.takeBytes(4)
      let length = Int(lengths[0]) | Int(lengths[1]) << 8
      let complement = Int(lengths[2]) | Int(lengths[3]) << 8
      guard length ^ complement == 0xFFFF else { throw .malformed("stored length mismatch") }
      stage = .stored(remaining: length)
    case 1:
      literals = HuffmanCode.fixedLiterals
      distances = HuffmanCode.fixedDistances
      stage = .symbols
    case 2:
      guard let codes = try HuffmanCode.readDynamic(&reader) else { return false }
      literals = codes.literals
      distances = codes.distances
      stage = .symbols
    default:
      throw .malformed("bad block type")
    }
    isFinalBlock = header & 1 == 1
    return true
  }

  /// Copies what it can of a stored block into the window; false when it needs more input
  /// or the budget is spent.
  private mutating func copyStored(
    _ remaining: Int, _ reader: inout BitReader, into output: inout [UInt8], budget: inout Int
  ) -> Bool {
    if windowEnd == window.count { slideWindow(into: &output) }
    let n = min(remaining, reader.availableBytes, budget, window.count - windowEnd)
    let start = windowEnd
    let source = reader.takeBytes(n)
    window.withUnsafeMutableBufferPointer { window in
      _ = UnsafeMutableBufferPointer(rebasing: window[start..<start + n]).update(
        fromContentsOf: source)
    }
    windowEnd += n
    budget -= n
    guard n < remaining else {
      endBlock()
      return true
    }
    stage = .stored(remaining: remaining - n)
    if budget == 0 {
      reachedLimit = true
      return false
    }
    return reader.availableBytes > 0
  }

  /// Runs the symbol loop over the window, with the state it changes copied out of `self`
  /// so that the window buffer can be borrowed.
  private mutating func decodeSymbols(_ reader: inout BitReader, budget: inout Int)
    -> SymbolStop
  {
    var state = SymbolState(
      end: windowEnd, budget: budget, copyLength: copyLength, copyDistance: copyDistance)
    let literals = self.literals
    let distances = self.distances
    let stop = window.withUnsafeMutableBufferPointer { window in
      Self.decodeSymbols(
        &reader, into: window, &state, literals: literals, distances: distances)
    }
    windowEnd = state.end
    budget = state.budget
    copyLength = state.copyLength
    copyDistance = state.copyDistance
    return stop
  }

  private mutating func endBlock() {
    if !isFinalBlock {
      stage = .blockHeader
    } else {
      stage = framing == .raw ? .finished : .trailer
    }
  }

  /// Reads and checks the gzip trailer (CRC-32 and ISIZE, little-endian) or the zlib one
  /// (Adler-32, big-endian); false when it needs more input.
  private mutating func readTrailer(_ reader: inout BitReader, into output: inout [UInt8])
    throws(Failure) -> Bool
  {
    reader.alignToByte()
    guard reader.availableBytes >= (framing == .gzip ? 8 : 4) else { return false }
    flush(into: &output)
    switch framing {
    case .gzip:
      let trailer = reader.takeBytes(8)
      func word(at index: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(trailer[index + $1]) << (8 * $1) }
      }
      guard word(at: 0) == crc.value else { throw .malformed("crc mismatch") }
      guard word(at: 4) == outputSize else { throw .malformed("length mismatch") }
    case .zlib:
      let trailer = reader.takeBytes(4)
      let check = trailer.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      guard check == adler.value else { throw .malformed("adler-32 mismatch") }
    case .raw:
      break
    }
    stage = .finished
    return true
  }

  /// Hands the output not yet handed over to `output`, and to the checksum.
  private mutating func flush(into output: inout [UInt8]) {
    guard flushedEnd < windowEnd else { return }
    let fresh = flushedEnd..<windowEnd
    var crc = self.crc
    var adler = self.adler
    let framing = self.framing
    window.withUnsafeBufferPointer { window in
      let bytes = UnsafeBufferPointer(rebasing: window[fresh])
      output.append(contentsOf: bytes)
      switch framing {
      case .gzip: crc.update(bytes)
      case .zlib: adler.update(bytes)
      case .raw: break
      }
    }
    self.crc = crc
    self.adler = adler
    outputSize &+= UInt32(truncatingIfNeeded: fresh.count)
    flushedEnd = windowEnd
  }

  /// Makes room in the window: flushes, then moves the last 32 KiB (all that a distance can
  /// reach) to the front. The window is always fuller than twice that when this is called,
  /// so the moved bytes do not overlap their new place.
  private mutating func slideWindow(into output: inout [UInt8]) {
    flush(into: &output)
    let keep = Self.historySize
    let start = windowEnd - keep
    window.withUnsafeMutableBufferPointer { window in
      _ = UnsafeMutableBufferPointer(rebasing: window[0..<keep]).update(
        fromContentsOf: UnsafeBufferPointer(rebasing: window[start..<start + keep]))
    }
    windowEnd = keep
    flushedEnd = keep
  }
}

/// CRC-32 as gzip computes it (RFC 1952, 8: reflected, polynomial 0xEDB88320), eight bytes
/// per step with eight tables ("slicing by 8"), since gzip bodies are checked whole.
struct CRC32: Sendable {
  private(set) var value: UInt32 = 0

  /// `tables[k * 256 + b]`: the CRC of byte `b` followed by `k` zero bytes.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      tables[byte] = crc
    }
    for index in 256..<(8 * 256) {
      let previous = tables[index - 256]
      tables[index] = previous >> 8 ^ tables[Int(previous & 0xFF)]
    }
    return tables
  }()

  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var crc = ~value
    Self.tables.withUnsafeBufferPointer { table in
      var index = 0
      while bytes.count - index >= 8 {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
          | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
          ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < bytes.count {
        crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ crc >> 8
        index += 1
      }
    }
    value = ~crc
  }
}

/// Adler-32 as zlib computes it (RFC 1950, 8.2), reducing modulo 65521 only every 5552
/// bytes: the most that cannot overflow 32 bits.
struct Adler32: Sendable {
  private(set) var value: UInt32 = 1

  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var a = value & 0xFFFF
    var b = value >> 16
    var index = 0
    while index < bytes.count {
      let stop = min(index + 5552, bytes.count)
      while index < stop {
        a &+= UInt32(bytes[index])
        b &+= a
        index += 1
      }
      a %= 65521
      b %= 65521
    }
    value = b << 16 | a
  }
}
