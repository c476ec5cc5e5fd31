import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// The generated completion scripts, run in the real shells: bash (its completion function
/// called as `complete -F` would), fish (`complete -C`) and zsh (interactive, with compinit,
/// Tab pressed on a pseudo-terminal). Names must come from the data the command line being
/// completed names with --data, else PROVINCE_BROWSER_DATA, else the built-in data.
///
/// Without zsh or fish the tests for them are skipped, except on CI (CI=true), where
/// `.ci/run` installs both and a missing shell fails the test.
@Suite(.timeLimit(.minutes(3))) struct CompletionTests {
  typealias F = ReliabilityFixtures

  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Where `name` is installed, if it is.
  static func shell(_ name: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs when the shell is installed, and on CI whether or not (to fail there).
  static func needs(_ name: String) -> ConditionTrait {
    .enabled(if: shell(name) != nil || isCI, "\(name) is not installed")
  }

  static func require(_ name: String) throws -> String {
    try #require(
      shell(name), "\(name) is not installed; .ci/run installs it (apt-get install -y \(name))")
  }

  /// Two provinces for --data, one for PROVINCE_BROWSER_DATA: each set of names shows
  /// which data the completion read.
  static let givenData = F.plist(
    province: "测试省", cities: [("甲市", "http://a.test/"), ("乙市", "http://b.test/")]
  ).replacingOccurrences(
    of: "</dict></plist>",
    with: "<key>样例省</key><array><dict><key>name</key><string>丙市</string>"
      + "<key>url</key><string>http://c.test/</string></dict></array></dict></plist>")
  static let environmentData = F.plist(province: "环境省", cities: [("丁市", "http://d.test/")])

  /// PATH with the built `browse` first, as an installed one would be.
  static let path =
    BrowseProcess.executable.deletingLastPathComponent().path + ":"
    + ChildEnvironment.path

  @Test func bashOffersOptionsAndNamesFromTheData() async throws {
    let given = try F.file(Self.givenData)
    let variable = try F.file(Self.environmentData)
    defer { for file in [given, variable] { try? FileManager.default.removeItem(atPath: file) } }
    let script = """
      source <(browse --completion bash)
      offer() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _browse; echo "${COMPREPLY[*]}"; }
      offer browse --prov
      offer browse -p 广
      offer browse -p 广东 -c 深
      offer browse --data '\(given)' -p ''
      offer browse -d '\(given)' -p 测试 -c ''
      offer browse --data = '\(given)' -p ''
      offer browse --data='\(given)' -p ''
      PROVINCE_BROWSER_DATA='\(variable)' offer browse -p ''
      PROVINCE_BROWSER_DATA='\(variable)' offer browse --data '\(given)' -p ''
      """
    let result = try await BrowseProcess.shell(script, environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    #expect(
      result.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
        "--province", "广东省 广西壮族自治区", "深圳市", "测试省 样例省", "甲市 乙市", "测试省 样例省",
        "测试省 样例省", "环境省", "测试省 样例省", "",
      ])
  }

  /// Every option whose values are a fixed set offers them, in every shell: `--sort` and
  /// `--datum` were offered nothing, and `--format` left out geojson.
  @Test func bashOffersTheValuesOfOptionsThatTakeAFixedSet() async throws {
    let script = """
      source <(browse --completion bash)
      offer() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _browse; echo "${COMPREPLY[*]}"; }
      offer browse --all --sort ''
      offer browse --at 31,121 --datum ''
      offer browse --at 31,121 --datum g
      offer browse -p 广东 -f g
      offer browse --all --format ''
      offer browse --completion z
      """
    let result = try await BrowseProcess.shell(script, environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    #expect(
      result.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
        "population area name code", "wgs84 gcj02 bd09", "gcj02", "geojson",
        "text tsv json url geojson", "zsh", "",
      ])
  }

  @Test(needs("fish")) func fishOffersTheValuesOfOptionsThatTakeAFixedSet() async throws {
    let fish = try Self.require("fish")
    let script = """
      browse --completion fish | source
      for line in 'browse --all --sort ' 'browse --at 31,121 --datum ' 'browse -p 广东 -f g'
          complete -C $line | string replace -r '\\t.*' '' | sort | string join ' '
      end
      """
    let result = try await BrowseProcess.run(
      executable: fish, ["--no-config", "-c", script], environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "area code name population", "bd09 gcj02 wgs84", "geojson",
      ])
  }

  /// Names a data file may hold that a shell would run, glob or split if it evaluated
  /// them (`(…)` is fish's command substitution): each `touch` leaves a file in `directory` if it ran. Cities of 测试省, and the
  /// counties of its city 甲市 (for -x).
  static func hostileNames(marking directory: String) -> [String] {
    [
      "城$(touch \(directory)/dollar)", "城`touch \(directory)/backquote`",
      "城;touch \(directory)/semicolon", "城(touch \(directory)/paren)", "城\"双'单", "城*",
      "城 空格",
    ]
  }

  static func hostileData(_ names: [String]) -> String {
    func entry(_ name: String, _ extra: String = "") -> String {
      "<dict><key>name</key><string>\(F.xmlEscaped(name))</string>"
        + "<key>url</key><string>http://a.test/</string>\(extra)</dict>"
    }
    let counties = "<key>counties</key><array>\(names.map { entry($0) }.joined())</array>"
    return "<plist><dict><key>测试省</key><array>\(entry("甲市", counties))"
      + "\(names.map { entry($0) }.joined())</array></dict></plist>"
  }

  /// A directory for the marks, holding a file that `城*` would glob to if left unquoted.
  static func markDirectory() throws -> URL {
    let directory = F.temporaryPath("marks")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data().write(to: directory.appendingPathComponent("城glob"))
    return directory
  }

  /// The marks a completion left, if it ran a name: none may exist.
  static func marks(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0 != "城glob" }.sorted()
  }

  /// Each name is offered as a word the shell reads back as the name: quoted where it must
  /// be, so that neither Tab nor the Enter after it runs, globs or splits it.
  @Test func bashOffersHostileNamesLiterallyAndRunsNone() async throws {
    let directory = try Self.markDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = Self.hostileNames(marking: directory.path)
    let data = try F.file(Self.hostileData(names))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let script = """
      cd '\(directory.path)'
      source <(browse --completion bash)
      offer() {
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _browse
        # What readline would insert, read back as the shell reads the line.
        eval "local -a words=(${COMPREPLY[*]})"
        printf '%s\\n' "${words[@]}" | LC_ALL=C sort; echo --
      }
      offer browse --data '\(data)' -c 城
      offer browse --data '\(data)' -p 测试省 -c '城$'
      PROVINCE_BROWSER_DATA='\(data)' offer browse -x 城
      offer browse --data '\(data)' -p 测试省 -c 甲市 -x '城*'
      """
    let result = try await BrowseProcess.shell(script, environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    let all = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(
      result.stdout.split(separator: "\n").map(String.init)
        == all + ["--", names[0], "--"] + all + ["--", "城*", "--"])
    #expect(Self.marks(in: directory) == [])
  }

  @Test(needs("fish")) func fishOffersHostileNamesLiterallyAndRunsNone() async throws {
    let fish = try Self.require("fish")
    let directory = try Self.markDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = Self.hostileNames(marking: directory.path)
    let data = try F.file(Self.hostileData(names))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let script = """
      cd '\(directory.path)'
      browse --completion fish | source
      for line in 'browse --data \(data) -c 城' 'browse --data \(data) -p 测试省 -c 甲市 -x 城'
          complete -C $line | string replace -r '\\t.*' ''
          echo ==
      end
      """
    let result = try await BrowseProcess.run(
      executable: fish, ["--no-config", "-c", script], environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    let offered = result.stdout.split(separator: "==\n").map {
      $0.split(separator: "\n").map(String.init).sorted()
    }
    #expect(offered == [names.sorted(), names.sorted()])
    #expect(Self.marks(in: directory) == [])
  }

  @Test(needs("zsh")) func zshInsertsHostileNamesQuotedAndRunsNone() async throws {
    let zsh = try Self.require("zsh")
    try #require(PseudoTerminalProcess.isAvailable)
    let directory = try Self.markDirectory()
    let home = F.temporaryPath("zsh-home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let names = Self.hostileNames(marking: directory.path)
    let data = try F.file(Self.hostileData(names))
    defer {
      for url in [directory, home, URL(fileURLWithPath: data)] {
        try? FileManager.default.removeItem(at: url)
      }
    }
    try Data(
      """
      autoload -U compinit && compinit -u -d "$ZDOTDIR/.zcompdump"
      source <(browse --completion zsh)
      PS1='%% '
      cd '\(directory.path)'

      """.utf8
    ).write(to: home.appendingPathComponent(".zshrc"))
    let shell = try PseudoTerminalProcess(
      executable: zsh, ["-i"], environment: ["PATH": Self.path, "ZDOTDIR": home.path],
      columns: 200, rows: 40)
    #expect(
      await shell.waitForOutput(containing: "% ", timeout: 60),
      "no prompt: \(shell.output.debugDescription)")
    // Tab completes the name begun (its first character after 城 typed quoted); the line,
    // run with its words printed one a line, holds that name as it is.
    var mark = shell.mark
    for name in names[0..<4] {
      mark = shell.mark
      shell.type("\u{15}browse --data \(data) -c 城\\\(name.dropFirst().prefix(1))\t")
      #expect(
        await shell.waitForOutput(since: mark, timeout: 30) { $0.contains("touch\\ ") },
        "\(shell.output(since: mark).debugDescription)")
      mark = shell.mark
      shell.type("\u{1}print -rl -- \n")
      #expect(
        await shell.waitForOutput(containing: "\r\n\(name)\r\n", since: mark, timeout: 30),
        "\(shell.output(since: mark).debugDescription)")
    }
    shell.type("\u{15}exit\n")
    #expect(await shell.waitForExit() == 0)
    #expect(Self.marks(in: directory) == [])
  }

  @Test(needs("fish")) func fishOffersNamesFromTheDataAndWholeDescriptions() async throws {
    let fish = try Self.require("fish")
    let given = try F.file(Self.givenData)
    let variable = try F.file(Self.environmentData)
    defer { for file in [given, variable] { try? FileManager.default.removeItem(atPath: file) } }
    let script = """
      browse --completion fish | source
      for line in 'browse -p 广' 'browse -p 广东 -c 深' 'browse --data \(given) -p ' \\
          'browse -d \(given) -p 测试 -c ' 'browse --data=\(given) -p ' 'browse --v' \\
          'browse --variant zh-t'
          complete -C $line | string replace -r '\\t.*' '' | sort | string join ' '
      end
      PROVINCE_BROWSER_DATA=\(variable) complete -C 'browse -p ' | string replace -r '\\t.*' ''
      complete -C 'browse --val'
      """
    let result = try await BrowseProcess.run(
      executable: fish, ["--no-config", "-c", script], environment: ["PATH": Self.path])
    #expect(result.stderr == "")
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "广东省 广西壮族自治区", "深圳市", "样例省 测试省", "乙市 甲市", "样例省 测试省",
        "--validate --variant --version", "zh-tw", "环境省",
        "--validate\tCheck a data file (default: the active data) and list every problem",
      ])
  }

  @Test(needs("zsh")) func zshOffersNamesFromTheDataAndWholeDescriptions() async throws {
    let zsh = try Self.require("zsh")
    try #require(PseudoTerminalProcess.isAvailable)
    let given = try F.file(Self.givenData)
    let variable = try F.file(Self.environmentData)
    let home = F.temporaryPath("zsh-home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer {
      for file in [given, variable] { try? FileManager.default.removeItem(atPath: file) }
      try? FileManager.default.removeItem(at: home)
    }
    try Data(
      """
      autoload -U compinit && compinit -u -d "$ZDOTDIR/.zcompdump"
      source <(browse --completion zsh)
      PS1='%% '

      """.utf8
    ).write(to: home.appendingPathComponent(".zshrc"))
    // An interactive zsh on a terminal, as a user's: Tab runs the real _arguments.
    let shell = try PseudoTerminalProcess(
      executable: zsh, ["-i"],
      environment: [
        "PATH": Self.path, "ZDOTDIR": home.path, "PROVINCE_BROWSER_DATA": variable,
      ], columns: 120, rows: 40)
    #expect(
      await shell.waitForOutput(containing: "% ", timeout: 60),
      "no prompt: \(shell.output.debugDescription)")

    // --data on the line wins over the variable: both of its provinces are listed.
    var mark = shell.mark
    shell.type("browse --data \(given) -p \t")
    #expect(
      await shell.waitForOutput(since: mark, timeout: 30) {
        $0.contains("测试省") && $0.contains("样例省")
      },
      "\(shell.output(since: mark).debugDescription)")
    #expect(!shell.output(since: mark).contains("环境省"))

    // Without it, the variable's one province is completed in place.
    mark = shell.mark
    shell.type("\u{15}browse -p \t")
    #expect(
      await shell.waitForOutput(containing: "环境省", since: mark, timeout: 30),
      "\(shell.output(since: mark).debugDescription)")

    // Cities within the province given, from the --data file.
    mark = shell.mark
    shell.type("\u{15}browse -d \(given) -p 测试省 -c \t")
    #expect(
      await shell.waitForOutput(since: mark, timeout: 30) {
        $0.contains("甲市") && $0.contains("乙市")
      },
      "\(shell.output(since: mark).debugDescription)")

    // Descriptions keep their colons and apostrophes.
    mark = shell.mark
    shell.type("\u{15}browse --v\t")
    #expect(
      await shell.waitForOutput(containing: "(default: the active data)", since: mark, timeout: 30),
      "\(shell.output(since: mark).debugDescription)")
    mark = shell.mark
    shell.type("\u{15}browse --o\t")
    #expect(
      await shell.waitForOutput(containing: "Open the city's page", since: mark, timeout: 30),
      "\(shell.output(since: mark).debugDescription)")

    shell.type("\u{15}exit\n")
    #expect(await shell.waitForExit() == 0)
  }
}
