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
    /// A 200 page whose `X-Name` header is "café" in Latin-1 (one byte 0xE9, not UTF-8).
    package static let latin1Header = "/latin1-header"
    /// A 404 whose reason phrase is "Non trouvé" in Latin-1.
    package static let latin1Reason = "/latin1-reason"
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

  /// The page `latin1Header` serves.
  package static let latin1PageText = "<p>页面正文 with a Latin-1 header</p>"

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
    // Header bytes as a French server's Latin-1 configuration sends them: curl reads them.
    rawRoute(FaultPath.latin1Header) { connection in
      let body = Data(Self.latin1PageText.utf8)
      var head = Data("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n".utf8)
      head.append(Data("X-Name: caf".utf8) + Data([0xE9]) + Data("\r\n".utf8))
      head.append(Data("Content-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8))
      connection.write(head + body)
    }
    rawRoute(FaultPath.latin1Reason) { connection in
      let body = Data("<p>introuvable</p>".utf8)
      var head = Data("HTTP/1.1 404 Non trouv".utf8) + Data([0xE9]) + Data("\r\n".utf8)
      head.append(Data("Content-Type: text/html\r\nContent-Length: \(body.count)\r\n".utf8))
      head.append(Data("Connection: close\r\n\r\n".utf8))
      connection.write(head + body)
    }
    route(FaultPath.followed) { _ in .html("<p>redirect followed to loopback</p>") }
  }

  /// A route answering with a redirect to `location`.
  package func redirectRoute(_ path: String, to location: String) {
    route(path) { _ in .redirect(to: location) }
  }
}
