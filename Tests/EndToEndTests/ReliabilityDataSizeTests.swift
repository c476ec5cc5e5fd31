import Foundation
import TestSupport
import Testing

/// A data file from a pipe, a FIFO or a device has the same bound as a regular file:
/// beyond it, one line and exit 65, never a read that grows without end.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityDataSizeTests {
  static let refusal = "error: it is larger than 128 MiB, the most a data file may be"

  @Test func dataFromDevZeroIsRefusedForItsSize() async throws {
    let result = try await BrowseProcess.run(["--data", "/dev/zero", "-c", "甲市"])
    #expect(result.status == 65)
    #expect(result.stdout == "")
    #expect(result.stderr == "/dev/zero: \(Self.refusal)\n")
  }

  @Test func theEnvironmentVariableAndValidateAreBoundToo() async throws {
    let lookup = try await BrowseProcess.run(
      ["-c", "甲市"], environment: ["PROVINCE_BROWSER_DATA": "/dev/zero"])
    #expect(lookup.status == 65)
    #expect(lookup.stderr.contains(Self.refusal))
    let validate = try await BrowseProcess.run(["--validate", "/dev/zero"])
    #expect(validate.status == 65)
  }

  @Test func anEndlessStandardInputIsRefusedForItsSize() async throws {
    let result = try await BrowseProcess.shell(
      """
      yes '<!-- filler -->' | "$BROWSE" --data - -c 甲市
      echo "status=${PIPESTATUS[1]}"
      """)
    #expect(result.stdout.contains("status=65"))
    #expect(result.stderr.contains("<stdin>: \(Self.refusal)"))
  }

  @Test func aSparseRegularFileOverTheBoundIsRefusedBeforeItIsRead() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-huge-\(UUID().uuidString).plist"
    ).path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("<plist>".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 10 << 30)
    try handle.close()
    let result = try await BrowseProcess.run(["--data", path, "-c", "甲市"])
    #expect(result.status == 65)
    #expect(result.stderr == "\(path): \(Self.refusal)\n")
  }
}
