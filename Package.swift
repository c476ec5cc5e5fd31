// swift-tools-version:6.0
import PackageDescription

// The target graph is the architecture (docs/development.md, "How the code is laid out"): each
// target may import only those below it, and only ProvinceIO and the executable may do I/O.
// Scripts/check-architecture (run by .ci/run) holds both: a file imports only the package
// modules its target lists here, and a pure target calls no file system, clock or terminal.
//
//   TextSupport ← CatalogModel ← BuiltInCatalog
//        ↑    ↖        ↑
//   FetchModel  TerminalUI      (fetch errors, limits, events, link checks, the fetched
//        ↑          ↑            page: values only; TerminalUI: keys, frames, diffs)
//   PageReader      │           (reads a fetched page as text)
//        │          │
//        ↑    ↖     │
//        │    ProvinceCore      (navigation, screens, reports, options, a plan per mode;
//        │          ↑            also CatalogModel's)
//   ProvinceIO ─────│── CurlLoader (fetch, cache, link check, data files: the effects;
//        ↑          │              C: libcurl's functions, loaded on the first fetch)
//   ProvinceBrowser ┘           (`browse`: terminal, signals, processes)
/// Importing FoundationNetworking asks the linker for libcurl; CurlLoader provides the
/// functions Foundation calls and loads libcurl when the first fetch needs it.
let withoutLibcurl: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"])
]

/// The libcurl functions CurlLoader defines (its FUNCTIONS list), exported one by one:
/// gold, the linker Swift uses on Linux, takes no pattern here. Scripts/check-curl-shim
/// (in .ci/run) holds this list and FUNCTIONS to the `nm -u` of FoundationNetworking.
let curlFunctions = [
  "curl_easy_cleanup",
  "curl_easy_getinfo",
  "curl_easy_init",
  "curl_easy_pause",
  "curl_easy_setopt",
  "curl_easy_strerror",
  "curl_free",
  "curl_global_init",
  "curl_multi_add_handle",
  "curl_multi_assign",
  "curl_multi_cleanup",
  "curl_multi_info_read",
  "curl_multi_init",
  "curl_multi_remove_handle",
  "curl_multi_setopt",
  "curl_multi_socket_action",
  "curl_slist_append",
  "curl_slist_free_all",
  "curl_url",
  "curl_url_get",
  "curl_url_set",
  "curl_version",
  "curl_version_info",
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
    // The files of Data/ as bytes (#embed), parsed by BuiltInCatalog when first needed.
    .target(name: "DataBytes"),
    .target(name: "BuiltInCatalog", dependencies: ["CatalogModel", "DataBytes"]),
    .target(name: "PageReader", dependencies: ["TextSupport", "FetchModel"]),
    .target(name: "TerminalUI", dependencies: ["TextSupport"]),
    // Outlines, point lookups and maps in cells: pure geometry, tested on fixtures.
    .target(name: "GeoModel"),
    // Data/outlines.bin as bytes (#embed), and the store made from them on first use.
    .target(name: "OutlineBytes"),
    .target(name: "BuiltInOutlines", dependencies: ["GeoModel", "OutlineBytes"]),
    // Data/areas.tsv and Data/census.tsv (embedded in DataBytes), read into a table on first use.
    .target(name: "BuiltInFacts", dependencies: ["CatalogModel", "BuiltInCatalog"]),
    // The fetch vocabulary (errors, limits, events, link checks), shared by the core that
    // decides and the effects that fetch, so that ProvinceIO needs nothing of the app core.
    .target(name: "FetchModel", dependencies: ["TextSupport"]),
    .target(
      name: "ProvinceCore",
      dependencies: [
        "TextSupport", "CatalogModel", "PageReader", "TerminalUI", "FetchModel", "GeoModel",
        "BuiltInOutlines", "BuiltInFacts",
      ]),
    // libcurl's functions, loaded on first use (include/CurlLoader.h says why). Exported,
    // so that a build against the shared Foundation (which loads libcurl itself) calls
    // them too: the shim's watch on the headers must sit between Foundation and libcurl.
    .target(
      name: "CurlLoader",
      linkerSettings: [
        .linkedLibrary("dl"),
        .unsafeFlags(curlFunctions.flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }),
      ]),
    .target(
      name: "ProvinceIO", dependencies: ["FetchModel", "PageReader", "TextSupport", "CurlLoader"],
      swiftSettings: withoutLibcurl),
    .executableTarget(
      name: "ProvinceBrowser",
      dependencies: [
        "ProvinceCore", "ProvinceIO", "FetchModel", "BuiltInCatalog", "CatalogModel", "PageReader",
        "TerminalUI", "TextSupport",
      ],
      swiftSettings: withoutLibcurl),
    // Test helpers in two targets: fixtures made in memory (catalogs, data files, a seeded
    // generator) for any test, and the helpers that start servers, processes and
    // pseudo-terminals, linked only into the tests that need them.
    .target(name: "TestFixtures", dependencies: ["CatalogModel"], path: "Tests/TestFixtures"),
    .target(
      name: "TestSupport",
      dependencies: [
        "TestFixtures", "ProvinceCore", "ProvinceIO", "CatalogModel", "PageReader", "TextSupport",
      ],
      path: "Tests/TestSupport"),
    .testTarget(name: "TextSupportTests", dependencies: ["TextSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestFixtures"]),
    .testTarget(
      name: "GeoModelTests", dependencies: ["GeoModel", "BuiltInOutlines", "TestFixtures"]),
    .testTarget(
      name: "CatalogModelTests",
      dependencies: ["CatalogModel", "BuiltInCatalog", "TextSupport", "TestFixtures"]),
    .testTarget(
      // Fixtures are read from the checkout (#filePath), not bundled.
      name: "PageReaderTests",
      dependencies: ["PageReader", "FetchModel", "TextSupport", "TestFixtures"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ProvinceCoreTests",
      dependencies: [
        "ProvinceCore", "CatalogModel", "FetchModel", "PageReader", "TerminalUI", "TextSupport",
        "TestFixtures", "GeoModel", "BuiltInCatalog", "BuiltInOutlines", "BuiltInFacts",
      ]),
    .testTarget(
      name: "ProvinceIOTests",
      dependencies: [
        "ProvinceIO", "ProvinceCore", "CatalogModel", "FetchModel", "PageReader", "TextSupport",
        "TestFixtures", "TestSupport",
      ]),
    .testTarget(
      name: "EndToEndTests",
      // These run the built `browse`, so it must be built first.
      dependencies: [
        "ProvinceBrowser", "ProvinceCore", "ProvinceIO", "CatalogModel", "PageReader",
        "TextSupport", "TestFixtures", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
