import TextSupport

/// Turns the bytes a terminal sends into keys, as a pure state machine.
///
/// Bytes are fed in as they are read, with the (monotonic) time they were read; an
/// incomplete tail (part of a UTF-8 character or of an escape sequence) is kept for the
/// next `feed`. A lone ESC cannot be told from the start of a sequence until some time
/// passes without more bytes: the caller waits at most until `pendingDeadline` for more
/// input and then calls `flush(now:)`, which turns the lone ESC into `.escape`.
///
/// Nothing is ever lost as text: unknown or malformed sequences are consumed whole and
/// dropped, invalid UTF-8 becomes U+FFFD, and the kept tail stays a few dozen bytes long
/// whatever the input (a pasted text is capped at `maximumPasteBytes`).
public struct KeyDecoder: Sendable {
  /// How long a lone ESC (or an unfinished sequence) waits for more bytes.
  public var escapeTimeout: Duration
  /// How long a bracketed paste waits for its end marker before it is ended anyway.
  public var pasteTimeout: Duration
  /// The most bytes of one paste that are kept; the rest is dropped.
  public var maximumPasteBytes: Int

  /// The longest escape sequence kept whole; longer ones are consumed and dropped.
  static let maximumSequenceLength = 64

  private enum Mode: Equatable, Sendable {
    case ground
    /// Inside an over-long control sequence: bytes are dropped up to its final byte.
    case discardingControlSequence
    /// Inside OSC, DCS, APC, PM or SOS: bytes are dropped up to BEL or ST.
    case discardingString
    /// Inside a bracketed paste: bytes are collected up to `ESC [ 2 0 1 ~`.
    case pasting
  }

  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  private var pending: [UInt8] = []
  private var mode = Mode.ground
  private var lastInput = Duration.zero
  private var pasted: [UInt8] = []
  private var pasteEndMatched = 0

  /// A decoder; `escapeTimeout` should be short (25–50 ms) so Esc feels immediate.
  public init(
    escapeTimeout: Duration = .milliseconds(40), pasteTimeout: Duration = .seconds(1),
    maximumPasteBytes: Int = 1 << 16
  ) {
    self.escapeTimeout = escapeTimeout
    self.pasteTimeout = pasteTimeout
    self.maximumPasteBytes = maximumPasteBytes
  }

  /// The time by which `flush(now:)` should be called if no more bytes arrive, or nil
  /// when nothing is pending.
  public var pendingDeadline: Duration? {
    switch mode {
    case .ground: return pending.isEmpty ? nil : lastInput + escapeTimeout
    case .discardingControlSequence, .discardingString: return lastInput + escapeTimeout
    case .pasting: return lastInput + pasteTimeout
    }
  }

  /// The number of bytes kept for the next feed (for tests of the bound).
  public var pendingByteCount: Int { pending.count + pasted.count }

  /// Decodes `bytes`, read at time `now`, into keys; an incomplete tail is kept. If the
  /// pending deadline has passed, what was pending is flushed first.
  public mutating func feed(_ bytes: [UInt8], now: Duration) -> [Key] {
    var keys = flush(now: now)
    guard !bytes.isEmpty else { return keys }
    lastInput = now
    pending.append(contentsOf: bytes)
    keys += process(final: false)
    return keys
  }

  /// Resolves what is pending once its deadline has passed: a lone ESC becomes `.escape`,
  /// ESC `[` and ESC `O` become Alt keys, a partial UTF-8 character U+FFFD, any other
  /// unfinished sequence is dropped and an unfinished paste is ended. Before the
  /// deadline it does nothing.
  public mutating func flush(now: Duration) -> [Key] {
    guard let deadline = pendingDeadline, now >= deadline else { return [] }
    switch mode {
    case .ground:
      return process(final: true)
    case .discardingControlSequence, .discardingString:
      mode = .ground
      return []
    case .pasting:
      pasted.append(contentsOf: Self.pasteEnd.prefix(pasteEndMatched))
      mode = .ground
      return [finishPaste()] + process(final: true)
    }
  }

