#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines of text held as their UTF-8 in a few large buffers, with where each line is:
/// what a laid-out page keeps. An array of strings costs a string a line (a 32-byte
/// header and the allocator's rounding) and 16 bytes a slot, which on a long page of
/// short lines was most of the memory the page took; here a line costs its bytes and 12,
/// or only the 12 when it repeats bytes of a source (`init(source:)`, a document's text).
///
/// A line is read back as a `String` (made when read: keep the lines on screen, not the
/// strings, when drawing). Appending one `TextLines` to another shares its buffers and
/// the places of its lines, so a page's text and the screen built around it do not hold
/// the page twice.
public struct TextLines: Sendable {
  /// Where a line's bytes are: a buffer (counted from its run's `chunkBase`), and a range
  /// in it.
  struct Span: Sendable, Equatable {
    var chunk: UInt32
    var start: UInt32
    var end: UInt32
  }

  /// The places of consecutive lines: those added one at a time, or all of another
  /// `TextLines`'s run, shared with it (an array copied only if either changes it).
  struct Run: Sendable {
    var spans: [Span]
    /// What to add to a span's `chunk` for its index in `chunks`.
    var chunkBase: UInt32
  }

  /// The size a buffer fills to before the next begins (a longer line has one of its
  /// own). Only the last buffer has room to spare, so at most this much is unused.
  public static let chunkBytes = 1 << 20

  var chunks: [[UInt8]] = []
  /// The lines' places, in order, and the line each run begins with.
  private var runs: [Run] = []
  private var runStarts: [Int] = []
  private var lineCount = 0
  /// The last buffer is shared with another `TextLines`: the next line starts a new one
  /// rather than copying it.
  private var tailShared = false
  /// The last buffer was begun for lines put in place of others: further such lines go
  /// on in it (a copy that shares it copies only it, small), not in a buffer each.
  private var tailForEdits = false
  /// The last run is shared with another `TextLines`: the next line starts a new one.
  private var lastRunShared = false

  public init() {}

  /// Lines that may be held as references into `source` (a document's text, which the
  /// lines of its layout mostly repeat) instead of copies: see `append(utf8:findingIn:)`.
  /// The source is shared, not copied, and kept while these lines are.
  public init(source: [UInt8]) {
    chunks = [source]
    tailShared = true
    hasSource = true
  }

  /// `chunks[0]` is the source of `init(source:)`.
  private var hasSource = false

  /// The lines of `lines`, in order.
  public init(_ lines: some Sequence<String>) {
    self.init()
    append(contentsOf: lines)
  }

  /// Adds `line` at the end.
  public mutating func append(_ line: String) {
    add(store(line))
  }

  /// Adds a line given as UTF-8 (which should be valid: it is read back repaired).
  public mutating func append(utf8 bytes: some Collection<UInt8>) {
    let span =
      bytes.withContiguousStorageIfAvailable { store(bytes: $0) }
      ?? Array(bytes).withUnsafeBufferPointer { store(bytes: $0) }
    add(span)
  }

  /// Adds a line given as UTF-8, held as a reference into the source where the same
  /// bytes are there, starting within `candidates` (a few bytes' search: the caller
  /// knows about where the line's text came from); copied otherwise. Returns where in
  /// the source the line's bytes end when it was found there, else nil.
  @discardableResult
  public mutating func append(
    utf8 bytes: UnsafeBufferPointer<UInt8>, findingIn candidates: Range<Int>
  ) -> Int? {
    guard hasSource, !bytes.isEmpty, let found = Self.find(bytes, in: chunks[0], at: candidates)
    else {
      append(utf8: bytes)
      return nil
    }
    add(Span(chunk: 0, start: UInt32(found), end: UInt32(found + bytes.count)))
    return found + bytes.count
  }

  /// The first offset in `candidates` where `source` holds `bytes`.
  private static func find(
    _ bytes: UnsafeBufferPointer<UInt8>, in source: [UInt8], at candidates: Range<Int>
  ) -> Int? {
    let count = bytes.count
    let last = Swift.min(candidates.upperBound, source.count - count + 1)
    guard candidates.lowerBound >= 0, candidates.lowerBound < last,
      source.count <= Int(UInt32.max)
    else { return nil }
    let first = bytes[0]
    return source.withUnsafeBufferPointer { text in
      var offset = candidates.lowerBound
      while offset < last {
        if text[offset] == first,
          memcmp(text.baseAddress! + offset, bytes.baseAddress!, count) == 0
        {
          return offset
        }
        offset += 1
      }
      return nil
    }
  }

