import Foundation

extension LinkChecker {
  /// Hands out targets in order, skipping past any whose host already has `perHost`
  /// requests in flight, and collects the results.
  ///
  /// Linear in the targets: each host has its own queue, and the hosts that may take
  /// another request wait in a heap ordered by their next target, so handing one out costs
  /// O(log hosts) however many targets a host has (a scan of the whole pending list made
  /// 50,000 URLs of one host take 169 s of scheduling).
  actor Scheduler {
    private let hosts: [String]
    private let perHost: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// Each host's pending targets, in order, and how far its queue has been handed out.
    private var queues: [String: (items: [Int], head: Int)] = [:]
    /// Hosts with a pending target and room for one more request, by their next target.
    private var ready = ReadyHeap()
    private var pendingCount: Int
    private var inFlight: [String: Int] = [:]
    private var waiting: [CheckedContinuation<Int?, Never>] = []
    private var results: [Result?]
    private var checked = 0
    private var broken = 0

    init(hosts: [String], perHost: Int) {
      self.hosts = hosts
      self.perHost = max(1, perHost)
      self.pendingCount = hosts.count
      self.results = Array(repeating: nil, count: hosts.count)
      self.start = clock.now
      for (index, host) in hosts.enumerated() {
        queues[host, default: ([], 0)].items.append(index)
      }
      for (host, queue) in queues { ready.push(queue.items[0], host) }
    }

    /// The next target to check, waiting for a host to come free; nil when none are left.
    func next() async -> Int? {
      if let index = takeReady() { return index }
      if pendingCount == 0 { return nil }
      return await withCheckedContinuation { waiting.append($0) }
    }

    /// The next target when one may start now, without waiting; nil otherwise.
    func nextIfReady() -> Int? {
      takeReady()
    }

    /// Records a finished target (a cancelled one is dropped, and nothing more is handed
    /// out) and frees its host; the progress after it.
    func finish(_ index: Int, _ result: Result, cancelled: Bool) -> Progress {
      let host = hosts[index]
      let before = inFlight[host, default: 1]
      inFlight[host] = before - 1
      if cancelled {
        queues.removeAll()
        ready = ReadyHeap()
        pendingCount = 0
      } else if before >= limit(host), let next = nextPending(host) {
        // The host was full, so it was out of the heap: it has room again.
        ready.push(next, host)
      }
      if result.outcome != .failed(.cancelled) {
        results[index] = result
        checked += 1
        if result.isBroken { broken += 1 }
      }
      var resumed = 0
      while resumed < waiting.count {
        if let ready = takeReady() {
          waiting[resumed].resume(returning: ready)
        } else if pendingCount == 0 {
          waiting[resumed].resume(returning: nil)
        } else {
          break
        }
        resumed += 1
      }
      waiting.removeFirst(resumed)
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

    /// Targets without a host (an address that is none) are not limited per host.
    private func limit(_ host: String) -> Int {
      host.isEmpty ? Int.max : perHost
    }

    private func nextPending(_ host: String) -> Int? {
      guard let queue = queues[host], queue.head < queue.items.count else { return nil }
      return queue.items[queue.head]
    }

    private func takeReady() -> Int? {
      guard let host = ready.pop() else { return nil }
      guard var queue = queues[host], queue.head < queue.items.count else { return nil }
      let index = queue.items[queue.head]
      queue.head += 1
      queues[host] = queue
      pendingCount -= 1
      let running = inFlight[host, default: 0] + 1
      inFlight[host] = running
      if running < limit(host), let next = nextPending(host) { ready.push(next, host) }
      return index
    }
  }

  /// A binary min-heap of (next target, host).
  struct ReadyHeap {
    private var items: [(index: Int, host: String)] = []

    mutating func push(_ index: Int, _ host: String) {
      items.append((index, host))
      var child = items.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard items[child].index < items[parent].index else { break }
        items.swapAt(child, parent)
        child = parent
      }
    }

    mutating func pop() -> String? {
      guard let top = items.first else { return nil }
      items.swapAt(0, items.count - 1)
      items.removeLast()
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < items.count && items[left].index < items[smallest].index { smallest = left }
        if right < items.count && items[right].index < items[smallest].index { smallest = right }
        guard smallest != parent else { break }
        items.swapAt(parent, smallest)
        parent = smallest
      }
      return top.host
    }
  }
}
