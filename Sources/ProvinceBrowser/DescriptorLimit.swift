import Foundation

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
}
