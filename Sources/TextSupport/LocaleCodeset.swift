/// The character set a POSIX locale names, read from the environment as setlocale reads
/// it (`LC_ALL`, then `LC_CTYPE`, then `LANG`): `zh_CN.GB18030` → `GB18030`. No codeset,
/// or the C and POSIX locales, give nil: those are taken as UTF-8 (or ASCII) terminals.
public enum LocaleCodeset {
  public static func name(in environment: [String: String]) -> String? {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
      .compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale, let dot = locale.firstIndex(of: ".") else { return nil }
    let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }
    return codeset.isEmpty ? nil : String(codeset)
  }

  /// True for the codesets that are UTF-8 under any spelling (`UTF-8`, `utf8`).
  public static func isUTF8(_ codeset: String) -> Bool {
    let folded = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
    return folded == "utf8"
  }
}
