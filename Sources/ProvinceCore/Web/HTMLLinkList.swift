import Foundation

/// The numbered links of a page: hrefs resolved to absolute http(s) URLs, one number
/// per distinct URL, in order of first appearance.
struct HTMLLinkList {
  private(set) var urls: [String] = []
  private var numbers: [String: Int] = [:]
  private var resolved: [String: String] = [:]
  private var unresolvable: Set<String> = []
  private var base: URL?
  private var baseIsSet = false

  init(documentURL: URL?) {
    base = documentURL
  }

  /// Applies the first `<base href>`; later ones are ignored, as browsers do.
  mutating func setBase(_ href: String) {
    guard !baseIsSet else { return }
    baseIsSet = true
    if let url = Self.url(href, relativeTo: base) { base = url }
  }

  /// The absolute URL `href` leads to, or nil when it is not an http(s) link.
  mutating func resolve(_ href: String) -> String? {
    if let known = resolved[href] { return known }
    if unresolvable.contains(href) { return nil }
    guard let url = Self.url(href, relativeTo: base),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      unresolvable.insert(href)
      return nil
    }
    let absolute = TerminalText.sanitize(url.absoluteString)
    resolved[href] = absolute
    return absolute
  }

  /// The reference number of `url`, the same for every link to it.
  mutating func number(for url: String) -> Int {
    if let number = numbers[url] { return number }
    urls.append(url)
    numbers[url] = urls.count
    return urls.count
  }

  private static func url(_ href: String, relativeTo base: URL?) -> URL? {
    // As the URL standard: trim surrounding spaces, drop tabs and newlines, and
    // percent-encode what RFC 3986 parsers refuse (spaces, non-ASCII, `|`...).
    var bytes = Substring(href).utf8.drop { $0 <= 0x20 }
    while let last = bytes.last, last <= 0x20 { bytes = bytes.dropLast() }
    guard !bytes.isEmpty else { return nil }
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var scalars: [UInt8] = []
    for byte in bytes {
      switch byte {
      case 0x09, 0x0A, 0x0D: continue
      case 0x21...0x7E where !Self.needsEscape(byte):
        scalars.append(byte)
      default:
        scalars.append(UInt8(ascii: "%"))
        scalars.append(hexDigits[Int(byte >> 4)])
        scalars.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return URL(string: String(decoding: scalars, as: UTF8.self), relativeTo: base)?.absoluteURL
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"),
      UInt8(ascii: "^"):
      return true
    default:
      return false
    }
  }
}
