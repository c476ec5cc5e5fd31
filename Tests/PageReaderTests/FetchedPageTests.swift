import FetchModel
import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct FetchedPageTests {
  private func page(contentType: String?, body: [UInt8] = Array("<p>x</p>".utf8)) -> FetchedPage {
    let url = URL(string: "http://example.com/")!
    return FetchedPage(
      requestedURL: url, finalURL: url, status: 200, reason: "OK",
      headers: contentType.map { ["Content-Type": $0] } ?? [:], body: Data(body))
  }

  @Test(arguments: [
    "text/html", "text/html; charset=gbk", "Text/HTML ; charset=x", "application/xhtml+xml",
  ])
  func htmlTypesAreHTML(contentType: String) {
    #expect(page(contentType: contentType).isHTML)
  }

  @Test(arguments: [
    "image/png", "application/pdf", "application/json", "application/octet-stream", "text/plain",
  ])
  func otherTypesAreNotHTML(contentType: String) {
    #expect(!page(contentType: contentType).isHTML)
  }

  @Test func withoutAContentTypeTheBodyDecides() {
    #expect(page(contentType: nil, body: Array("  <!DOCTYPE html><html>".utf8)).isHTML)
    #expect(!page(contentType: nil, body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]).isHTML)
  }

  @Test func theMediaTypeDropsParametersAndCase() {
    #expect(page(contentType: "Text/HTML; charset=GBK").mimeType == "text/html")
    #expect(page(contentType: nil).mimeType == nil)
  }

  @Test func headersAreFoundWhateverTheirCase() {
    let sample = page(contentType: "text/html")
    #expect(sample.header("content-type") == "text/html")
    #expect(sample.header("CONTENT-TYPE") == "text/html")
    #expect(sample.contentType == "text/html")
  }

  @Test func textUsesTheDeclaredCharset() {
    let gbk = page(contentType: "text/html; charset=gbk", body: [0xC4, 0xE3, 0xBA, 0xC3])
    #expect(gbk.text() == "你好")
  }
}
