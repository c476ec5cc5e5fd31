import Foundation
import TextSupport

/// Text as the reader keeps it: one line, sanitised, and the helpers for MediaWiki's text
/// (formulas drawn as images, citation marks as superscript, file names as alt text).
extension HTMLReader {
  /// Whitespace collapsed, trimmed and sanitised; nil when nothing is left.
  /// On the UTF-8 bytes: splitting by Character (grapheme clusters) and joining again was
  /// most of the cost of closing a link, paid for each of a page's links.
  static func oneLine(_ text: String) -> String? {
    enum Shape {
      case empty, unchanged
      case collapsed(String)
    }
    var clean = TerminalText.sanitize(text)
    let shape = clean.withUTF8 { bytes -> Shape in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == 0x20 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      guard start < end else { return .empty }
      let doubled = (start..<(end - 1)).contains { bytes[$0] == 0x20 && bytes[$0 + 1] == 0x20 }
      if !doubled && start == 0 && end == bytes.count { return .unchanged }
      var out: [UInt8] = []
      out.reserveCapacity(end - start)
      for k in start..<end where bytes[k] != 0x20 || bytes[k - 1] != 0x20 {
        out.append(bytes[k])
      }
      return .collapsed(String(decoding: out, as: UTF8.self))
    }
    switch shape {
    case .empty: return nil
    case .unchanged: return clean
    case .collapsed(let text): return text
    }
  }

  /// `TerminalText.sanitize`, keeping tabs and line breaks, which `pre` needs.
  static func sanitizedKeepingWhitespace(_ text: String) -> String {
    // Most text has nothing to change: its bytes say so at once.
    if TerminalText.bytesNeedNoChange(text, keepingWhitespace: true) { return text }
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      return TerminalText.sanitize(text)
    }
    var out = ""
    var pieceStart = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x09 || byte == 0x0A || byte == 0x0D {
        out += TerminalText.sanitize(String(text[pieceStart..<index]))
        out.unicodeScalars.append(Unicode.Scalar(byte))
        pieceStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    out += TerminalText.sanitize(String(text[pieceStart..<utf8.endIndex]))
    return out
  }

  /// A formula's TeX, one line, without the `{\displaystyle …}` wrapper Wikipedia adds.
  static func formula(_ tex: String) -> String? {
    guard var text = oneLine(tex) else { return nil }
    for wrapper in ["{\\displaystyle ", "{\\textstyle "]
    where text.hasPrefix(wrapper) && text.hasSuffix("}") {
      text = text.dropFirst(wrapper.count).dropLast().trimmingSpaces
    }
    return text.isEmpty ? nil : text
  }

  /// `IMG_3886.jpg`: an alt text that is only the image's file name says nothing.
  static func isFileName(_ alt: String) -> Bool {
    let lower = alt.lowercased().trimmingSpaces
    guard !lower.contains(" ") || lower.count < 60 else { return false }
    if [".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".bmp"].contains(where: {
      lower.hasSuffix($0)
    }) {
      return true
    }
    // A file's name without its extension, as a CMS fills in alt text by default
    // (`milano-design-week-2018-arrangements-01`, `IMG_2041_final`): no words to read.
    let joins = lower.utf8.count { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    let digits = lower.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    return !lower.contains(" ") && lower.utf8.count >= 16 && joins >= 3 && (digits || joins >= 5)
  }

  /// A citation mark as superscript (`[3]` → `⁽³⁾`): the page's own bracketed numbers
  /// must not be mistaken for the `[n]` marks of our links.
  static func superscript(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "[": out.append("\u{207D}")
      case "]": out.append("\u{207E}")
      case "0": out.append("\u{2070}")
      case "1": out.append("\u{00B9}")
      case "2": out.append("\u{00B2}")
      case "3": out.append("\u{00B3}")
      case "4"..."9":
        out.append(Unicode.Scalar(0x2074 + scalar.value - 0x34) ?? scalar)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// Inline `display: none`, which pages use for hidden content as often as `hidden`.
  static func hidesByStyle(_ style: String) -> Bool {
    let compact = style.utf8.filter { $0 > 0x20 }.map(HTMLTokenizer.lowercased)
    return ByteSearch.contains(compact, "display:none")
  }

  static func trimmed(_ text: String) -> String {
    String(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first ?? "")
  }

  static func withoutFragment(_ url: String) -> String {
    String(url.prefix { $0 != "#" })
  }
}
