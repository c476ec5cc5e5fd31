/// The exit codes `browse` uses, after BSD's sysexits where one fits.
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// No match, an ambiguous name, an HTTP error or a broken link.
  case failure = 1
  case usage = 64
  case dataError = 65
  case noInput = 66
  case unavailable = 69
  /// A fault of browse's own (CrashGuard's exit): a bug to report.
  case internalError = 70
  /// The system refused a resource: too many open files.
  case systemError = 71
  case ioError = 74
  case interrupted = 130
  case terminated = 143
}

extension ExitCode {
  /// What each code means, as `--help` and the man page list them (one source for both).
  public static let documented: [(code: ExitCode, meaning: String)] = [
    (.success, "success"),
    (.failure, "no match, an ambiguous name, or a page or browser that failed"),
    (.usage, "usage error"),
    (
      .dataError,
      "bad data (fatal, or with --strict or --validate; a data file over 128 MiB; an -i line over 64 KB)"
    ),
    (.noInput, "data file missing or unreadable"),
    (.unavailable, "network unavailable"),
    (.internalError, "an internal error: a fault of browse's own, to report"),
    (.systemError, "too many open files"),
    (.ioError, "output could not be written, or stdin read (closed, a directory)"),
    (.interrupted, "interrupted (Ctrl-C)"),
  ]
}
