import CatalogModel
import PageReader
import TextSupport

/// Which program opens a URL: `$BROWSER` (a colon-separated list, `%s` standing for the
/// URL), else `xdg-open`, else `open`; the first that exists on `PATH` wins.
public enum BrowserCommand {
  /// The argument vectors to try, in order.
  public static func candidates(url: String, environment: [String: String]) -> [[String]] {
    var commands: [[String]] = []
    for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
      let words = entry.split(separator: " ").map(String.init)
      guard !words.isEmpty else { continue }
      if words.contains(where: { $0.contains("%s") }) {
        commands.append(words.map { $0.replacingOccurrences(of: "%s", with: url) })
      } else {
        commands.append(words + [url])
      }
    }
    commands.append(["xdg-open", url])
    commands.append(["open", url])
    return commands
  }

  /// The full path of `program` on `path` (a `PATH` value), or nil.
  public static func resolve(_ program: String, path: String, isExecutable: (String) -> Bool)
    -> String?
  {
    if program.contains("/") { return isExecutable(program) ? program : nil }
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = directory + "/" + program
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }
}
