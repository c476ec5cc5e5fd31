/// Established English and postal spellings that are not pinyin (Shaanxi, Hong Kong, Tibet),
/// each standing for one suffix-less name; only spellings that name a single place.
enum Romanization {
  /// The suffix-less hanzi name a compact (lowercase letters only) spelling stands for.
  static func hanzi(forCompact spelling: [UInt8]) -> String? {
    guard let key = String(validating: spelling, as: UTF8.self) else { return nil }
    return table[key]
  }

  static let table: [String: String] = [
    "shaanxi": "陕西",
    "shensi": "陕西",
    "hongkong": "香港",
    "hk": "香港",
    "macao": "澳门",
    "macau": "澳门",
    "tibet": "西藏",
    "innermongolia": "内蒙古",
    "neimongol": "内蒙古",
    "peking": "北京",
    "tientsin": "天津",
    "chungking": "重庆",
    "canton": "广州",
    "amoy": "厦门",
    "nanking": "南京",
    "tsingtao": "青岛",
    "harbin": "哈尔滨",
    "urumqi": "乌鲁木齐",
    "hohhot": "呼和浩特",
    "lhasa": "拉萨",
    "kashgar": "喀什",
    "taipei": "台北",
    "kaohsiung": "高雄",
  ]
}
