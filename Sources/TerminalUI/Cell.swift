import Synchronization
import TextSupport

/// One cell of a `Frame`: a grapheme and its style. A wide (East Asian) character takes
/// its cell and the one to its right, which holds a continuation (empty text, width 0).
///
/// A cell is a plain value of 16 bytes that holds no reference: a frame of thousands of
/// cells is made, copied, compared and freed without counting references. A grapheme of
/// up to three scalars is kept in the cell itself; a longer one (an emoji sequence) is
/// kept once in a table of the process, and the cell holds its place there.
public struct Cell: Hashable, Sendable {
  /// Up to three scalars of 21 bits each, the first in the low bits (0: no scalar); or,
  /// with `interned` set, the place of the grapheme in `Cell.long`.
  private let packed: UInt64
  /// How the cell is drawn, as `Style.bits`: two cells compare as three integers.
  let styleBits: UInt16
  private let cells: UInt8

  /// How the cell is drawn.
  public var style: Style { Style(bits: styleBits) }

  /// The grapheme shown, " " for a blank cell, "" for the right half of a wide character.
  public var text: String {
    if packed & Self.interned != 0 {
      let place = Int(packed & ~Self.interned)
      return Self.long.withLock { $0.texts[place] }
    }
    var scalars = String.UnicodeScalarView()
    var rest = packed
    while rest != 0, let scalar = Unicode.Scalar(UInt32(rest & 0x1F_FFFF)) {
      scalars.append(scalar)
      rest >>= 21
    }
    return String(scalars)
  }

  /// The cells the grapheme takes: 1 or 2, or 0 for a continuation.
  public var width: Int { Int(cells) }

  /// A space in the plain style.
  public static let blank = Cell(text: " ", style: .plain, width: 1)

  init(text: String, style: Style, width: Int) {
    styleBits = style.bits
    cells = UInt8(clamping: width)
    var packed: UInt64 = 0
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < 3 else {
        packed = Self.intern(text, width: width)
        break
      }
      packed |= UInt64(scalar.value) << (21 * UInt64(count))
      count += 1
    }
    self.packed = packed
  }

  /// A space in `style`.
  public static func space(_ style: Style) -> Cell { Cell(text: " ", style: style, width: 1) }

  /// True for a space (in any style).
  var isSpace: Bool { packed == 0x20 }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { cells == 0 }

  /// The right half of a wide character drawn in `style`.
  static func continuation(_ style: Style) -> Cell { Cell(text: "", style: style, width: 0) }

  /// The bytes of the cell's text in UTF-8.
  var utf8Count: Int {
    guard packed & Self.interned == 0 else { return text.utf8.count }
    var count = 0
    var rest = packed
    while rest != 0, let scalar = Unicode.Scalar(UInt32(rest & 0x1F_FFFF)) {
      count += UTF8.width(scalar)
      rest >>= 21
    }
    return count
  }

  /// The cell's text appended to `output` as UTF-8 (what the diff writes), without a
  /// String made for a grapheme the cell holds itself.
  func appendUTF8(to output: inout [UInt8]) {
    guard packed & Self.interned == 0 else {
      output.append(contentsOf: text.utf8)
      return
    }
    var rest = packed
    while rest != 0, let scalar = Unicode.Scalar(UInt32(rest & 0x1F_FFFF)) {
      let value = scalar.value
      switch value {
      case 0..<0x80:
        output.append(UInt8(value))
      case 0x80..<0x800:
        output.append(UInt8(0xC0 | value >> 6))
        output.append(UInt8(0x80 | value & 0x3F))
      case 0x800..<0x1_0000:
        output.append(UInt8(0xE0 | value >> 12))
        output.append(UInt8(0x80 | value >> 6 & 0x3F))
        output.append(UInt8(0x80 | value & 0x3F))
      default:
        output.append(UInt8(0xF0 | value >> 18))
        output.append(UInt8(0x80 | value >> 12 & 0x3F))
        output.append(UInt8(0x80 | value >> 6 & 0x3F))
        output.append(UInt8(0x80 | value & 0x3F))
      }
      rest >>= 21
    }
  }

  /// The text of a cell for `character` and the cells it takes (0 means it cannot have a
  /// cell: a lone combining mark or an invisible format character). A grapheme with a
  /// control character in it becomes U+FFFD, so nothing in a frame can drive the terminal.
  static func measure(_ character: Character) -> (text: String, width: Int) {
    var width = 0
    for scalar in character.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || (0x7F..<0xA0).contains(value) { return ("\u{FFFD}", 1) }
      width = max(width, TerminalText.width(of: scalar))
    }
    return (String(character), width)
  }

  /// The bit that says `packed` is a place in `long`.
  private static let interned: UInt64 = 1 << 63

  /// Graphemes of more than three scalars, each once, and where each is.
  private struct LongTexts {
    var texts: [String] = []
    var places: [String: Int] = [:]
  }

  private static let long = Mutex(LongTexts())

  /// How many long graphemes are kept: a hostile page of distinct ones (a letter under
  /// a different heap of combining marks each time) must not grow the table for ever.
  static let keptLongTexts = 65_536
  /// The longest grapheme kept, in UTF-8 bytes: the longest emoji sequences take about 35,
  /// so the table holds at most 65,536 × 128 bytes of text; a longer heap of marks shows as
  /// U+FFFD.
  static let longestKeptText = 128

  /// The place of `text` in `long`, added if new, with the `interned` bit set. With the
  /// table full, a new one is shown as U+FFFD, once for each cell it takes.
  private static func intern(_ text: String, width: Int) -> UInt64 {
    long.withLock { table in
      if let place = table.places[text] { return UInt64(place) | interned }
      guard table.texts.count < keptLongTexts, text.utf8.count <= longestKeptText else {
        return width == 2 ? 0xFFFD | 0xFFFD << 21 : 0xFFFD
      }
      table.texts.append(text)
      table.places[text] = table.texts.count - 1
      return UInt64(table.texts.count - 1) | interned
    }
  }
}
