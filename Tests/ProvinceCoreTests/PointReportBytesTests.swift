import BuiltInCatalog
import Testing

@testable import ProvinceCore

/// `--at -`'s byte path says what the String path says, byte for byte, in every format.
@Suite("--at - answers from bytes")
struct PointReportBytesTests {
  static let inputs = [
    "31.38,120.98", " 31.38 , 120.98\r", "\t39.9042,116.4074", "31.38,120.98,1", "abc",
    "", "20.0,125.0", "3.138e1,1.2098e2", "31.,121.", "91,0", "31.2304,121.4737",
    "29.5630,106.5516", "天津,1", "22.3193,114.1694", "-0,0", "31.38,\u{1B}[31m",
  ]

  func bytes(_ report: inout PointReport, _ line: String) -> (String, PointReport.Outcome) {
    var output: [UInt8] = []
    var line = line
    let outcome = line.withUTF8 { report.append(line: $0, to: &output) }
    return (String(decoding: output, as: UTF8.self), outcome)
  }

  @Test("a point in 昆山市 is named with its province, city and code in TSV")
  func kunshan() throws {
    var report = try PointReport.make(catalog: BuiltInCatalog.catalog, format: .tsv).get()
    let (text, outcome) = bytes(&report, "31.38,120.98")
    #expect(outcome == .placed)
    #expect(text.hasPrefix("31.38,120.98\t江苏省\t苏州市\t昆山市\t320583\t") && text.hasSuffix("\n"))
  }

  @Test("every format, every kind of line: the same bytes and outcome as line(for:)")
  func samePaths() throws {
    for format in [OutputFormat.text, .tsv, .url, .json, .geojson] {
      var viaBytes = try PointReport.make(catalog: BuiltInCatalog.catalog, format: format).get()
      var viaString = try PointReport.make(catalog: BuiltInCatalog.catalog, format: format).get()
      // Twice, as the second answer in a leaf comes from the cache.
      for input in Self.inputs + Self.inputs {
        let expected = viaString.line(for: input)
        let got = bytes(&viaBytes, input)
        #expect(got.0 == expected.text && got.1 == expected.outcome, "\(format) \(input)")
      }
    }
  }
}
