import TextSupport

/// The codes and names no longer in use, kept as the generator's rows and read only when a
/// query finds nothing current: start-up never pays for them.
///
/// Rows are `code<TAB>name<TAB>place<TAB>until<TAB>status<TAB>replaced_by<TAB>since`, one a
/// line, `replaced_by` `;`-separated, `since` optional (Data/history.tsv without its
/// header). A row of status `current` says only since when a code of today has its name:
/// it is no former division, and only `currentSince()` reads it. A malformed row is
/// skipped, never trusted.
public struct DivisionHistory: Sendable, Hashable {
  /// The rows, made the first time they are read: the built-in ones are copied out of the
  /// binary's data only when a query needs them, never at start-up.
  private let text: Text

  var rows: String { text.value }

  public init(rows: String) {
    self.text = Text { rows }
  }

  /// A history whose rows `rows` makes when first read.
  public init(rows: @escaping @Sendable () -> String) {
    self.text = Text(rows)
  }

  /// Equal rows make equal histories, however they are held.
  public static func == (a: DivisionHistory, b: DivisionHistory) -> Bool { a.rows == b.rows }
  public func hash(into hasher: inout Hasher) { hasher.combine(rows) }

  /// The rows and how to make them, shared by the copies of a history.
  private final class Text: Sendable {
    private let made = Lazily<String>()
    private let make: @Sendable () -> String

    init(_ make: @escaping @Sendable () -> String) { self.make = make }

    var value: String { made.value(make) }
  }

  /// No history: what a catalog without one answers.
  public static let none = DivisionHistory(rows: "")

  /// Whether there is no history at all (`none`, a data file's).
  public var isEmpty: Bool { rows.isEmpty }

  /// The entries whose code is `query`, or whose name is `query` or `query` plus an
  /// administrative suffix (`崇文` finds 崇文区), in code order.
  public func entries(matching query: String) -> [FormerDivision] {
    let query = query.trimmingSpaces()
    guard !query.isEmpty else { return [] }
    // Every match holds the query's bytes (a code, a name, or a name's stem) in its row:
    // only the rows that hold them are split, one byte scan instead of 4k rows split.
    let isCode = query.utf8.count == 6 && query.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    var found: [FormerDivision] = []
    for line in lines(holding: query) {
      guard let entry = Self.entry(line) else { continue }
      let matches =
        isCode
        ? entry.code == query : (entry.name == query || NameSuffix.strip(entry.name) == query)
      if matches { found.append(entry) }
    }
    return found
  }

  /// The rows whose bytes hold `query`'s, in order, each once.
  private func lines(holding query: String) -> [Substring] {
    var text = rows
    var pattern = query
    let ranges: [Range<Int>] = text.withUTF8 { haystack in
      pattern.withUTF8 { needle in
        var found: [Range<Int>] = []
        guard !needle.isEmpty else { return found }
        var from = 0
        while let hit = ByteSearch.firstIndex(of: needle, in: haystack, from: from) {
          var start = hit
          while start > 0 && haystack[start - 1] != 0x0A { start -= 1 }
          var end = hit
          while end < haystack.count && haystack[end] != 0x0A { end += 1 }
          found.append(start..<end)
          // Past the row's newline (and the hit, were the query to hold a newline).
          from = max(end, hit) + 1
        }
        return found
      }
    }
    let utf8 = rows.utf8
    return ranges.map { range in
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(start, offsetBy: range.count)
      return rows[start..<end]
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}

extension DivisionHistory {
  /// Every entry, in the rows' order; malformed rows are skipped.
  public func allEntries() -> [FormerDivision] {
    // Split on bytes: every address resolver's start reads all the rows, and splitting
    // the text by Character was most of that start.
    rows.utf8.split(separator: 0x0A).compactMap(Self.entry)
  }

  /// The entry a row holds; nil for a malformed one or a `current` row.
  static func entry(_ line: Substring) -> FormerDivision? { entry(line.utf8) }

  /// The entry a row of bytes holds; nil for a malformed one or a `current` row.
  static func entry(_ line: Substring.UTF8View) -> FormerDivision? {
    let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
    guard fields.count == 6 || fields.count == 7,
      let status = FormerDivision.Status(rawValue: text(fields[4]))
    else { return nil }
    return FormerDivision(
      code: text(fields[0]), name: text(fields[1]), place: text(fields[2]),
      until: fields[3].isEmpty ? nil : text(fields[3]), status: status,
      replacedBy: fields[5].split(separator: 0x3B).map(text),
      since: fields.count == 7 && !fields[6].isEmpty ? text(fields[6]) : nil)
  }

  private static func text(_ bytes: Substring.UTF8View) -> String { String(Substring(bytes)) }

  /// The year each code of today came into use under its name today, by code and name
  /// (`current` rows); a code without one has been so since the records began (1981) or
  /// the sources do not say.
  public func currentSince() -> [String: (name: String, since: String)] {
    var found: [String: (name: String, since: String)] = [:]
    for line in rows.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 7, fields[4] == "current", !fields[6].isEmpty else { continue }
      found[String(fields[0])] = (String(fields[1]), String(fields[6]))
    }
    return found
  }
}
