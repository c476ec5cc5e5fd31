import ProvinceCore
import Synchronization

/// One thread's share of `--address -`: its own report (and so its own memo of places'
/// fields; the township names are the resolver's, shared), the answers it wrote for the
/// block in hand, and its counts.
final class AddressWorker: Sendable {
  private struct State {
    var report: AddressReport
    var answers: [UInt8] = []
    var lines = 0
    var unresolved = 0
  }

  /// Locked only by the thread answering this worker's half, and then by the one that
  /// takes its answers: never contended.
  private let state: Mutex<State>

  init(_ report: AddressReport) {
    state = Mutex(State(report: report))
  }

  /// Answers the lines at `ranges` of `bytes`, in order, into this worker's buffer.
  func answer(_ bytes: [UInt8], _ ranges: ArraySlice<Range<Int>>) {
    state.withLock { state in
      for range in ranges {
        let text = String(decoding: bytes[range], as: UTF8.self)
        let (line, outcome) = state.report.line(for: text)
        state.answers.append(contentsOf: line.utf8)
        state.lines += 1
        if outcome != .found { state.unresolved += 1 }
      }
    }
  }

  /// Appends the answers written so far to `output` and forgets them.
  func take(into output: inout [UInt8]) {
    state.withLock { state in
      output += state.answers
      state.answers.removeAll(keepingCapacity: true)
    }
  }

  /// How many lines were answered, and how many of them named no one division.
  var counts: (lines: Int, unresolved: Int) {
    state.withLock { ($0.lines, $0.unresolved) }
  }
}
