import GeoModel
import Testing

@testable import ProvinceCore

/// `--datum`: which datum `--at`'s and `--near`'s points are typed in.
@Suite struct DatumOptionTests {
  func error(_ arguments: String...) -> String? {
    do {
      _ = try OptionParser.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("WGS-84 unless said; gcj02 and bd09 (any case, a hyphen allowed) with --at and --near")
  func values() throws {
    #expect(try OptionParser.parse(["--at", "31,121"]).datum == .wgs84)
    #expect(try OptionParser.parse(["--at", "31,121", "--datum", "gcj02"]).datum == .gcj02)
    #expect(try OptionParser.parse(["--near", "31,121", "--datum", "BD-09"]).datum == .bd09)
    #expect(try OptionParser.parse(["--at", "-", "--datum=wgs84"]).datum == .wgs84)
  }

  @Test("an unknown datum, or one without a point, is a usage error that says what is taken")
  func refused() {
    #expect(
      error("--at", "31,121", "--datum", "osgb")
        == "the value 'osgb' is invalid for '--datum <datum>'; expected one of: wgs84, gcj02, bd09")
    #expect(error("-p", "江苏", "--datum", "gcj02") == "'--datum' goes with '--at' or '--near'")
  }

  @Test("the option table has it, so help, the man page and completions offer it")
  func inTheTable() throws {
    let spec = try #require(OptionSpec.all.first { $0.long == "datum" })
    #expect(spec.value == "datum" && !spec.hidden)
    #expect(HelpText.help.contains("--datum <datum>"))
    #expect(ManPage.page.contains("datum"))
  }
}
