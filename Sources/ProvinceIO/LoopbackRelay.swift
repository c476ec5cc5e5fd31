import Dispatch
import Foundation
import ProvinceCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP relay from 127.0.0.1 to one IPv6 address and port, for as long as one fetch lasts.
///
/// swift-corelibs-foundation (Swift 6.3.1) refuses every URL whose host is an IPv6 literal:
/// before each transfer it checks that libcurl parses the same host as `URL.host`, and
/// libcurl says `[::1]` where Foundation says `::1` (swift-corelibs-foundation#5496, fixed
/// upstream by PR #5498). So `PageFetcher` asks URLSession for `http://127.0.0.1:<relay>/…`
/// with the original `Host` header, and this relay carries the bytes to `[address]:port`.
/// Reads wait for the other side's writes, so nothing is buffered beyond one piece.
final class LoopbackRelay: Sendable {
  /// The relay's own port on 127.0.0.1.
  let port: UInt16

  private struct State {
    var stopping = false
    var sockets: Set<Int32> = []
    /// The connection made up front (to report a refusal as such), for the first client.
    var connected: Int32?
  }

  private let address: String
  private let targetPort: UInt16
  private let timeout: TimeInterval
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let state: Mutex<State>
  private let threads = DispatchGroup()

  /// Connects to `[address]:targetPort` (within `timeout`) and starts listening. Throws
  /// `.invalidURL` for an address that is not IPv6, `.connectionRefused` or `.timedOut`
  /// when the target cannot be reached, `.other` when no local socket can be had.
  init(address: String, port targetPort: UInt16, timeout: TimeInterval) throws(FetchError) {
    self.address = address
    self.targetPort = targetPort
    self.timeout = timeout
    let first = try Self.connect(to: address, port: targetPort, timeout: timeout)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_port = 0
    local.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound =
      fd >= 0
      && withUnsafeMutablePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
        }
      }
    var ends: [Int32] = [-1, -1]
    guard bound, pipe(&ends) == 0 else {
      let reason = String(cString: strerror(errno))
      if fd >= 0 { close(fd) }
      close(first)
      throw .other("no local relay for the IPv6 address: \(reason)")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    listener = fd
    wakeRead = ends[0]
    wakeWrite = ends[1]
    port = UInt16(bigEndian: local.sin_port)
    state = Mutex(State(sockets: [first], connected: first))
    threads.enter()
    Thread { [self] in
      acceptLoop()
      threads.leave()
    }.start()
  }

  /// Stops accepting and breaks every open connection; descriptors are closed once the
  /// relay's threads have all finished. Must be called: the relay's threads keep it alive.
  func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopping = true }
      guard !state.stopping else { return false }
      for socket in state.sockets { shutdown(socket, Int32(SHUT_RDWR)) }
      return true
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    threads.notify(queue: .global()) { [self] in
      if let unused = state.withLock({ $0.connected }) { close(unused) }
      close(listener)
      close(wakeRead)
      close(wakeWrite)
    }
  }

  private func acceptLoop() {
    while true {
      guard wait(for: listener, events: Int16(POLLIN)) else { return }
      let client = accept(listener, nil, nil)
      if client < 0 { continue }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let upstream: Int32
      if let connected = state.withLock({ state -> Int32? in
        defer { state.connected = nil }
        return state.connected
      }) {
        upstream = connected
      } else if let fresh = try? Self.connect(to: address, port: targetPort, timeout: timeout) {
        upstream = fresh
      } else {
        close(client)
        continue
      }
      let accepted = state.withLock { state -> Bool in
        guard !state.stopping else { return false }
        state.sockets.formUnion([client, upstream])
        threads.enter()
        return true
      }
      guard accepted else {
        close(client)
        close(upstream)
        return
      }
      Thread { [self] in
        pump(client, upstream)
        state.withLock { state in
          state.sockets.subtract([client, upstream])
          close(client)
          close(upstream)
        }
        threads.leave()
      }.start()
    }
  }

  /// Copies bytes both ways until either side closes or the relay stops.
  private func pump(_ a: Int32, _ b: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      var fds = [
        pollfd(fd: a, events: Int16(POLLIN), revents: 0),
        pollfd(fd: b, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 3, -1)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 || fds[2].revents != 0 { return }
      for (from, to) in [(0, b), (1, a)] where fds[from].revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          recv(fds[from].fd, $0.baseAddress, $0.count, 0)
        }
        if count <= 0 { return }
        guard sendAll(buffer, count: count, to: to) else { return }
      }
    }
  }

  private func sendAll(_ buffer: [UInt8], count: Int, to fd: Int32) -> Bool {
    var offset = 0
    while offset < count {
      let sent = buffer.withUnsafeBytes {
        send(fd, $0.baseAddress.map { $0 + offset }, count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Waits until `fd` is ready for `events`; false once the relay is stopping.
  private func wait(for fd: Int32, events: Int16) -> Bool {
    while true {
      var fds = [
        pollfd(fd: fd, events: events, revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      return ready > 0 && fds[1].revents == 0
    }
  }

  /// A TCP connection to `[address]:port`, made within `timeout`.
  private static func connect(
    to address: String, port: UInt16, timeout: TimeInterval
  ) throws(FetchError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_INET6
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(address, String(port), &hints, &found) == 0, let info = found else {
      throw .invalidURL("http://[\(address)]:\(port)/")
    }
    defer { freeaddrinfo(found) }
    let fd = socket(
      AF_INET6,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw .other(String(cString: strerror(errno))) }
    let host = "[\(address)]"
    if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
      guard errno == EINPROGRESS else {
        let error = errno
        close(fd)
        throw failure(error, host: host)
      }
      var connecting = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
      let milliseconds = Int32(clamping: Int(max(0, timeout) * 1000))
      guard poll(&connecting, 1, milliseconds) == 1 else {
        close(fd)
        throw .timedOut
      }
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
      guard error == 0 else {
        close(fd)
        throw failure(error, host: host)
      }
    }
    // Blocking from here on: the pump waits on poll, then reads and writes in full.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  private static func failure(_ error: Int32, host: String) -> FetchError {
    switch error {
    case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL: return .connectionRefused(host)
    case ETIMEDOUT: return .timedOut
    default: return .other(String(cString: strerror(error)))
    }
  }
}

extension LoopbackRelay {
  /// How one fetch's URLs map between the IPv6 origin and the relay in front of it.
  struct Route: Sendable {
    /// `http://[address]:port`, as the page's URLs spell it.
    let originBase: String
    /// `http://127.0.0.1:<relay port>`, as URLSession is asked for it.
    let relayBase: String
    /// The `Host` header the origin expects: `[address]:port` (no port when it is 80).
    let hostHeader: String

    init(address: String, port: Int?, relayPort: UInt16) {
      let bracketed = "[" + address.replacingOccurrences(of: "%", with: "%25") + "]"
      hostHeader = bracketed + (port.map { $0 == 80 ? "" : ":\($0)" } ?? "")
      originBase = "http://" + bracketed + (port.map { ":\($0)" } ?? "")
      relayBase = "http://127.0.0.1:\(relayPort)"
    }

    /// `url` on the relay when it is on the origin; otherwise nil.
    func toRelay(_ url: URL) -> URL? {
      swapped(url, from: originBase, to: relayBase)
    }

    /// `url` on the origin when it is on the relay; otherwise `url` as it is.
    func toOrigin(_ url: URL) -> URL {
      swapped(url, from: relayBase, to: originBase) ?? url
    }

    private func swapped(_ url: URL, from: String, to: String) -> URL? {
      let text = url.absoluteString
      guard text.lowercased().hasPrefix(from.lowercased()) else { return nil }
      let rest = text.dropFirst(from.count)
      guard rest.isEmpty || ["/", "?", "#"].contains(rest.first) else { return nil }
      return URL(string: to + (rest.isEmpty ? "/" : rest))
    }
  }
}
