import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// The fixed set of pages, good and bad, that fetch tests (and later the link checker and
/// end-to-end tests) run against. Chinese test bytes are written out by hand.
extension TestHTTPServer {
  /// A started server with every standard route.
  package static func withStandardRoutes() throws -> TestHTTPServer {
    let server = try TestHTTPServer.started()
    server.addStandardRoutes()
    return server
  }

  package enum Bytes {
    /// 你好 广州市 in GBK.
    static let gbkGreeting: [UInt8] = [
      0xC4, 0xE3, 0xBA, 0xC3, 0x20, 0xB9, 0xE3, 0xD6, 0xDD, 0xCA, 0xD0,
    ]
    /// 你好 臺北市 in Big5.
    static let big5Greeting: [UInt8] = [
      0xA7, 0x41, 0xA6, 0x6E, 0x20, 0xBB, 0x4F, 0xA5, 0x5F, 0xA5, 0xAB,
    ]
    /// A 1×1 PNG: signature, IHDR, IDAT, IEND.
    package static let png: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
      0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
      0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00,
      0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
      0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
  }

  /// `<p>压缩 gzip ok</p>` (UTF-8), gzip-compressed with mtime 0.
  package static let gzippedPage: [UInt8] = [
    0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xB3, 0x29, 0xB0, 0x7B, 0xDA,
    0xD7, 0xFD, 0x7C, 0xCF, 0x4A, 0x85, 0xF4, 0xAA, 0xCC, 0x02, 0x85, 0xFC, 0x6C, 0x1B, 0xFD,
    0x02, 0x3B, 0x00, 0x5B, 0xAA, 0x8D, 0xF6, 0x15, 0x00, 0x00, 0x00,
  ]

  /// Paths of the standard routes.
  package enum Path {
    package static let utf8 = "/utf8"
    package static let gbkMeta = "/gbk-meta"
    package static let big5 = "/big5"
    package static let redirectChain = "/hop/1"
    package static let redirectLoop = "/loop"
    package static let redirectToFile = "/to-file"
    package static let notFound = "/missing"
    package static let serverError = "/error"
    package static let unavailable = "/unavailable"
    package static let drip = "/drip"
    package static let dripForever = "/drip-forever"
    package static let silent = "/silent"
    package static let hangUp = "/hang-up"
    package static let endless = "/endless"
    package static let reset = "/reset"
    package static let png = "/pixel.png"
    package static let empty = "/empty"
    package static let gzip = "/gzip"
  }

  /// The slow route's body: `dripPieces` pieces of `dripPieceSize` bytes, 0.2 s apart.
  package static let dripPieces = 10
  package static let dripPieceSize = 100
  /// The reset route promises this many bytes and sends `resetSentBytes` before the reset.
  package static let resetDeclaredBytes = 10_000
  package static let resetSentBytes = 2_000

  package func addStandardRoutes() {
    route(Path.utf8) { _ in
      .html(
        "<!DOCTYPE html><html><head><title>广州市</title></head>"
          + "<body><h1>广州市</h1><p>Guangzhou, 广东省</p></body></html>")
    }
    route(Path.gbkMeta) { _ in
      let page =
        Array("<html><head><meta charset=\"gbk\"><title>t</title></head><body><p>".utf8)
        + Bytes.gbkGreeting + Array("</p></body></html>".utf8)
      return .bytes(page, contentType: "text/html")
    }
    route(Path.big5) { _ in
      let page =
        Array(
          "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=big5\">"
            .utf8) + Array("</head><body><p>".utf8) + Bytes.big5Greeting
        + Array("</p></body></html>".utf8)
      return .bytes(page, contentType: "text/html")
    }
    // Three hops: relative, absolute path, absolute URL; then the UTF-8 page.
    route("/hop/1") { _ in .redirect(to: "2", status: 301) }
    route("/hop/2") { _ in .redirect(to: "/hop/3", status: 302) }
    let base = baseURL
    route("/hop/3") { _ in .redirect(to: base + Path.utf8, status: 307) }
    route(Path.redirectLoop) { _ in .redirect(to: Path.redirectLoop) }
    route(Path.redirectToFile) { _ in .redirect(to: "file:///etc/passwd") }
    route(Path.notFound) { _ in .html("<h1>Nothing here</h1>", status: 404) }
    route(Path.serverError) { _ in .html("<h1>Something broke</h1>", status: 500) }
    route(Path.unavailable) { _ in
      var response = Response.html("<h1>Come back later</h1>", status: 503)
      response.headers.append(("Retry-After", "120"))
      return response
    }
    rawRoute(Path.drip) { connection in
      let total = Self.dripPieces * Self.dripPieceSize
      guard
        connection.writeHead(
          status: 200,
          headers: [
            ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", "\(total)"),
            ("Connection", "close"),
          ])
      else { return }
      let piece = String(repeating: "x", count: Self.dripPieceSize)
      for _ in 0..<Self.dripPieces {
        guard connection.write(piece), connection.pause(0.2) else { return }
      }
    }
    rawRoute(Path.dripForever) { connection in
      guard
        connection.writeHead(
          status: 200, headers: [("Content-Type", "text/plain"), ("Connection", "close")])
      else { return }
      for _ in 0..<600 {
        guard connection.write("x"), connection.pause(0.1) else { return }
      }
    }
    rawRoute(Path.silent) { connection in
      connection.waitUntilClosed()
    }
    rawRoute(Path.hangUp) { _ in }
    rawRoute(Path.endless) { connection in
      guard
        connection.writeHead(
          status: 200, headers: [("Content-Type", "text/html"), ("Connection", "close")])
      else { return }
      let chunk = Data(repeating: UInt8(ascii: "a"), count: 16_384)
      // Bounded so a client that never stops cannot keep a thread busy for ever.
      for _ in 0..<10_000 {
        guard connection.write(chunk) else { return }
      }
    }
    rawRoute(Path.reset) { connection in
      guard
        connection.writeHead(
          status: 200,
          headers: [
            ("Content-Type", "text/html"), ("Content-Length", "\(Self.resetDeclaredBytes)"),
            ("Connection", "close"),
          ]),
        connection.write(Data(repeating: UInt8(ascii: "r"), count: Self.resetSentBytes)),
        connection.pause(0.1)
      else { return }
      connection.resetOnClose()
    }
    route(Path.png) { _ in .bytes(Bytes.png, contentType: "image/png") }
    route(Path.gzip) { _ in
      var response = Response.bytes(Self.gzippedPage, contentType: "text/html; charset=utf-8")
      response.headers.append(("Content-Encoding", "gzip"))
      return response
    }
    route(Path.empty) { _ in .bytes([], contentType: "text/html") }
  }
}
