import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TLS server on 127.0.0.1 for the https fault tests: `openssl s_server` with a
/// self-signed certificate made for `commonName` when the server starts (nothing is kept).
package final class TestTLSServer: @unchecked Sendable {
  /// Where openssl is; the TLS tests run only when it is there.
  package static let openssl = "/usr/bin/openssl"
  package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: openssl) }

  /// Why the server could not be started.
  package struct Failure: Error {
    package var reason: String
  }

  package let port: UInt16
  private let process: ChildProcess
  private let directory: URL
  private let scratch: Scratch

  /// Starts serving a small page over TLS with a fresh certificate for `commonName`.
  package init(commonName: String) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let key = directory.appendingPathComponent("key.pem").path
    let certificate = directory.appendingPathComponent("cert.pem").path
    try Self.run([
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=\(commonName)",
    ])
    port = TestHTTPServer.freePort()
    scratch = try Scratch()
    let null = try scratch.open("null", writing: true)
    defer { close(null) }
    process = try ChildProcess(
      executable: Self.openssl,
      arguments: [
        "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www",
        "-quiet",
      ],
      environment: ChildEnvironment.make(scratch: scratch), stdin: null, stdout: null,
      stderr: null)
    guard Self.waitUntilListening(port) else {
      stop()
      throw Failure(reason: "openssl s_server did not start listening")
    }
  }

  /// The https URL of `path` on this server.
  package func url(_ path: String) -> URL {
    URL(string: "https://127.0.0.1:\(port)\(path)")!
  }

  package func stop() {
    process.kill()
    try? FileManager.default.removeItem(at: directory)
  }

  // Foundation's Process is not used: the harness reaps its children itself.
  private static func run(_ arguments: [String]) throws {
    let scratch = try Scratch()
    let null = try scratch.open("null", writing: true)
    defer { close(null) }
    let child = try ChildProcess(
      executable: openssl, arguments: arguments,
      environment: ChildEnvironment.make(scratch: scratch), stdin: null, stdout: null,
      stderr: null)
    guard child.exitStatus(waiting: 30) == 0 else {
      child.kill()
      throw Failure(reason: "openssl \(arguments.first ?? "") failed")
    }
  }

  private static func waitUntilListening(_ port: UInt16) -> Bool {
    for _ in 0..<100 {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(fd)
      if connected { return true }
      usleep(50_000)
    }
    return false
  }
}
