import Foundation
import TestFixtures
import Testing

@testable import CatalogModel

@Suite struct LoaderLineIndexTests {
  /// The loader's pattern: each city's warning, then its province's warning back at the
  /// province's start. Counting again from the start for each made the load quadratic
  /// (10,000 bad provinces took 26 s, 100,000 would take hours).
  @Test func warningsThatPointBackAreCountedFromTheCursorNotFromTheStart() {
    let provinces = 2_000
    let linesEach = 20
    let text = Array(String(repeating: "abc\n", count: provinces * linesEach).utf8)
    text.withUnsafeBufferPointer { bytes in
      var index = LineIndex(bytes: bytes)
      for p in 0..<provinces {
        let provinceLine = p * linesEach + 1
        let provinceStart = (provinceLine - 1) * 4
        for city in [3, 9, 15] {
          #expect(index.line(at: provinceStart + city * 4 + 1) == provinceLine + city)
        }
        #expect(index.line(at: provinceStart) == provinceLine)
      }
      #expect(index.bytesScanned <= 3 * bytes.count)
    }
  }

  @Test func anOffsetFarBackIsCountedFromTheStart() {
    let text = Array(String(repeating: "x\n", count: 1_000).utf8)
    text.withUnsafeBufferPointer { bytes in
      var index = LineIndex(bytes: bytes)
      #expect(index.line(at: 1_990) == 996)
      #expect(index.line(at: 10) == 6)
      #expect(index.line(at: 0) == 1)
      #expect(index.line(at: 1_000) == 501)
      #expect(index.line(at: 999) == 500)
      #expect(index.line(at: 5_000) == 1_001)
      #expect(index.line(at: -3) == 1)
      #expect(index.bytesScanned <= 1_990 + 10 + 1_000 + 1 + 1_000 + 1)
    }
  }

  @Test func twentyThousandBadProvincesEachWarnOnTheirOwnLines() {
    var xml = LoaderFixtures.header + "<dict>\n"
    let count = 20_000
    for p in 0..<count {
      xml += "<key>P\(p)</key>\n<array>\n<dict><key>name</key><string>c</string>\n"
      xml += "<key>url</key><string>bad</string></dict>\n</array>\n"
    }
    xml += "</dict>\n</plist>\n"
    let result = LoaderFixtures.load(xml)
    #expect(result.diagnostics.count == 2 * count + 1)
    #expect(result.diagnostics.last?.severity == .fatal)
    // Province p starts on line 5 + 5p; its bad url is on line 8 + 5p.
    let last = count - 1
    #expect(result.diagnostics[2 * last].location == .line(8 + 5 * last))
    #expect(result.diagnostics[2 * last + 1].location == .line(5 + 5 * last))
  }
}

@Suite struct LoaderDiagnosticOrderTests {
  /// So a capped printout can show the first warnings, a count of the rest, then the
  /// fatal line.
  @Test func aFatalDiagnosticAlwaysComesLastAfterTheWarnings() {
    let broken = """
      {"P": [{"name": "a", "url": "bad"}, {"name": "b", "url": "https://b.example/"}],
       "Q": [1, 2, 
      """
    let result = LoaderFixtures.load(broken, source: "x.json")
    #expect(result.diagnostics.map(\.severity) == [.warning, .warning, .warning, .fatal])
    #expect(result.catalog == nil)
  }
}
