import Foundation
import HTTPWire
import ProvinceCore

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 request and its answer over a plain TCP connection, blocking, on the
/// calling thread. Every wait (connect, send, receive) is a `poll` that also watches
/// `stop`'s pipe and ends at `deadline`, so a cancelled or timed-out fetch lets go of its
/// socket at once. Only the name lookup cannot be interrupted; the caller does not wait
/// for it (see `PlainHTTPFetch`).
struct PlainHTTPConnection {
  let host: String
  let port: UInt16
  let deadline: ContinuousClock.Instant
  let stop: StopSignal

  /// Sends `request` and reads the answer to `method`, returning its final head. `onHead`
  /// sees that head as soon as it is read; `onBody` each piece of the body as sent (content
  /// coding kept), and returns false to stop reading (the size limit).
  func exchange(
    _ request: [UInt8], method: String, onHead: (HTTPResponseHead) throws(FetchError) -> Void,
    onBody: ([UInt8]) throws(FetchError) -> Bool
  ) throws(FetchError) -> HTTPResponseHead {
    if stop.isRaised { throw .cancelled }
    let socket = try connect()
    defer { close(socket) }
    try send(request, on: socket)
    var parser = HTTPResponseParser(method: method)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var piece: [UInt8] = []
    var reported = false
    while !parser.isComplete {
      try wait(for: socket, events: Int16(POLLIN))
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      piece.removeAll(keepingCapacity: true)
      do throws(HTTPResponseParser.Failure) {
        if count > 0 {
          try parser.feed(buffer[0..<count], body: &piece)
        } else if count == 0 {
          try parser.endOfInput()
        } else if errno == EINTR || errno == EAGAIN {
          continue
        } else {
          throw .closedEarly
        }
      } catch {
        switch error {
        case .closedEarly: throw .connectionLost
        case .malformed(let why): throw .other("the server's answer was not valid HTTP: \(why)")
        }
      }
      if let head = parser.head, !reported {
        reported = true
        try onHead(head)
      }
      if !piece.isEmpty, try !onBody(piece) { break }
    }
    guard let head = parser.head else { throw .connectionLost }
    return head
  }

  /// The host as messages show it: an IPv6 address in brackets, as in the URL.
  private var shownHost: String { host.contains(":") ? "[\(host)]" : host }

  // MARK: Socket steps

  private func connect() throws(FetchError) -> Int32 {
    let addresses = try resolve()
    defer { freeaddrinfo(addresses) }
    var failure = FetchError.connectionRefused(shownHost)
    var next: UnsafeMutablePointer<addrinfo>? = addresses
    while let info = next {
      next = info.pointee.ai_next
      let fd = socket(
        info.pointee.ai_family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
        0)
      guard fd >= 0 else { continue }
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
      guard errno == EINPROGRESS else {
        close(fd)
        continue
      }
      do throws(FetchError) {
        try wait(for: fd, events: Int16(POLLOUT))
      } catch .connectionRefused {
        close(fd)
        continue
      } catch {
        close(fd)
        throw error
      }
      var status: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if getsockopt(fd, SOL_SOCKET, SO_ERROR, &status, &length) == 0, status == 0 { return fd }
      close(fd)
      if status == ETIMEDOUT { failure = .timedOut }
    }
    throw failure
  }

  private func resolve() throws(FetchError) -> UnsafeMutablePointer<addrinfo> {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_ADDRCONFIG | AI_NUMERICSERV
    // An address literal needs no lookup; saying so keeps it from reaching DNS.
    var probe = in6_addr()
    if inet_pton(AF_INET6, host, &probe) == 1 || inet_pton(AF_INET, host, &probe) == 1 {
      hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    }
    var result: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &result)
    guard status == 0, let result else { throw .hostNotFound(shownHost) }
    return result
  }

  private func send(_ bytes: [UInt8], on socket: Int32) throws(FetchError) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        try wait(for: socket, events: Int16(POLLOUT))
      } else {
        throw .connectionLost
      }
    }
  }

  /// Waits until `socket` is ready for `events`; throws `.cancelled` when `stop` is raised
  /// (the poll watches its pipe too), `.timedOut` at the deadline, `.connectionRefused` when
  /// a connect fails.
  private func wait(for socket: Int32, events: Int16) throws(FetchError) {
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { throw .timedOut }
      let parts = left.components
      let milliseconds = min(
        Int64(Int32.max), parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000 + 1)
      var fds = [
        pollfd(fd: socket, events: events, revents: 0),
        pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, Int32(milliseconds))
      if ready < 0 {
        if errno == EINTR { continue }
        throw .other("poll failed (errno \(errno))")
      }
      if fds[1].revents != 0 { throw .cancelled }
      let got = fds[0].revents
      if got & Int16(POLLERR) != 0, events == Int16(POLLOUT) { throw .connectionRefused(shownHost) }
      if got != 0 { return }
    }
  }
}

/// A flag another thread raises to stop a `PlainHTTPConnection`, with a pipe whose read end
/// a `poll` can watch. Raising is idempotent; the pipe closes when the signal is released.
final class StopSignal: Sendable {
  let readEnd: Int32
  private let writeEnd: Int32

  init() throws(FetchError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .other("no pipe for the fetch (errno \(errno))") }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  var isRaised: Bool {
    var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
    return poll(&fds, 1, 0) > 0
  }

  func raise() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }
}
