import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The test server itself: what it sends on the wire, what it records, and that it stops.
@Suite struct FetchTestServerTests {
  /// Sends `request` over a plain socket and returns everything the server sent back.
  private func exchange(port: UInt16, _ request: String) -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return "" }
    let bytes = Array(request.utf8)
    guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { return "" }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      reply.append(contentsOf: buffer[..<count])
    }
    return String(decoding: reply, as: UTF8.self)
  }

  @Test func aRouteAnswersWithStatusLengthAndBody() throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route("/hello") { request in .html("hi \(request.path)") }
    let reply = exchange(port: server.port, "GET /hello?x=1 HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(reply.contains("\r\nContent-Length: 9\r\n"))
    #expect(reply.contains("\r\nConnection: close\r\n"))
    #expect(reply.hasSuffix("\r\n\r\nhi /hello"))
  }

  @Test func headGetsTheHeadersWithoutTheBody() throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let reply = exchange(port: server.port, "HEAD /utf8 HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(reply.contains("Content-Type: text/html; charset=utf-8"))
    #expect(reply.hasSuffix("\r\n\r\n"))
    #expect(server.requests.map(\.method) == ["HEAD"])
  }

  @Test func requestsAreRecordedWithMethodPathHeadersAndBody() throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    _ = exchange(
      port: server.port,
      "POST /form?a=b HTTP/1.1\r\nHost: t\r\nIf-None-Match: \"v1\"\r\nContent-Length: 3\r\n\r\nabc")
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.target == "/form?a=b")
    #expect(request.path == "/form")
    #expect(request.header("if-none-match") == "\"v1\"")
    #expect(request.body == Data("abc".utf8))
  }

  @Test func anUnknownPathIsNotFound() throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let reply = exchange(port: server.port, "GET /nothing HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(reply.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
  }

  @Test func stoppingBreaksAHangingConnectionAndReturns() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let url = server.url(TestHTTPServer.Path.silent)
    // A timeout far beyond the wait below: in a busy test run this task can be resumed
    // seconds late, and a timeout first would hide what stopping does.
    let fetch = Task { () -> FetchError? in
      do throws(FetchError) {
        _ = try await PageFetcher(limits: .init(timeout: 60)).fetch(url)
        return nil
      } catch {
        return error
      }
    }
    // Generous: under load the task may start many seconds late.
    let requested = await Deadline.poll(90) { !server.requests.isEmpty }
    #expect(requested, "the fetch never reached the server")
    server.stop()
    // The server hung up without a response, which is not a timeout.
    let result = await fetch.value
    #expect(result == .connectionLost)
  }

  @Test func anUnusedPortRefusesConnections() {
    let port = TestHTTPServer.unusedPort()
    #expect(exchange(port: port, "GET / HTTP/1.1\r\n\r\n") == "")
  }
}
