#if canImport(Glibc)
  import Glibc
#endif

/// A place where a test can stop the program for certain, instead of guessing when to
/// strike: with `BROWSE_TEST_PAUSE_AT` naming a point and `BROWSE_TEST_PAUSE_FIFO` a FIFO,
/// the program writes the point's name and a newline to the FIFO on reaching it and then
/// waits there until it is killed. Unset (every real run), a point costs one look at the
/// environment, made once.
enum TestPausePoint: String {
  /// Inside `PageCache.store`, half of the entry written to its temporary file.
  case cacheStore = "cache-store"

  private static let armed: (point: String, fifo: String)? = {
    guard let point = getenv("BROWSE_TEST_PAUSE_AT"), let fifo = getenv("BROWSE_TEST_PAUSE_FIFO")
    else { return nil }
    return (String(cString: point), String(cString: fifo))
  }()

  /// Reports reaching this point and stops here for good, when a test asked for it.
  func reached() {
    guard let armed = Self.armed, armed.point == rawValue else { return }
    let fd = open(armed.fifo, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    let line = Array((rawValue + "\n").utf8)
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    while true { _ = pause() }
  }
}
