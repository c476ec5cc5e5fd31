import FetchModel
import Foundation
import Testing

@testable import ProvinceIO

/// The `--check` scheduler hands out targets in order, never more than `perHost` to one
/// host at once, and its work is linear in the targets (its speed is measured in
/// BENCHMARKS.md's check section, not here).
@Suite(.timeLimit(.minutes(1))) struct LinkCheckSchedulerTests {
  private static func result(_ index: Int) -> LinkCheck.Result {
    LinkCheck.Result(
      target: LinkCheck.Target(province: "p", city: "\(index)", url: "http://h/\(index)"),
      outcome: .status(200), finalURL: nil, attempts: 1)
  }

  @Test("50,000 targets of one host and a few of others: in order, at most 4 per host at once")
  func manyTargetsOfOneHost() async {
    var hosts = Array(repeating: "big.test", count: 50_000)
    for position in stride(from: 7, to: 50_000, by: 5_000) { hosts[position] = "small.test" }
    hosts[11] = ""
    let scheduler = LinkChecker.Scheduler(hosts: hosts, perHost: 4)
    let distinct = Set(hosts)
    var running: [Int] = []
    var handedOut: [Int] = []
    // Fill up to 8 at once, then finish the oldest and take the next, like --jobs 8.
    while true {
      while running.count < 8 {
        // A host at its limit leaves the slot empty until one of its own finishes.
        let busy = Dictionary(grouping: running, by: { hosts[$0] }).mapValues(\.count)
        let free = distinct.contains { host in host.isEmpty || busy[host, default: 0] < 4 }
        guard free, let index = await scheduler.nextIfReady() else { break }
        #expect(hosts[index].isEmpty || busy[hosts[index], default: 0] < 4)
        running.append(index)
        handedOut.append(index)
      }
      guard !running.isEmpty else { break }
      let done = running.removeFirst()
      _ = await scheduler.finish(done, Self.result(done), cancelled: false)
    }
    #expect(handedOut.count == 50_000)
    #expect(Set(handedOut).count == 50_000)
    // Each host's targets come in the data's order.
    for host in distinct {
      let order = handedOut.filter { hosts[$0] == host }
      #expect(order == order.sorted(), "\(host)")
    }
    #expect(await scheduler.finished().count == 50_000)
  }
}
