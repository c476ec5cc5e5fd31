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
    runBlocks(to: out) { lines, answers in
      for line in lines { answer(line, &answers) }
    }
  }

  /// Calls `answer` with the lines of each block read (no newlines), in order, and the
  /// buffer to append their answers to, then writes the answers to `out`: for a job
  /// that answers many lines at once better than one by one.
  func runBlocks(
    to out: StandardStream, _ answer: ([UnsafeBufferPointer<UInt8>], inout [UInt8]) -> Void
  ) -> End {
    if let closed = StandardStream.closedInputReason { return .readError(closed) }
    var pending: [UInt8] = []
    var skipping = false
    var block = [UInt8](repeating: 0, count: 1 << 16)
    var answers: [UInt8] = []
    var lines: [UnsafeBufferPointer<UInt8>] = []
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
      var tooLong = false
      let consumed = pending.withUnsafeBufferPointer { bytes in
        var start = 0
        while let newline = bytes[from...].firstIndex(of: 0x0A) {
          if skipping {
            skipping = false
          } else {
            // A long line that came whole in one read is cut as one that did not: the
            // limit is the line's length, not where the reads happened to end.
            let end = newline - start > longestLine ? start + answeredPrefix : newline
            lines.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
          }
          start = newline + 1
          from = start
        }
        if bytes.count - start > longestLine {
          if !skipping {
            lines.append(UnsafeBufferPointer(rebasing: bytes[start..<start + answeredPrefix]))
          }
          tooLong = true
        }
        if !lines.isEmpty { answer(lines, &answers) }
        lines.removeAll(keepingCapacity: true)
        return start
      }
      pending.removeFirst(consumed)
      if tooLong {
        skipping = true
        pending.removeAll(keepingCapacity: true)
      }
      out.write(bytes: answers)
      answers.removeAll(keepingCapacity: true)
    }
    if !pending.isEmpty && !skipping {
      pending.withUnsafeBufferPointer { answer([$0], &answers) }
    }
    out.write(bytes: answers)
    out.flush()
    return .endOfInput
  }
}
