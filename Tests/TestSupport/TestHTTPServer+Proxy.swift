import Foundation

/// A test server standing in for an HTTP proxy: it answers a proxied GET for `target`
/// (absolute form, as a client sends it to a proxy) with a page, and refuses any CONNECT
/// tunnel, which is enough to see that an https request went through it.
extension TestHTTPServer {
  /// What the proxy serves for a proxied GET.
  package static let proxiedPage = "<p>through the proxy 代理</p>"

  /// Serves `proxiedPage` for a GET of the absolute URL `target`, and answers a CONNECT
  /// to `authority` (host:port) with 403.
  package func addProxyRoutes(target: URL, authority: String) {
    route(target.absoluteString) { _ in .html(Self.proxiedPage) }
    route(authority) { _ in .html("<p>no tunnels here</p>", status: 403) }
  }
}
