import Foundation

/// Routes for the link checker and the page cache: pages that refuse HEAD, ask to be
/// retried, answer slowly, redirect, and validators for conditional requests.
extension TestHTTPServer {
  enum CheckPath {
    static let ok = "/check/ok"
    static let headRefused = "/check/head-refused"
    static let headNotImplemented = "/check/head-501"
    static let slow = "/check/slow"
    static let busyOnce = "/check/busy-once"
    static let alwaysBusy = "/check/always-busy"
    static let redirect = "/check/redirect"
    static let hold = "/check/hold"
    static let etag = "/cache/etag"
    static let modified = "/cache/modified"
    static let plain = "/cache/plain"
  }

  /// The ETag and Last-Modified the cache routes send.
  static let pageTag = "\"v1\""
  static let pageModified = "Wed, 21 Oct 2026 07:28:00 GMT"
  /// The Retry-After the busy routes send, in seconds.
  static let busyOnceRetryAfter = "7"
  static let alwaysBusyRetryAfter = "3600"

  /// Counts requests in progress on the hold route, and the most seen at once.
  final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var peak = 0

    func enter() {
      lock.withLock {
        current += 1
        peak = max(peak, current)
      }
    }

    func leave() {
      lock.withLock { current -= 1 }
    }

    var maximum: Int { lock.withLock { peak } }
  }

  /// Adds the check and cache routes; `gauge` watches the hold route, which answers
  /// after `holdSeconds`.
  func addCheckRoutes(gauge: Gauge = Gauge(), holdSeconds: Double = 0.2) {
    route(CheckPath.ok) { _ in .html("<p>fine</p>") }
    route(CheckPath.headRefused) { request in
      request.method == "HEAD" ? .html("", status: 405) : .html("<p>GET only</p>")
    }
    route(CheckPath.headNotImplemented) { request in
      request.method == "HEAD" ? .html("", status: 501) : .html("<p>GET only</p>")
    }
    rawRoute(CheckPath.slow) { connection in
      guard connection.pause(5) else { return }
      connection.respond(.html("<p>late</p>"))
    }
    let busyCount = Gauge()
    route(CheckPath.busyOnce) { _ in
      busyCount.enter()
      guard busyCount.maximum == 1 else { return .html("<p>ready now</p>") }
      var response = Response.html("<p>slow down</p>", status: 429)
      response.headers.append(("Retry-After", Self.busyOnceRetryAfter))
      return response
    }
    route(CheckPath.alwaysBusy) { _ in
      var response = Response.html("<p>busy</p>", status: 503)
      response.headers.append(("Retry-After", Self.alwaysBusyRetryAfter))
      return response
    }
    route(CheckPath.redirect) { _ in .redirect(to: CheckPath.ok, status: 301) }
    rawRoute(CheckPath.hold) { connection in
      gauge.enter()
      defer { gauge.leave() }
      guard connection.pause(holdSeconds) else { return }
      connection.respond(
        .html("<p>held</p>"), includingBody: connection.request.method != "HEAD")
    }
    route(CheckPath.etag) { request in
      if request.header("If-None-Match") == Self.pageTag {
        return Response(status: 304, headers: [("ETag", Self.pageTag)])
      }
      var response = Response.html("<p>tagged 广州</p>")
      response.headers.append(("ETag", Self.pageTag))
      return response
    }
    route(CheckPath.modified) { request in
      if request.header("If-Modified-Since") == Self.pageModified {
        return Response(status: 304)
      }
      var response = Response.html("<p>dated</p>")
      response.headers.append(("Last-Modified", Self.pageModified))
      return response
    }
    route(CheckPath.plain) { _ in .html("<p>no validators</p>") }
  }
}
