// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ProvinceBrowser",
  products: [
    .executable(name: "browse", targets: ["ProvinceBrowser"]),
    .library(name: "ProvinceCore", targets: ["ProvinceCore"]),
  ],
  targets: [
    .target(name: "ProvinceCore"),
    .executableTarget(name: "ProvinceBrowser", dependencies: ["ProvinceCore"]),
    // Pure building blocks of the full-screen UI (issue 13): no I/O, no clocks. It uses
    // ProvinceCore only for the TerminalText width and sanitising helpers.
    .target(name: "TerminalUI", dependencies: ["ProvinceCore"]),
    .testTarget(
      name: "ProvinceCoreTests",
      // The end-to-end tests run the built `browse`, so it must be built first.
      dependencies: ["ProvinceCore", "ProvinceBrowser"]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
  ],
  swiftLanguageModes: [.v6]
)
