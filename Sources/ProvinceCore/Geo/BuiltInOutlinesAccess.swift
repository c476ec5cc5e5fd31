import BuiltInOutlines
import GeoModel

/// The built-in outlines as the core's reports take them: a failure to decode (a damaged
/// build) becomes a report rather than a fault.
enum BuiltInOutlinesAccess {
  static func facts() throws(OutlineDataError) -> OutlineStore {
    try BuiltInOutlines.facts.get()
  }

  static func store() throws(OutlineDataError) -> OutlineStore {
    try BuiltInOutlines.store.get()
  }

  static func locator() throws(OutlineDataError) -> PointLocator {
    try BuiltInOutlines.locator.get()
  }

  static func failure(_ error: OutlineDataError) -> Report {
    .failure("\(error)", .dataError)
  }
}
