import Foundation
import PageReader
import TextSupport

/// The arguments as the user typed them under a locale that is not UTF-8: `-p 广东` typed
/// in a GB18030 terminal arrives as GB18030 bytes, which Swift's own decoding turned into
/// `�㶫`. Such arguments are decoded from the locale's codeset. Output stays UTF-8, and
/// a run under such a locale says so once on stderr.
enum LocaleArguments {
  static func read(environment: [String: String]) -> (arguments: [String], warning: String?) {
    let raw = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
        .map { UInt8(bitPattern: $0) }
    }
    guard let codeset = LocaleCodeset.name(in: environment), !LocaleCodeset.isUTF8(codeset) else {
      return (raw.map { String(decoding: $0, as: UTF8.self) }, nil)
    }
    // A codeset the Encoding Standard does not list (glibc's `eucjp`, `euctw`) is asked of
    // iconv by its own name: the locale is the user's, not a web page's.
    let encoding = CharsetDecoder.canonicalName(forLabel: codeset) ?? codeset.lowercased()
    let choice = CharsetDecoder.Choice(name: encoding, source: .header)
    let arguments = raw.map { bytes in
      String(validating: bytes, as: UTF8.self) ?? CharsetDecoder.decode(Data(bytes), as: choice)
    }
    let warning =
      "browse: warning: the locale's character set is \(TerminalText.sanitize(codeset));"
      + " arguments are read in it, but browse writes UTF-8 (a UTF-8 locale shows it right)\n"
    return (arguments, warning)
  }
}
