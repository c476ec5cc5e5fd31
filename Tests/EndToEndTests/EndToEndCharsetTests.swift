import Foundation
import TestSupport
import Testing

/// Charsets as a user meets them: `--fetch` and the facts of the line-mode detail screen,
/// against pages served without a charset in their Content-Type.
@Suite(.timeLimit(.minutes(3))) struct EndToEndCharsetTests {
  /// 你好 广州市 in GBK, written out by hand.
  static let gbk: [UInt8] = [0xC4, 0xE3, 0xBA, 0xC3, 0x20, 0xB9, 0xE3, 0xD6, 0xDD, 0xCA, 0xD0]

  func page(meta: String, body: [UInt8]) -> [UInt8] {
    Array("<html><head><meta charset=\"\(meta)\"><title>页</title></head><body><p>".utf8) + body
      + Array("</p></body></html>".utf8)
  }

  func withPage(
    _ bytes: [UInt8], contentType: String = "text/html",
    _ body: (_ data: String) async throws -> Void
  ) async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route("/page") { _ in .bytes(bytes, contentType: contentType) }
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>甲市</string>"
      + "<key>url</key><string>\(server.baseURL)/page</string></dict></array></dict></plist>"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-charset-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    try await body(url.path)
  }

  @Test func aUTF8PageThatStillDeclaresGB2312IsReadAsUTF8() async throws {
    let text = "DeepMind新电脑已可利用记忆自学"
    try await withPage(page(meta: "gb2312", body: Array(text.utf8))) { data in
      let fetched = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(fetched.status == 0)
      #expect(fetched.stdout.contains(text))
      #expect(!fetched.stdout.contains("鏂"))
      let session = try await BrowseProcess.run(["-i", "--data", data], input: "1\n1\nq\n")
      #expect(session.stdout.contains("text/html · utf-8 (the page says gb18030) ·"))
    }
  }

  @Test func realGBKBytesStillDecodeAndTheFactsSaySo() async throws {
    try await withPage(page(meta: "gbk", body: Self.gbk)) { data in
      let fetched = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(fetched.stdout.contains("你好 广州市"))
      let session = try await BrowseProcess.run(["-i", "--data", data], input: "1\n1\nq\n")
      #expect(session.stdout.contains("  Status   200 OK · text/html · gb18030 ·"))
    }
  }

  @Test func aHeaderCharsetWinsOverTheBytes() async throws {
    let bytes = page(meta: "utf-8", body: Self.gbk)
    try await withPage(bytes, contentType: "text/html; charset=GBK") { data in
      let fetched = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(fetched.stdout.contains("你好 广州市"))
    }
  }

  @Test func utf7InTheHeaderMakesNoMarkupOfThePage() async throws {
    let bytes = Array("<p>before +ADw-script+AD4- hidden +ADw-/script+AD4- after</p>".utf8)
    try await withPage(bytes, contentType: "text/html; charset=utf-7") { data in
      let fetched = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(fetched.status == 0)
      #expect(fetched.stdout.contains("hidden"))
      #expect(fetched.stdout.contains("after"))
    }
  }
}
