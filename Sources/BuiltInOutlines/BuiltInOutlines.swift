import GeoModel
import OutlineBytes

/// The outlines compiled into the binary (Data/outlines.bin), decoded and indexed the
/// first time they are asked for: a run that draws no map and places no point never pays.
public enum BuiltInOutlines {
  /// The decoded outlines, or why they could not be (a damaged build).
  public static let store: Result<OutlineStore, OutlineDataError> = {
    let bytes = UnsafeRawBufferPointer(start: outline_bytes(), count: outline_bytes_count())
    do throws(OutlineDataError) {
      return .success(try OutlineStore(decoding: bytes))
    } catch {
      return .failure(error)
    }
  }()

  /// The facts alone (codes, names, boxes, points), without the rings: for JSON output.
  public static let facts: Result<OutlineStore, OutlineDataError> = {
    let bytes = UnsafeRawBufferPointer(start: outline_bytes(), count: outline_bytes_count())
    do throws(OutlineDataError) {
      return .success(try OutlineStore(decoding: bytes, geometry: false))
    } catch {
      return .failure(error)
    }
  }()

  /// The point index over the leaves, made on first use.
  public static let locator: Result<PointLocator, OutlineDataError> = store.map {
    PointLocator(store: $0)
  }
}
