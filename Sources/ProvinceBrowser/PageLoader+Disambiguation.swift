import FetchModel
import PageReader
import ProvinceCore

extension PageLoader {
  /// A page loaded as `load` does; on a disambiguation page, the entry naming one of
  /// `parents` is loaded instead, and the page's note says so (`消歧义页「朝阳区」→ 朝阳区
  /// (北京市)`). Where no entry names them, the disambiguation page is kept, its note says
  /// so, and its entries come back to be offered.
  func load(_ url: String, parents: [[String]]) -> (
    outcome: Result<LoadedPage, FetchError>, entries: [Disambiguation.Entry]
  ) {
    let outcome = load(url)
    guard case .success(var loaded) = outcome,
      let step = DisambiguationStep.decide(loaded.page, parents: parents)
    else { return (outcome, []) }
    switch step {
    case .follow(let entry, let note):
      guard case .success(var followed) = load(entry) else {
        loaded.note = Self.joined(note + ", which could not be fetched", loaded.note)
        return (.success(loaded), [])
      }
      followed.note = Self.joined(note, followed.note)
      return (.success(followed), [])
    case .offer(let note, let entries):
      loaded.note = Self.joined(note, loaded.note)
      return (.success(loaded), entries)
    }
  }

  private static func joined(_ note: String, _ other: String?) -> String {
    [note, other].compactMap { $0 }.joined(separator: " · ")
  }
}
