import Foundation

extension LinkChecker {
  /// Hands out targets in order, skipping past any whose host already has `perHost`
  /// requests in flight, and collects the results.
  actor Scheduler {
    private let hosts: [String]
    private let perHost: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var pending: [Int]
    private var inFlight: [String: Int] = [:]
    private var waiting: [CheckedContinuation<Int?, Never>] = []
    private var results: [Result?]
    private var checked = 0
    private var broken = 0

    init(hosts: [String], perHost: Int) {
      self.hosts = hosts
      self.perHost = max(1, perHost)
      self.pending = Array(hosts.indices)
      self.results = Array(repeating: nil, count: hosts.count)
      self.start = clock.now
    }

    /// The next target to check, waiting for a host to come free; nil when none are left.
    func next() async -> Int? {
      if let index = takeReady() { return index }
      if pending.isEmpty { return nil }
      return await withCheckedContinuation { waiting.append($0) }
    }

    /// Records a finished target (a cancelled one is dropped, and nothing more is handed
    /// out) and frees its host; the progress after it.
    func finish(_ index: Int, _ result: Result, cancelled: Bool) -> Progress {
      inFlight[hosts[index], default: 1] -= 1
      if cancelled {
        pending.removeAll()
      }
      if result.outcome != .failed(.cancelled) {
        results[index] = result
        checked += 1
        if result.isBroken { broken += 1 }
      }
      while !waiting.isEmpty {
        if let ready = takeReady() {
          waiting.removeFirst().resume(returning: ready)
        } else if pending.isEmpty {
          waiting.removeFirst().resume(returning: nil)
        } else {
          break
        }
      }
      return progress()
    }

    /// The results so far, in target order.
    func finished() -> [Result] {
      results.compactMap { $0 }
    }

    private func progress() -> Progress {
      Progress(
        checked: checked, total: hosts.count, broken: broken, elapsed: (clock.now - start).seconds)
    }

    private func takeReady() -> Int? {
      guard
        let position = pending.firstIndex(where: {
          hosts[$0].isEmpty || inFlight[hosts[$0], default: 0] < perHost
        })
      else { return nil }
      let index = pending.remove(at: position)
      inFlight[hosts[index], default: 0] += 1
      return index
    }
  }
}
