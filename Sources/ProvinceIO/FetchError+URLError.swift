import Foundation
import ProvinceCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FetchError {
  /// The case for an error URLSession reported while fetching `url`.
  package static func from(_ error: any Error, url: URL, maxRedirects: Int) -> FetchError {
    let host = url.host ?? url.absoluteString
    guard let urlError = error as? URLError else {
      return .other(error.localizedDescription)
    }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(host)
    case .cannotConnectToHost: return .connectionRefused(host)
    case .networkConnectionLost: return .connectionLost
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      return .tlsFailure(urlError.localizedDescription)
    case .httpTooManyRedirects: return .tooManyRedirects(maxRedirects)
    case .redirectToNonExistentLocation: return .other("a redirect had no valid location")
    case .unsupportedURL: return .unsupportedScheme(url.scheme ?? "")
    case .badURL: return .invalidURL(url.absoluteString)
    case .zeroByteResource: return .emptyBody
    case .notConnectedToInternet: return .other("not connected to the internet")
    case .badServerResponse, .cannotParseResponse:
      // curl's "Empty reply from server": the server hung up without answering.
      if urlError.localizedDescription.lowercased().contains("empty reply") {
        return .connectionLost
      }
      return .other("the server's answer was not valid HTTP")
    default:
      let detail = urlError.localizedDescription
      // swift-corelibs-foundation reports most TLS failures as .unknown with curl's text.
      let lowered = detail.lowercased()
      if url.scheme?.lowercased() == "https",
        ["ssl", "tls", "certificate"].contains(where: lowered.contains)
      {
        return .tlsFailure(detail.trimmingCharacters(in: .whitespaces))
      }
      return .other(detail.trimmingCharacters(in: .whitespaces))
    }
  }
}