  /// Adds the lines of `other`, sharing its buffers and places rather than copying them.
  public mutating func append(contentsOf other: TextLines) {
    guard other.lineCount > 0 else { return }
    let offset = UInt32(chunks.count)
    chunks += other.chunks
    for (index, run) in other.runs.enumerated() where !run.spans.isEmpty {
      runs.append(Run(spans: run.spans, chunkBase: run.chunkBase + offset))
      runStarts.append(lineCount + other.runStarts[index])
    }
    lineCount += other.lineCount
    tailShared = true
    lastRunShared = true
  }

  /// Adds each line of `lines`.
  public mutating func append(contentsOf lines: some Sequence<String>) {
    if let other = lines as? TextLines {
      append(contentsOf: other)
      return
    }
    for line in lines { append(line) }
  }

  /// Reserves room for `count` lines (their places, not their text) in the run lines are
  /// added to.
  public mutating func reserveCapacity(_ count: Int) {
    openRun()
    runs[runs.count - 1].spans.reserveCapacity(Swift.max(0, count - runStarts[runs.count - 1]))
  }

  /// A run of this `TextLines`'s own at the end, for lines added one at a time.
  private mutating func openRun() {
    guard runs.isEmpty || lastRunShared else { return }
    runs.append(Run(spans: [], chunkBase: 0))
    runStarts.append(lineCount)
    lastRunShared = false
  }

  /// Adds a line's place (its chunk counted in `chunks`) at the end.
  private mutating func add(_ span: Span) {
    openRun()
    runs[runs.count - 1].spans.append(span)
    lineCount += 1
  }

  /// The run line `index` is in, and its place in that run.
  private func locate(_ index: Int) -> (run: Int, offset: Int) {
    precondition(index >= 0 && index < lineCount, "line \(index) of \(lineCount)")
    if runs.count == 1 { return (0, index) }
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if runStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return (low, index - runStarts[low])
  }

  /// Where line `index`'s bytes are: the buffer's index in `chunks`, and the range.
  private func place(_ index: Int) -> (chunk: Int, bytes: Range<Int>) {
    let (run, offset) = locate(index)
    let span = runs[run].spans[offset]
    return (Int(runs[run].chunkBase + span.chunk), Int(span.start)..<Int(span.end))
  }

  /// The UTF-8 of line `index`, for reading without making a string.

  public func withUTF8<Result>(
    line index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    let (chunk, bytes) = place(index)
    return try chunks[chunk].withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[bytes]))
    }
  }

  /// The length of line `index` in bytes of UTF-8.
  public func utf8Count(line index: Int) -> Int {
    place(index).bytes.count
  }

  /// Whether `other` holds the very same buffers and places (a copy of this value).
  private func isSameStorage(as other: TextLines) -> Bool {
    func same<T>(_ one: [T], _ two: [T]) -> Bool {
      one.withUnsafeBufferPointer { a in
        two.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
    }
    guard runs.count == other.runs.count, chunks.count == other.chunks.count,
      runStarts == other.runStarts
    else { return false }
    for (one, two) in zip(runs, other.runs)
    where one.chunkBase != two.chunkBase || !same(one.spans, two.spans)
      || one.spans.count != two.spans.count
    {
      return false
    }
    return zip(chunks, other.chunks).allSatisfy { same($0, $1) && $0.count == $1.count }
  }

  /// How many runs the places are in (for tests).
  var runCount: Int { runs.count }

  /// Whether a run of this `TextLines` is `other`'s one run, the same array (for tests).
  func sharesPlaces(with other: TextLines) -> Bool {
    guard other.runs.count == 1 else { return false }
    return other.runs[0].spans.withUnsafeBufferPointer { theirs in
      runs.contains { run in
        run.spans.withUnsafeBufferPointer { $0.baseAddress == theirs.baseAddress }
      }
    }
  }

  /// The bytes held for the text, spare room included: what the lines weigh.
  public var bytesHeld: Int { chunks.reduce(0) { $0 + $1.capacity } }

  /// Adds `line`'s bytes to the last buffer (or a new one) and says where they are;
  /// `growing` when lines are being added at the end, so a new buffer may be full-sized.
  private mutating func store(_ line: String, growing: Bool = true) -> Span {
    var line = line
    return line.withUTF8 { store(bytes: $0, growing: growing) }
  }

  private mutating func store(bytes: UnsafeBufferPointer<UInt8>, growing: Bool = true) -> Span {
    let count = bytes.count
    if chunks.isEmpty || tailShared
      || (chunks[chunks.count - 1].count + count > Self.chunkBytes
        && !chunks[chunks.count - 1].isEmpty)
    {
      // The first buffer grows as an array does, so a few lines cost little; once one
      // is full, the next is made at its full size (after a shared buffer, or for lines
      // put in place of others, it grows again from nothing).
      var chunk: [UInt8] = []
      if growing && !tailShared && !chunks.isEmpty {
        chunk.reserveCapacity(Swift.max(count, Self.chunkBytes))
      }
      chunks.append(chunk)
      tailShared = false
      tailForEdits = !growing
    }
    let last = chunks.count - 1
    let start = chunks[last].count
    // A growing first buffer takes its full size at once when it would pass half of it,
    // rather than doubling past it.
    if start + count > chunks[last].capacity, start + count > Self.chunkBytes / 2 {
      chunks[last].reserveCapacity(Swift.max(start + count, Self.chunkBytes))
    }
    chunks[last].append(contentsOf: bytes)
    return Span(chunk: UInt32(last), start: UInt32(start), end: UInt32(start + count))
  }
}

