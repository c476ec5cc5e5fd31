/// The text of `browse --help` and `browse --version`.
public enum HelpText {
  public static let version = "browse 0.1.0"

  /// The variables browse reads, for `--help` and the man page.
  static let environment: [(name: String, meaning: String)] = [
    ("PROVINCE_BROWSER_DATA", "a data file to use instead of the built-in data"),
    ("NO_COLOR", "no colour when set"),
    ("BROWSER", "the program --open and 'o' use"),
    (
      "LC_ALL/LC_MESSAGES/LANG",
      "the page variant without --variant (zh_TW: zh-tw, zh_HK, zh_SG, zh_CN)"
    ),
    ("XDG_CACHE_HOME", "where the page cache lives (else ~/.cache)"),
    ("http_proxy, https_proxy", "proxies, as curl takes them (also all_proxy, no_proxy)"),
  ]

  public static var help: String {
    let visible = OptionSpec.all.filter { !$0.hidden }
    let column = (visible.map { $0.display.count }.max() ?? 0) + 2
    let optionLines = visible.map { spec in
      "  " + spec.display.padding(toLength: column, withPad: " ", startingAt: 0) + spec.help
    }
    return """
      browse: China's provinces, cities and counties, from the terminal.

      Browse numbered menus (provinces → cities → counties → a page), look up one
      city's or county's URL, or list and search them in formats that grep, cut,
      xargs and jq take.

      USAGE:
        browse                        menus on a terminal; the province list on a pipe
        browse -p <province> [-c <city>] [-x <county>] [-t <township>] [--fetch | --open]
        browse [-p <province>] [-c <city>] [-x <county>] --counties | --townships
        browse --all | --search <query> [--format text|tsv|json|url|geojson]
        browse --at <lat,lng> | --at - | --near <lat,lng> [--datum wgs84|gcj02|bd09]
        browse --address <text> | --address -   the division an address names
        browse --history <code|name> | --history - | --changes <year> [<year>]
        browse --pick [--townships]   choose on the terminal, print the choice on stdout
        browse --validate [<file>]

      OPTIONS:
      \(optionLines.joined(separator: "\n"))

      Names match as written, without their suffix (广东 = 广东省), as pinyin
      (guangdong, Guang Dong, xi'an), as initials (gd), or by their usual English
      name (Shaanxi, Tibet, Hong Kong, Macau, Inner Mongolia).

      EXAMPLES:
        browse                                  browse the menus
        browse -p 广东 -c 广州                  print 广州's URL
        browse -p guangdong                     list 广东's cities
        browse -c chaoyang                      ambiguous: lists both 朝阳s
        browse -c 昆山                          a county-level city: 昆山市 under 苏州市
        browse -c 苏州 --counties               list 苏州's county-level divisions
        browse --search 320583                  search by division code
        browse --address 湖北省襄樊市小水街222号  襄阳市 420600, and what 襄樊 was
        browse --history 330104                 江干区: 1983–2021, to 上城区 and 钱塘区
        browse --changes 2020 2026              every change from 2020 to 2026
        browse --search zhou --format url | head -n 5
        browse --all --format json | jq '.[] | select(.province == "广东省") | .city'
        browse --all --format url | xargs -n 1 -P 4 curl -sI
        xdg-open "$(browse --pick)"

      INTERACTIVE COMMANDS (full screen on a terminal; -i, --line-mode, TERM=dumb: a prompt):
      \(CommandTable.summary.map { "  " + $0 }.joined(separator: "\n"))

      ENVIRONMENT:
      \(environment.map { "  " + $0.name.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.meaning }.joined(separator: "\n"))

      EXIT CODES:
      \(ExitCode.documented.map { "  " + String($0.code.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning }.joined(separator: "\n"))
      """
  }
}
