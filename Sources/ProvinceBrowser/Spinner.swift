import Dispatch
import FetchModel
import Foundation
import ProvinceCore
import Synchronization
import TerminalUI
import TextSupport

/// The activity indicator on stderr while a page loads: drawn only on a terminal that is
/// not dumb, from the first tick after the request is under way, and cleared as the first
/// bytes of the body arrive, so a quick answer never flashes it.
final class Spinner: Sendable {
  private struct State {
    var timer: DispatchSourceTimer?
    var startedAt: ContinuousClock.Instant?
    var bytes = 0
    var frame = 0
    var finished = false
  }

  private let label: String
  private let enabled: Bool
  private let line = StatusLine()
  private let state = Mutex(State())

  init(label: String) {
    self.label = TerminalText.sanitize(label)
    enabled = StandardStream.error.isTerminal && !Terminal.isDumb
  }

  func handle(_ event: FetchEvent) {
    switch event {
    case .started:
      start()
    case .responseReceived:
      break
    case .bytes(let total):
      state.withLock { $0.bytes = total }
      if total > 0 { stop() }
    }
  }

  private func start() {
    guard enabled else { return }
    state.withLock { state in
      guard state.timer == nil, !state.finished else { return }
      state.startedAt = .now
      let timer = DispatchSource.makeTimerSource(queue: .global())
      timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
      timer.setEventHandler { [weak self] in self?.draw() }
      state.timer = timer
      timer.resume()
    }
  }

  private func draw() {
    // Drawn under the lock, so that a stop() racing with a tick cannot be painted over.
    state.withLock { state in
      guard !state.finished, let startedAt = state.startedAt else { return }
      let parts = startedAt.duration(to: .now).components
      let elapsed = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
      let spin = SpinnerFrames.frame(state.frame)
      state.frame += 1
      line.show(
        "\(spin) loading \(label)  \(String(format: "%.1f s", elapsed))"
          + "  \(PageText.byteCount(state.bytes))  (Ctrl-C cancels)")
    }
  }

  /// Clears the line; safe to call more than once.
  func stop() {
    state.withLock { state in
      guard !state.finished else { return }
      state.finished = true
      state.timer?.cancel()
      state.timer = nil
      line.clear()
    }
  }
}
