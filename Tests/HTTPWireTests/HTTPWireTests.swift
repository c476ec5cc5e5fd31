import Testing

@testable import HTTPWire

@Suite struct HTTPWireTests {
  @Test func theNamespaceExists() {
    #expect(String(describing: HTTPWire.self) == "HTTPWire")
  }
}
