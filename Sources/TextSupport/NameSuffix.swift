/// Administrative suffixes of Chinese place names, so that 广东 finds 广东省, 延边 finds
/// 延边朝鲜族自治州 and 湘西 finds 湘西土家族苗族自治州.
public enum NameSuffix {
  /// The length in UTF-8 bytes of `name` without its administrative suffix; the whole
  /// length when there is none or when stripping would leave fewer than two characters.
  package static func shortLength(of name: UnsafeBufferPointer<UInt8>) -> Int {
    let end = name.count
    if let cut = cut(special, from: name, end: end) { return cut }
    for suffix in autonomous where endsWith(suffix, name, end) {
      var cut = end - suffix.count
      guard characterCount(name, cut) >= 2 else { return end }
      var stripping = true
      while stripping {
        stripping = false
        for ethnic in ethnicNames where endsWith(ethnic, name, cut) {
          if characterCount(name, cut - ethnic.count) >= 2 {
            cut -= ethnic.count
            stripping = true
            break
          }
        }
      }
      return cut
    }
    return cut(generic, from: name, end: end) ?? end
  }

  /// The length in UTF-8 bytes of a township's `name` without its suffix (玉山镇 is 玉山,
  /// 东华门街道 东华门): 街道, 苏木, 镇 or 乡, else a suffix of the upper levels; the whole
  /// length when stripping would leave fewer than two characters. Only for townships: a
  /// query or a county's name keeps 镇 (玉山镇 must not find 玉山县).
  package static func townshipShortLength(of name: UnsafeBufferPointer<UInt8>) -> Int {
    let end = name.count
    if let cut = cut(township, from: name, end: end) { return cut }
    return shortLength(of: name)
  }

  /// A township's `name` without its suffix (`townshipShortLength`).
  public static func stripTownship(_ name: String) -> String {
    var copy = name
    return copy.withUTF8 { bytes in
      String(decoding: bytes[..<townshipShortLength(of: bytes)], as: UTF8.self)
    }
  }

  /// `name` without its administrative suffix.
  public static func strip(_ name: String) -> String {
    var copy = name
    return copy.withUTF8 { bytes in
      String(decoding: bytes[..<shortLength(of: bytes)], as: UTF8.self)
    }
  }

  private static func cut(_ suffixes: [[UInt8]], from name: UnsafeBufferPointer<UInt8>, end: Int)
    -> Int?
  {
    for suffix in suffixes where endsWith(suffix, name, end) {
      let cut = end - suffix.count
      return characterCount(name, cut) >= 2 ? cut : nil
    }
    return nil
  }

  private static func endsWith(_ suffix: [UInt8], _ name: UnsafeBufferPointer<UInt8>, _ end: Int)
    -> Bool
  {
    guard suffix.count <= end else { return false }
    var i = end - suffix.count
    for byte in suffix {
      if name[i] != byte { return false }
      i += 1
    }
    return true
  }

  /// Scalars in `name[..<end]`: UTF-8 continuation bytes do not start one.
  private static func characterCount(_ name: UnsafeBufferPointer<UInt8>, _ end: Int) -> Int {
    var count = 0
    for i in 0..<end where name[i] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  private static func bytes(_ words: [String]) -> [[UInt8]] {
    words.map { Array($0.utf8) }.sorted { $0.count > $1.count }
  }

  private static let special = bytes(["特别行政区"])
  private static let autonomous = bytes(["自治区", "自治州", "自治县", "自治旗"])
  private static let township = bytes(["街道", "苏木", "镇", "乡"])
  private static let generic = bytes([
    "地区", "林区", "矿区", "新区", "省", "市", "区", "县", "盟", "旗",
  ])

  /// Ethnic names as they stand before 自治州 and the like: always with 族 for the
  /// one-character ones, with or without it for the longer ones (伊犁哈萨克自治州).
  private static let ethnicNames: [[UInt8]] = {
    let long = [
      "朝鲜", "土家", "哈萨克", "柯尔克孜", "蒙古", "维吾尔", "布依", "仡佬", "拉祜", "布朗",
      "哈尼", "塔吉克", "锡伯", "撒拉", "景颇", "傈僳", "纳西", "毛南", "保安", "裕固", "达斡尔",
      "鄂温克", "鄂伦春", "独龙", "仫佬", "东乡", "普米", "俄罗斯", "乌孜别克", "塔塔尔", "高山",
    ]
    let short = [
      "侗", "水", "满", "回", "黎", "瑶", "土", "白", "苗", "彝", "羌", "佤", "傣", "壮", "畲",
      "藏", "怒", "京", "各", "汉",
    ]
    return bytes(long + long.map { $0 + "族" } + short.map { $0 + "族" })
  }()
}
