import Synchronization
import Testing

@testable import CatalogModel

/// The built-in township rows and history are copied out of the binary only when a query
/// needs them (BuiltInCatalog): a table or history made from a closure runs it on the
/// first read, once, and never for making a catalog or asking whether it has townships.
@Suite struct LazyDataTests {
  /// How many times a closure ran.
  final class Calls: Sendable {
    private let count = Mutex(0)
    func record() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  @Test func aTownshipTableMakesItsRowsOnTheFirstTownshipAskedForAndOnce() {
    let calls = Calls()
    let table = TownshipTable(urlPrefix: "https://x.test/", isEmpty: false) {
      calls.record()
      return "#110101\n001\t东华门街道\tdong hua men jie dao\n"
    }
    let catalog = Catalog(
      provinces: [
        Province(
          name: "北京市", cities: [City(name: "东城区", url: "https://x.test/d", code: "110101")])
      ], townshipTable: table)
    #expect(catalog.hasTownships)
    #expect(calls.value == 0)
    #expect(table.townships(ofCounty: "110101").map(\.name) == ["东华门街道"])
    #expect(table.townships(ofCounty: "110101").first?.code == "110101001")
    #expect(calls.value == 1)
  }

  @Test func aHistoryMakesItsRowsOnTheFirstQueryAndOnceForEveryCopy() {
    let calls = Calls()
    let history = DivisionHistory {
      calls.record()
      return "110103\t崇文区\t北京市\t2010\twithdrawn\t110101\n"
    }
    let copy = history
    #expect(calls.value == 0)
    #expect(copy.entries(matching: "崇文").first?.replacedBy == ["110101"])
    #expect(history.entries(matching: "110103").first?.name == "崇文区")
    #expect(calls.value == 1)
    #expect(history == DivisionHistory(rows: "110103\t崇文区\t北京市\t2010\twithdrawn\t110101\n"))
  }
}
