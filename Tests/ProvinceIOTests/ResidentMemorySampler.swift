import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Watches this process's resident size from a thread of its own, every millisecond, so a
/// test can see how far it rose while something ran (Linux: /proc/self/statm).
final class ResidentMemorySampler: Sendable {
  private struct State {
    var stop = false
    var peak = 0
  }

  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)
  /// The resident size when sampling began, in bytes.
  let baseline: Int

  /// Starts sampling at once.
  init() {
    baseline = Self.residentBytes() ?? 0
    let thread = Thread { [self] in
      while true {
        let resident = Self.residentBytes() ?? 0
        let stop = state.withLock { state in
          state.peak = max(state.peak, resident)
          return state.stop
        }
        if stop { break }
        usleep(1000)
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops sampling; how many bytes the peak was above the baseline.
  func stop() -> Int {
    state.withLock { $0.stop = true }
    finished.wait()
    return max(0, state.withLock { $0.peak } - baseline)
  }

  /// Whether this system reports resident size the way `residentBytes` reads it.
  static var isAvailable: Bool { residentBytes() != nil }

  private static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
