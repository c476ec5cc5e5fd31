/// The history as a graph of spans, today's divisions among them: what each code and name
/// came from and what it became, for `--history`, `--changes` and old codes in bulk. Made
/// when one of those asks (the rows split once), never at start-up.
///
/// A span's successor code is read as the span of that code in use in the year the change
/// came (a code may be given to another division later: 421024 was 松滋县, then 江陵县).
/// Two spans are one division where the change was one for one: the earlier had the later
/// as its only successor, and the later no other predecessor that year.
public struct CodeHistory: Sendable {
  public let spans: [DivisionSpan]
  /// Span indices by code, in the history's order.
  private let byCode: [String: [Int]]
  /// The spans that name each code among their successors.
  private let takers: [String: [Int]]

  public init(history: DivisionHistory, catalog: Catalog) {
    var spans: [DivisionSpan] = history.allEntries().map { entry in
      DivisionSpan(
        code: entry.code, name: entry.name, place: entry.place, since: entry.since,
        until: entry.until, end: entry.status == .renamed ? .renamed : .withdrawn,
        successors: entry.replacedBy)
    }
    let since = history.currentSince()
    func addCurrent(_ code: String?, _ name: String, place: String) {
      guard let code else { return }
      let year = since[code].flatMap { $0.name == name ? $0.since : nil }
      spans.append(
        DivisionSpan(
          code: code, name: name, place: place, since: year, until: nil, end: .current,
          successors: []))
    }
    for (p, province) in catalog.provinces.enumerated() {
      addCurrent(catalog.provinceCode(p), province.name, place: "")
      for city in province.cities {
        addCurrent(city.code, city.name, place: province.name)
        for county in city.counties {
          addCurrent(county.code, county.name, place: province.name + " " + city.name)
        }
      }
    }
    var byCode: [String: [Int]] = [:]
    var takers: [String: [Int]] = [:]
    for (index, span) in spans.enumerated() {
      byCode[span.code, default: []].append(index)
      for code in Set(span.successors) { takers[code, default: []].append(index) }
    }
    self.spans = spans
    self.byCode = byCode
    self.takers = takers
  }

  // MARK: Finding spans

  /// The spans with `code`, today's first, then the latest ended first.
  public func spans(code: String) -> [Int] {
    (byCode[code] ?? []).sorted { endKey($0) > endKey($1) }
  }

  /// The span whose code and name these are (a former division's entry, a division of
  /// today).
  public func span(code: String, name: String) -> Int? {
    (byCode[code] ?? []).first { spans[$0].name == name }
  }

  /// The year a span ended, for ordering: today's after every year, unknown before.
  private func endKey(_ index: Int) -> String {
    let span = spans[index]
    return span.until ?? (span.end == .current ? "9999" : "0000")
  }

  /// The span of `code` in use in `year` (nil: the latest), other than `excluded`: of
  /// several, the one that lasted longest (a code renamed that year: the new name); where
  /// none was in use then, the first to begin after it, else the latest.
  public func span(code: String, at year: String?, excluding excluded: Int? = nil) -> Int? {
    let candidates = (byCode[code] ?? []).filter { $0 != excluded }
    let latest = candidates.max { endKey($0) < endKey($1) }
    guard let year else { return latest }
    let alive = candidates.filter { index in
      let span = spans[index]
      let began = span.since.map { $0 <= year } ?? true
      let lasted = span.until.map { $0 >= year } ?? true
      return began && lasted
    }
    if let best = alive.max(by: { endKey($0) < endKey($1) }) { return best }
    let later = candidates.filter { spans[$0].since.map { $0 > year } ?? false }
    return later.min { (spans[$0].since ?? "") < (spans[$1].since ?? "") } ?? latest
  }

  /// The spans that went into `index`'s code while it was `index` (merged, split, renamed or
  /// recoded into it), in year order.
  func predecessors(of index: Int) -> [Int] {
    let code = spans[index].code
    return (takers[code] ?? []).filter { taker in
      taker != index && span(code: code, at: spans[taker].until, excluding: taker) == index
    }.sorted { (spans[$0].until ?? "", spans[$0].code) < (spans[$1].until ?? "", spans[$1].code) }
  }

  /// The span `index` continues one for one (its only predecessor in the year it began,
  /// with it as that one's only successor), if any.
  func continued(by index: Int) -> Int? {
    guard let began = spans[index].since else { return nil }
    let then = predecessors(of: index).filter { spans[$0].until == began }
    guard then.count == 1, let only = then.first, Set(spans[only].successors).count == 1 else {
      return nil
    }
    return only
  }

  /// The span that continues `index` one for one, if any.
  func continuation(of index: Int) -> Int? {
    let span = spans[index]
    guard span.end != .current, Set(span.successors).count == 1, let code = span.successors.first,
      let next = self.span(code: code, at: span.until, excluding: index),
      continued(by: next) == index
    else { return nil }
    return next
  }

