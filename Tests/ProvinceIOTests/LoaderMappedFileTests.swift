import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// A large file is mapped, and the loader hands back pages it has read; what it loads
/// and the lines its diagnostics name must not change.
@Suite struct LoaderMappedFileTests {
  /// About 9 MB: 40 provinces of 1,000 cities, with a bad city early and one late.
  func largePlist() -> String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
    for p in 0..<40 {
      text += "\t<key>省\(p)</key>\n\t<array>\n"
      for c in 0..<1000 {
        let url =
          (p == 1 && c == 5) || (p == 38 && c == 900) ? "ftp://bad" : "https://x.test/\(p)/\(c)"
        text += "\t\t<dict>\n\t\t\t<key>name</key>\n\t\t\t<string>城\(c)</string>\n"
        text += "\t\t\t<key>url</key>\n\t\t\t<string>\(url)</string>\n"
        text +=
          "\t\t\t<key>note</key>\n\t\t\t<string>\(String(repeating: "填", count: 60))</string>\n\t\t</dict>\n"
      }
      text += "\t</array>\n"
    }
    return text + "</dict>\n</plist>\n"
  }

  @Test func aMappedFileLoadsTheSameAsItsBytes() throws {
    let text = largePlist()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mapped-\(UUID().uuidString).plist")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let contents = try DataFile.contents(of: file.path)
    #expect(contents.isFileMapping)
    #expect(contents.data.count > 8 << 20)
    var reported: [Int] = []
    let mapped = CatalogLoader.load(contents.data, source: "f") { offset in
      reported.append(offset)
      contents.releasePages(before: offset)
    }
    // The reader tells the mapping's owner of its progress every 4 MB, in order.
    #expect(reported.count >= 2)
    #expect(reported == reported.sorted())
    #expect(reported.allSatisfy { $0 <= contents.data.count })
    let copied = CatalogLoader.load(Data(text.utf8), source: "f")
    #expect(mapped.catalog == copied.catalog)
    #expect(mapped.diagnostics == copied.diagnostics)
    #expect(mapped.catalog?.provinces.count == 40)
    #expect(mapped.catalog?.provinces[38].cities.count == 999)
    // Lines counted by hand: 3 header lines; a province is its key, <array>, 1,000 cities
    // of 8 lines and </array>; the bad url's <string> is the 5th line of its city.
    let late = 3 + 38 * 8003 + 2 + 900 * 8 + 5
    #expect(mapped.diagnostics.map(\.location).contains(.line(late)))
  }

  @Test func smallFilesAndStandardInputAreReadNotMapped() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "small-\(UUID().uuidString).plist")
    try Data("<plist><dict/></plist>".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try DataFile.contents(of: file.path).isFileMapping == false)
  }
}

/// The data file's size bound, on a FIFO (no size to check first) and at the boundary.
@Suite struct DataFileBoundTests {
  @Test func aFIFOIsReadUpToTheBoundAndRefusedPastIt() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "data-fifo-\(UUID().uuidString)"
    ).path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let writer = Thread {
      let fd = open(path, O_WRONLY)
      let bytes = [UInt8](repeating: 0x20, count: 5000)
      _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    writer.start()
    do {
      let contents = try DataFile.contents(of: path, limit: 4096)
      Issue.record("read \(contents.data.count) bytes past the bound")
    } catch {
      #expect(error.isTooLarge)
    }
  }

  @Test func aFileOfExactlyTheBoundIsRead() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "data-bound-\(UUID().uuidString)"
    ).path
    #expect(
      FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: 4096)))
    defer { unlink(path) }
    #expect(try DataFile.contents(of: path, limit: 4096).data.count == 4096)
    do {
      _ = try DataFile.contents(of: path, limit: 4095)
      Issue.record("a file one byte over the bound was read")
    } catch {
      #expect(error.isTooLarge)
    }
  }
}
