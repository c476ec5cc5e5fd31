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
    .testTarget(
      name: "ProvinceCoreTests",
      // The end-to-end tests run the built `browse`, so it must be built first.
      dependencies: ["ProvinceCore", "ProvinceBrowser"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
