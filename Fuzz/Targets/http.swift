import Foundation

/// libFuzzer target: `HTTPResponseParser` on the input as a response to GET (or HEAD when
/// the first byte is odd), fed whole and again in pieces whose sizes the first byte picks.
/// Beyond not crashing: both feeds agree on head, body, completion and error; the body
/// (transfer coding removed) is never longer than the input; a response complete before
/// the connection's end ignores whatever follows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  guard let selector = bytes.first else { return 0 }
  let wire = Array(bytes.dropFirst())
  let method = selector & 1 == 1 ? "HEAD" : "GET"
  let whole = parse(wire, method: method, step: max(1, wire.count))
  let split = parse(wire, method: method, step: Int(selector >> 1) % 17 + 1)
  if whole.head != split.head { fail("heads differ: \(whole.head as Any) / \(split.head as Any)") }
  if whole.body != split.body {
    fail("bodies differ: \(whole.body.count) / \(split.body.count) bytes")
  }
  if whole.complete != split.complete || whole.error != split.error {
    fail(
      "outcomes differ: \(whole.complete) \(whole.error as Any) / \(split.complete) \(split.error as Any)"
    )
  }
  if whole.body.count > wire.count {
    fail("a body of \(whole.body.count) from \(wire.count) bytes")
  }
  if whole.complete, whole.framing != .untilClose {
    let more = parse(wire + Array("HTTP/1.1 500 X\r\n\r\nmore".utf8), method: method, step: 7)
    if more.body != whole.body || more.head != whole.head {
      fail("bytes after a complete response changed it")
    }
  }
  return 0
}

private struct Outcome {
  var head: HTTPResponseHead?
  var body: [UInt8]
  var complete: Bool
  var framing: HTTPResponseParser.Framing?
  var error: HTTPResponseParser.Failure?
}

private func parse(_ wire: [UInt8], method: String, step: Int) -> Outcome {
  var parser = HTTPResponseParser(method: method, maxHeadBytes: 2048)
  var body: [UInt8] = []
  do throws(HTTPResponseParser.Failure) {
    var index = 0
    while index < wire.count, !parser.isComplete {
      try parser.feed(wire[index..<min(wire.count, index + step)], body: &body)
      index += step
    }
    if !parser.isComplete { try parser.endOfInput() }
    return Outcome(
      head: parser.head, body: body, complete: parser.isComplete, framing: parser.framing,
      error: nil)
  } catch {
    return Outcome(
      head: parser.head, body: body, complete: parser.isComplete, framing: parser.framing,
      error: error)
  }
}
