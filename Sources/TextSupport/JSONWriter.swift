import Foundation

/// Writes JSON text by hand, so that key order is kept and every character that could
/// drive a terminal or hide in the text (C0/C1 controls, and `TerminalText`'s invisible
/// format characters: bidi overrides, U+2028/2029, tags…) is escaped as `\uXXXX`.
public enum JSONWriter {
  public static func string(_ text: String) -> String {
    // Most names and addresses need no escape: their bytes are looked at first, by the
    // sanitiser's own test (the same controls and invisible characters), and for the two
    // characters JSON itself escapes.
    if TerminalText.bytesNeedNoChange(text),
      !text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C })
    {
      return "\"" + text + "\""
    }
    return escapingScalarwise(text)
  }

  /// `string(_:)` the long way, a scalar at a time: what its shortcut is held to.
  static func escapingScalarwise(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || TerminalText.isInvisibleFormat(v) {
          // Beyond the BMP (the tag characters), as JSON spells it: a surrogate pair.
          if v > 0xFFFF {
            let offset = v - 0x10000
            out += String(
              format: "\\u%04x\\u%04x", 0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
          } else {
            out += String(format: "\\u%04x", v)
          }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// One object from ordered key–value pairs whose values are already JSON text.
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}
