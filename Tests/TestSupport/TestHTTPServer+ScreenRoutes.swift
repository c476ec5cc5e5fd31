import Foundation

/// Pages for the full-screen tests: a long page whose first link is a `#fragment` of
/// itself, and a page that never answers (a load to cancel).
extension TestHTTPServer {
  package enum ScreenPath {
    package static let longPage = "/screen/long"
    package static let stall = "/screen/stall"
  }

  /// The heading the long page's `#fragment` link points at, far down the page.
  package static let fragmentHeading = "历史沿革"

  package func addScreenRoutes() {
    route(ScreenPath.longPage) { _ in
      let filler = (1...80).map { "<p>第\($0)段：城市概况。</p>" }.joined()
      return .html(
        "<html><head><title>长页面</title></head><body>"
          + "<p><a href=\"#\(Self.fragmentHeading)\">跳到历史</a></p>" + filler
          + "<h2 id=\"\(Self.fragmentHeading)\">\(Self.fragmentHeading)</h2><p>故事在这里。</p>"
          + "</body></html>")
    }
    // Answers nothing until the client gives up or the server stops.
    rawRoute(ScreenPath.stall) { connection in
      connection.waitUntilClosed()
    }
  }
}
