// swift-tools-version:6.0
import PackageDescription

// The target graph is the architecture (README, "How the code is laid out"): each target
// may import only those below it, and only ProvinceIO and the executable may do I/O.
//
//   TextSupport ← CatalogModel ← BuiltInCatalog
//        ↑    ↖        ↑
//   PageReader  TerminalUI (keys, frames, diffs)
//        ↑         ↑   │
//   ProvinceCore ──┴───┘   (navigation, screens, reports, options, a plan per mode)
//        ↑
//   ProvinceIO ── HTTPWire (HTTP/1.1 messages and gzip/deflate as bytes, no sockets)
//        ↑    └── CurlLoader (C: libcurl's functions, loaded on the first https fetch)
//        ↑                 (fetch, cache, link check, data files: the effects)
//        ↑
//   ProvinceBrowser        (`browse`: terminal, signals, processes)
/// Importing FoundationNetworking asks the linker for libcurl; CurlLoader provides the
/// functions Foundation calls and loads libcurl when the first https fetch needs it.
let withoutLibcurl: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"])
]

let package = Package(
  name: "ProvinceBrowser",
  products: [
    .executable(name: "browse", targets: ["ProvinceBrowser"]),
    .library(name: "ProvinceCore", targets: ["ProvinceCore"]),
  ],
  targets: [
    .target(name: "TextSupport"),
    .target(name: "CatalogModel", dependencies: ["TextSupport"]),
    .target(name: "BuiltInCatalog", dependencies: ["CatalogModel"]),
    .target(name: "PageReader", dependencies: ["TextSupport"]),
    .target(name: "TerminalUI", dependencies: ["TextSupport"]),
    .target(
      name: "ProvinceCore", dependencies: ["TextSupport", "CatalogModel", "PageReader", "TerminalUI"]),
    .target(name: "HTTPWire"),
    // libcurl's functions, loaded on first use (include/CurlLoader.h says why).
    .target(name: "CurlLoader", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "ProvinceIO", dependencies: ["ProvinceCore", "HTTPWire", "CurlLoader"],
      swiftSettings: withoutLibcurl),
    .executableTarget(
      name: "ProvinceBrowser",
      dependencies: ["ProvinceCore", "ProvinceIO", "BuiltInCatalog"], swiftSettings: withoutLibcurl),
    .target(
      name: "TestSupport",
      dependencies: ["ProvinceCore", "ProvinceIO", "BuiltInCatalog"],
      path: "Tests/TestSupport"),
    .testTarget(name: "TextSupportTests", dependencies: ["TextSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire"]),
    .testTarget(
      name: "CatalogModelTests", dependencies: ["CatalogModel", "BuiltInCatalog", "TestSupport"]),
    .testTarget(
      // Fixtures are read from the checkout (#filePath), not bundled.
      name: "PageReaderTests", dependencies: ["PageReader", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "ProvinceCoreTests", dependencies: ["ProvinceCore", "TestSupport"]),
    .testTarget(name: "ProvinceIOTests", dependencies: ["ProvinceIO", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      // These run the built `browse`, so it must be built first.
      dependencies: ["ProvinceBrowser", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
