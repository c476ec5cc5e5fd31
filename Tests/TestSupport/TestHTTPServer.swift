import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that fetch over
/// the network stack. A thread per connection; every connection is closed after one
/// response. `stop()` refuses new connections and breaks open ones at once; the server's own
/// thread then waits for its threads and closes its descriptors.
///
///     let server = try TestHTTPServer.started()
///     defer { server.stop() }
///     server.route("/hello") { _ in .html("<p>hi</p>") }
///     let url = server.url("/hello")
package final class TestHTTPServer: @unchecked Sendable {
  /// A request as the server parsed it.
  package struct Request: Sendable {
    package var method: String
    /// The request target as sent (path and query).
    package var target: String
    var version: String
    var headers: [(name: String, value: String)]
    package var body: Data

    /// The target without its query.
    package var path: String {
      String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// The first header called `name`, whatever its case.
    package func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  /// A complete response. `Content-Length` and `Connection: close` are added when sent.
  package struct Response: Sendable {
    var status: Int
    var reason: String
    package var headers: [(name: String, value: String)]
    var body: Data

    package init(
      status: Int = 200, reason: String? = nil, headers: [(name: String, value: String)] = [],
      body: Data = Data()
    ) {
      self.status = status
      self.reason = reason ?? TestHTTPServer.reasonPhrase(status)
      self.headers = headers
      self.body = body
    }

    package static func html(_ text: String, status: Int = 200, charset: String = "utf-8")
      -> Response
    {
      Response(
        status: status, headers: [("Content-Type", "text/html; charset=\(charset)")],
        body: Data(text.utf8))
    }

    package static func bytes(_ bytes: [UInt8], contentType: String?, status: Int = 200) -> Response
    {
      Response(
        status: status, headers: contentType.map { [("Content-Type", $0)] } ?? [],
        body: Data(bytes))
    }

    static func redirect(to location: String, status: Int = 302) -> Response {
      Response(
        status: status, headers: [("Location", location), ("Content-Type", "text/html")],
        body: Data("<a href=\"\(location)\">moved</a>".utf8))
    }
  }

  package typealias Handler = @Sendable (Request) -> Response
  package typealias RawHandler = @Sendable (Connection) -> Void

  package enum ServerError: Error {
    case socket(String, Int32)
  }

  /// Starts a server with no routes (unknown paths answer 404), on 127.0.0.1 or, with
  /// `ipv6`, on ::1 alone.
  package static func started(ipv6: Bool = false) throws -> TestHTTPServer {
    let server = TestHTTPServer()
    try server.start(ipv6: ipv6)
    return server
  }

  /// Starts a server on another loopback address (`127.0.0.2` …), so that tests can have
  /// many hosts; Linux routes all of 127.0.0.0/8 to the loopback interface.
  package static func started(loopback address: String) throws -> TestHTTPServer {
    let server = TestHTTPServer()
    try server.start(ipv6: false, address: address)
    return server
  }

  /// Whether this machine can listen on ::1 (IPv6 may be off in a container).
  package static let canListenOnIPv6Loopback: Bool = {
    guard let server = try? TestHTTPServer.started(ipv6: true) else { return false }
    server.stop()
    return true
  }()

  private let lock = NSLock()
  private var listener: Int32 = -1
  private var wakePipe: [Int32] = [-1, -1]
  private var boundPort: UInt16 = 0
  private var onIPv6 = false
  private var address = "127.0.0.1"
  private var stopping = false
  private var openSockets: Set<Int32> = []
  private var routes: [String: RouteHandler] = [:]
  private var seen: [Request] = []
  /// The connections' threads still running.
  private let connections = DispatchGroup()

  private enum RouteHandler {
    case respond(Handler)
    case raw(RawHandler)
  }

  /// The port the server listens on (valid after `start()`).
  package var port: UInt16 {
    lock.withLock { boundPort }
  }

  /// `http://127.0.0.1:<port>`, or `http://[::1]:<port>` for a server on ::1.
  package var baseURL: String {
    lock.withLock { onIPv6 }
      ? "http://[::1]:\(port)" : "http://\(lock.withLock { address }):\(port)"
  }

  /// An absolute URL for `path` on this server.
  package func url(_ path: String) -> URL {
    URL(string: baseURL + path)!
  }

  /// The requests received so far, in arrival order.
  package var requests: [Request] {
    lock.withLock { seen }
  }

  /// Answers requests for `path` (query ignored) with `handler`'s response; HEAD gets
  /// the same status and headers without the body.
  package func route(_ path: String, _ handler: @escaping Handler) {
    lock.withLock { routes[path] = .respond(handler) }
  }

  /// Hands requests for `path` to `handler`, which writes whatever it likes to the socket
  /// (for misbehaving servers). The connection is closed when the handler returns.
  package func rawRoute(_ path: String, _ handler: @escaping RawHandler) {
    lock.withLock { routes[path] = .raw(handler) }
  }

  /// Listens on 127.0.0.1 (or ::1 with `ipv6`) and an ephemeral port. Descriptors are
  /// close-on-exec, so a `browse` process spawned by a test does not inherit the sockets.
  package func start(ipv6: Bool = false, address ipv4: String = "127.0.0.1") throws {
    let family = ipv6 ? AF_INET6 : AF_INET
    let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ServerError.socket("socket", errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let listening: UInt16?
    if ipv6 {
      setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = 0
      address.sin6_addr = in6addr_loopback
      listening = Self.bindAndListen(fd, &address)
        .map { _ in UInt16(bigEndian: address.sin6_port) }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = inet_addr(ipv4)
      listening = Self.bindAndListen(fd, &address).map { _ in UInt16(bigEndian: address.sin_port) }
    }
    guard let listeningPort = listening else {
      let error = errno
      close(fd)
      throw ServerError.socket("bind/listen", error)
    }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      let error = errno
      close(fd)
      throw ServerError.socket("pipe", error)
    }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    lock.withLock {
      listener = fd
      wakePipe = pipeEnds
      boundPort = listeningPort
      onIPv6 = ipv6
      address = ipv4
    }
    let wake = pipeEnds[0]
    let ends = pipeEnds
    let thread = Thread { [self] in
      acceptLoop(listener: fd, wake: wake)
      finish(listener: fd, pipeEnds: ends)
    }
    thread.start()
  }

  /// Ends the server on its accept thread, once no more connections are taken: breaks the
  /// open ones, waits for their threads, and closes the listener and the wake-up pipe.
  /// Here and not in `stop()`, which a test calls on a thread of Swift concurrency's small
  /// pool: waiting there for many server threads to wake on a busy machine held back every
  /// other test's tasks and fetches.
  private func finish(listener fd: Int32, pipeEnds: [Int32]) {
    lock.withLock {
      // Also when the listener failed rather than stopped: nothing is served from now on.
      stopping = true
      for socket in openSockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }
    connections.wait()
    lock.withLock {
      // Under the lock, so that `stop()` never writes to a pipe closed and reused.
      close(fd)
      close(pipeEnds[0])
      close(pipeEnds[1])
      listener = -1
    }
  }

  /// Binds `fd` to `address`, listens, and fills in the port chosen; nil on failure.
  private static func bindAndListen<Address>(_ fd: Int32, _ address: inout Address) -> Void? {
    var length = socklen_t(MemoryLayout<Address>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    return ok ? () : nil
  }

  /// A port on 127.0.0.1 that nothing listens on, and nothing can: a socket of this
  /// process holds it bound, never listening, for the whole run, so a connection to it is
  /// refused. A port bound and released again could be handed to another test's server
  /// the next moment (a fetch that was to be refused got that server's 404, under load).
  package static func unusedPort() -> UInt16 { refusing.port }

  private static let refusing: (fd: Int32, port: UInt16) = {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return (-1, 9) }
    return (fd, bindLoopback(fd))
  }()

  /// A port on 127.0.0.1 free for a server of the test's own to bind (bound, then
  /// released).
  package static func freePort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return 9 }
    defer { close(fd) }
    return bindLoopback(fd)
  }

  /// Binds `fd` to a port of the system's choosing on 127.0.0.1 and gives the port.
  private static func bindLoopback(_ fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    return bound ? UInt16(bigEndian: address.sin_port) : 9
  }

  /// Stops accepting (a connection from now on is refused) and breaks open connections, at
  /// once; the server's own thread then waits for its connections' threads and closes its
  /// descriptors (`finish`), so that the caller never waits for them.
  package func stop() {
    lock.withLock {
      guard !stopping, listener >= 0 else {
        stopping = true
        return
      }
      stopping = true
      // The byte is never read, so every poll on the pipe wakes from now on.
      var byte: UInt8 = 1
      _ = write(wakePipe[1], &byte, 1)
      // A listening socket shut down refuses connections; it is closed by `finish`.
      shutdown(listener, Int32(SHUT_RDWR))
      // Under the lock, so no descriptor is closed and reused in between.
      for socket in openSockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }
  }

  deinit {
    stop()
  }

  // MARK: Serving

  private func acceptLoop(listener: Int32, wake: Int32) {
    while true {
      var fds = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 || fds[1].revents != 0 { return }
      let client = accept(listener, nil, nil)
      if client < 0 { continue }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let accepted = lock.withLock {
        if stopping { return false }
        openSockets.insert(client)
        connections.enter()
        return true
      }
      guard accepted else {
        close(client)
        return
      }
      let thread = Thread { [self] in
        serve(Connection(fd: client, wake: wake))
        lock.withLock {
          openSockets.remove(client)
          close(client)
        }
        connections.leave()
      }
      thread.start()
    }
  }

  private func serve(_ connection: Connection) {
    guard let request = connection.readRequest() else { return }
    connection.request = request
    let handler = lock.withLock {
      seen.append(request)
      return routes[request.path]
    }
    switch handler {
    case .raw(let handler):
      handler(connection)
    case .respond(let handler):
      connection.respond(handler(request), includingBody: request.method != "HEAD")
    case nil:
      connection.respond(
        .html("<h1>Not Found</h1>", status: 404), includingBody: request.method != "HEAD")
    }
  }

  package static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 303: return "See Other"
    case 304: return "Not Modified"
    case 307: return "Temporary Redirect"
    case 308: return "Permanent Redirect"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 500: return "Internal Server Error"
    case 503: return "Service Unavailable"
    default: return "Status \(status)"
    }
  }

  /// One accepted socket, with blocking helpers that give up as soon as the server stops.
  package final class Connection: @unchecked Sendable {
    let fd: Int32
    private let wake: Int32
    private var buffered: [UInt8] = []
    /// The request being answered (set before a handler runs).
    fileprivate(set) var request = Request(
      method: "", target: "", version: "", headers: [], body: Data())

    fileprivate init(fd: Int32, wake: Int32) {
      self.fd = fd
      self.wake = wake
    }

    /// Writes all of `data`; false when the peer is gone or the server is stopping.
    @discardableResult
    func write(_ data: Data) -> Bool {
      var offset = 0
      let bytes = [UInt8](data)
      while offset < bytes.count {
        guard waitFor(Int16(POLLOUT), milliseconds: -1) == .ready else { return false }
        let sent = bytes[offset...].withUnsafeBytes {
          send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        if sent < 0 {
          if errno == EAGAIN || errno == EINTR { continue }
          return false
        }
        offset += sent
      }
      return true
    }

    @discardableResult
    package func write(_ text: String) -> Bool {
      write(Data(text.utf8))
    }

    /// Writes a status line and headers (no Content-Length is added).
    @discardableResult
    func writeHead(
      status: Int, reason: String? = nil, headers: [(name: String, value: String)]
    ) -> Bool {
      var head = "HTTP/1.1 \(status) \(reason ?? TestHTTPServer.reasonPhrase(status))\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      return write(head + "\r\n")
    }

    /// Sends a whole response, then the connection is done.
    @discardableResult
    package func respond(_ response: Response, includingBody: Bool = true) -> Bool {
      var headers = response.headers
      if !headers.contains(where: { $0.name.lowercased() == "content-length" }) {
        headers.append(("Content-Length", "\(response.body.count)"))
      }
      headers.append(("Connection", "close"))
      guard writeHead(status: response.status, reason: response.reason, headers: headers) else {
        return false
      }
      return includingBody ? write(response.body) : true
    }

    /// Waits `seconds`; false when the peer hung up or the server is stopping first.
    package func pause(_ seconds: Double) -> Bool {
      let deadline = DispatchTime.now() + seconds
      while true {
        let now = DispatchTime.now()
        guard now < deadline else { return true }
        let left = Int((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1
        switch waitFor(Int16(POLLIN), milliseconds: left) {
        case .timedOut: return true
        case .stopping: return false
        case .ready:
          // Input after the request is either a hang-up or noise to discard.
          var scratch = [UInt8](repeating: 0, count: 4096)
          let count = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
          if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return false }
        }
      }
    }

    /// Blocks until the peer hangs up or the server stops.
    package func waitUntilClosed() {
      while pause(3600) {}
    }

    /// Makes the coming close send a TCP reset instead of an orderly FIN.
    func resetOnClose() {
      var option = linger(l_onoff: 1, l_linger: 0)
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    fileprivate func readRequest() -> Request? {
      var headerEnd: Int?
      while headerEnd == nil {
        guard buffered.count < 65_536, fill() else { return nil }
        // Not HTTP (a TLS hello, say): hang up rather than wait for a blank line.
        guard let first = buffered.first, (65...90).contains(first) else { return nil }
        headerEnd = find([13, 10, 13, 10], in: buffered)
      }
      guard let headerEnd else { return nil }
      let head = String(decoding: buffered[..<headerEnd], as: UTF8.self)
      buffered.removeFirst(headerEnd + 4)
      var lines = head.components(separatedBy: "\r\n")
      let requestLine = lines.removeFirst().split(separator: " ").map(String.init)
      guard requestLine.count == 3 else { return nil }
      var headers: [(name: String, value: String)] = []
      for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers.append(
          (
            String(line[..<colon]),
            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          ))
      }
      var request = Request(
        method: requestLine[0], target: requestLine[1], version: requestLine[2],
        headers: headers, body: Data())
      let length = Int(request.header("Content-Length") ?? "") ?? 0
      while buffered.count < length {
        guard fill() else { return nil }
      }
      request.body = Data(buffered.prefix(length))
      return request
    }

    private func fill() -> Bool {
      guard waitFor(Int16(POLLIN), milliseconds: -1) == .ready else { return false }
      var scratch = [UInt8](repeating: 0, count: 16_384)
      let count = recv(fd, &scratch, scratch.count, 0)
      guard count > 0 else { return false }
      buffered.append(contentsOf: scratch[..<count])
      return true
    }

    private enum Wait { case ready, timedOut, stopping }

    private func waitFor(_ events: Int16, milliseconds: Int) -> Wait {
      while true {
        var fds = [
          pollfd(fd: fd, events: events, revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, Int32(clamping: milliseconds))
        if ready < 0 && errno == EINTR { continue }
        if ready < 0 || fds[1].revents != 0 { return .stopping }
        if ready == 0 { return .timedOut }
        return .ready
      }
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
      guard haystack.count >= needle.count else { return nil }
      for start in 0...(haystack.count - needle.count)
      where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return start
      }
      return nil
    }
  }
}
