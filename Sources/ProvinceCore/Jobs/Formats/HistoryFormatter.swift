import CatalogModel
import TextSupport

/// Timelines (`--history`) and lists of changes (`--changes`) in text, TSV and JSON, each
/// with fixed fields whatever the division went through.
///
/// TSV has no header; its columns are documented (docs/usage.md, "History"):
/// a timeline's rows are `part, code, name, place, since, until, change, to_codes,
/// to_names`, one a span (part `name`: one of the division's own names; `from`: a division
/// that went into it); a change's are `year, change, code, name, place, codes, names`
/// (for `new`, the codes it came from, else those that took its place).
public enum HistoryFormatter {
  /// The columns of a timeline's TSV rows.
  public static let timelineColumns = [
    "part", "code", "name", "place", "since", "until", "change", "to_codes", "to_names",
  ]
  /// The columns of a change's TSV row.
  public static let changeColumns = ["year", "change", "code", "name", "place", "codes", "names"]

  // MARK: Timelines

  /// The timelines in `format` (text, tsv, json), each line ending in "\n".
  public static func timelines(
    _ lines: [DivisionTimeline], in history: CodeHistory, format: OutputFormat
  ) -> [String] {
    switch format {
    case .tsv:
      return lines.flatMap { tsvRows($0, in: history) }
    case .json, .geojson:
      return jsonArray(lines.map { object($0, in: history) })
    case .text, .url:
      return lines.enumerated().flatMap { index, line in
        (index > 0 ? ["\n"] : []) + text(line, in: history)
      }
    }
  }

  /// How a span ended, as `change` says it: a change's kind, or `current`.
  static func ending(_ span: DivisionSpan, in history: CodeHistory) -> (String, DivisionChange?) {
    guard let index = history.span(code: span.code, name: span.name),
      let change = history.change(endingWith: index)
    else { return (span.end == .current ? "current" : span.end.rawValue, nil) }
    return (change.kind.rawValue, change)
  }

  static func years(_ span: DivisionSpan) -> String {
    let until = span.until ?? (span.end == .current ? "" : "?")
    return (span.since ?? "?") + "–" + until
  }

  static func title(_ span: DivisionSpan) -> String {
    var text = "\(span.code) \(span.name)"
    if !span.place.isEmpty { text += " (\(span.place))" }
    return text
  }

  static func text(_ line: DivisionTimeline, in history: CodeHistory) -> [String] {
    guard let last = line.spans.last else { return [] }
    var out = [TerminalText.sanitize(title(last)) + "\n"]
    var rows: [[String]] = line.spans.map { span in
      ["  " + years(span), span.code, span.name + (span.place.isEmpty ? "" : " (\(span.place))")]
    }
    rows += line.changes.map { change in
      ["  " + change.year, change.kind.rawValue, sentence(change)]
    }
    out += ListFormatter.alignedRows(rows.map { $0.map(TerminalText.sanitize) })
    let today = line.today.map { "\($0.code) \($0.name)" }
    out.append(
      "  today: "
        + TerminalText.sanitize(today.isEmpty ? "no division" : today.joined(separator: ", "))
        + "\n")
    return out
  }

  static func tsvRows(_ line: DivisionTimeline, in history: CodeHistory) -> [String] {
    var rows: [(String, DivisionSpan)] = line.spans.map { ("name", $0) }
    let own = Set(line.spans)
    for change in line.changes where change.kind != .new && !own.contains(change.span) {
      rows.append(("from", change.span))
    }
    for change in line.changes where change.kind == .new {
      for other in change.others {
        if let found = history.span(code: other.code, at: change.year),
          !rows.contains(where: { $0.1 == history.spans[found] })
        {
          rows.append(("from", history.spans[found]))
        }
      }
    }
    return rows.map { part, span in
      let (kind, change) = ending(span, in: history)
      let others = change?.others ?? []
      return [
        part, span.code, span.name, span.place, span.since ?? "", span.until ?? "", kind,
        others.map(\.code).joined(separator: ";"),
        others.map { $0.name ?? "" }.joined(separator: ";"),
      ].map(TerminalText.sanitize).joined(separator: "\t") + "\n"
    }
  }

