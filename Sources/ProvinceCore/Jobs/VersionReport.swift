import TextSupport

/// `browse --version`: the program's version and what its built-in data is, so that a user
/// or a script can tell how current the answers are. `--format json` gives one object.
public enum VersionReport {
  /// The report for the built-in data of `date` (`2026-04`) from `source`.
  public static func report(
    format: OutputFormat?, dataDate: String, townshipsDate: String, dataSource: String
  ) -> Report {
    if format == .json {
      let object = JSONWriter.object([
        ("version", JSONWriter.string(HelpText.version)),
        ("data_date", JSONWriter.string(dataDate)),
        ("townships_date", JSONWriter.string(townshipsDate)),
        ("data_source", JSONWriter.string(dataSource)),
        ("facts_source", JSONWriter.string(CatalogFacts.source)),
      ])
      return Report(output: [object + "\n"])
    }
    return Report(output: [
      HelpText.version + "\n",
      "built-in data: divisions as of \(dataDate), townships as of \(townshipsDate)\n",
      "source: \(dataSource)\n",
      "facts: \(CatalogFacts.source)\n",
    ])
  }
}
