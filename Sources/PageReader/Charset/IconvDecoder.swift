#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decoding through the C library's iconv, replacing each undecodable byte with U+FFFD
/// (iconv itself stops at the first bad byte).
enum IconvDecoder {
  struct Result {
    /// The text's UTF-8, as iconv wrote it (read in place by `HTMLRenderer.parse(utf8:…)`).
    var utf8: [UInt8]
    /// The text: a copy of `utf8`, made on asking.
    var text: String { String(decoding: utf8, as: UTF8.self) }
    /// Bytes replaced with U+FFFD, not counting a sequence cut off at the end.
    var invalidSequences: Int
    /// Whether the input ended inside a multi-byte sequence.
    var endedMidSequence: Bool
  }

  /// `bytes` decoded from `charset`, or nil when iconv cannot convert from it.
  /// The input is read in place (iconv does not write to it), never copied first.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from charset: String) -> Result? {
    guard let converter = open(charset) else { return nil }
    defer { iconv_close(converter) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 3 / 2 + 16)
    var invalid = 0
    var endedMidSequence = false
    let chunkSize = 16_384
    let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
    defer { chunk.deallocate() }
    let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    do {
      let buffer = bytes
      guard let base = buffer.baseAddress else {
        return Result(utf8: [], invalidSequences: 0, endedMidSequence: false)
      }
      var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
        .assumingMemoryBound(to: CChar.self)
      var inLeft = buffer.count
      while inLeft > 0 {
        var outPointer: UnsafeMutablePointer<CChar>? = chunk
        var outLeft = chunkSize
        let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        let error = errno
        append(chunk, count: chunkSize - outLeft, to: &output)
        guard status == -1 else { break }
        switch error {
        case E2BIG:
          continue
        case EINVAL:
          // A multi-byte sequence cut off by the end of the input.
          output.append(contentsOf: replacement)
          endedMidSequence = true
          inLeft = 0
        default:
          // EILSEQ: skip one byte and start afresh, so a bad lead byte does not take
          // the next (possibly ASCII) byte with it.
          output.append(contentsOf: replacement)
          invalid += 1
          inPointer = inPointer.map { $0 + 1 }
          inLeft -= 1
          iconv(converter, nil, nil, nil, nil)
        }
      }
      // Flush any shift state (stateful encodings).
      var outPointer: UnsafeMutablePointer<CChar>? = chunk
      var outLeft = chunkSize
      iconv(converter, nil, nil, &outPointer, &outLeft)
      append(chunk, count: chunkSize - outLeft, to: &output)
    }
    return Result(utf8: output, invalidSequences: invalid, endedMidSequence: endedMidSequence)
  }

  private static func open(_ charset: String) -> iconv_t? {
    let converter = iconv_open("UTF-8", charset)
    guard let converter, Int(bitPattern: converter) != -1 else { return nil }
    return converter
  }

  private static func append(
    _ chunk: UnsafeMutablePointer<CChar>, count: Int, to output: inout [UInt8]
  ) {
    guard count > 0 else { return }
    chunk.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
      output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
  }
}
