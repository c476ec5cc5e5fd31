import Foundation
import TestSupport
import Testing

/// A long page (200 kB and more) on a pseudo-terminal: a resize answers at once and the
/// page laid out for the new width, off the UI thread, follows; keys go on meanwhile.
@Suite(.serialized, .timeLimit(.minutes(2))) struct FullScreenLongPageTests {
  static let path = "/screen/very-long"

  /// 2,400 paragraphs of about 110 bytes: past `Navigator.backgroundLayoutBytes`.
  static let page: String = {
    let text = "这一段文字足够长，在窄的窗口里要折成好几行，在宽的窗口里少一些。"
    let body = (1...2400).map { "<p>第\($0)段：\(text)</p>" }.joined()
    return "<html><head><title>很长的页面</title></head><body>" + body + "</body></html>"
  }()

  /// The page's line count in the status bar (`1–28 / 7215`), or nil.
  func total(_ session: PTYSession) -> Int? {
    guard let status = session.screen.lines.last, let slash = status.lastIndex(of: "/") else {
      return nil
    }
    return Int(status[status.index(after: slash)...].trimmingCharacters(in: .whitespaces))
  }

  @Test func aResizeOnALongPageShowsItLaidOutForTheNewWidth() async throws {
    try #require(PTYSession.isAvailable)
    #expect(Self.page.utf8.count > 200_000)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route(Self.path) { _ in .html(Self.page) }
    let plist =
      "<plist><dict><key>广东省</key><array><dict><key>name</key><string>广州市</string>"
      + "<key>url</key><string>\(server.baseURL)\(Self.path)</string></dict></array>"
      + "</dict></plist>"
    let session = try PTYSession(
      ["--data", try ReliabilityFixtures.file(plist), "--no-cache"], columns: 100, rows: 20)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "广州市"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "第1段", timeout: 60))
    let wide = try #require(total(session))
    session.type("   ")
    session.resize(columns: 40, rows: 20)
    // Laid out again for 40 columns: more lines, each within the width.
    #expect(await session.waitUntil(timeout: 60) { (self.total($0) ?? wide) > wide })
    #expect(session.screen.text.contains("段："))
    // Keys still answer on the page laid out again; Esc unwinds to the top and leaves.
    session.type("\u{1B}\u{1B}\u{1B}")
    #expect(await session.waitForExit() == 0)
  }
}
