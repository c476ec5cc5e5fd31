/// Which characters of a name a filter matched, to highlight them: the characters of a
/// Chinese query found in the name, or for a Latin query the characters whose pinyin
/// syllables (whole, or their first letter, as initials) spell it in order.
public enum MatchHighlight {
  /// The offsets (in characters) of `label` to highlight for `query`; `syllables` are the
  /// pinyin of the label's leading characters, one each (`["guang", "zhou", "shi"]`).
  public static func offsets(in label: String, query: String, syllables: [String]) -> Set<Int> {
    let query = query.lowercased().filter { !$0.isWhitespace && $0 != "'" }
    guard !query.isEmpty else { return [] }
    let characters = Array(label)
    guard query.allSatisfy(\.isASCII) else {
      let wanted = Set(query)
      return Set(characters.indices.filter { wanted.contains(characters[$0]) })
    }
    var marked: Set<Int> = []
    var rest = Substring(query)
    for (index, syllable) in syllables.enumerated() where index < characters.count {
      guard let first = syllable.first, !rest.isEmpty else { break }
      if rest.hasPrefix(syllable) {
        rest = rest.dropFirst(syllable.count)
        marked.insert(index)
      } else if rest.first == first {
        rest = rest.dropFirst()
        marked.insert(index)
      } else if !marked.isEmpty {
        break
      }
    }
    // A query that the syllables do not spell (a Latin name, say) is matched as text.
    if !rest.isEmpty {
      let lower = label.lowercased()
      if let range = lower.range(of: query) {
        let start = lower.distance(from: lower.startIndex, to: range.lowerBound)
        return Set(start..<start + query.count)
      }
      return []
    }
    return marked
  }
}
