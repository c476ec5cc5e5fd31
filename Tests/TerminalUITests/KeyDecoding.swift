import TerminalUI

/// Helpers for the decoder tests: bytes of a string, and decoding with times in ms.
enum KeyDecoding {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  static func ms(_ value: Int) -> Duration { .milliseconds(value) }

  /// All the keys of `bytes` fed at once at t = 0, then flushed once the timeout passed.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes, now: .zero) + decoder.flush(now: .seconds(5))
  }

  static func decode(_ text: String) -> [Key] { decode(bytes(text)) }

  /// The keys of `bytes` fed in the given pieces (all at t = 0), then flushed.
  static func decode(pieces: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for piece in pieces { keys += decoder.feed(piece, now: .zero) }
    return keys + decoder.flush(now: .seconds(5))
  }

  /// One `.character` key per grapheme of `text`.
  static func characters(_ text: String) -> [Key] { text.map { .character($0) } }
}