extension TextLines: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { lineCount }

  public subscript(index: Int) -> String {
    get {
      let (chunk, bytes) = place(index)
      return String(decoding: chunks[chunk][bytes], as: UTF8.self)
    }
    set {
      let (run, offset) = locate(index)
      // In a buffer of their own: the last may be shared with the copy this was made from.
      if !tailForEdits { tailShared = true }
      let span = store(newValue, growing: false)
      // A shared run is copied by this change, and the one it is shared with keeps its own.
      runs[run].spans[offset] = Span(
        chunk: span.chunk - runs[run].chunkBase, start: span.start, end: span.end)
    }
  }

  /// Replaces the lines of `range` with `lines`: their text is added, the places of the
  /// others kept (the bytes of lines taken out stay in their buffer until it goes).
  public mutating func replaceSubrange<C: Collection<String>>(
    _ range: Range<Int>, with lines: C
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= lineCount, "lines \(range)")
    if range.isEmpty && range.lowerBound == lineCount {
      append(contentsOf: lines)
      return
    }
    var added: [Span] = []
    added.reserveCapacity(lines.count)
    // In a buffer of their own: the last may be shared with the copy this was made from.
    if !tailForEdits { tailShared = true }
    for line in lines { added.append(store(line, growing: false)) }
    // Within one run (the title of a page's text, the blank lines at a layout's ends),
    // only that run changes; across runs, they become one of this `TextLines`'s own.
    var run = range.isEmpty ? 0 : locate(range.lowerBound).run
    if range.isEmpty {
      while run + 1 < runs.count && runStarts[run + 1] <= range.lowerBound { run += 1 }
    }
    let end = run + 1 < runs.count ? runStarts[run + 1] : lineCount
    if range.upperBound > end {
      flatten()
      run = 0
    }
    let base = runs[run].chunkBase
    let local = (range.lowerBound - runStarts[run])..<(range.upperBound - runStarts[run])
    runs[run].spans.replaceSubrange(
      local, with: added.map { Span(chunk: $0.chunk - base, start: $0.start, end: $0.end) })
    let change = added.count - range.count
    lineCount += change
    for later in runs.indices where later > run { runStarts[later] += change }
    // A run left empty goes, so that every run has a line.
    if runs[run].spans.isEmpty {
      runs.remove(at: run)
      runStarts.remove(at: run)
      // The run now last may be shared: the next line starts a run of its own.
      if run == runs.count { lastRunShared = !runs.isEmpty }
    }
  }

  /// Makes every line's place one run of this `TextLines`'s own (a change across runs).
  private mutating func flatten() {
    var spans: [Span] = []
    spans.reserveCapacity(lineCount)
    for run in runs {
      for span in run.spans {
        spans.append(Span(chunk: span.chunk + run.chunkBase, start: span.start, end: span.end))
      }
    }
    runs = spans.isEmpty ? [] : [Run(spans: spans, chunkBase: 0)]
    runStarts = spans.isEmpty ? [] : [0]
    lastRunShared = false
  }
}

extension TextLines: Equatable {
  public static func == (lhs: TextLines, rhs: TextLines) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // A copy is equal at once, as an array and its copy are.
    if lhs.isSameStorage(as: rhs) { return true }
    for index in lhs.indices {
      let same = lhs.withUTF8(line: index) { one in
        rhs.withUTF8(line: index) { other in one.elementsEqual(other) }
      }
      if !same { return false }
    }
    return true
  }

  /// The same lines as an array holds.
  public static func == (lhs: TextLines, rhs: [String]) -> Bool {
    lhs.elementsEqual(rhs)
  }

  public static func == (lhs: [String], rhs: TextLines) -> Bool {
    rhs.elementsEqual(lhs)
  }

  public static func != (lhs: TextLines, rhs: [String]) -> Bool { !(lhs == rhs) }
  public static func != (lhs: [String], rhs: TextLines) -> Bool { !(lhs == rhs) }
}

extension TextLines: ExpressibleByArrayLiteral {
  public init(arrayLiteral lines: String...) {
    self.init(lines)
  }
}

extension TextLines: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { Array(self).description }
  public var debugDescription: String { Array(self).debugDescription }
}
