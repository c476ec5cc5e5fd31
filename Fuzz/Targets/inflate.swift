import Foundation

/// libFuzzer target: `Inflater` on the input after its first byte, as gzip, zlib, raw or
/// auto-detected deflate (the byte's low bits), fed whole and again in pieces whose size
/// the byte's high bits pick, with an output limit. Beyond not crashing: both feeds agree
/// on output, failure and completion; output never passes the limit; a limited decode is
/// a prefix of the whole one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  guard let selector = bytes.first else { return 0 }
  let stream = Array(bytes.dropFirst())
  let formats: [Inflater.Format] = [.gzip, .zlib, .raw, .deflateAuto]
  let format = formats[Int(selector & 3)]
  let limit = 1 << 20
  let whole = inflate(stream, format, step: max(1, stream.count), limit: limit)
  let split = inflate(stream, format, step: Int(selector >> 2) % 23 + 1, limit: limit)
  if whole.output != split.output {
    fail("outputs differ: \(whole.output.count) / \(split.output.count) bytes")
  }
  if whole.failure != split.failure || whole.finished != split.finished {
    fail(
      "outcomes differ: \(whole.failure as Any) \(whole.finished) / \(split.failure as Any) \(split.finished)"
    )
  }
  if whole.output.count > limit { fail("\(whole.output.count) bytes past a limit of \(limit)") }
  let small = inflate(stream, format, step: 7, limit: 100)
  if small.output.count > 100 { fail("\(small.output.count) bytes past a limit of 100") }
  if !whole.output.starts(with: small.output) { fail("the limited output is not a prefix") }
  return 0
}

private struct Decoded {
  var output: [UInt8]
  var failure: Inflater.Failure?
  var finished: Bool
}

private func inflate(_ stream: [UInt8], _ format: Inflater.Format, step: Int, limit: Int) -> Decoded
{
  var inflater = Inflater(format: format)
  var output: [UInt8] = []
  do throws(Inflater.Failure) {
    var index = 0
    while index < stream.count, !inflater.isFinished, !inflater.reachedLimit {
      try inflater.feed(
        stream[index..<min(stream.count, index + step)], into: &output, limit: limit - output.count)
      index += step
    }
    return Decoded(output: output, failure: nil, finished: inflater.isFinished)
  } catch {
    return Decoded(output: output, failure: error, finished: inflater.isFinished)
  }
}
