/// Which program opens a URL: `$BROWSER` when set (a colon-separated list, `%s` standing
/// for the URL), else `xdg-open` (and on macOS `open`); the first that exists on `PATH` wins.
/// Elsewhere a program named `open` is something else: Debian's is `openvt`, which starts
/// a shell on a new virtual console.
public enum BrowserCommand {
  /// The argument vectors to try, in order. A `BROWSER` the user set is never replaced by
  /// `xdg-open` or `open`: if it cannot start, that is what the user must hear.
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
    if commands.isEmpty {
      commands = [["xdg-open", url]] + fallbacks.map { [$0, url] }
    }
    return commands
  }

  /// What is tried after `xdg-open` when `BROWSER` is unset: `open` where it is the
  /// system's URL opener (macOS), nothing elsewhere.
  #if os(macOS)
    static let fallbacks = ["open"]
  #else
    static let fallbacks: [String] = []
  #endif

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

  /// Browsers that draw in the terminal (and `xdg-open`, which falls back to one when there
  /// is no desktop).
  static let textBrowsers: Set<String> = [
    "w3m", "lynx", "links", "links2", "elinks", "browsh", "www-browser", "sensible-browser",
    "carbonyl",
  ]

  /// Whether `program` needs the terminal: a known text browser, or anything at all when
  /// there is no desktop to show a window on. Such a program gets the terminal and browse
  /// waits for it; any other is started on its own and not waited for.
  public static func needsTerminal(_ program: String, environment: [String: String]) -> Bool {
    let name = program.split(separator: "/").last.map(String.init) ?? program
    if textBrowsers.contains(name) { return true }
    let desktop = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
    return !desktop
  }
}
