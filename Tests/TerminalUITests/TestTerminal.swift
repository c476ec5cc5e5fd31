import TerminalUI

/// A tiny terminal emulator for checking `FrameDiff` output: it understands only CUP,
/// CUF (within the row), ED 2, EL, SGR, DECTCEM (cursor shown or hidden) and printable text. Anything else,
/// and anything a renderer must not rely on (autowrap, erasing with a colour set, a
/// wide character at the last column), is recorded in `problems`.
///
/// When a write cuts a wide character in half, the other half becomes `#`, so a
/// renderer that does not redraw it is caught.
struct TestTerminal {
  struct Cell: Equatable, CustomStringConvertible {
    var text: String
    var style: Style
    var description: String { text.isEmpty ? "<cont>" : text }
  }

  let rows: Int
  let columns: Int
  private(set) var cells: [[Cell]]
  private(set) var row = 0
  private(set) var column = 0
  private(set) var style = Style.plain
  private(set) var cursorVisible = true
  private(set) var problems: [String] = []
  private static let orphan = Cell(text: "#", style: .plain)

  /// A screen full of junk, so that a redraw that does not clear is caught.
  init(rows: Int, columns: Int, filler: String = "?") {
    self.rows = rows
    self.columns = columns
    cells = Array(
      repeating: Array(repeating: Cell(text: filler, style: Style(bold: true)), count: columns),
      count: rows)
  }

  /// The cell display width, worked out independently of TerminalText for the characters
  /// the tests use.
  static func width(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      let v = scalar.value
      let wide =
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1F64F).contains(v)
        || (0x20000...0x3FFFD).contains(v)
      let zero = (0x300...0x36F).contains(v) || v == 0x200D || v == 0xFE0F
      width = max(width, wide ? 2 : zero ? 0 : 1)
    }
    return width
  }

  mutating func apply(_ output: String) {
    let characters = Array(output)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == "\u{1B}" {
        index = escape(characters, from: index)
      } else if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        problems.append("control character \(character.unicodeScalars.map(\.value))")
      } else {
        write(character)
      }
    }
  }

  private mutating func escape(_ characters: [Character], from start: Int) -> Int {
    guard start < characters.count, characters[start] == "[" else {
      problems.append("unknown escape at \(start)")
      return start
    }
    var index = start + 1
    var parameters = ""
    while index < characters.count, let ascii = characters[index].asciiValue,
      (0x30...0x3F).contains(ascii)
    {
      parameters.append(characters[index])
      index += 1
    }
    guard index < characters.count else {
      problems.append("unfinished sequence")
      return index
    }
    let final = characters[index]
    index += 1
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    switch (final, parameters) {
    case ("H", _):
      let r = (numbers.first ?? nil) ?? 1
      let c = numbers.count > 1 ? numbers[1] ?? 1 : 1
      guard (1...rows).contains(r), (1...columns).contains(c) else {
        problems.append("CUP outside the screen: \(parameters)")
        return index
      }
      row = r - 1
      column = c - 1
    case ("C", _):
      let count = (numbers.first ?? nil) ?? 1
      guard column + count < columns else {
        problems.append("CUF to or past the right edge: \(parameters)")
        return index
      }
      column += count
    case ("J", "2"):
      if style != .plain { problems.append("ED with a style set") }
      cells = Array(
        repeating: Array(repeating: Cell(text: " ", style: .plain), count: columns), count: rows)
    case ("K", ""), ("K", "0"):
      if style != .plain { problems.append("EL with a style set") }
      guard column < columns else {
        problems.append("EL in the pending-wrap position")
        return index
      }
      if cells[row][column].text.isEmpty && column > 0 { cells[row][column - 1] = Self.orphan }
      for c in column..<columns { cells[row][c] = Cell(text: " ", style: .plain) }
    case ("m", _):
      sgr(numbers.map { $0 ?? 0 })
    case ("l", "?25"): cursorVisible = false
    case ("h", "?25"): cursorVisible = true
    default:
      problems.append("unknown sequence \(parameters)\(final)")
    }
    return index
  }

  private mutating func sgr(_ numbers: [Int]) {
    for number in numbers {
      switch number {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22:
        style.bold = false
        style.dim = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 39: style.foreground = nil
      case 49: style.background = nil
      case 30...37, 90...97:
        style.foreground = Color.allCases.first { $0.foregroundParameter == number }
      case 40...47, 100...107:
        style.background = Color.allCases.first { $0.backgroundParameter == number }
      default: problems.append("unknown SGR \(number)")
      }
    }
  }

  private mutating func write(_ character: Character) {
    let width = Self.width(character)
    guard width > 0 else {
      problems.append("zero-width text \(character.unicodeScalars.map(\.value))")
      return
    }
    guard column + width <= columns else {
      problems.append("text relies on autowrap at row \(row) column \(column)")
      return
    }
    for c in column..<column + width {
      let old = cells[row][c]
      if old.text.isEmpty && c > 0 && c == column { cells[row][c - 1] = Self.orphan }
      if Self.width(Character(old.text.isEmpty ? " " : old.text)) == 2 && c + 1 < columns
        && c == column + width - 1
      {
        cells[row][c + 1] = Self.orphan
      }
    }
    cells[row][column] = Cell(text: String(character), style: style)
    if width == 2 { cells[row][column + 1] = Cell(text: "", style: style) }
    column += width
  }

  /// The first difference from `frame` (cells, then cursor), or nil when the screen
  /// shows exactly the frame.
  /// Two spaces look alike when their underline, reverse and background do: bold, dim and
  /// a foreground colour put no ink on a space (the diff may write one in the style set).
  static func spacesLookAlike(_ a: Cell, _ b: Cell) -> Bool {
    a.text == " " && b.text == " " && a.style.underline == b.style.underline
      && a.style.reverse == b.style.reverse && a.style.background == b.style.background
  }

  func difference(from frame: Frame) -> String? {
    if let problem = problems.first { return "problem: \(problem)" }
    for r in 0..<rows {
      for c in 0..<columns {
        let expected = Cell(text: frame[r, c].text, style: frame[r, c].style)
        if cells[r][c] != expected && !Self.spacesLookAlike(cells[r][c], expected) {
          return "row \(r) column \(c): shows \(cells[r][c]) \(cells[r][c].style), "
            + "frame has \(expected) \(expected.style)"
        }
      }
    }
    if let cursor = frame.cursor {
      if !cursorVisible { return "cursor hidden" }
      if cursor != CursorPosition(row: row, column: column) {
        return "cursor at \(row),\(column), frame wants \(cursor.row),\(cursor.column)"
      }
    } else if cursorVisible {
      return "cursor visible"
    }
    if style != .plain { return "style left set" }
    return nil
  }
}
