import Foundation

/// Ends the run as a libFuzzer finding when a harness's rule is broken.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("FUZZ INVARIANT: \(message)\n".utf8))
  abort()
}

/// Text meant for a terminal must hold no C0 or C1 control characters.
func requireNoControls(_ text: String, _ what: String) {
  for scalar in text.unicodeScalars
  where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
    fail("\(what) has control U+\(String(scalar.value, radix: 16)): \(text.debugDescription)")
  }
}
