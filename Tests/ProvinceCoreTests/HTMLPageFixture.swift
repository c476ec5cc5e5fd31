import FetchModel
import Foundation
import PageReader
import TextSupport

/// A 200 response of `html` from `url`, as a fetch would give it to the navigator.
func htmlPage(_ html: String, url: String) -> FetchedPage {
  let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
  return FetchedPage(
    requestedURL: address, finalURL: address, status: 200, reason: "OK",
    headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
}