  static func spanObject(_ span: DivisionSpan, in history: CodeHistory) -> String {
    let (kind, change) = ending(span, in: history)
    return JSONWriter.object([
      ("code", JSONWriter.string(span.code)),
      ("name", JSONWriter.string(span.name)),
      ("place", JSONWriter.string(span.place)),
      ("since", span.since.map(JSONWriter.string) ?? "null"),
      ("until", span.until.map(JSONWriter.string) ?? "null"),
      ("change", JSONWriter.string(kind)),
      ("to", codeArray(change?.others ?? [])),
    ])
  }

  /// One timeline: `code`, `name`, `place` of its latest span, `spans` (its own, oldest
  /// first), `changes` (what went into it and how it ended) and `today`.
  static func object(_ line: DivisionTimeline, in history: CodeHistory) -> String {
    let last = line.spans.last
    return JSONWriter.object([
      ("code", JSONWriter.string(last?.code ?? "")),
      ("name", JSONWriter.string(last?.name ?? "")),
      ("place", JSONWriter.string(last?.place ?? "")),
      ("spans", "[" + line.spans.map { spanObject($0, in: history) }.joined(separator: ",") + "]"),
      ("changes", "[" + line.changes.map(changeObject).joined(separator: ",") + "]"),
      ("today", codeArray(line.today.map { (code: $0.code, name: Optional($0.name)) })),
    ])
  }

  // MARK: Changes

  /// The changes in `format`, one a line (text, tsv) or one JSON array.
  public static func changes(_ changes: [DivisionChange], format: OutputFormat) -> [String] {
    switch format {
    case .tsv:
      return changes.map { change in
        [
          change.year, change.kind.rawValue, change.span.code, change.span.name,
          change.span.place, change.others.map(\.code).joined(separator: ";"),
          change.others.map { $0.name ?? "" }.joined(separator: ";"),
        ].map(TerminalText.sanitize).joined(separator: "\t") + "\n"
      }
    case .json, .geojson:
      return jsonArray(changes.map(changeObject))
    case .text, .url:
      let rows = changes.map { change in
        [change.year, change.kind.rawValue, sentence(change)].map(TerminalText.sanitize)
      }
      return ListFormatter.alignedRows(rows)
    }
  }

  /// `330104 江干区 (浙江省 杭州市) → 330102 上城区, 330114 钱塘区`; a new one's sources
  /// after `←`.
  public static func sentence(_ change: DivisionChange) -> String {
    let others = change.others.map { other in other.name.map { "\(other.code) \($0)" } ?? other.code
    }
    var text = title(change.span)
    if change.kind == .renamed, let now = change.others.first?.name {
      text += " → \(now)"
    } else if !others.isEmpty {
      text += (change.kind == .new ? " ← " : " → ") + others.joined(separator: ", ")
    }
    return text
  }

  /// One change: `year`, `change`, `code`, `name`, `place`, `to` and `from` (each an array
  /// of codes and names, empty where it does not apply).
  static func changeObject(_ change: DivisionChange) -> String {
    let isNew = change.kind == .new
    return JSONWriter.object([
      ("year", JSONWriter.string(change.year)),
      ("change", JSONWriter.string(change.kind.rawValue)),
      ("code", JSONWriter.string(change.span.code)),
      ("name", JSONWriter.string(change.span.name)),
      ("place", JSONWriter.string(change.span.place)),
      ("to", codeArray(isNew ? [] : change.others)),
      ("from", codeArray(isNew ? change.others : [])),
    ])
  }

  static func codeArray(_ codes: [(code: String, name: String?)]) -> String {
    "["
      + codes.map { item in
        JSONWriter.object([
          ("code", JSONWriter.string(item.code)),
          ("name", item.name.map(JSONWriter.string) ?? "null"),
        ])
      }.joined(separator: ",") + "]"
  }

  static func jsonArray(_ objects: [String]) -> [String] {
    guard !objects.isEmpty else { return ["[]\n"] }
    return ["[\n"] + objects.enumerated().map { $1 + ($0 == objects.count - 1 ? "\n" : ",\n") }
      + ["]\n"]
  }
}
