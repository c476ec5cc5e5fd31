import Synchronization
import TerminalUI
import TextSupport

/// One line of progress on stderr, redrawn in place and cleared when done: the spinner of
/// a page load and the link checker's count both paint through it, so there is one place
/// that knows how a line is drawn over and erased.
final class StatusLine: Sendable {
  private let stream: StandardStream
  private let drawn = Mutex(false)

  init(stream: StandardStream = .error) {
    self.stream = stream
  }

  /// Draws `text` over the line, cut to one cell less than the window so that it never
  /// wraps (the last column would move the cursor down on some terminals).
  func show(_ text: String) {
    let width = Terminal.viewport(fd: stream.fd).columns
    drawn.withLock { drawn in
      stream.write(
        "\r" + TerminalText.truncate(text, toWidth: max(1, width - 1))
          + ControlSequence.eraseToEndOfLine)
      stream.flush()
      drawn = true
    }
  }

  /// Erases the line if anything was drawn on it; safe to call more than once.
  func clear() {
    drawn.withLock { drawn in
      guard drawn else { return }
      stream.write("\r" + ControlSequence.eraseToEndOfLine)
      stream.flush()
      drawn = false
    }
  }
}
