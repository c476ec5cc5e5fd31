/// A minimal terminal screen for the pty tests: it draws printable text (East Asian
/// characters two cells wide), CUP, CUF, ED 2, EL and the alternate screen, and ignores the
/// other sequences (SGR, modes). Enough to read back what a full-screen program shows.
package struct PTYScreen {
  package private(set) var rows: Int
  package private(set) var columns: Int
  private var cells: [[String]]
  private var row = 0
  private var column = 0
  /// True while the alternate screen is on.
  package private(set) var alternate = false
  /// True while the terminal is asked for mouse reports (any of modes 1000, 1002, 1003).
  package private(set) var mouseReporting = false
  /// False while the cursor is hidden (mode 25 off).
  package private(set) var cursorVisible = true
  private var pending: [UInt8] = []

  package init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// Each row's text, trailing spaces dropped, wide characters once.
  package var lines: [String] {
    cells.map {
      $0.joined().replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
    }
  }

  /// The whole screen, a row a line.
  package var text: String { lines.joined(separator: "\n") }

  mutating func resize(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    row = 0
    column = 0
  }

  mutating func apply<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    pending += bytes
    var index = 0
    var textStart = 0
    func flushText(upTo end: Int) {
      if textStart < end { put(String(decoding: pending[textStart..<end], as: UTF8.self)) }
    }
    while index < pending.count {
      guard pending[index] == 0x1B else {
        index += 1
        continue
      }
      flushText(upTo: index)
      guard let end = sequenceEnd(from: index) else {
        pending.removeSubrange(..<index)
        return
      }
      control(Array(pending[index...end]))
      index = end + 1
      textStart = index
    }
    // Keep an incomplete UTF-8 tail for the next read.
    var cut = pending.count
    if let lead = (textStart..<pending.count).last(where: { pending[$0] & 0xC0 != 0x80 }),
      pending[lead] >= 0xC0
    {
      let needed = pending[lead] >= 0xF0 ? 4 : pending[lead] >= 0xE0 ? 3 : 2
      if pending.count - lead < needed { cut = lead }
    }
    flushText(upTo: cut)
    pending.removeSubrange(..<cut)
  }

  private func sequenceEnd(from start: Int) -> Int? {
    guard start + 1 < pending.count else { return nil }
    guard pending[start + 1] == UInt8(ascii: "[") else { return start + 1 }
    var index = start + 2
    while index < pending.count {
      if (0x40...0x7E).contains(pending[index]) { return index }
      index += 1
    }
    return nil
  }

  private mutating func control(_ sequence: [UInt8]) {
    guard sequence.count > 2, sequence[1] == UInt8(ascii: "[") else { return }
    let final = sequence[sequence.count - 1]
    let body = String(decoding: sequence[2..<sequence.count - 1], as: UTF8.self)
    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    switch final {
    case UInt8(ascii: "H"):
      let first = numbers.first.flatMap { $0 } ?? 1
      let second = numbers.count > 1 ? numbers[1] ?? 1 : 1
      row = min(max(first - 1, 0), rows - 1)
      column = min(max(second - 1, 0), columns - 1)
    case UInt8(ascii: "C"):
      column = min(column + max(numbers.first.flatMap { $0 } ?? 1, 1), columns - 1)
    case UInt8(ascii: "J") where body == "2":
      cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    case UInt8(ascii: "K"):
      for erase in column..<columns where row < rows { cells[row][erase] = " " }
    case UInt8(ascii: "h") where body == "?1049":
      alternate = true
    case UInt8(ascii: "l") where body == "?1049":
      alternate = false
    case UInt8(ascii: "h") where ["?1000", "?1002", "?1003"].contains(body):
      mouseReporting = true
    case UInt8(ascii: "l") where ["?1000", "?1002", "?1003"].contains(body):
      mouseReporting = false
    case UInt8(ascii: "h") where body == "?25":
      cursorVisible = true
    case UInt8(ascii: "l") where body == "?25":
      cursorVisible = false
    default:
      break
    }
  }

  private mutating func put(_ text: String) {
    for character in text {
      if character == "\r" {
        column = 0
        continue
      }
      if character == "\n" {
        row = min(row + 1, rows - 1)
        continue
      }
      let wide = character.unicodeScalars.contains {
        (0x1100...0x115F).contains($0.value) || (0x2E80...0xA4CF).contains($0.value)
          || (0xAC00...0xD7A3).contains($0.value) || (0xF900...0xFAFF).contains($0.value)
          || (0xFF00...0xFF60).contains($0.value) || (0x20000...0x3FFFD).contains($0.value)
      }
      let width = wide ? 2 : 1
      guard row < rows, column + width <= columns else { continue }
      cells[row][column] = String(character)
      if wide { cells[row][column + 1] = "" }
      column += width
    }
  }
}
