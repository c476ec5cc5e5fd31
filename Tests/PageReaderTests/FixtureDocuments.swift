import Foundation

@testable import PageReader

/// The fixture pages of `Fixtures/`, read into documents as the layout tests take them.
enum FixtureDocuments {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Fixture `name` read as a page of `baseURL` (by default a zh.wikipedia article).
  static func document(
    _ name: String, baseURL: URL? = URL(string: "https://zh.wikipedia.org/wiki/x")
  ) throws -> PageDocument {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return HTMLRenderer.parse(String(decoding: data, as: UTF8.self), baseURL: baseURL)
  }
}
