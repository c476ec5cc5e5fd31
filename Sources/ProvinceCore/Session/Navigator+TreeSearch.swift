import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// `/` on a menu: the whole tree searched (cities, counties, a province's cities, townships),
/// and, where no current name matches, the text read as `--address` reads it.
extension Navigator {
  /// What `/` finds for `text`: every city and county matching it, then, where `text`
  /// names one province (`guangdong`, `gd`), that province's cities, so a search finds
  /// provinces too (`--search` lists them as rows of their own), then the townships it
  /// names (exact first) once `text` has two characters or more: one character would
  /// match thousands of the 39k townships and say nothing.
  func searchResults(_ text: String) -> [CityRef] { searchFindings(text).refs }

  /// `searchResults(text)`, with what the text was read as where no current name matched
  /// and the resolver answered (闸北: what became of 闸北区): one search a keystroke.
  func searchFindings(_ text: String) -> (refs: [CityRef], note: String?) {
    var found = matcher.search(text)
    if case .unique(let province) = matcher.province(text) {
      var seen = Set(found)
      let cities = catalog.provinces[province].cities.indices.map {
        CityRef(province: province, city: $0)
      }
      found += cities.filter { seen.insert($0).inserted }
    }
    if text.trimmingSpaces.count >= Self.townshipSearchMinimum {
      let parents = treeTownshipParents.value {
        TownshipSearch.parents(in: catalog, cities: catalog.allCities)
      }
      let townships = TownshipSearch.find(text, in: catalog, under: parents, memo: townshipMemo)
      found += townships.exact + townships.prefix
    }
    // Where no current name matches, the text is read as `--address` reads it: a former
    // name (闸北, zhabei) finds today's division, a pasted address the one it names.
    if found.isEmpty { return resolved(text) }
    return (found, nil)
  }

  /// The divisions `--address` reads `text` as (one, or its candidates), and what it read
  /// as a former name, said as `/` says it.
  func resolved(_ text: String) -> (refs: [CityRef], note: String?) {
    let resolver = places.value {
      AddressResolver(catalog: catalog, history: history, variants: variants)
    }
    let found = resolver.resolve(text)
    let places = found.isAmbiguous ? found.candidates : found.place.map { [$0] } ?? []
    let refs = places.compactMap(\.ref)
    guard !refs.isEmpty, !found.former.isEmpty else { return (refs, nil) }
    let now = refs.map { TerminalText.sanitize(catalog[$0].name) }.joined(separator: ", ")
    let then = found.former.map { former in
      TerminalText.sanitize(former.name) + (former.until.map { " (until \($0))" } ?? "")
    }
    return (refs, then.joined(separator: ", ") + " is now " + now + ".")
  }

  /// The shortest query `/` searches the township level for.
  static let townshipSearchMinimum = 2
}
