import FetchModel
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct OptionParserTests {
  func parse(_ arguments: String...) throws -> Options {
    try OptionParser.parse(arguments)
  }

  func error(_ arguments: String...) -> String? {
    do {
      _ = try OptionParser.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func provinceAndCityMakeALookupInEverySpelling() throws {
    for arguments in [
      ["--province", "广东", "--city", "广州"], ["--province=广东", "--city=广州"],
      ["-p", "广东", "-c", "广州"],
    ] {
      let options = try OptionParser.parse(arguments)
      #expect(options.mode == .catalog(.lookup(.init(city: "广州", province: "广东"), .print)))
    }
  }

  @Test func noArgumentsIsAutomatic() throws {
    #expect(try parse().mode == .catalog(.automatic))
  }

  @Test func provinceAloneListsItsCities() throws {
    #expect(try parse("-p", "gd").mode == .catalog(.listProvince("gd")))
  }

  @Test func modesFromTheirFlags() throws {
    #expect(try parse("--all").mode == .catalog(.all))
    #expect(try parse("-s", "zhou").mode == .catalog(.search("zhou", province: nil)))
    #expect(try parse("-s", "zhou", "-p", "gd").mode == .catalog(.search("zhou", province: "gd")))
    #expect(try parse("-i").mode == .catalog(.interactive))
    #expect(try parse("--pick").mode == .catalog(.pick))
    #expect(try parse("--check").mode == .catalog(.check(province: nil)))
    #expect(try parse("--check", "-p", "gd").mode == .catalog(.check(province: "gd")))
    #expect(try parse("-c", "x", "--open").mode == .catalog(.lookup(.init(city: "x"), .open)))
    #expect(
      try parse("--complete", "city", "-p", "gd").mode
        == .catalog(.complete(.cities(province: "gd"))))
    #expect(try parse("--complete", "province").mode == .catalog(.complete(.provinces)))
    #expect(try parse("--help").mode == .help)
    #expect(try parse("-h", "--all").mode == .help)
    #expect(try parse("--version").mode == .version)
    #expect(try parse("--completion", "zsh").mode == .completion(.zsh))
    #expect(try parse("--validate").mode == .validate(file: nil))
    #expect(try parse("--validate", "x.plist").mode == .validate(file: "x.plist"))
  }

  @Test func bundledShortFlagsAreAccepted() throws {
    #expect(try parse("-ah").mode == .help)
    #expect(error("-ia") == "'-i' cannot be used with '-a'")
    #expect(error("-ap", "x") == "'-a' cannot be used with '-p'")
    #expect(error("-pa", "x") == "'-p' takes a value and must come last in '-pa'")
  }

  @Test func doubleDashEndsOptions() {
    #expect(error("--", "--all") == "unexpected argument '--all'")
  }

  @Test func misspeltOptionsGetASuggestion() {
    #expect(error("--provnce", "x") == "unknown option '--provnce' (did you mean '--province'?)")
    #expect(error("--formt", "json") == "unknown option '--formt' (did you mean '--format'?)")
    #expect(error("--zzzzzzzzzz") == "unknown option '--zzzzzzzzzz'")
    #expect(error("-q") == "unknown option '-q'")
    let huge = "--" + String(repeating: "p", count: 200_000)
    #expect(error(huge) == "unknown option '--\(String(repeating: "p", count: 62))…'")
  }

  @Test func missingValuesAreUsageErrors() {
    #expect(error("--province") == "missing value for '--province <name>'")
    #expect(error("-c") == "missing value for '-c <name>'")
    #expect(error("-p", "--all") == "missing value for '-p <name>'")
    #expect(error("-p", "") == "'-p' needs a non-empty value")
  }

  @Test func badValuesAreUsageErrors() {
    #expect(
      error("--format", "xml")
        == "the value 'xml' is invalid for '--format <format>'; expected one of: text, tsv, json, url, geojson"
    )
    #expect(error("--timeout", "0") == "'--timeout' needs a positive number of seconds, not '0'")
    #expect(
      error("--timeout", "1e16") == "'--timeout' can be at most 86400 seconds (a day), not '1e16'")
    #expect(error("--timeout", "1e300")?.hasPrefix("'--timeout' can be at most") == true)
    #expect(error("--timeout", "86400.5")?.hasPrefix("'--timeout' can be at most") == true)
    #expect(error("--timeout", "inf")?.hasPrefix("'--timeout' needs a positive") == true)
    #expect(error("--max-bytes", "1001m") == "'--max-bytes' can be at most 1000M, not '1001m'")
    #expect(
      error("--timeout", "soon") == "'--timeout' needs a positive number of seconds, not 'soon'")
    #expect(error("--max-bytes", "-5") != nil)
    #expect(error("--completion", "tcsh") != nil)
    #expect(error("--all=yes") == "'--all' takes no value")
  }

  @Test("--timeout 0x10 is no number of seconds (Double reads it as a hexadecimal 16)")
  func aHexadecimalTimeoutIsRefused() {
    #expect(
      error("--timeout", "0x10") == "'--timeout' needs a positive number of seconds, not '0x10'")
    #expect(error("--timeout", "0x1p4")?.hasPrefix("'--timeout' needs a positive") == true)
  }

  @Test("--max-bytes -5k says it needs a positive size, not that the value is missing")
  func aNegativeSizeIsRefusedAsSuch() {
    #expect(
      error("--max-bytes", "-5k")
        == "'--max-bytes' needs a positive size such as 500000, 512k or 5M, not '-5k'")
  }

  @Test("An option given twice is refused rather than the second kept silently")
  func anOptionGivenTwiceIsRefused() {
    #expect(error("-p", "A", "-p", "B") == "'-p' was given twice ('A', then 'B'); give it once")
    #expect(error("--province", "A", "-p", "B")?.contains("given twice") == true)
  }

  @Test("A 120 KB value is not echoed back whole in the error")
  func aHugeValueIsNotEchoed() {
    let huge = String(repeating: "x", count: 120_000)
    let shown = String(repeating: "x", count: 64) + "… (120000 characters)"
    #expect(
      error("--timeout", huge) == "'--timeout' needs a positive number of seconds, not '\(shown)'")
  }

  @Test func conflictingOptionsAreUsageErrors() {
    #expect(error("--all", "--city", "x") == "'--all' cannot be used with '--city'")
    #expect(error("-i", "--pick") == "'-i' cannot be used with '--pick'")
    #expect(error("--fetch", "--open", "-c", "x") == "'--open' cannot be used with '--fetch'")
    #expect(error("--validate", "--all") == "'--validate' cannot be used with '--all'")
    #expect(error("--search", "x", "-c", "y") == "'--search' cannot be used with '-c'")
  }

  @Test func fetchAndOpenNeedACity() {
    #expect(error("--fetch") == "'--fetch' needs a city: add '--city <name>'")
    #expect(error("-p", "gd", "--open") == "'--open' needs a city: add '--city <name>'")
  }

  @Test func strayArgumentsAreRejected() {
    #expect(error("广州") == "unexpected argument '广州'")
    #expect(error("--validate", "a", "b") == "unexpected argument 'b'")
  }

  @Test func byteCountsTakeSuffixes() {
    #expect(OptionParser.parseByteCount("5M") == 5_000_000)
    #expect(OptionParser.parseByteCount("512k") == 512_000)
    #expect(OptionParser.parseByteCount("100") == 100)
    #expect(OptionParser.parseByteCount("0") == nil)
    #expect(OptionParser.parseByteCount("99999999999999999999M") == nil)
  }

  @Test func thePageWidthIsTheOptionThenTheTerminalThenCOLUMNSThen80() throws {
    #expect(try parse("--width", "50").pageWidth(terminalColumns: 120, columnsVariable: "90") == 50)
    #expect(try parse().pageWidth(terminalColumns: 120, columnsVariable: "90") == 120)
    #expect(try parse().pageWidth(terminalColumns: nil, columnsVariable: "90") == 90)
    #expect(try parse().pageWidth(terminalColumns: nil, columnsVariable: "junk") == 80)
    #expect(try parse().pageWidth(terminalColumns: nil, columnsVariable: nil) == 80)
  }

  @Test func theCacheOptionsChooseThePolicy() throws {
    #expect(try parse().cachePolicy == .normal)
    #expect(try parse("--no-cache").cachePolicy == .bypass)
    #expect(try parse("--offline").cachePolicy == .offline)
  }

  @Test func onlyAJobThatFetchesAtOnceMakesTheTransportReadyEarly() throws {
    #expect(try parse("-c", "广州", "--fetch").fetchesAtOnce)
    #expect(try parse("-c", "广州", "--fetch", "--no-cache").fetchesAtOnce)
    #expect(try parse("--check").fetchesAtOnce)
    #expect(try !parse("-c", "广州", "--fetch", "--offline").fetchesAtOnce)
    #expect(try !parse("-c", "广州").fetchesAtOnce)
    #expect(try !parse("-c", "广州", "--open").fetchesAtOnce)
    #expect(try !parse("-i").fetchesAtOnce)
    #expect(try !parse("--version").fetchesAtOnce)
  }

  @Test func valuesAndFlagsAreCarried() throws {
    let options = try parse(
      "-c", "x", "--fetch", "--timeout", "2.5", "--max-bytes", "1M", "--no-color", "-d", "f")
    #expect(options.mode == .catalog(.lookup(.init(city: "x"), .fetch)))
    #expect(options.timeout == 2.5)
    #expect(options.maxBytes == 1_000_000)
    #expect(options.noColor)
    #expect(options.dataPath == "f")
  }

  @Test func widthAndFullPageShapeAFetchedPage() throws {
    let options = try parse("-c", "x", "--fetch", "--width", "120", "--full-page")
    #expect(options.width == 120)
    #expect(options.fullPage)
    let defaults = try parse("-c", "x", "--fetch")
    #expect(defaults.width == nil)
    #expect(!defaults.fullPage)
    #expect(try parse("-c", "x", "--fetch", "--width=60").width == 60)
    #expect(
      error("--width", "wide") == "'--width' needs a whole number from 10 to 1000, not 'wide'")
    #expect(error("--width", "5") == "'--width' needs a whole number from 10 to 1000, not '5'")
  }

  @Test func helpMentionsEveryVisibleOptionAndTheExitCodes() {
    let help = HelpText.help
    for spec in OptionSpec.all where !spec.hidden {
      #expect(help.contains("--\(spec.long)"))
    }
    for code in ["64", "65", "66", "69", "130"] {
      #expect(help.contains("  \(code) "))
    }
  }

  @Test("a usage error never carries a control from what was typed to the terminal")
  func usageErrorsAreSanitised() {
    for arguments in [
      ["--at", "1\u{1B}[2J,2"], ["--near", "\u{1B}]0;x\u{07}"], ["--variant", "zh\u{202E}"],
      ["--bogus\u{1B}[31m"], ["--completion", "sh\u{9B}1m"],
    ] {
      do {
        _ = try OptionParser.parse(arguments)
        Issue.record("accepted \(arguments)")
      } catch {
        let bad = error.description.unicodeScalars.filter {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
        }
        #expect(bad.isEmpty, "\(arguments)")
      }
    }
  }

  @Test("--version reads --format as every mode does: json for scripts, a bad one refused")
  func versionTakesOnlyAKnownFormat() throws {
    #expect(try OptionParser.parse(["--version", "--format", "json"]).format == .json)
    #expect(throws: UsageError.self) { try OptionParser.parse(["--version", "--format", "xml"]) }
  }
}
