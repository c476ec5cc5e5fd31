import Foundation
import TestSupport
import Testing

/// The kind of binary users install (`swift build -c release --static-swift-stdlib`, as the
/// README and Scripts/install build it): the Swift runtime and Foundation linked in, and
/// libcurl loaded by CurlLoader on the first fetch. The other tests run the debug build,
/// which loads libcurl at start-up through the shared Foundation, so only these go through
/// the lazy path. .ci/run builds the release binary before the tests; elsewhere they run
/// once it is built, and CI=true fails them when it is not.
@Suite(.enabled(if: ReleaseBinary.shouldRun, "no release build (.build/release/browse)"))
struct InstalledBinaryTests {
  typealias F = ReliabilityFixtures

  static var binary: URL { ReleaseBinary.path }

  /// `browse arguments…` run with the release binary, shut off as every child is.
  func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> BrowseProcess.Result
  {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.binary.path),
      "build it: swift build -c release --static-swift-stdlib")
    return try await BrowseProcess.run(
      executable: Self.binary.path, arguments, environment: environment)
  }

  /// A data file of one city whose page is `url`.
  func data(_ url: String) throws -> String {
    try F.file(F.plist(province: "测试省", cities: [("甲市", url)]))
  }

  @Test("the release binary needs neither the Swift runtime's libraries nor libcurl to start")
  func theReleaseBinaryIsTheInstalledKind() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path))
    let elf = try await BrowseProcess.run(
      executable: "/usr/bin/env", ["readelf", "--dynamic", Self.binary.path])
    try #require(elf.status == 0, "readelf: \(elf.stderr)")
    let needed = elf.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    #expect(!needed.isEmpty, "no NEEDED entries read")
    for library in ["libswiftCore", "libFoundation", "libcurl"] {
      #expect(
        !needed.contains { $0.contains(library) },
        "\(library) is loaded at start-up: not built with --static-swift-stdlib?")
    }
  }

  @Test("the release binary fetches a page, loading libcurl only then")
  func theReleaseBinaryFetchesAPage() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let data = try data(server.baseURL + TestHTTPServer.Path.utf8)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await run(["--data", data, "-c", "甲市", "--fetch", "--no-cache"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Guangzhou, 广东省"))
    #expect(server.requests.count == 1)
  }

  @Test("the release binary fetches through a proxy named in the environment")
  func theReleaseBinaryUsesAProxy() async throws {
    let proxy = try TestHTTPServer.started()
    defer { proxy.stop() }
    // Nothing listens on the page's own address: only the proxy can answer for it.
    let port = TestHTTPServer.unusedPort()
    let target = try #require(URL(string: "http://127.0.0.2:\(port)/via"))
    proxy.addProxyRoutes(target: target, authority: "127.0.0.2:\(port)")
    let data = try data(target.absoluteString)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await run(
      ["--data", data, "-c", "甲市", "--fetch", "--no-cache"],
      environment: ["http_proxy": proxy.baseURL])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("through the proxy 代理"))
    #expect(proxy.requests.first?.target == target.absoluteString)
  }

  /// The fault CurlLoader's header watch works around (swift-corelibs-foundation#5285): a
  /// server that hangs up inside the headers. Through the lazily loaded libcurl, as through
  /// the shared one, it is a lost connection: one line and exit 69, no trap.
  @Test(
    "the release binary reports a server that hangs up mid-headers as one line and exit 69",
    .bug("https://github.com/swiftlang/swift-corelibs-foundation/issues/5285"))
  func theReleaseBinaryReportsAFailure() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    server.addFaultRoutes()
    let data = try data(server.baseURL + TestHTTPServer.FaultPath.stopMidHeaders)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await run(
      ["--data", data, "-c", "甲市", "--fetch", "--no-cache"],
      environment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("browse: "))
    #expect(result.stderr.contains("connection was lost"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!F.looksLikeACrash(result.stderr))
  }
}

/// Where the release build puts `browse`, and whether its tests run.
private enum ReleaseBinary {
  static let path: URL = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/release/browse")
  }()

  static var shouldRun: Bool {
    FileManager.default.isExecutableFile(atPath: path.path)
      || ProcessInfo.processInfo.environment["CI"] == "true"
  }
}
