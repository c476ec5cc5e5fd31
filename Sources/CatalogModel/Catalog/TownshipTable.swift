import Synchronization
import TextSupport

/// The township level of a catalog whose counties do not carry their own (the built-in
/// data): one text of rows, decoded a county at a time when first asked, so that start-up
/// and the upper levels never pay for 41k townships.
///
/// The text is blocks, one a county: a line `#` and the county's six-digit code, then its
/// townships one a line, `code<TAB>name<TAB>pinyin`, and a fourth field, the article's
/// title, where it is not the bare name. `code` is the last three digits where the
/// township's code starts with its county's, else all nine. A malformed row is skipped.
public final class TownshipTable: Sendable, Hashable {
  /// The rows, made by `make` the first time they are read: the built-in ones are copied
  /// out of the binary's data only when a township is asked for, never at start-up.
  private let loaded = Lazily<String>()
  private let make: @Sendable () -> String
  private let empty: Bool
  private let urlPrefix: String
  /// Where each county's block is: byte offsets into `rows`, made on first use.
  private let blocks = Mutex<[String: Range<Int>]?>(nil)
  private let decoded = Mutex<[String: [City]]>([:])
  /// For each pair of bytes a township's pinyin starts with (spaces skipped), the codes of
  /// the counties that have such a township; made on first use.
  private let pinyinStarts = Mutex<[UInt16: Set<String>]?>(nil)

  public init(rows: String, urlPrefix: String) {
    self.make = { rows }
    self.empty = rows.isEmpty
    self.urlPrefix = urlPrefix
  }

  /// A table whose rows `rows` makes when first read; `isEmpty` says beforehand whether
  /// they will be empty, so that asking costs nothing.
  public init(urlPrefix: String, isEmpty: Bool, rows: @escaping @Sendable () -> String) {
    self.make = rows
    self.empty = isEmpty
    self.urlPrefix = urlPrefix
  }

  private var rows: String { loaded.value(make) }

  /// No townships: what a catalog without a table answers.
  public static let none = TownshipTable(rows: "", urlPrefix: "")

  /// Whether the table has any township at all.
  public var isEmpty: Bool { empty }

  /// The county codes the table has townships for, in table order.
  public var countyCodes: [String] {
    var codes: [String] = []
    for line in rows.utf8.split(separator: UInt8(ascii: "\n")) where line.first == 0x23 {
      codes.append(String(decoding: line.dropFirst(), as: UTF8.self))
    }
    return codes
  }

  /// The townships of the county with `code`, in code order; empty where it has none.
  public func townships(ofCounty code: String?) -> [City] {
    guard let code, !empty else { return [] }
    if let cached = decoded.withLock({ $0[code] }) { return cached }
    guard let range = block(code) else { return [] }
    let found = withBytes { utf8 in
      var found: [City] = []
      for line in utf8[range].split(separator: UInt8(ascii: "\n")) {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
          String(decoding: $0, as: UTF8.self)
        }
        guard fields.count == 3 || fields.count == 4, !fields[1].isEmpty else { continue }
        let own = fields[0].utf8.count == 3 ? code + fields[0] : fields[0]
        let title = fields.count == 4 ? fields[3] : fields[1]
        found.append(City(name: fields[1], url: urlPrefix + title, code: own, pinyin: fields[2]))
      }
      return found
    }
    decoded.withLock { $0[code] = found }
    return found
  }

  /// Calls `body` with each township row of the county with `code` as byte fields (its
  /// index, code as stored, name, pinyin), decoding nothing: what a search over every
  /// township reads, so that one key does not build 40k values.
  func scanRows(
    ofCounty code: String,
    _ body: (
      Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>
    )
      -> Void
  ) {
    guard !empty, let range = block(code) else { return }
    withBytes { utf8 in
      var index = 0
      var start = range.lowerBound
      while start < range.upperBound {
        let end =
          utf8[start..<range.upperBound].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
        // The first three fields' ends, without an array a row: 40k rows a search.
        var ends = (0, 0, 0)
        var count = 0
        for k in start...end where k == end || utf8[k] == 0x09 {
          switch count {
          case 0: ends.0 = k
          case 1: ends.1 = k
          case 2: ends.2 = k
          default: break
          }
          count += 1
        }
        if count == 3 || count == 4, ends.1 > ends.0 + 1 {
          body(
            index, UnsafeBufferPointer(rebasing: utf8[start..<ends.0]),
            UnsafeBufferPointer(rebasing: utf8[(ends.0 + 1)..<ends.1]),
            UnsafeBufferPointer(rebasing: utf8[(ends.1 + 1)..<ends.2]))
          index += 1
        }
        start = end + 1
      }
    }
  }

  /// Whether the rows of the county with `code` hold `pattern`'s bytes anywhere: a search
  /// by name passes over, in one byte scan, the counties where the name cannot be.
  func rows(ofCounty code: String, contain pattern: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !empty, let range = block(code) else { return false }
    return withBytes { utf8 in
      ByteSearch.contains(UnsafeBufferPointer(rebasing: utf8[range]), pattern)
    }
  }

  /// The codes of the counties that have a township whose pinyin, spaces ignored, starts
  /// with the bytes `first` and `second`: a search by pinyin passes over the others
  /// without reading their rows (most counties, for any two letters).
  func counties(withPinyinStarting first: UInt8, _ second: UInt8) -> Set<String> {
    pinyinStarts.withLock { index in
      if index == nil {
        var made: [UInt16: Set<String>] = [:]
        for code in countyCodes {
          scanRows(ofCounty: code) { _, _, _, pinyin in
            var pair: [UInt8] = []
            for byte in pinyin where byte != 0x20 {
              pair.append(byte)
              if pair.count == 2 { break }
            }
            if pair.count == 2 {
              made[UInt16(pair[0]) << 8 | UInt16(pair[1]), default: []].insert(code)
            }
          }
        }
        index = made
      }
      return index?[UInt16(first) << 8 | UInt16(second)] ?? []
    }
  }

  /// The rows' bytes in place: a native string is contiguous UTF-8, so nothing is copied.
  private func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    var text = rows
    return text.withUTF8(body)
  }

  private func block(_ code: String) -> Range<Int>? {
    blocks.withLock { index in
      if index == nil {
        index = withBytes { utf8 in
          var made: [String: Range<Int>] = [:]
          var start = 0
          var current: String?
          var bodyStart = 0
          while start < utf8.count {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.count
            if utf8[start] == 0x23 {
              if let current { made[current] = bodyStart..<start }
              current = String(decoding: utf8[(start + 1)..<end], as: UTF8.self)
              bodyStart = end + 1
            }
            start = end + 1
          }
          if let current { made[current] = bodyStart..<min(utf8.count, start) }
          return made
        }
      }
      return index?[code]
    }
  }

  public static func == (a: TownshipTable, b: TownshipTable) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
