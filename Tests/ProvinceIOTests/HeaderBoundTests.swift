import FetchModel
import Foundation
import PageReader
import TestSupport
import Testing

@testable import ProvinceIO

/// The header block is bounded where it arrives (CurlLoader's header watch): a flood of
/// header lines, of header bytes, of chunked trailers or one giant line is refused in one
/// line, and the session goes on serving other fetches at once.
@Suite(.timeLimit(.minutes(3))) struct HeaderBoundTests {
  private func fetch(_ url: URL) async -> Result<FetchedPage, FetchError> {
    do {
      return .success(try await PageFetcher(limits: .init(timeout: 60)).fetch(url))
    } catch {
      return .failure(error)
    }
  }

  private func failure(_ result: Result<FetchedPage, FetchError>) -> FetchError? {
    if case .failure(let error) = result { return error }
    return nil
  }

  /// A response head with `lines` header lines of `value`, then a short body.
  private static func flood(lines: Int, value: String = "v") -> String {
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 9\r\n"
    head.reserveCapacity(lines * (value.utf8.count + 5))
    for _ in 0..<lines { head += "A: \(value)\r\n" }
    return head + "Connection: close\r\n\r\n<p>ok</p>"
  }

  @Test("5,000 header lines are refused as too many, and a healthy page loads right after")
  func aFloodOfHeaderLinesIsRefused() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let flood = Self.flood(lines: 5_000)
    server.rawRoute("/flood") { $0.write(flood) }
    server.route("/ok") { _ in .html("<p>healthy</p>") }
    for _ in 0..<2 {
      #expect(failure(await fetch(server.url("/flood"))) == .headersTooLarge)
      let page = try await fetch(server.url("/ok")).get()
      #expect(page.text() == "<p>healthy</p>")
    }
  }

  @Test("300 header lines of 1 KB each (300 KB) are refused as too large")
  func tooManyHeaderBytesAreRefused() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let flood = Self.flood(lines: 300, value: String(repeating: "x", count: 1_000))
    server.rawRoute("/wide") { $0.write(flood) }
    #expect(failure(await fetch(server.url("/wide"))) == .headersTooLarge)
  }

  @Test("A page with 900 short header lines is still read: the bound is not hit early")
  func aLongButSaneHeaderBlockIsRead() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let head = Self.flood(lines: 900)
    server.rawRoute("/many") { $0.write(head) }
    let page = try await fetch(server.url("/many")).get()
    #expect(page.text() == "<p>ok</p>")
  }

  @Test("5,000 chunked trailer lines are refused like header lines")
  func aFloodOfTrailersIsRefused() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    var trailer = ""
    for index in 0..<5_000 { trailer += "T\(index): v\r\n" }
    let answer =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "9\r\n<p>ok</p>\r\n0\r\n" + trailer + "\r\n"
    server.rawRoute("/trailers") { $0.write(answer) }
    #expect(failure(await fetch(server.url("/trailers"))) == .headersTooLarge)
  }

  @Test("One 200 KB header line is refused as too large, not reported as out of memory")
  func oneGiantHeaderLineIsRefused() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let line = String(repeating: "y", count: 200_000)
    let answer =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Big: \(line)\r\n"
      + "Content-Length: 9\r\n\r\n<p>ok</p>"
    server.rawRoute("/giant") { $0.write(answer) }
    let error = failure(await fetch(server.url("/giant")))
    #expect(error == .headersTooLarge)
    #expect(error?.message.contains("256 KB") == true)
  }
}
