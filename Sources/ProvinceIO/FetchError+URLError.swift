import CurlLoader
import FetchModel
import Foundation
import TextSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FetchError {
  /// The case for an error URLSession reported while fetching `url`.
  package static func from(_ error: any Error, url: URL, maxRedirects: Int) -> FetchError {
    // An IPv6 literal as it is written in the address: "[::1]".
    let host =
      url.host.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 }
      ?? url.absoluteString
    guard let urlError = error as? URLError else {
      return .other(URLText.redactingCredentials(error.localizedDescription))
    }
    // libcurl's text may quote a proxy variable whole, password and all (an unparsable
    // one): its user information is hidden before any message is made of it.
    let description = URLText.redactingCredentials(urlError.localizedDescription)
    // CurlLoader refused the header block and put its own text where libcurl's would be.
    if description.contains(headerRefusal) { return .headersTooLarge }
    // CurlLoader stopped a body that no fetch would take in (a redirect's, an error page's).
    if description.contains(bodyRefusal) {
      return .other("the server's answer ran past the size limit (--max-bytes) and was stopped")
    }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(host)
    case .cannotConnectToHost:
      // libcurl names the party it could not reach: the proxy, when one is in the way.
      if let party = connectTarget(description),
        party.host.lowercased() != requestedHost(url)
      {
        return .proxyRefused("\(party.host):\(party.port)")
      }
      return .connectionRefused(host)
    case .networkConnectionLost: return .connectionLost
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      return .tlsFailure(description)
    case .httpTooManyRedirects: return .tooManyRedirects(maxRedirects)
    case .redirectToNonExistentLocation: return .other("a redirect had no valid location")
    case .unsupportedURL:
      // libcurl's CURLE_UNSUPPORTED_PROTOCOL is also its word for an answer that is not
      // HTTP at all (an SSH banner, HTTP/0.9) from an http or https server.
      if PageFetcher.fetchableSchemes.contains(url.scheme?.lowercased() ?? "") {
        return .other("the server's answer was not valid HTTP")
      }
      return .unsupportedScheme(url.scheme ?? "")
    case .badURL: return .invalidURL(url.absoluteString)
    case .zeroByteResource: return .emptyBody
    case .notConnectedToInternet: return .other("not connected to the internet")
    case .badServerResponse, .cannotParseResponse:
      // curl's "Empty reply from server": the server hung up without answering.
      if lostConnectionTexts.contains(where: description.lowercased().contains) {
        return .connectionLost
      }
      return .other("the server's answer was not valid HTTP")
    default:
      let detail = description
      let unresolvedProxy = "Could not resolve proxy: "
      if detail.hasPrefix(unresolvedProxy) {
        return .proxyNotFound(String(detail.dropFirst(unresolvedProxy.count)).trimmingSpaces)
      }
      // swift-corelibs-foundation reports most of libcurl's codes as .unknown, with only
      // libcurl's text to tell them apart. These are a connection that broke: a reset,
      // a hang-up mid-headers (CurlLoader's watch reports CURLE_RECV_ERROR) or mid-body.
      if lostConnectionTexts.contains(where: detail.lowercased().contains) {
        return .connectionLost
      }
      // swift-corelibs-foundation reports most TLS failures as .unknown with curl's text.
      let lowered = detail.lowercased()
      if url.scheme?.lowercased() == "https",
        ["ssl", "tls", "certificate"].contains(where: lowered.contains)
      {
        return .tlsFailure(detail.trimmingSpaces)
      }
      return .other(detail.trimmingSpaces)
    }
  }

  /// The host as requested (canonical, as libcurl names it in its messages).
  static func requestedHost(_ url: URL) -> String {
    let host = URLText.requestURL(url.absoluteString)?.host ?? url.host ?? ""
    return host.lowercased()
  }

  /// The host and port in libcurl's "Failed to connect to HOST port N …", the party that
  /// refused (the proxy's, when one is used).
  static func connectTarget(_ text: String) -> (host: String, port: String)? {
    let prefix = "Failed to connect to "
    guard text.hasPrefix(prefix) else { return nil }
    let words = text.dropFirst(prefix.count).split(separator: " ")
    guard words.count >= 3, words[1] == "port" else { return nil }
    let port = words[2].prefix { $0.isNumber }
    return (String(words[0]), String(port))
  }

  /// The error text of a transfer CurlLoader refused for its header block.
  static let headerRefusal = PROVINCE_HEADER_REFUSAL
  static let bodyRefusal = PROVINCE_BODY_REFUSAL

  /// libcurl's words (lower-cased) for a connection that broke before the answer was whole.
  static let lostConnectionTexts = [
    "empty reply", "server returned nothing", "failure when receiving data from the peer",
    "recv failure", "transfer closed with", "connection died",
  ]
}
