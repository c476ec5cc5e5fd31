import Dispatch
import Foundation
import ProvinceCore
import TextSupport

/// The activity indicator on stderr while a page loads: drawn only on a terminal that is
/// not dumb, from the first tick after the request is under way, and cleared as the first
/// bytes of the body arrive, so a quick answer never flashes it.
final class Spinner: @unchecked Sendable {
  private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

  private let label: String
  private let enabled: Bool
  private let lock = NSLock()
  private var timer: DispatchSourceTimer?
  private var startedAt: Date?
  private var bytes = 0
  private var frame = 0
  private var drawn = false
  private var finished = false

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
      lock.lock()
      bytes = total
      lock.unlock()
      if total > 0 { stop() }
    }
  }

  private func start() {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    guard timer == nil, !finished else { return }
    startedAt = Date()
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
    timer.setEventHandler { [weak self] in self?.draw() }
    self.timer = timer
    timer.resume()
  }

  private func draw() {
    lock.lock()
    defer { lock.unlock() }
    guard !finished, let startedAt else { return }
    let elapsed = Date().timeIntervalSince(startedAt)
    let spin = Self.frames[frame % Self.frames.count]
    frame += 1
    let width = Terminal.viewport(fd: StandardStream.error.fd).columns
    let text =
      "\(spin) loading \(label)  \(String(format: "%.1f s", elapsed))  \(PageText.byteCount(bytes))  (Ctrl-C cancels)"
    StandardStream.error.write(
      "\r" + TerminalText.truncate(text, toWidth: max(1, width - 1)) + "\u{1B}[K")
    StandardStream.error.flush()
    drawn = true
  }

  /// Clears the line; safe to call more than once.
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    finished = true
    timer?.cancel()
    timer = nil
    if drawn {
      StandardStream.error.write("\r\u{1B}[K")
      StandardStream.error.flush()
    }
  }
}
