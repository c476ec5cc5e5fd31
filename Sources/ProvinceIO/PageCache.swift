import FetchModel
import Foundation
import PageReader
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Fetched pages on disk, one file per URL, bounded in size with least-recently-used
/// eviction. Every failure reads as "not cached": the cache never stops a fetch.
public final class PageCache: Sendable {
  /// The folder holding the entries.
  public let directory: URL
  /// Bytes the entries may take together; the oldest are evicted past it.
  public let limit: Int

  /// The most an entry may take: its page's bytes are bounded by `--max-bytes`, the rest
  /// (URL, headers) is small; nil when only `limit` bounds it.
  public let largestEntry: Int?

  /// A cache in `directory` (created on the first store) keeping to `limit` bytes, whose
  /// pages are at most `largestPage` bytes each.
  public init(directory: URL, limit: Int, largestPage: Int? = nil) {
    self.directory = directory
    self.limit = limit
    largestEntry = largestPage.map { $0 + Self.entryOverhead }
  }

  /// Room for an entry's URL and headers beside its page.
  static let entryOverhead = 1 << 20

  /// What an entry read from disk may be at most: a larger one cannot be this cache's.
  var readLimit: Int { min(limit, largestEntry ?? .max) }

  /// `$XDG_CACHE_HOME/province-browser`, else `~/.cache/province-browser`.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    // The XDG spec says a relative value is invalid and must be ignored.
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return URL(fileURLWithPath: base, isDirectory: true)
        .appendingPathComponent("province-browser", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".cache", isDirectory: true)
      .appendingPathComponent("province-browser", isDirectory: true)
  }

  /// The cache in `directory`, or nil and the one line that says why it is refused: a
  /// symbolic link or anything but a folder there is refused (as ssh refuses a loose
  /// `~/.ssh`), since entries would be written, chmod-ed and evicted wherever it points.
  public static func opened(directory: URL, limit: Int, largestPage: Int? = nil) -> (
    cache: PageCache?, warning: String?
  ) {
    var info = stat()
    guard lstat(directory.path, &info) == 0 else {
      // Not there yet: the first store creates it.
      return (PageCache(directory: directory, limit: limit, largestPage: largestPage), nil)
    }
    let type = info.st_mode & S_IFMT
    let reason: String
    if type == S_IFLNK {
      reason = "it is a symbolic link"
    } else if type != S_IFDIR {
      reason = "it is not a folder"
    } else if info.st_uid != getuid() {
      reason = "it belongs to another user"
    } else {
      return (PageCache(directory: directory, limit: limit, largestPage: largestPage), nil)
    }
    let warning = TerminalText.sanitize(
      "browse: warning: the page cache at \(directory.path) is not used: \(reason)")
    return (nil, warning)
  }

  /// The stored copy of `url` as asked for in `variant`, or nil when there is none or it does not read back intact.
  /// Reading marks the entry as used at `now`, for eviction. An entry larger than this
  /// cache's limits is a miss, left for a run with larger ones; one larger than any limit
  /// allows, or anything but a regular file or a folder, cannot be one the cache wrote: it
  /// is removed unread (its size is checked before a byte is read).
  public func entry(for url: URL, variant: String? = nil, now: Date = Date()) -> PageCacheEntry? {
    let file = fileURL(for: url, variant: variant)
    guard let data = Self.readEntry(file, limit: readLimit) else { return nil }
    guard let entry = PageCacheEntry.decode(data),
      entry.page.requestedURL.absoluteString == url.absoluteString, entry.variant == variant
    else {
      // Corrupt, truncated or a hash collision: not this URL's page.
      return nil
    }
    try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
    return entry
  }

  /// The size of `url`'s entry in `variant` when there is one, from `lstat` alone: the
  /// entry is neither read nor marked as used.
  public func storedSize(for url: URL, variant: String? = nil) -> Int? {
    var info = stat()
    guard lstat(fileURL(for: url, variant: variant).path, &info) == 0,
      info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, Int(info.st_size) <= readLimit
    else { return nil }
    return Int(info.st_size)
  }

  /// The largest entry any run's limits allow (`--max-bytes` at most 1000M, plus room for
  /// its URL and headers): a larger file cannot be one this cache wrote.
  static let largestPossibleEntry = FetchLimits.largestMaxBytes + entryOverhead

  /// The bytes of the entry at `file`, read only when fstat shows a regular file of at most
  /// `limit` bytes. An entry over `limit` but within what another run's limits allow is a
  /// miss and stays (`--offline --max-bytes 100k` must not delete a good 3 MB page); one
  /// that no limit allows, or an odd one (a FIFO, a device, a link), is unlinked. A
  /// directory under an entry's name is never removed: it is no file the cache made.
  static func readEntry(_ file: URL, limit: Int) -> Data? {
    let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ELOOP { unlink(file.path) }
      return nil
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else {
      // unlink() never removes a directory; the check says so to the reader too.
      if type != S_IFDIR { unlink(file.path) }
      return nil
    }
    guard info.st_size >= 0, Int64(info.st_size) <= Int64(limit) else {
      if Int64(info.st_size) > Int64(largestPossibleEntry) { unlink(file.path) }
      return nil
    }
    let size = Int(info.st_size)
    var data = Data(count: size)
    let complete = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
      var offset = 0
      while offset < size, let base = buffer.baseAddress {
        let count = read(fd, base + offset, size - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    return complete ? data : nil
  }

  /// Stores `page` as the copy of `url` in `variant` (fetched at `date`), then evicts down
  /// to the limit. The entry is written to a temporary file and renamed, so a reader never
  /// sees half.
  public func store(
    _ page: FetchedPage, for url: URL, variant: String? = nil, at date: Date = Date()
  ) throws(PageCacheError) {
    var page = page
    page.requestedURL = url
    // A copy cut at `--max-bytes` never replaces a fuller one: `--offline` and the fallback
    // after a failed fetch would show the cut page where the whole one was kept.
    if page.truncated, holdsFullerCopy(than: page, for: url, variant: variant) { return }
    let data = PageCacheEntry(page: page, storedAt: date, variant: variant).encoded()
    guard data.count <= limit else { return }
    let manager = FileManager.default
    do {
      // Pages show what the user read: the folder and its entries are the owner's alone.
      try manager.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: Self.directoryMode])
    } catch {
      throw .cannotWrite(directory.path, error.localizedDescription)
    }
    Self.closeToOthers(directory)
    let file = fileURL(for: url, variant: variant)
    let temporary = directory.appendingPathComponent(
      Self.temporaryPrefix + UUID().uuidString)
    do {
      try Self.writeNew(data, to: temporary)
      try manager.setAttributes([.modificationDate: date], ofItemAtPath: temporary.path)
      if rename(temporary.path, file.path) != 0 {
        throw PageCacheError.cannotWrite(file.path, String(cString: strerror(errno)))
      }
    } catch {
      try? manager.removeItem(at: temporary)
      if let error = error as? PageCacheError { throw error }
      throw .cannotWrite(file.path, error.localizedDescription)
    }
    evict(now: date)
  }

  /// Whether the stored copy of `url` in `variant` is fuller than the cut `page`: a whole
  /// page, a longer cut one, or one larger than this run may read (a run with a larger
  /// `--max-bytes` stored it, so it holds at least as much).
  private func holdsFullerCopy(than page: FetchedPage, for url: URL, variant: String?) -> Bool {
    let file = fileURL(for: url, variant: variant)
    var info = stat()
    guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    guard Int64(info.st_size) <= Int64(readLimit) else {
      return Int64(info.st_size) <= Int64(Self.largestPossibleEntry)
    }
    guard let data = Self.readEntry(file, limit: readLimit),
      let stored = PageCacheEntry.decode(data),
      stored.page.requestedURL.absoluteString == url.absoluteString, stored.variant == variant
    else { return false }
    return !stored.page.truncated || stored.page.body.count >= page.body.count
  }

  /// Deletes the least recently used entries until the rest fit in `limit`; temporary files
  /// older than a few minutes are a killed writer's and go too.
  public func evict(now: Date = Date()) {
    let manager = FileManager.default
    let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
    guard
      let files = try? manager.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys)
    else { return }
    var entries: [(url: URL, used: Date, size: Int)] = []
    var total = 0
    for file in files {
      guard let values = try? file.resourceValues(forKeys: Set(keys)),
        values.isRegularFile == true
      else { continue }
      let used = values.contentModificationDate ?? .distantPast
      let name = file.lastPathComponent
      if name.hasPrefix(Self.temporaryPrefix) {
        if now.timeIntervalSince(used) > 300 { try? manager.removeItem(at: file) }
        continue
      }
      guard name.hasSuffix(Self.fileExtension) else { continue }
      let size = values.fileSize ?? 0
      entries.append((file, used, size))
      total += size
    }
    guard total > limit else { return }
    entries.sort { ($0.used, $0.url.lastPathComponent) < ($1.used, $1.url.lastPathComponent) }
    for entry in entries {
      guard total > limit else { break }
      if (try? manager.removeItem(at: entry.url)) != nil { total -= entry.size }
    }
  }

  /// The file for `url` in `variant`: a hash of both, so any URL makes a safe file name
  /// (without a variant, of the URL alone, as before variants were asked for).
  func fileURL(for url: URL, variant: String? = nil) -> URL {
    let key = url.absoluteString + (variant.map { "\n" + $0 } ?? "")
    let hash = PageCacheEntry.fnv1a(Data(key.utf8))
    let name = String(hash, radix: 16)
    return directory.appendingPathComponent(
      String(repeating: "0", count: 16 - name.count) + name + Self.fileExtension)
  }

  /// A folder that older versions (0755) or another umask left open to others is closed.
  private static func closeToOthers(_ directory: URL) {
    var info = stat()
    guard stat(directory.path, &info) == 0, info.st_uid == getuid(),
      Int(info.st_mode) & 0o077 != 0
    else { return }
    _ = chmod(directory.path, mode_t(directoryMode))
  }

  /// Writes `data` to a file that must not exist yet, created 0600 (never readable by
  /// others, not even for a moment before a chmod).
  private static func writeNew(_ data: Data, to file: URL) throws(PageCacheError) {
    let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(fileMode))
    guard fd >= 0 else { throw .cannotWrite(file.path, String(cString: strerror(errno))) }
    defer { close(fd) }
    var failure: Int32 = 0
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      var paused = false
      while offset < buffer.count, let base = buffer.baseAddress {
        if !paused && offset >= buffer.count / 2 {
          paused = true
          TestPausePoint.cacheStore.reached()
        }
        let count = paused ? buffer.count - offset : max(1, buffer.count / 2 - offset)
        let written = write(fd, base + offset, count)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure != 0 { throw .cannotWrite(file.path, String(cString: strerror(failure))) }
  }

  static let directoryMode = 0o700
  static let fileMode = 0o600
  static let fileExtension = ".page"
  static let temporaryPrefix = ".tmp-"
}
