/// Making untrusted text safe for a terminal, and measuring it in terminal cells.
public enum TerminalText {
  /// Removes everything that could drive a terminal or reorder the screen: C0 and C1
  /// controls (ESC among them), DEL, bidirectional overrides and invisible format
  /// characters. Tabs and line breaks become spaces, so the result is one line.
  public static func sanitize(_ text: String) -> String {
    sanitize(text, keepingNewlines: false)
  }

  /// As `sanitize(_:)`, but line feeds are kept (for page text that is already laid out).
  public static func sanitize(_ text: String, keepingNewlines: Bool) -> String {
    // Most text, CJK included, has nothing to change; rebuilding it scalar by scalar
    // anyway was a sixth of rendering a large page, and even decoding it to check was
    // a few percent: the bytes are looked at first.
    if bytesNeedNoChange(text) { return text }
    return sanitizeScalarwise(text, keepingNewlines: keepingNewlines)
  }

  /// True when no UTF-8 sequence in `text` is one `classify` treats otherwise than `.keep`:
  /// no C0 byte or DEL, no C1 control (C2 80–9F), no soft hyphen (C2 AD), and none of
  /// U+061C (D8 9C), U+200B–200F, U+2028–202E (E2 80 8B–8F, A8–AE), U+2060–206F
  /// (E2 81 A0–AF), U+FEFF (EF BB BF), U+FFF9–FFFB (EF BF B9–BB) or the tags
  /// U+E0000–E007F (F3 A0 80–81). U+200D is among them though kept between emoji, which
  /// only sends its text the slow way. Valid UTF-8 (a String) has no surrogates. With
  /// `keepingWhitespace`, tabs, line feeds and carriage returns are let through as well.
  public static func bytesNeedNoChange(_ text: String, keepingWhitespace: Bool = false) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      let count = bytes.count
      var index = 0
      while index < count {
        let byte = bytes[index]
        if byte < 0x80 {
          if byte == 0x7F { return false }
          if byte < 0x20,
            !keepingWhitespace || (byte != 0x09 && byte != 0x0A && byte != 0x0D)
          {
            return false
          }
          index += 1
          continue
        }
        let second = index + 1 < count ? bytes[index + 1] : 0
        let third = index + 2 < count ? bytes[index + 2] : 0
        switch (byte, second) {
        case (0xC2, ..<0xA0), (0xC2, 0xAD): return false
        case (0xD8, 0x9C): return false
        case (0xE2, 0x80) where (0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third):
          return false
        case (0xE2, 0x81) where (0xA0...0xAF).contains(third): return false
        case (0xEF, 0xBB) where third == 0xBF: return false
        case (0xEF, 0xBF) where (0xB9...0xBB).contains(third): return false
        case (0xF3, 0xA0) where third == 0x80 || third == 0x81: return false
        default: index += 1
        }
      }
      return true
    }
  }

  /// The invisible characters no output shows raw from untrusted text, the one rule every
  /// writer follows (`sanitize` drops them, line separators becoming spaces; `JSONWriter`
  /// escapes them): bidi embeddings, overrides, isolates and marks; zero-width spaces and
  /// joiners; U+2028 and U+2029, line ends to some tools; word joiner and invisible
  /// operators; BOM; interlinear annotations; the soft hyphen; the tag characters.
  public static func isInvisibleFormat(_ v: UInt32) -> Bool {
    switch v {
    case 0x00AD, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF,
      0xFFF9...0xFFFB, 0xE0000...0xE007F:
      return true
    default:
      return false
    }
  }

  /// `sanitize`, one scalar at a time.
  static func sanitizeScalarwise(_ text: String, keepingNewlines: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var changed = false
    for (index, scalar) in scalars.enumerated() {
      var treatment = classify(scalar)
      // A zero-width joiner joins emoji (👨‍👩‍👧); anywhere else it only hides a difference.
      if scalar == "\u{200D}" {
        let joins =
          index > 0 && index + 1 < scalars.count && joinsAfter(scalars[index - 1])
          && isPictograph(scalars[index + 1])
        treatment = joins ? .keep : .drop
      }
      switch treatment {
      case .keep: out.append(scalar)
      case .drop: changed = true
      case .space:
        if keepingNewlines && scalar == "\n" {
          out.append(scalar)
        } else {
          out.append(" ")
          changed = true
        }
      case .replace:
        out.append("\u{FFFD}")
        changed = true
      }
    }
    return changed ? String(out) : text
  }

  /// An emoji that is a picture (not a digit, `#` or `*`, which are emoji too).
  private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value > 0xFF && scalar.properties.isEmoji
  }

  /// What a joiner in an emoji sequence may follow: a pictograph, its skin tone or VS16.
  private static func joinsAfter(_ scalar: Unicode.Scalar) -> Bool {
    isPictograph(scalar) || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }

  private enum Treatment { case keep, drop, space, replace }

  private static func classify(_ scalar: Unicode.Scalar) -> Treatment {
    let v = scalar.value
    switch v {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x2028, 0x2029: return .space
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: return .replace
    case 0xD800...0xDFFF: return .replace
    default: return isInvisibleFormat(v) ? .drop : .keep
    }
  }

  /// The number of terminal cells `text` takes: East Asian wide and full-width
  /// characters take two, combining marks and zero-width characters none.
  public static func width(_ text: String) -> Int {
    // Printable ASCII is a cell a byte; looked at in the contiguous UTF-8, which is
    // several times quicker than iterating the UTF-8 view.
    var contiguous = text
    let ascii = contiguous.withUTF8 { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
      return bytes.count
    }
    if let ascii { return ascii }
    var total = 0
    for scalar in text.unicodeScalars {
      total += width(of: scalar)
    }
    return total
  }

  /// The number of cells one scalar takes (0, 1 or 2).
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }
    if v < 0x300 { return 1 }
    // The blocks most Chinese text is made of, before the full search: CJK ideographs,
    // CJK punctuation, full-width forms (all inside `isWide`'s ranges); then general
    // punctuation (dashes, quotes, ellipsis), which is never wide, a mark or a format.
    if (0x4E00...0x9FFF).contains(v) || (0x3000...0x303E).contains(v)
      || (0xFF00...0xFF60).contains(v)
    {
      return 2
    }
    if (0x2010...0x2027).contains(v) { return 1 }
    // Box drawing (the preview pane's rule) and Braille (a map's dots), a cell each: a
    // map's frame has hundreds of them.
    if (0x2500...0x257F).contains(v) || (0x2800...0x28FF).contains(v) { return 1 }
    // Invisible formatting (U+2060–2064, U+2066–206F) and variation selectors take no
    // cells; the page layout's link marks are made of them.
    if (0x2060...0x2064).contains(v) || (0x2066...0x206F).contains(v)
      || (0xFE00...0xFE0F).contains(v)
    {
      return 0
    }
    if v >= 0x1100, isWide(v) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
    return 1
  }

  private static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
      0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
      0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
      0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
      0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
      0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
      0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
      0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
      0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
      0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
      0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
      0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
      0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// Cuts `text` to at most `cells` cells, ending with `…` where it was cut.
  public static func truncate(_ text: String, toWidth cells: Int) -> String {
    guard cells > 0 else { return "" }
    if width(text) <= cells { return text }
    var out = String.UnicodeScalarView()
    var used = 0
    for scalar in text.unicodeScalars {
      let w = width(of: scalar)
      if used + w > cells - 1 { break }
      out.append(scalar)
      used += w
    }
    return String(out) + "…"
  }

  /// Pads `text` with spaces on the right to `cells` cells.
  public static func pad(_ text: String, toWidth cells: Int) -> String {
    let w = width(text)
    return w >= cells ? text : text + String(repeating: " ", count: cells - w)
  }
}