  // MARK: - The state machine

  private enum Token {
    /// `length` bytes make one key, or nothing (dropped), and maybe switch the mode.
    case key(Key?, length: Int, mode: Mode = .ground)
    /// One scalar of text, to be joined with its neighbours into graphemes.
    case text(Unicode.Scalar, length: Int)
    /// More bytes are needed.
    case incomplete
  }

  private mutating func process(final: Bool) -> [Key] {
    var keys: [Key] = []
    var text = String.UnicodeScalarView()
    func endText() {
      guard !text.isEmpty else { return }
      keys += String(text).map { Key.character($0) }
      text.removeAll()
    }
    var index = 0
    scanning: while index < pending.count {
      let byte = pending[index]
      switch mode {
      case .pasting:
        index += 1
        if collectPasted(byte) {
          endText()
          keys.append(finishPaste())
          mode = .ground
        }
      case .discardingControlSequence:
        if byte == 0x1B {
          mode = .ground
        } else {
          index += 1
          if (0x40...0x7E).contains(byte) || byte == 0x18 || byte == 0x1A { mode = .ground }
        }
      case .discardingString:
        // BEL or ST (ESC \) ends the string; CAN and SUB abort it.
        if byte == 0x1B {
          mode = .ground
        } else {
          index += 1
          if byte == 0x07 || byte == 0x18 || byte == 0x1A { mode = .ground }
        }
      case .ground:
        switch token(at: index, final: final) {
        case .incomplete:
          break scanning
        case .text(let scalar, let length):
          text.append(scalar)
          index += length
        case .key(let key, let length, let next):
          endText()
          if let key { keys.append(key) }
          index += length
          mode = next
          if next == .pasting {
            pasted.removeAll()
            pasteEndMatched = 0
          }
        }
      }
    }
    endText()
    pending.removeFirst(index)
    return keys
  }

  /// Adds one byte of a paste; true when it completed the end marker.
  private mutating func collectPasted(_ byte: UInt8) -> Bool {
    if byte == Self.pasteEnd[pasteEndMatched] {
      pasteEndMatched += 1
      if pasteEndMatched == Self.pasteEnd.count { return true }
      return false
    }
    // The marker has a single ESC, at its start, so a mismatch restarts it only at ESC.
    appendPasted(Self.pasteEnd.prefix(pasteEndMatched))
    pasteEndMatched = byte == 0x1B ? 1 : 0
    if pasteEndMatched == 0 { appendPasted(CollectionOfOne(byte)) }
    return false
  }

