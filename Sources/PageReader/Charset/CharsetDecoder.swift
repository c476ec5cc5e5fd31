import Foundation
import TextSupport

/// Turns a page's bytes into text using the charset it declares: a byte-order mark,
/// then the Content-Type header, then a `<meta>` in the first 4 KB, else UTF-8.
/// Invalid bytes become U+FFFD; decoding never fails.
public enum CharsetDecoder {
  /// The body as text. Undeclared bytes that are not UTF-8 but read cleanly as GB18030
  /// are taken as GB18030, the usual case on older Chinese sites.
  public static func decode(_ body: Data, contentType: String?) -> String {
    let bytes = [UInt8](body)
    let charset = detect(bytes, contentType: contentType)
    return decode(bytes, charset: charset?.name ?? "utf-8", skippingBOM: charset?.fromBOM ?? false)
  }

  /// The canonical name of the charset `decode` would use (`utf-8`, `gb18030`, `big5`,
  /// `windows-1252` …), or nil when nothing declares one and the bytes are plain UTF-8.
  public static func detectCharset(_ body: Data, contentType: String?) -> String? {
    detect([UInt8](body), contentType: contentType)?.name
  }

  /// The canonical name for a charset label as pages write it, or nil when it is
  /// neither a known label nor something iconv can read.
  public static func canonicalName(forLabel label: String) -> String? {
    let key = label.trimmed(where: { $0.isWhiteSpace || $0 == "\"" || $0 == "'" })
      .lowercased()
    guard !key.isEmpty else { return nil }
    if let name = aliases[key] { return name }
    return IconvDecoder.canOpen(key) ? key : nil
  }

  /// The charset named in a Content-Type value's `charset` parameter, canonical.
  static func charset(inContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingSpaces.lowercased() == "charset"
      else { continue }
      return canonicalName(forLabel: String(pair[1]))
    }
    return nil
  }

  private static func detect(_ bytes: [UInt8], contentType: String?) -> (
    name: String, fromBOM: Bool
  )? {
    // A BOM is unambiguous, so it wins even over the header, as the HTML standard has it.
    if let bom = byteOrderMark(bytes) { return (bom, true) }
    if let contentType, let name = charset(inContentType: contentType) { return (name, false) }
    if var name = MetaCharsetScanner.charset(in: bytes.prefix(4096)) {
      // A meta tag readable as ASCII cannot be UTF-16, whatever it says.
      if name.hasPrefix("utf-16") { name = "utf-8" }
      return (name, false)
    }
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    // A sample cut mid-character is fine; a whole body ending mid-character is not.
    let sample = bytes.prefix(65_536)
    if let result = IconvDecoder.decode(sample, from: "GB18030"), result.invalidSequences == 0,
      !(result.endedMidSequence && sample.count == bytes.count)
    {
      return ("gb18030", false)
    }
    return nil
  }

  private static func byteOrderMark(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "utf-8" }
    if bytes.starts(with: [0xFF, 0xFE]) { return "utf-16le" }
    if bytes.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
    return nil
  }

  private static func decode(_ bytes: [UInt8], charset: String, skippingBOM: Bool) -> String {
    switch charset {
    case "utf-8":
      return String(decoding: bytes.dropFirst(skippingBOM ? 3 : 0), as: UTF8.self)
    case "utf-16le", "utf-16be":
      return decodeUTF16(bytes.dropFirst(skippingBOM ? 2 : 0), bigEndian: charset == "utf-16be")
    case "windows-1252":
      return decodeWindows1252(bytes)
    default:
      for name in iconvNames[charset] ?? [charset] {
        if let result = IconvDecoder.decode(bytes[...], from: name) { return result.text }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    let text = String(decoding: units, as: UTF16.self)
    return bytes.count % 2 == 1 ? text + "\u{FFFD}" : text
  }

  private static func decodeWindows1252(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// Windows-1252 bytes 0x80–0x9F; the five unassigned ones stay C1 controls (WHATWG).
  private static let windows1252High: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]

  /// iconv names to try, best first: the supersets browsers actually decode with.
  private static let iconvNames: [String: [String]] = [
    "gb18030": ["GB18030"],
    "big5": ["BIG5-HKSCS", "BIG5"],
    "shift_jis": ["CP932", "SHIFT_JIS"],
    "euc-kr": ["CP949", "EUC-KR"],
    "euc-jp": ["EUC-JP"],
  ]

  /// Labels from the WHATWG Encoding standard for the charsets Chinese, Japanese,
  /// Korean and Western pages use; GBK and GB2312 read as their superset GB18030.
  private static let aliases: [String: String] = {
    var table: [String: String] = [:]
    let groups: [(String, [String])] = [
      (
        "utf-8",
        ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"]
      ),
      (
        "utf-16le",
        ["utf-16le", "utf-16", "ucs-2", "unicode", "csunicode", "unicodefeff", "iso-10646-ucs-2"]
      ),
      ("utf-16be", ["utf-16be", "unicodefffe"]),
      (
        "gb18030",
        [
          "gb18030", "gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312",
          "csiso58gb231280",
          "iso-ir-58", "x-gbk", "cp936", "ms936", "windows-936", "euc-cn", "x-euc-cn", "hz-gb-2312",
        ]
      ),
      ("big5", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5", "cp950", "x-big5"]),
      (
        "shift_jis",
        [
          "shift_jis", "shift-jis", "sjis", "ms_kanji", "csshiftjis", "ms932", "windows-31j",
          "x-sjis", "cp932",
        ]
      ),
      ("euc-jp", ["euc-jp", "cseucpkdfmtjapanese", "x-euc-jp"]),
      (
        "euc-kr",
        [
          "euc-kr", "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987",
          "ks_c_5601-1989",
          "ksc5601", "ksc_5601", "windows-949", "cp949", "uhc",
        ]
      ),
      (
        "windows-1252",
        [
          "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1",
          "l1",
          "us-ascii", "ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1",
        ]
      ),
    ]
    for (name, labels) in groups {
      for label in labels { table[label] = name }
    }
    return table
  }()
}
