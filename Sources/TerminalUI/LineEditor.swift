import TextSupport

/// The text of a one-line prompt (a filter or search field) and its cursor, edited by keys.
///
/// Editing works on graphemes, so Backspace removes a whole Chinese character or an
/// accented letter. Control characters never get in: pasted or typed text is cleaned.
public struct LineEditor: Hashable, Sendable {
  /// The graphemes of the text.
  public private(set) var characters: [Character]
  /// The cursor, as the number of graphemes before it.
  public private(set) var cursor: Int

  /// An editor holding `text` with the cursor at its end.
  public init(text: String = "") {
    characters = Array(Self.clean(text))
    cursor = characters.count
  }

  /// The text.
  public var text: String { String(characters) }

  /// The terminal cells taken by the text before the cursor (where to put the cursor).
  public var cursorColumn: Int { TerminalText.width(String(characters[..<cursor])) }

  /// Applies an editing key and returns true, or returns false for a key that does not
  /// edit (Enter, Esc, arrows up and down…), which the caller handles.
  ///
  /// Text and pastes are inserted; Backspace and Delete remove a grapheme; left, right,
  /// Home and End (and Ctrl-A, Ctrl-E, Ctrl-B, Ctrl-F) move; Ctrl-U clears the line,
  /// Ctrl-W deletes the word before the cursor and Ctrl-K the text after it.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .paste(let text): insert(text)
    case .backspace: deleteBackward()
    case .special(.delete, _): deleteForward()
    case .special(.left, _), .control("b"): cursor = max(cursor - 1, 0)
    case .special(.right, _), .control("f"): cursor = min(cursor + 1, characters.count)
    case .special(.home, _), .control("a"): cursor = 0
    case .special(.end, _), .control("e"): cursor = characters.count
    case .control("u"): clear()
    case .control("w"): deleteWordBackward()
    case .control("k"): characters.removeSubrange(cursor...)
    default: return false
    }
    return true
  }

  /// Inserts `text` at the cursor (controls removed, line breaks and tabs as spaces) and
  /// moves the cursor after it.
  public mutating func insert(_ text: String) {
    let inserted = Array(Self.clean(text))
    characters.insert(contentsOf: inserted, at: cursor)
    cursor += inserted.count
  }

  /// Deletes the grapheme before the cursor.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    cursor -= 1
    characters.remove(at: cursor)
  }

  /// Deletes the grapheme after the cursor.
  public mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  /// Deletes the word before the cursor and the spaces between it and the cursor.
  public mutating func deleteWordBackward() {
    var start = cursor
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Empties the line.
  public mutating func clear() {
    characters.removeAll()
    cursor = 0
  }

  /// The part of the text to show in a field `width` cells wide, scrolled so the cursor
  /// is visible, and the cursor's column in it.
  public func visible(width: Int) -> (text: String, cursorColumn: Int) {
    guard width > 0 else { return ("", 0) }
    // Keep one cell free after the cursor for the cursor itself.
    var start = 0
    var before = cursorColumn
    while before > width - 1 && start < cursor {
      before -= TerminalText.width(String(characters[start]))
      start += 1
    }
    var shown = ""
    var used = 0
    for character in characters[start...] {
      let cells = TerminalText.width(String(character))
      if used + cells > width { break }
      shown.append(character)
      used += cells
    }
    return (shown, before)
  }

  private static func clean(_ text: String) -> String {
    KeyDecoder.cleanPaste(text)
  }
}
