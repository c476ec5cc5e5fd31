import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct FetchErrorTests {
  static let all: [FetchError] = [
    .unsupportedScheme("file"), .invalidURL("http://"), .hostNotFound("nowhere.invalid"),
    .connectionRefused("127.0.0.1"), .timedOut, .tlsFailure("bad certificate"),
    .tooManyRedirects(10), .redirectToUnsupportedScheme("javascript"), .connectionLost,
    .emptyBody, .http(status: 404, reason: "Not Found", page: nil), .cancelled, .other("odd"),
    .redirectWithoutLocation(status: 302), .unrequestedNotModified,
  ]

  @Test(arguments: all)
  func everyMessageIsOneNonEmptyLine(error: FetchError) {
    #expect(!error.message.isEmpty)
    #expect(!error.message.contains("\n"))
  }

  @Test func messagesAreSanitisedForTheTerminal() {
    let error = FetchError.hostNotFound("evil\u{1B}[2J\u{202E}.example\nsecond")
    #expect(!error.message.unicodeScalars.contains { $0.value == 0x1B || $0 == "\u{202E}" })
    #expect(!error.message.contains("\n"))
    #expect(error.message.contains(".example"))
  }

  @Test func messagesNameWhatWentWrong() {
    #expect(
      FetchError.http(status: 503, reason: "Service Unavailable", page: nil).message
        .contains("503 Service Unavailable"))
    #expect(FetchError.unsupportedScheme("ftp").message.contains("ftp:"))
    #expect(FetchError.tooManyRedirects(10).message.contains("10"))
    #expect(FetchError.connectionRefused("gz.gov.cn").message.contains("gz.gov.cn"))
  }

  @Test func onlyFailuresToGetAnAnswerAreNetworkFailures() {
    let network = Self.all.filter(\.isNetworkFailure)
    #expect(
      network == [
        .hostNotFound("nowhere.invalid"), .connectionRefused("127.0.0.1"), .timedOut,
        .tlsFailure("bad certificate"), .connectionLost, .other("odd"),
      ])
  }

  /// A server that answered, however badly, is not the network being down: a redirect
  /// loop or an empty redirect is the page's failure (exit 1), and no cached copy stands in.
  @Test(arguments: [
    FetchError.tooManyRedirects(10), .redirectToUnsupportedScheme("file"),
    .redirectWithoutLocation(status: 302), .unrequestedNotModified, .emptyBody,
    .http(status: 500, reason: "Internal Server Error", page: nil),
  ])
  func aServerThatAnsweredBadlyIsAFailedPageEverywhere(error: FetchError) {
    #expect(error.kind == .pageFailed)
    #expect(!error.isNetworkFailure)
    #expect(FetchReport.exitCode(for: error) == .failure)
  }

  @Test func theReportsExitCodeFollowsTheOneClassification() {
    for error in Self.all {
      let code = FetchReport.exitCode(for: error)
      switch error.kind {
      case .networkUnavailable: #expect(code == .unavailable, "\(error)")
      case .pageFailed: #expect(code == .failure, "\(error)")
      case .cancelled: #expect(code == .interrupted, "\(error)")
      }
    }
  }

  @Test(arguments: [
    (URLError.Code.cannotFindHost, FetchError.hostNotFound("gz.gov.cn")),
    (.dnsLookupFailed, .hostNotFound("gz.gov.cn")),
    (.cannotConnectToHost, .connectionRefused("gz.gov.cn")),
    (.timedOut, .timedOut), (.networkConnectionLost, .connectionLost), (.cancelled, .cancelled),
    (.httpTooManyRedirects, .tooManyRedirects(10)), (.zeroByteResource, .emptyBody),
  ])
  func urlErrorsMapToTheirCase(code: URLError.Code, expected: FetchError) {
    let url = URL(string: "https://gz.gov.cn/page")!
    #expect(FetchError.from(URLError(code), url: url, maxRedirects: 10) == expected)
  }

  @Test func anEmptyReplyIsALostConnectionButOtherBadResponsesAreNot() {
    let url = URL(string: "http://gz.gov.cn/")!
    let empty = URLError(
      .badServerResponse, userInfo: [NSLocalizedDescriptionKey: "Empty reply from server"])
    #expect(FetchError.from(empty, url: url, maxRedirects: 10) == .connectionLost)
    guard case .other = FetchError.from(URLError(.badServerResponse), url: url, maxRedirects: 10)
    else {
      Issue.record("expected .other for a malformed response")
      return
    }
  }

  @Test func tlsErrorsReportedAsUnknownAreRecognisedByTheirText() {
    let error = URLError(
      .unknown, userInfo: [NSLocalizedDescriptionKey: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL"])
    let https = URL(string: "https://gz.gov.cn/")!
    let http = URL(string: "http://gz.gov.cn/")!
    guard case .tlsFailure = FetchError.from(error, url: https, maxRedirects: 10) else {
      Issue.record("expected a TLS failure")
      return
    }
    #expect(
      FetchError.from(error, url: http, maxRedirects: 10)
        == .other("OpenSSL SSL_connect: SSL_ERROR_SYSCALL"))
    guard
      case .tlsFailure = FetchError.from(
        URLError(.serverCertificateUntrusted), url: https, maxRedirects: 10)
    else {
      Issue.record("expected a TLS failure for an untrusted certificate")
      return
    }
  }
}
