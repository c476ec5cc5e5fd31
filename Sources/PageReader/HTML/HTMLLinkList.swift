import Foundation
import TextSupport

/// Resolves a page's hrefs to absolute http(s) URLs, against the page's URL or its
/// `<base href>`.
struct HTMLLinkList {
  private var resolved: [String: String] = [:]
  private var unresolvable: Set<String> = []
  private var base: URL?
  private var baseIsSet = false
  /// `scheme://authority` of an http(s) base: what a plain `/path` link is appended to.
  private var origin: String?

  init(documentURL: URL?) {
    base = documentURL
    origin = Self.origin(of: documentURL).map(TerminalText.sanitize)
  }

  /// Applies the first `<base href>`; later ones are ignored, as browsers do.
  mutating func setBase(_ href: String) {
    guard !baseIsSet else { return }
    baseIsSet = true
    if let url = Self.url(href, relativeTo: base) {
      base = url
      origin = Self.origin(of: url).map(TerminalText.sanitize)
    }
  }

  /// The absolute URL `href` leads to, or nil when it is not an http(s) link.
  mutating func resolve(_ href: String) -> String? {
    // Most links on a page are `/path` on the same site, or absolute http(s) URLs that
    // Foundation would hand back unchanged: building a URL for each was a third of
    // rendering a large page. These are worked out again each time, which costs less
    // than remembering them (most hrefs occur once). Anything unusual goes to URL, once.
    let escaped = Self.escaped(href)
    if let origin, let path = escaped, Self.isPlainAbsolutePath(path) {
      // The origin is sanitised already, and such a path is printable ASCII.
      return origin + path
    }
    if let escaped, Self.isPlainAbsoluteURL(escaped) {
      return TerminalText.sanitize(escaped)
    }
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

  private static func url(_ href: String, relativeTo base: URL?) -> URL? {
    guard let escaped = escaped(href) else { return nil }
    return URL(string: escaped, relativeTo: base)?.absoluteURL
  }

  private static func origin(of base: URL?) -> String? {
    guard let base, let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https",
      base.host != nil, let root = URL(string: "/", relativeTo: base)?.absoluteURL.absoluteString,
      root.hasSuffix("/")
    else { return nil }
    return String(root.dropLast())
  }

  /// `http://` or `https://`, a host of letters, digits, dots and hyphens (no port or user),
  /// then nothing or a plain absolute path (`isPlainAbsolutePath`): a URL that
  /// resolving against any base leaves as it is.
  static func isPlainAbsoluteURL(_ reference: String) -> Bool {
    let utf8 = reference.utf8
    let schemeLength: Int
    if utf8.starts(with: "http://".utf8) {
      schemeLength = 7
    } else if utf8.starts(with: "https://".utf8) {
      schemeLength = 8
    } else {
      return false
    }
    let rest = utf8.dropFirst(schemeLength)
    let authority = rest.prefix { $0 != UInt8(ascii: "/") }
    guard let first = authority.first, first != UInt8(ascii: "."),
      authority.allSatisfy({ byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
          true
        default: false
        }
      })
    else { return false }
    let path = rest.dropFirst(authority.count)
    return path.isEmpty || isPlainAbsolutePath(String(decoding: path, as: UTF8.self))
  }

  /// A path-absolute reference that resolving would leave as it is: one leading `/`, no dot
  /// segments, only characters RFC 3986 allows unescaped, well-formed `%XX`, one `#` at most.
  private static func isPlainAbsolutePath(_ reference: String) -> Bool {
    var reference = reference
    return reference.withUTF8(isPlainAbsolutePath)
  }

  private static func isPlainAbsolutePath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 1, bytes[0] == UInt8(ascii: "/"),
      bytes.count == 1 || bytes[1] != UInt8(ascii: "/")
    else { return false }
    var hashes = 0
    var k = 0
    while k < bytes.count {
      let byte = bytes[k]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
        UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
        UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
        UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
        break
      case UInt8(ascii: "."):
        if bytes[k - 1] == UInt8(ascii: "/") { return false }
      case UInt8(ascii: "#"):
        hashes += 1
        if hashes > 1 { return false }
      case UInt8(ascii: "%"):
        guard k + 2 < bytes.count, isHex(bytes[k + 1]), isHex(bytes[k + 2]) else { return false }
        k += 2
      default:
        return false
      }
      k += 1
    }
    return true
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      return true
    default:
      return false
    }
  }

  /// As the URL standard: trim surrounding spaces, drop tabs and newlines, and
  /// percent-encode what RFC 3986 parsers refuse (spaces, non-ASCII, `|`...).
  private static func escaped(_ href: String) -> String? {
    // Most hrefs are printable ASCII already, and come back as they are.
    if !href.isEmpty, href.utf8.allSatisfy({ (0x21...0x7E).contains($0) && !needsEscape($0) }) {
      return href
    }
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
    return String(decoding: scalars, as: UTF8.self)
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
