import Foundation

/// The script variant zh.wikipedia is asked to convert its text to. Without one it serves
/// the text as stored, a mix of simplified and traditional characters.
public enum PageVariant: String, Sendable, CaseIterable, Equatable {
  case zhCN = "zh-cn"
  case zhTW = "zh-tw"
  case zhHK = "zh-hk"
  case zhMO = "zh-mo"
  case zhSG = "zh-sg"
  case zhMY = "zh-my"
  case zhHans = "zh-hans"
  case zhHant = "zh-hant"
  /// No conversion: the text as stored.
  case zh = "zh"

  /// The variant asked for when neither `--variant` nor the locale names one: the data's
  /// names are mainland simplified.
  public static let fallback = PageVariant.zhCN

  /// `--variant`'s value, else the locale's (`LC_ALL`, `LC_MESSAGES`, `LANG`: the first
  /// that is set and not empty), else `fallback`.
  public static func chosen(option: PageVariant?, environment: [String: String]) -> PageVariant {
    option ?? locale(environment).flatMap(fromLocale) ?? fallback
  }

  /// The locale that names the user's language: the first of `LC_ALL`, `LC_MESSAGES`,
  /// `LANG` that is set and not empty, as POSIX reads them.
  static func locale(_ environment: [String: String]) -> String? {
    ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
  }

  /// The variant a locale name (`zh_TW.UTF-8`, `zh_HK`) implies; nil for any other.
  static func fromLocale(_ name: String) -> PageVariant? {
    let base = name.prefix { $0 != "." && $0 != "@" }.lowercased()
    switch base.replacingOccurrences(of: "-", with: "_") {
    case "zh_cn": return .zhCN
    case "zh_tw": return .zhTW
    case "zh_hk": return .zhHK
    case "zh_mo": return .zhMO
    case "zh_sg": return .zhSG
    case "zh_my": return .zhMY
    default: return nil
    }
  }

  /// The language tag as `Accept-Language` spells it: `zh-CN`, `zh-Hant`, `zh`.
  public var languageTag: String {
    let parts = rawValue.split(separator: "-")
    guard parts.count == 2 else { return rawValue }
    let subtag =
      parts[1].count == 2
      ? parts[1].uppercased()
      : parts[1].prefix(1).uppercased()
        + parts[1].dropFirst()
    return "zh-" + subtag
  }

  /// `Accept-Language` for every page request: this variant first, then `zh`, then the
  /// locale's language (`C` and `POSIX` read as English), as in `zh-CN,zh;q=0.9,en;q=0.5`.
  public func acceptLanguage(environment: [String: String]) -> String {
    var tags = [languageTag]
    if self != .zh { tags.append("zh;q=0.9") }
    let language = Self.locale(environment).map(Self.language) ?? "en"
    if language != "zh" { tags.append("\(language);q=0.5") }
    return tags.joined(separator: ",")
  }

  /// The language a locale name gives (`en_GB.UTF-8` → `en`; `C`, `POSIX` → `en`).
  static func language(_ locale: String) -> String {
    let language = locale.prefix { $0.isLetter && $0.isASCII }.lowercased()
    guard language.count == 2 || language.count == 3, language != "c" else { return "en" }
    return language == "posix" ? "en" : language
  }

  /// The address fetched for `url`: on a zh.wikipedia host, the form the site documents
  /// for a variant (`/zh-cn/Title` for `/wiki/Title`, else a `variant=` query); any other
  /// address, and every address under `zh`, as it is.
  public func requestURL(for url: URL) -> URL {
    guard self != .zh, let host = url.host?.lowercased(), Self.wikiHosts.contains(host),
      var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    if parts.percentEncodedPath.hasPrefix("/wiki/") {
      parts.percentEncodedPath = "/\(rawValue)/" + parts.percentEncodedPath.dropFirst(6)
    } else if parts.percentEncodedPath.hasPrefix("/w/index.php") {
      var items = (parts.queryItems ?? []).filter { $0.name != "variant" }
      items.append(URLQueryItem(name: "variant", value: rawValue))
      parts.queryItems = items
    } else {
      return url
    }
    return parts.url ?? url
  }

  /// The hosts that serve zh.wikipedia's pages.
  static let wikiHosts: Set<String> = ["zh.wikipedia.org", "zh.m.wikipedia.org"]
}
