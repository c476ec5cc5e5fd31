import Foundation

/// Host names as DNS and HTTP need them: an international name (例子.测试) becomes its ASCII
/// form (xn--fsqu00a.xn--0zwm56d) by IDNA ToASCII (RFC 3490), label by label.
public enum HostName {
  /// The longest label and the longest name, in ASCII bytes.
  public static let maxLabelLength = 63
  public static let maxNameLength = 253

  /// The ASCII form of `host`, or nil when it cannot be one (an empty label, a label or
  /// name too long, a character no host may hold). A host that is ASCII already comes back
  /// untouched; so does an IP literal in brackets.
  ///
  /// For each label: ideographic and full-width full stops (。．｡) separate labels like `.`;
  /// compatibility forms are folded (NFKC: ＡＢＣ is abc) and letters lower-cased; a label
  /// still not ASCII becomes `xn--` and its Punycode. (Nameprep's full tables are not
  /// applied; the names this program meets are CJK and Latin.)
  public static func ascii(_ host: String) -> String? {
    if host.utf8.allSatisfy({ $0 < 0x80 }) { return host }
    let separators: Set<Character> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]
    let dotted = String(host.map { separators.contains($0) ? "." : $0 })
    var labels = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    // One trailing dot names the root; it is kept, and is no empty label.
    let rooted = labels.count > 1 && labels.last == ""
    if rooted { labels.removeLast() }
    var converted: [String] = []
    for label in labels {
      guard let ascii = asciiLabel(label) else { return nil }
      converted.append(ascii)
    }
    let name = converted.joined(separator: ".")
    guard name.utf8.count <= maxNameLength else { return nil }
    return rooted ? name + "." : name
  }

  private static func asciiLabel(_ label: String) -> String? {
    let folded = label.precomposedStringWithCompatibilityMapping.lowercased()
    guard !folded.isEmpty, folded.unicodeScalars.allSatisfy(isAllowed) else { return nil }
    let ascii: String
    if folded.utf8.allSatisfy({ $0 < 0x80 }) {
      ascii = folded
    } else {
      guard let encoded = Punycode.encode(folded) else { return nil }
      ascii = "xn--" + encoded
    }
    guard ascii.utf8.count <= maxLabelLength else { return nil }
    return ascii
  }

  /// No controls, spaces, separators a URL gives meaning to, or bidi and zero-width
  /// formatting characters.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      let byte = UInt8(scalar.value)
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"):
        return true
      default:
        return false
      }
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .privateUse, .surrogate, .unassigned:
      return false
    default:
      return true
    }
  }
}