  /// The name `code` had in `year` (nil: its latest), where the history knows the code.
  public func name(of code: String, at year: String?) -> String? {
    span(code: code, at: year).map { spans[$0].name }
  }

  // MARK: What became of a span

  /// The spans of today that `index` became, followed through every later change, in the
  /// successors' order; its own where it is current.
  public func today(of index: Int) -> [Int] {
    var found: [Int] = []
    var seen: Set<Int> = []
    var queue = [index]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard seen.insert(next).inserted else { continue }
      let span = spans[next]
      if span.end == .current {
        if !found.contains(next) { found.append(next) }
        continue
      }
      for code in span.successors {
        if let later = self.span(code: code, at: span.until, excluding: next) {
          queue.append(later)
        }
      }
    }
    return found
  }

  /// How span `index` ended, as a change (nil for one of today, or one with no year).
  public func change(endingWith index: Int) -> DivisionChange? {
    let span = spans[index]
    guard span.end != .current, let year = span.until else { return nil }
    let kind: DivisionChange.Kind
    let codes = uniqued(span.successors)
    if span.end == .renamed {
      kind = .renamed
    } else if codes.isEmpty {
      kind = .withdrawn
    } else if codes.count > 1 {
      kind = .split
    } else {
      kind = continuation(of: index) == nil ? .merged : .recoded
    }
    let others =
      span.end == .renamed
      ? [
        (
          code: span.code,
          name: self.span(code: span.code, at: year, excluding: index)
            .map { spans[$0].name }
        )
      ]
      : codes.map { code in
        (code: code, name: self.span(code: code, at: year, excluding: index).map { spans[$0].name })
      }
    return DivisionChange(year: year, kind: kind, span: span, others: others)
  }

  /// Span `index`'s beginning as a change, where it is new (no one's continuation, begun
  /// after the records began): the spans it came from.
  public func change(beginningWith index: Int) -> DivisionChange? {
    let span = spans[index]
    guard let year = span.since, year > DivisionSpan.firstRecordedYear,
      continued(by: index) == nil
    else { return nil }
    let from = predecessors(of: index).filter { spans[$0].until == year }
    // Its code renamed (桥东区 → 襄都区, taking in part of 邢台县): not a new division.
    if from.contains(where: { spans[$0].end == .renamed }) { return nil }
    return DivisionChange(
      year: year, kind: .new, span: span,
      others: from.map { (code: spans[$0].code, name: spans[$0].name) })
  }

  // MARK: Timelines and lists of changes

  /// The timeline of the division span `index` was part of.
  public func timeline(of index: Int) -> DivisionTimeline {
    var chain = [index]
    while let first = chain.first, let earlier = continued(by: first), !chain.contains(earlier) {
      chain.insert(earlier, at: 0)
    }
    while let last = chain.last, let later = continuation(of: last), !chain.contains(later) {
      chain.append(later)
    }
    var changes: [DivisionChange] = []
    for member in chain {
      // A new division's predecessors are said in its beginning, not again one by one.
      let began = member == chain.first ? change(beginningWith: member) : nil
      if let began { changes.append(began) }
      for earlier in predecessors(of: member) where !chain.contains(earlier) {
        guard let change = change(endingWith: earlier) else { continue }
        if began != nil && change.year == spans[member].since { continue }
        changes.append(change)
      }
    }
    // Each step from one of its names to the next, and how the last ended.
    changes += chain.compactMap(change(endingWith:))
    // In a year, the beginning first: a new division, then what went into it.
    changes.sort { ($0.year, $0.kind == .new ? 0 : 1) < ($1.year, $1.kind == .new ? 0 : 1) }
    let today = (chain.last.map(today(of:)) ?? []).map {
      (code: spans[$0].code, name: spans[$0].name)
    }
    return DivisionTimeline(spans: chain.map { spans[$0] }, changes: changes, today: today)
  }

  /// Every change from `from` to `to` (years, both included), in year then code order: the
  /// codes that went or were renamed, and the new ones.
  public func changes(from: Int, to: Int) -> [DivisionChange] {
    var found: [DivisionChange] = []
    for index in spans.indices {
      if let until = spans[index].until, let year = Int(until), (from...to).contains(year),
        let change = change(endingWith: index)
      {
        found.append(change)
      }
      if let since = spans[index].since, let year = Int(since), (from...to).contains(year),
        let change = change(beginningWith: index)
      {
        found.append(change)
      }
    }
    return found.sorted {
      ($0.year, $0.span.code, $0.kind == .new ? 1 : 0) < (
        $1.year, $1.span.code, $1.kind == .new ? 1 : 0
      )
    }
  }

  private func uniqued(_ codes: [String]) -> [String] {
    var seen: Set<String> = []
    return codes.filter { seen.insert($0).inserted }
  }
}
