/// Bisection over sorted tables (restart points, link cells, headings, search hits).
public enum Bisection {
  /// The first index below `count` for which `isAfter` holds, where it holds from some
  /// index on (the table is sorted); `count` when it never does.
  public static func firstIndex(in count: Int, where isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
