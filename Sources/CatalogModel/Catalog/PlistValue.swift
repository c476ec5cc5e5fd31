import Foundation

/// A property-list value with dictionaries kept in file order.
public indirect enum PlistValue: Sendable, Hashable {
  case string(String)
  case integer(Int)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  case dictionary([ExtraField])
}
