import Dispatch
import Foundation

/// Gzip bombs generated in the test (none is committed): a megabyte that decodes to a
/// gigabyte of zeros, served with `Content-Encoding: gzip`.
extension TestHTTPServer {
  /// A valid gzip stream of zero bytes built without zlib: a stored block of 258 zeros,
  /// then copies of one dynamic-Huffman block of back-references (length 258, distance 1,
  /// two bits each), then an empty final block and the trailer. About 1 KB decodes to 1 MB.
  package enum GzipBomb {
    /// Matches per block; 4k + 1 makes each block a whole number of bytes.
    static let matchesPerBlock = 4001
    /// Bytes one block decodes to (258 a match).
    static let bytesPerBlock = 258 * matchesPerBlock

    /// A gzip stream decoding to at least `decodedBytes` zero bytes (whole blocks), and
    /// the exact number it decodes to.
    package static func zeros(atLeast decodedBytes: Int) -> (gzip: [UInt8], decodedCount: Int) {
      let blocks = max(0, (decodedBytes - 258 + bytesPerBlock - 1) / bytesPerBlock)
      let total = 258 + blocks * bytesPerBlock
      // Header: magic, deflate, no flags, no time, no extra flags, unknown OS.
      var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
      // A stored block (not final) of 258 zeros, so that distance 1 has a byte to copy.
      out += [0x00, 0x02, 0x01, 0xFD, 0xFE] + [UInt8](repeating: 0, count: 258)
      let block = matchBlock()
      out.reserveCapacity(out.count + blocks * block.count + 13)
      for _ in 0..<blocks { out += block }
      // An empty stored final block, then CRC-32 and size, little-endian.
      out += [0x01, 0x00, 0x00, 0xFF, 0xFF]
      for value in [crc32OfZeros(total), UInt32(truncatingIfNeeded: total)] {
        for shift in stride(from: 0, to: 32, by: 8) {
          out.append(UInt8(truncatingIfNeeded: value >> shift))
        }
      }
      return (out, total)
    }

    /// One non-final dynamic block of `matchesPerBlock` copies of 258 bytes at distance 1.
    static func matchBlock() -> [UInt8] {
      var bits = BitWriter()
      bits.write(0, 1)  // not final
      bits.write(2, 2)  // dynamic Huffman codes
      bits.write(29, 5)  // 286 literal/length codes
      bits.write(0, 5)  // 1 distance code
      bits.write(15, 4)  // 19 code length codes
      // Code length code lengths, in the format's order: only 18 and 1 are used.
      for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15] {
        bits.write(symbol == 18 || symbol == 1 ? 1 : 0, 3)
      }
      // Code lengths: 256 zeros, 1 (end of block), 28 zeros, 1 (length 258), 1 (distance 1),
      // where code length symbol 1 is "0" and symbol 18 (a run of zeros) is "1".
      for run in [138, 118] {
        bits.write(1, 1)
        bits.write(run - 11, 7)
      }
      bits.write(0, 1)
      bits.write(1, 1)
      bits.write(28 - 11, 7)
      bits.write(0, 1)
      bits.write(0, 1)
      // Length 258 is "1", distance 1 is "0", end of block is "0".
      for _ in 0..<matchesPerBlock {
        bits.write(1, 1)
        bits.write(0, 1)
      }
      bits.write(0, 1)
      precondition(bits.pending == 0, "the block must end on a byte boundary")
      return bits.bytes
    }

    /// CRC-32 of `count` zero bytes: the register 0xFFFFFFFF times x^(8·count) modulo the
    /// polynomial, bit-reflected as zlib's crc32_combine computes it, then inverted.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
      var result: UInt32 = 0x8000_0000
      var power: UInt32 = 0x4000_0000
      var exponent = UInt64(count) * 8
      while exponent > 0 {
        if exponent & 1 != 0 { result = multiply(result, power) }
        power = multiply(power, power)
        exponent >>= 1
      }
      return ~multiply(result, 0xFFFF_FFFF)
    }

    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
      var a = a
      var b = b
      var product: UInt32 = 0
      for _ in 0..<32 {
        if a & 0x8000_0000 != 0 { product ^= b }
        a <<= 1
        b = b & 1 != 0 ? (b >> 1) ^ 0xEDB8_8320 : b >> 1
      }
      return product
    }

    private struct BitWriter {
      var bytes: [UInt8] = []
      var current: UInt8 = 0
      var pending = 0

      mutating func write(_ value: Int, _ count: Int) {
        for bit in 0..<count {
          if (value >> bit) & 1 != 0 { current |= 1 << UInt8(pending) }
          pending += 1
          if pending == 8 {
            bytes.append(current)
            current = 0
            pending = 0
          }
        }
      }
    }
  }

  /// Serves `gzip` at `path` as a gzip-encoded HTML page (or, given `location`, as the body
  /// of a 302 to it); the semaphore is signalled each time a client has hung up on it (the
  /// whole body sent or not).
  package func gzipRoute(_ path: String, _ gzip: [UInt8], redirectingTo location: String? = nil)
    -> DispatchSemaphore
  {
    let hungUp = DispatchSemaphore(value: 0)
    let body = Data(gzip)
    rawRoute(path) { connection in
      connection.writeHead(
        status: location == nil ? 200 : 302,
        headers: [
          ("Content-Type", "text/html; charset=utf-8"), ("Content-Encoding", "gzip"),
          ("Content-Length", "\(body.count)"), ("Connection", "close"),
        ] + (location.map { [("Location", $0)] } ?? []))
      connection.write(body)
      connection.waitUntilClosed()
      hungUp.signal()
    }
    return hungUp
  }
}
