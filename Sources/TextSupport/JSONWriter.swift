import Foundation

/// Writes JSON text by hand, so that key order is kept and every character that could
/// drive a terminal (C0/C1 controls, bidi overrides, line separators) is escaped.
public enum JSONWriter {
  public static func string(_ text: String) -> String {
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
        if v < 0x20 || (0x7F...0x9F).contains(v) || needsEscape(v) {
          out += String(format: "\\u%04x", v)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func needsEscape(_ v: UInt32) -> Bool {
    switch v {
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB:
      return true
    default:
      return false
    }
  }

  /// One object from ordered key–value pairs whose values are already JSON text.
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}
