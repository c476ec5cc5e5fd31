import TextSupport

/// browse(1) as roff, made from the same tables as `--help`: the options (`OptionSpec`),
/// the interactive commands (`CommandTable`), the environment and the exit codes. An
/// install writes it with `browse --man-page > …/man1/browse.1`.
public enum ManPage {
  public static var page: String {
    var lines: [String] = [
      #".TH BROWSE 1 "December 2026" "\#(escape(HelpText.version))" "User Commands""#,
      ".SH NAME",
      #"browse \- China's provinces, cities, counties and townships, and their pages, from the terminal"#,
      ".SH SYNOPSIS",
    ]
    for usage in synopsis {
      lines += [".B browse", usage.isEmpty ? "" : escape(usage), ".br"].filter { !$0.isEmpty }
    }
    lines += [
      ".SH DESCRIPTION",
      escape(
        "browse shows numbered menus you drill down, level by level (the 34 provincial-level"
          + " divisions, their prefecture-level cities, the county-level divisions under those,"
          + " the township-level divisions under a county, then a division's page, read as"
          + " text), looks up one division's URL (by name, pinyin or code, current or"
          + " withdrawn), finds the county a point is in, and lists and searches divisions in"
          + " formats that grep, cut, xargs and jq take. It carries its data inside the binary, each division with its code, pinyin"
          + " and Chinese Wikipedia article, and reads a data file in the same shape (--data)."
          + " Names match as written, without their suffix (广东 = 广东省), as pinyin"
          + " (guangdong, xi'an), as initials (gd), or by their usual English name."),
      ".SH OPTIONS",
    ]
    for spec in OptionSpec.all where !spec.hidden {
      lines.append(".TP")
      var name = #"\fB\-\-"# + escape(spec.long) + #"\fR"#
      if let value = spec.value { name += #" \fI"# + escape(value) + #"\fR"# }
      if let short = spec.short { name = #"\fB\-"# + escape(String(short)) + #"\fR, "# + name }
      lines += [name, escape(spec.help)]
    }
    lines += [".SH OUTPUT"] + output
    lines += [".SH INTERACTIVE COMMANDS"] + interactiveCommands + [".SH ENVIRONMENT"]
    for variable in HelpText.environment {
      lines += [".TP", #"\fB"# + escape(variable.name) + #"\fR"#, escape(variable.meaning)]
    }
    lines += [".SH EXIT STATUS"]
    for entry in ExitCode.documented {
      lines += [".TP", "\(entry.code.rawValue)", escape(entry.meaning)]
    }
    lines += [
      ".SH FILES",
      ".TP",
      #"\fI$XDG_CACHE_HOME/province\-browser\fR (else \fI~/.cache/province\-browser\fR)"#,
      escape("The page cache, at most --cache-size, least recently used evicted first."),
      ".SH EXAMPLES",
      ".nf",
    ]
    lines += examples.map(escape)
    lines += [
      ".fi", ".SH SEE ALSO", ".BR fzf (1),", ".BR less (1),", ".BR w3m (1),", ".BR curl (1)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each command's TSV columns (`OutputColumns`), a tagged paragraph each.
  static var output: [String] {
    var lines = [
      escape(
        "On a pipe lists are TSV, one place a line. A command's columns are the same for"
          + " every line it writes (empty where a place has no such field), text aligns the"
          + " same cells, and JSON objects have every field (null where none), pinyin included."
          + " area_km2 is from the built-in outline; population_2020 and population_2010 are"
          + " the census figures mapped to today's codes (none where a division was split since).")
    ]
    for entry in OutputColumns.commands {
      lines += [
        ".TP", #"\fB"# + escape(entry.command) + #"\fR"#,
        escape(entry.columns.joined(separator: ", ")),
      ]
    }
    return lines
  }

  /// The keys as tagged paragraphs that man fills to the reader's width, one subsection
  /// per kind of screen, then the words of line mode: the same bindings as `?` and
  /// `--help`, whose table is set for 80 columns and would overrun man's indent.
  static var interactiveCommands: [String] {
    var lines = [
      escape(
        "On a terminal the full screen takes keys; with -i, --line-mode or TERM=dumb a"
          + " prompt takes words.")
    ]
    let screens: [(title: String, context: CommandBinding.Context)] = [
      ("In a menu", .menu), ("On a page", .page), ("Anywhere", .anywhere),
    ]
    for screen in screens {
      let keys = CommandTable.bindings.filter { $0.context == screen.context }
        .compactMap { binding in binding.keyLabel.map { (label: $0, help: binding.help) } }
      // As in `?`: the descriptions in one column after the widest key, set close (.PD 0).
      let indent = (keys.map { TerminalText.width($0.label) }.max() ?? 0) + 2
      lines += [".SS " + escape(screen.title), ".PD 0"]
      for key in keys {
        lines += [".TP \(indent)n", #"\fB"# + escape(key.label) + #"\fR"#, escape(key.help)]
      }
      lines.append(".PD")
    }
    let words = CommandTable.bindings.compactMap(\.lineLabel).reduce(into: [String]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    lines += [".SS " + escape("At the prompt (line mode)"), escape(words.joined(separator: " · "))]
    return lines
  }

  static let synopsis = [
    "", "-p province [-c city] [--fetch | --open]",
    "--all | --search query [--format text|tsv|json|url|geojson]", "--pick [--townships]",
    "--validate [file]",
    "--check [-p province] [-c city] [-x county] [--townships]",
    "--at lat,lng | --at - | --near lat,lng [--datum wgs84|gcj02|bd09]",
    "--address text | --address -",
    "--history code|name | --history - | --changes year [year]",
  ]

  static let examples = [
    "browse -p 广东 -c 广州", "browse -p guangdong", "browse --search zhou --format url | head -n 5",
    "browse --all --format json | jq '.[] | .city'", #"xdg-open "$(browse --pick)""#,
  ]

  /// Text made safe for roff: a backslash is `\e`, a hyphen `\-` (so that it copies as
  /// ASCII), and a line may not begin with a control character (`.` or `'`).
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += #"\e"#
      case "-": out += #"\-"#
      default: out.append(character)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = #"\&"# + out }
    return out
  }
}
