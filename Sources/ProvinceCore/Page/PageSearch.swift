/// Where a page search's query is: the lines, and the characters to highlight in one.
public enum PageSearch {
  /// The indices of the lines that hold `query`, without case.
  public static func lines(
    matching query: String, in lines: some RandomAccessCollection<String>
  ) -> [Int] {
    let wanted = query.lowercased()
    guard !wanted.isEmpty else { return [] }
    return lines.enumerated().compactMap { $1.lowercased().contains(wanted) ? $0 : nil }
  }

  /// The character offsets of `line` that belong to a match of `query`.
  public static func offsets(of query: String, in line: String) -> Set<Int> {
    let wanted = Array(query.lowercased())
    let characters = Array(line.lowercased())
    guard !wanted.isEmpty, characters.count == line.count else { return [] }
    var found: Set<Int> = []
    var start = 0
    while start + wanted.count <= characters.count {
      if Array(characters[start..<start + wanted.count]) == wanted {
        found.formUnion(start..<start + wanted.count)
        start += wanted.count
      } else {
        start += 1
      }
    }
    return found
  }
}
