import ProvinceCore
import Synchronization

/// The workers of `--address -`: the parts of a block are taken by the threads as they
/// come free, each part answered by an idle worker (one is made where none is, so there
/// are as many as threads answer at once, each with its own memo), and the answers are
/// then put together in the parts' order.
final class AddressWorkers: Sendable {
  private let report: AddressReport
  private let idle = Mutex<[AddressWorker]>([])
  private let all = Mutex<[AddressWorker]>([])
  /// Which worker answered each part of the block in hand, and where its answers are.
  private let parts = Mutex<[(worker: AddressWorker, range: Range<Int>)?]>([])

  init(_ report: AddressReport) {
    self.report = report
  }

  /// Readies for a block of `count` parts.
  func begin(parts count: Int) {
    parts.withLock { $0 = Array(repeating: nil, count: count) }
  }

  /// Answers part `part` (the lines at `ranges` of `bytes`) with an idle worker.
  func answer(part: Int, _ bytes: [UInt8], _ ranges: ArraySlice<Range<Int>>) {
    let worker = idle.withLock { $0.popLast() } ?? made()
    let range = worker.answer(bytes, ranges)
    idle.withLock { $0.append(worker) }
    parts.withLock { $0[part] = (worker, range) }
  }

  /// Appends the block's answers to `output`, part after part, and forgets them.
  func take(into output: inout [UInt8]) {
    for case (let worker, let range)? in parts.withLock({ $0 }) {
      worker.copy(range, into: &output)
    }
    for worker in all.withLock({ $0 }) { worker.clear() }
  }

  /// How many lines were answered, and how many of them named no one division.
  var counts: (lines: Int, unresolved: Int) {
    all.withLock { workers in
      workers.map(\.counts).reduce((0, 0)) { ($0.0 + $1.lines, $0.1 + $1.unresolved) }
    }
  }

  /// A new worker: the first with the report as given, the others with a resolver object
  /// of their own (`AddressReport.forAnotherThread`).
  private func made() -> AddressWorker {
    all.withLock { all in
      let worker = AddressWorker(all.isEmpty ? report : report.forAnotherThread())
      all.append(worker)
      return worker
    }
  }
}
