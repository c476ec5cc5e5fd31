import ProvinceCore

#if canImport(Glibc)
  import Glibc
#endif

/// Standard input one line at a time, each answered as it comes (`--address -`): input is
/// read a block at a time and every whole line in it answered, and the answers are
/// written before each read that could wait, so a script that writes a line and reads its
/// answer never stalls while a file of lines costs no write a line.
struct LineStream {
  /// A line longer than this is answered by its start (`answeredPrefix` bytes), once,
  /// and the rest of it passed over up to its newline, so that memory stays bounded
  /// whatever the input.
  var longestLine: Int
  var answeredPrefix: Int

  /// How the input ended.
  enum End: Equatable {
    case endOfInput
    /// A read failed (not a pipe's end), or stdin was closed: why, in words.
    case readError(String)
  }

  /// Calls `answer` with each line's bytes (no newline) and the buffer to append its
  /// answer to, then writes the answers to `out`.
  func run(
    to out: StandardStream, _ answer: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
  ) -> End {
    if let closed = StandardStream.closedInputReason { return .readError(closed) }
    var pending: [UInt8] = []
    var skipping = false
    var block = [UInt8](repeating: 0, count: 1 << 16)
    var answers: [UInt8] = []
    while true {
      out.flush()
      let count = block.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      // A read error is not the end of input: what was answered stays, and it says so.
      if count < 0 { return .readError(StandardStream.reason(errno: errno)) }
      guard count > 0 else { break }
      // Only the new bytes are searched for a newline: what was kept has none.
      var from = pending.count
      pending += block[0..<count]
      let consumed = pending.withUnsafeBufferPointer { bytes in
        var start = 0
        while let newline = bytes[from...].firstIndex(of: 0x0A) {
          if skipping {
            skipping = false
          } else {
            answer(UnsafeBufferPointer(rebasing: bytes[start..<newline]), &answers)
          }
          start = newline + 1
          from = start
        }
        return start
      }
      pending.removeFirst(consumed)
      if pending.count > longestLine {
        if !skipping {
          pending.withUnsafeBufferPointer {
            answer(.init(rebasing: $0.prefix(answeredPrefix)), &answers)
          }
        }
        skipping = true
        pending.removeAll(keepingCapacity: true)
      }
      out.write(bytes: answers)
      answers.removeAll(keepingCapacity: true)
    }
    if !pending.isEmpty && !skipping { pending.withUnsafeBufferPointer { answer($0, &answers) } }
    out.write(bytes: answers)
    out.flush()
    return .endOfInput
  }
}
