import Foundation
import ProvinceIO

#if canImport(Glibc)
  import Glibc
#endif

/// The open-file limit, checked before anything opens a descriptor of its own: Dispatch
/// traps when it cannot make its eventfd (`ulimit -n 5` crashed with "internal error"),
/// and a data file that cannot be opened for want of a descriptor is not unreadable.
enum DescriptorLimit {
  /// Descriptors browse needs beyond stdin, stdout and stderr: Dispatch's, its own copy of
  /// stderr, the data file, /dev/tty, a fetch's sockets and pipes.
  static let needed: rlim_t = 24
  /// How far a low soft limit is raised, when the hard limit allows (as Go's runtime and
  /// many servers do): enough for `--check --jobs 256`.
  static let wanted: rlim_t = 1024

  /// Raises a low soft limit toward `wanted`; false, after one line on stderr, when even
  /// the hard limit leaves fewer than `needed` descriptors.
  static func ensure() -> Bool {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return true }
    if limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = min(wanted, limit.rlim_max)  // RLIM_INFINITY is the largest value
      if raised.rlim_cur > limit.rlim_cur,
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0
      {
        limit = raised
      }
    }
    guard limit.rlim_cur < needed + 3 else { return true }
    let message =
      "browse: too many open files: the limit is \(limit.rlim_cur) (ulimit -n),"
      + " and browse needs at least \(needed + 3)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    return false
  }

  /// Descriptors one check in flight may hold: its socket, an idle kept-alive connection
  /// in libcurl's cache, and the threaded resolver's socket pair while a name resolves.
  static let perCheck = 4
  /// Descriptors kept free beside the checks (Dispatch, the terminal, pipes).
  static let spare = 6

  /// How many checks may run at once under the open-file limit: `wanted`, or fewer when
  /// the limit leaves too few descriptors (then libcurl's connection cache is bounded to
  /// match), or nil when not even one fits. `--jobs 256` at `ulimit -n 27` reported a
  /// third of its URLs as broken when sockets ran out.
  static func checkJobs(wanted: Int) -> Int? {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
      return wanted
    }
    let ceiling = Int(min(limit.rlim_cur, 1 << 16))
    let open = (0..<ceiling).count { fcntl(Int32($0), F_GETFD) != -1 }
    let allowed = (ceiling - open - spare) / perCheck
    guard allowed < wanted else { return wanted }
    guard allowed >= 1 else { return nil }
    PageFetcher.keepAtMost(connections: allowed)
    return allowed
  }

  /// The one line for a limit too low for even one check.
  static func tooFewForACheck() -> String {
    var limit = rlimit()
    _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    return "browse: too many open files: the limit is \(limit.rlim_cur) (ulimit -n),"
      + " too few for --check\n"
  }
}