  private mutating func appendPasted<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    let room = maximumPasteBytes - pasted.count
    if room > 0 { pasted.append(contentsOf: bytes.prefix(room)) }
  }

  private mutating func finishPaste() -> Key {
    let text = String(decoding: pasted, as: UTF8.self)
    pasted.removeAll()
    pasteEndMatched = 0
    return .paste(Self.cleanPaste(text))
  }

  /// Pasted text without controls: line breaks and tabs become spaces (a CR LF pair one
  /// space), every other C0 or C1 control and DEL is removed.
  static func cleanPaste(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var afterCR = false
    for scalar in text.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      switch scalar.value {
      case 0x0A where afterCR: continue
      case 0x09, 0x0A, 0x0D: out.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: continue
      default: out.append(scalar)
      }
    }
    return TerminalText.sanitize(String(out))
  }

  // MARK: - Tokens

  private func token(at index: Int, final: Bool) -> Token {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index, final: final)
    case 0x0D: return .key(.enter, length: 1)
    // LF is Ctrl-J (down, in fzf and less), but after CR it is the rest of an Enter that
    // a terminal in newline mode sends as CR LF.
    case 0x0A: return .key(index > 0 && pending[index - 1] == 0x0D ? nil : .control("j"), length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x08, 0x7F: return .key(.backspace, length: 1)
    case 0x00..<0x20:
      let name = Character(Unicode.Scalar(byte + 0x40)).lowercased()
      return .key(name.first.map { .control($0) }, length: 1)
    default:
      return text(at: index, final: final)
    }
  }

  private func text(at index: Int, final: Bool) -> Token {
    switch UTF8Step.decode(pending, at: index) {
    case .scalar(let scalar, let length):
      // C1 controls encoded in UTF-8 are never text.
      if (0x80..<0xA0).contains(scalar.value) { return .key(nil, length: length) }
      return .text(scalar, length: length)
    case .invalid(let length):
      return .text("\u{FFFD}", length: length)
    case .incomplete:
      return final ? .text("\u{FFFD}", length: pending.count - index) : .incomplete
    }
  }

  private func escape(at index: Int, final: Bool) -> Token {
    guard index + 1 < pending.count else {
      return final ? .key(.escape, length: 1) : .incomplete
    }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["): return controlSequence(at: index, final: final)
    case UInt8(ascii: "O"): return singleShift(at: index, final: final)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      return .key(nil, length: 2, mode: .discardingString)
    case UInt8(ascii: "\\"):
      return .key(nil, length: 2)  // a stray string terminator
    case 0x20..<0x7F:
      return .key(.alt(Character(Unicode.Scalar(next))), length: 2)
    case 0x80...:
      switch UTF8Step.decode(pending, at: index + 1) {
      case .scalar(let scalar, let length) where scalar.value >= 0xA0:
        return .key(.alt(Character(scalar)), length: 1 + length)
      case .incomplete where !final:
        return .incomplete
      default:
        return .key(.escape, length: 1)
      }
    default:
      // ESC before a control (another ESC, DEL, Ctrl-x): Esc, then that key.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [` …: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
  private func controlSequence(at index: Int, final: Bool) -> Token {
    let start = index + 2
    guard start < pending.count else {
      return final ? .key(.alt("["), length: 2) : .incomplete
    }
    if pending[start] == UInt8(ascii: "[") {
      // The Linux console's F1–F5: ESC [ [ A … ESC [ [ E.
      guard start + 1 < pending.count else {
        return final ? .key(nil, length: 3) : .incomplete
      }
      let letter = pending[start + 1]
      guard (0x20..<0x7F).contains(letter) else { return .key(nil, length: 3) }
      let key: Key? =
        (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter)
        ? .function(Int(letter) - Int(UInt8(ascii: "A")) + 1) : nil
      return .key(key, length: 4)
    }
    var end = start
    while end < pending.count {
      let byte = pending[end]
      let isParameter = (0x20...0x3F).contains(byte)
      // rxvt ends Shift-modified editing keys with `$` (ESC [ 5 $ is Shift-PgUp).
      let isRxvtShift = byte == UInt8(ascii: "$") && end > start
      if (0x40...0x7E).contains(byte) || isRxvtShift { break }
      guard isParameter else {
        // CAN and SUB cancel a sequence; anything else ends it and is read afresh.
        let cancels = byte == 0x18 || byte == 0x1A
        return .key(nil, length: end - index + (cancels ? 1 : 0))
      }
      end += 1
      if end - index >= Self.maximumSequenceLength {
        return .key(nil, length: end - index, mode: .discardingControlSequence)
      }
    }
    guard end < pending.count else {
      return final ? .key(nil, length: pending.count - index) : .incomplete
    }
    let parameters = pending[start..<end]
    let finalByte = pending[end]
    let length = end - index + 1
    if parameters.isEmpty && finalByte == UInt8(ascii: "M") {
      // An X10 mouse report: three raw bytes follow. Dropped (SGR reports are asked for).
      guard pending.count - index >= length + 3 else {
        return final ? .key(nil, length: pending.count - index) : .incomplete
      }
      return .key(nil, length: length + 3)
    }
    return Self.controlSequenceKey(parameters: parameters, final: finalByte, length: length)
  }

  private static func controlSequenceKey(
    parameters: ArraySlice<UInt8>, final: UInt8, length: Int
  ) -> Token {
    if parameters.first == UInt8(ascii: "<") {
      let event = mouseEvent(parameters: parameters.dropFirst(), final: final)
      return .key(event.map { .mouse($0) }, length: length)
    }
    // Other private markers (`?`, `=`, `>`) and intermediates are replies, not keys.
    guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else {
      return .key(nil, length: length)
    }
    let numbers = numbers(parameters)
    // Keys have at most a code and a modifier; longer lists are replies or unknown.
    guard numbers.count <= 2 else { return .key(nil, length: length) }
    let first = numbers.first ?? nil
    let modifiers = Modifiers(xtermParameter: numbers.count > 1 ? numbers[1] ?? 1 : 1)
    let letterKey: (SpecialKey) -> Token = { key in
      // `ESC [ 1 ; 5 A` or `ESC [ A`; a different first number is a reply such as a
      // cursor position report (`ESC [ 12 ; 40 R`).
      guard first == nil || first == 1 else { return .key(nil, length: length) }
      return .key(.special(key, modifiers), length: length)
    }
    switch final {
    case UInt8(ascii: "A"): return letterKey(.up)
    case UInt8(ascii: "B"): return letterKey(.down)
    case UInt8(ascii: "C"): return letterKey(.right)
    case UInt8(ascii: "D"): return letterKey(.left)
    case UInt8(ascii: "H"): return letterKey(.home)
    case UInt8(ascii: "F"): return letterKey(.end)
    case UInt8(ascii: "P"): return letterKey(.function(1))
    case UInt8(ascii: "Q"): return letterKey(.function(2))
    case UInt8(ascii: "R"): return letterKey(.function(3))
    case UInt8(ascii: "S"): return letterKey(.function(4))
    case UInt8(ascii: "Z"): return .key(numbers.isEmpty ? .backTab : nil, length: length)
    // rxvt's Shift-arrows.
    case UInt8(ascii: "a"): return .key(.special(.up, .shift), length: length)
    case UInt8(ascii: "b"): return .key(.special(.down, .shift), length: length)
    case UInt8(ascii: "c"): return .key(.special(.right, .shift), length: length)
    case UInt8(ascii: "d"): return .key(.special(.left, .shift), length: length)
    case UInt8(ascii: "~"):
      if numbers == [200] { return .key(nil, length: length, mode: .pasting) }
      return .key(editingKey(first).map { .special($0, modifiers) }, length: length)
    // rxvt's modified editing keys: `^` Control, `$` Shift, `@` Control-Shift.
    case UInt8(ascii: "^"):
      return .key(editingKey(first).map { .special($0, .control) }, length: length)
    case UInt8(ascii: "$"):
      return .key(editingKey(first).map { .special($0, .shift) }, length: length)
    case UInt8(ascii: "@"):
      return .key(editingKey(first).map { .special($0, [.control, .shift]) }, length: length)
    default:
      // Focus in and out (`ESC [ I`, `ESC [ O`) and everything unknown.
      return .key(nil, length: length)
    }
  }

  /// The key of `ESC [ code ~` (VT220, xterm and rxvt numbering).
  private static func editingKey(_ code: Int?) -> SpecialKey? {
    switch code {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11, 12, 13, 14, 15: return code.map { .function($0 - 10) }
    case 17, 18, 19, 20, 21: return code.map { .function($0 - 11) }
    case 23, 24: return code.map { .function($0 - 12) }
    default: return nil
    }
  }

  /// `ESC O` …: xterm's application-mode arrows, Home, End and F1–F4, keypad keys and
  /// rxvt's Control-arrows.
  private func singleShift(at index: Int, final: Bool) -> Token {
    let start = index + 2
    var end = start
    while end < pending.count, (0x30...0x3B).contains(pending[end]) {
      end += 1
      if end - index >= 16 { return .key(nil, length: end - index) }
    }
    guard end < pending.count else {
      if !final { return .incomplete }
      return end == start ? .key(.alt("O"), length: 2) : .key(nil, length: end - index)
    }
    let finalByte = pending[end]
    guard (0x40...0x7E).contains(finalByte) else { return .key(nil, length: end - index) }
    let length = end - index + 1
    let numbers = Self.numbers(pending[start..<end])
    let modifiers = Modifiers(xtermParameter: numbers.compactMap { $0 }.last ?? 1)
    let special: SpecialKey?
    switch finalByte {
    case UInt8(ascii: "A"): special = .up
    case UInt8(ascii: "B"): special = .down
    case UInt8(ascii: "C"): special = .right
    case UInt8(ascii: "D"): special = .left
    case UInt8(ascii: "H"): special = .home
    case UInt8(ascii: "F"): special = .end
    case UInt8(ascii: "P"): special = .function(1)
    case UInt8(ascii: "Q"): special = .function(2)
    case UInt8(ascii: "R"): special = .function(3)
    case UInt8(ascii: "S"): special = .function(4)
    default: special = nil
    }
    if let special { return .key(.special(special, modifiers), length: length) }
    let key: Key?
    switch finalByte {
    case UInt8(ascii: "M"): key = .enter
    case UInt8(ascii: "a"): key = .special(.up, .control)
    case UInt8(ascii: "b"): key = .special(.down, .control)
    case UInt8(ascii: "c"): key = .special(.right, .control)
    case UInt8(ascii: "d"): key = .special(.left, .control)
    case UInt8(ascii: "X"): key = .character("=")
    case UInt8(ascii: "j")...UInt8(ascii: "y"):
      // The application keypad: j * k + l , m - n . o / p 0 … y 9.
      let keypad = Array("*+,-./0123456789")
      key = .character(keypad[Int(finalByte - UInt8(ascii: "j"))])
    default: key = nil
    }
    return .key(key, length: length)
  }

  /// `b ; x ; y` of an SGR mouse report, ended by `M` (press) or `m` (release).
  private static func mouseEvent(parameters: ArraySlice<UInt8>, final: UInt8) -> MouseEvent? {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
    let values = numbers(parameters)
    guard values.count == 3, let code = values[0], let column = values[1], let row = values[2],
      column >= 1, row >= 1
    else { return nil }
    var modifiers: Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let button: MouseEvent.Button? = low == 0 ? .left : low == 1 ? .middle : low == 2 ? .right : nil
    let action: MouseEvent.Action
    if code & 128 != 0 {
      return nil  // buttons 8–11 (back, forward…)
    } else if code & 64 != 0 {
      action = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
    } else if code & 32 != 0 {
      action = button.map { .drag($0) } ?? .move
    } else if let button {
      action = final == UInt8(ascii: "M") ? .press(button) : .release(button)
    } else {
      return nil
    }
    return MouseEvent(action, column: column, row: row, modifiers: modifiers)
  }

  /// The `;`-separated numbers of a parameter string (an empty field is nil; `:`
  /// sub-parameters are ignored). Values are capped, so no input can overflow.
  private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
    guard !parameters.isEmpty else { return [] }
    var values: [Int?] = []
    var current: Int?
    var inSubParameter = false
    for byte in parameters {
      switch byte {
      case UInt8(ascii: ";"):
        values.append(current)
        current = nil
        inSubParameter = false
      case UInt8(ascii: ":"):
        inSubParameter = true
      case UInt8(ascii: "0")...UInt8(ascii: "9") where !inSubParameter:
        current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 99_999)
      default:
        break
      }
    }
    values.append(current)
    return values
  }
}
