import ProvinceCore
import Synchronization

/// One thread's share of `--address -` at a time: its own report (and so its own memo of
/// places' fields; the township names are the resolver's, shared), the answers it wrote
/// for the block in hand, and its counts.
final class AddressWorker: Sendable {
  private struct State {
    var report: AddressReport
    var answers: [UInt8] = []
    var lines = 0
    var unresolved = 0
  }

  /// Locked only by the thread answering with this worker, and then by the one that takes
  /// its answers: never contended.
  private let state: Mutex<State>

  init(_ report: AddressReport) {
    state = Mutex(State(report: report))
  }

  /// Answers the lines at `ranges` of `bytes`, in order, after this worker's answers so
  /// far: where in them they are.
  func answer(_ bytes: [UInt8], _ ranges: ArraySlice<Range<Int>>) -> Range<Int> {
    state.withLock { state in
      let start = state.answers.count
      for range in ranges {
        let text = String(decoding: bytes[range], as: UTF8.self)
        let outcome = state.report.append(lineFor: text, to: &state.answers)
        state.lines += 1
        if outcome != .found { state.unresolved += 1 }
      }
      return start..<state.answers.count
    }
  }

  /// Appends the answers at `range` to `output`.
  func copy(_ range: Range<Int>, into output: inout [UInt8]) {
    state.withLock { output += $0.answers[range] }
  }

  /// Forgets the answers written so far.
  func clear() {
    state.withLock { $0.answers.removeAll(keepingCapacity: true) }
  }

  /// How many lines were answered, and how many of them named no one division.
  var counts: (lines: Int, unresolved: Int) {
    state.withLock { ($0.lines, $0.unresolved) }
  }
}
