import CatalogModel
import FetchModel
import Foundation
import PageReader

/// What a division's page says when its article does not exist (HTTP 404, as for most
/// townships): one line that says so, then the ways on as the page's links, followed like
/// any other (a number in line mode, the link keys full screen): the page of the division
/// it is under, and the same wiki's search for its name.
enum MissingPage {
  /// The page shown for `ref`, whose page at `url` answered 404.
  static func page(for ref: CityRef, url: String, in catalog: Catalog) -> FetchedPage? {
    guard let address = URL(string: url) else { return nil }
    let name = catalog[ref].name
    var links: [String] = []
    if ref.parent != ref, catalog.contains(ref.parent) {
      let parent = catalog[ref.parent]
      links.append(link(parent.url, "\(parent.name)'s page"))
    }
    if let search = searchURL(for: name, beside: address) {
      links.append(link(search, "Search the wiki for \(name)"))
    }
    let html =
      "<html><head><title>\(escaped(name))</title></head><body>"
      + "<p>\(escaped(name)) has no article here (HTTP 404 Not Found); ways on:</p>"
      + "<ul>\(links.map { "<li>\($0)</li>" }.joined())</ul></body></html>"
    return FetchedPage(
      requestedURL: address, finalURL: address, status: 404, reason: "Not Found",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
  }

  /// The search for `name` on the wiki `page` is on (`https://zh.wikipedia.org/w/index.php?search=…`).
  static func searchURL(for name: String, beside page: URL) -> String? {
    guard let scheme = page.scheme, let host = page.host else { return nil }
    let port = page.port.map { ":\($0)" } ?? ""
    let bracketed = host.contains(":") ? "[\(host)]" : host
    return "\(scheme)://\(bracketed)\(port)/w/index.php?search=\(queryEscaped(name))"
  }

  private static func link(_ url: String, _ text: String) -> String {
    "<a href=\"\(escaped(url))\">\(escaped(text))</a>"
  }

  private static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  /// `text` percent-encoded for a query value: unreserved ASCII kept, every other byte escaped.
  private static func queryEscaped(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }
}
