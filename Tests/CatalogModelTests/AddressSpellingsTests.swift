import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The spellings in letters the resolver makes when an address in letters first asks: ICU
/// reads the characters the place-name tables lack, and each call of it makes its
/// transliterator anew (a millisecond or so).
@Suite struct AddressSpellingsTests {
  @Test("the spellings of every name ask ICU a few times, not once a character of the former names")
  func spellingsAskICUAFewTimes() {
    let requests = Pinyin.Requests()
    Pinyin.$requests.withValue(requests) {
      // A resolver of its own, so that its spellings are made here; the characters other
      // tests had read are in the cache and not asked again, which only lowers the count.
      let resolver = AddressResolver(
        catalog: BuiltInCatalog.catalog, history: BuiltInCatalog.history,
        variants: BuiltInCatalog.variants)
      let index = resolver.makeSpellings()
      // 襄樊市 in letters, a former name whose spelling is made as the others are.
      #expect(index.names["xiangfan"]?.isEmpty == false)
    }
    #expect(requests.count.withLock { $0 } <= 2)
  }

  @Test("ICU asked once for many characters gives each the reading a call of its own gives")
  func readingsInOneCallAgreeWithOneCallACharacter() {
    // The characters of the former names that the tables lack (the ones batched), and a
    // few the tables have.
    var characters: [Unicode.Scalar] = []
    var seen = Set<Unicode.Scalar>()
    for entry in BuiltInCatalog.history.allEntries() {
      for scalar in entry.name.unicodeScalars
      where Pinyin.isHan(scalar) && PinyinReadings.characters[scalar] == nil
        && seen.insert(scalar).inserted
      {
        characters.append(scalar)
      }
    }
    #expect(characters.count > 10)
    Pinyin.prepareReadings(of: characters.map { String($0) } + ["长沙", "厦门"])
    for scalar in characters {
      let alone = Pinyin.uncachedReading(of: scalar)
      #expect(Pinyin.syllables(of: String(scalar)) == (alone.isEmpty ? [] : [alone]), "\(scalar)")
    }
    #expect(Pinyin.derive("长沙") == "chang sha")
  }
}
