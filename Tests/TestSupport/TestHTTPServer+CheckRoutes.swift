import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// Routes for the link checker and the page cache: pages that refuse HEAD, ask to be
/// retried, answer slowly, redirect, and validators for conditional requests.
extension TestHTTPServer {
  package enum CheckPath {
    package static let ok = "/check/ok"
    package static let headRefused = "/check/head-refused"
    package static let headNotImplemented = "/check/head-501"
    package static let slow = "/check/slow"
    package static let busyOnce = "/check/busy-once"
    package static let alwaysBusy = "/check/always-busy"
    package static let busyNoWait = "/check/busy-no-wait"
    package static let redirect = "/check/redirect"
    package static let hold = "/check/hold"
    /// Answers only when the server stops: a check cannot finish before an interrupt.
    package static let stall = "/check/stall"
    package static let etag = "/cache/etag"
    package static let modified = "/cache/modified"
    package static let plain = "/cache/plain"
  }

  /// The ETag and Last-Modified the cache routes send.
  package static let pageTag = "\"v1\""
  package static let pageModified = "Wed, 21 Oct 2026 07:28:00 GMT"
  /// The Retry-After the busy routes send, in seconds.
  package static let busyOnceRetryAfter = "7"
  package static let alwaysBusyRetryAfter = "3600"

  /// Counts requests in progress on the hold route, and the most seen at once.
  package final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var peak = 0

    package init() {}

    func enter() {
      lock.withLock {
        current += 1
        peak = max(peak, current)
      }
    }

    func leave() {
      lock.withLock { current -= 1 }
    }

    package var maximum: Int { lock.withLock { peak } }
  }

  /// Adds the check and cache routes; `gauge` watches the hold route, which answers
  /// after `holdSeconds`.
  package func addCheckRoutes(gauge: Gauge = Gauge(), holdSeconds: Double = 0.2) {
    route(CheckPath.ok) { _ in .html("<p>fine</p>") }
    rawRoute(CheckPath.stall) { connection in
      guard connection.pause(120) else { return }
      connection.respond(.html("<p>late</p>"))
    }
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
    route(CheckPath.busyNoWait) { _ in
      var response = Response.html("<p>busy, try at once</p>", status: 429)
      response.headers.append(("Retry-After", "0"))
      return response
    }
    route(CheckPath.redirect) { _ in .redirect(to: CheckPath.ok, status: 301) }
    rawRoute(CheckPath.hold) { connection in
      gauge.enter()
      let held = connection.pause(holdSeconds)
      // Before answering: a client may read the answer and send its next request before
      // this handler would get back from the write.
      gauge.leave()
      guard held else { return }
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
