import CatalogModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// ICU's start (about a tenth of a second of CPU), which the first line in letters of
/// `--address -` waits for, begun ahead on another thread, only where many lines are
/// coming: at once for stdin a regular file of more than a block (then on the core left
/// idle while the index of names is made), else when a block of many lines comes (a file
/// through a pipe). A few lines (a script's, one at a time) never start it: the process
/// would wait for it at its end.
struct SpellingsWarmUp {
  let history: DivisionHistory
  private let group = DispatchGroup()
  private var started = false

  init(history: DivisionHistory) {
    self.history = history
  }

  /// Whether stdin is a regular file with more than a block (64 KiB) left to read.
  static var inputIsLargeFile: Bool {
    var info = stat()
    guard fstat(0, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    let at = lseek(0, 0, SEEK_CUR)
    return Int(info.st_size) - Int(max(at, 0)) > 1 << 16
  }

  /// Starts reading the readings, once.
  mutating func start() {
    guard !started else { return }
    started = true
    let history = history
    DispatchQueue.global().async(group: group) {
      AddressResolver.prepareSpellings(history: history)
    }
  }

  /// Waits for the readings where they were started: ICU is not left running while the
  /// process exits and its static objects are torn down.
  func wait() {
    group.wait()
  }
}
