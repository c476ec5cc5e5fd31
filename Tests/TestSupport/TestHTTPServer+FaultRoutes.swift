import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// Misbehaving and hostile pages for the reliability tests.
extension TestHTTPServer {
  package enum FaultPath {
    package static let stopMidHeaders = "/stop-mid-headers"
    package static let hugeHeaders = "/huge-headers"
    package static let hostilePage = "/hostile"
    static let followed = "/followed"
  }

  /// How long the header of `hugeHeaders` is.
  package static let hugeHeaderBytes = 1_048_576

  /// The page `hostilePage` serves: terminal controls in the title, text, a link, a table,
  /// `pre`, a character reference and the reason phrase and Content-Type header.
  package static let hostileHTML =
    "<html><head><title>标题\(ReliabilityFixtures.hostile)</title></head><body>"
    + "<h1>头\(ReliabilityFixtures.hostile)</h1><p>正文\(ReliabilityFixtures.hostile)尾</p>"
    + "<p>&#27;[31m引用&#x9b;&#x202e;&#8203;</p>"
    + "<pre>pre\(ReliabilityFixtures.hostile)</pre>"
    + "<table><tr><td>格\(ReliabilityFixtures.hostile)</td></tr></table>"
    + "<a href=\"http://x.test/\(ReliabilityFixtures.hostile)\">链接\(ReliabilityFixtures.hostile)</a>"
    + "</body></html>"

  package func addFaultRoutes() {
    rawRoute(FaultPath.stopMidHeaders) { connection in
      connection.write("HTTP/1.1 200 OK\r\nContent-Type: text/ht")
    }
    rawRoute(FaultPath.hugeHeaders) { connection in
      let filler = String(repeating: "x", count: 1000)
      var head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
      var count = 0
      while head.utf8.count < Self.hugeHeaderBytes {
        head += "X-Filler-\(count): \(filler)\r\n"
        count += 1
      }
      connection.write(head + "Content-Length: 9\r\nConnection: close\r\n\r\n<p>ok</p>")
    }
    rawRoute(FaultPath.hostilePage) { connection in
      let body = Data(Self.hostileHTML.utf8)
      connection.write(
        "HTTP/1.1 200 O\u{1B}[31mK\u{9B}\r\nContent-Type: text/html; charset=utf-8; x=\u{1B}[2J\r\n"
          + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
      connection.write(body)
    }
    route(FaultPath.followed) { _ in .html("<p>redirect followed to loopback</p>") }
  }

  /// A route answering with a redirect to `location`.
  package func redirectRoute(_ path: String, to location: String) {
    route(path) { _ in .redirect(to: location) }
  }
}
