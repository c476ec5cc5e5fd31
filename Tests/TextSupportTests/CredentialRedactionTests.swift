import Testing

@testable import TextSupport

/// The user information of an address quoted in an error never reaches the output
/// (issue 48, item 9): a proxy's password, or a token written as its user name.
@Suite struct CredentialRedactionTests {
  @Test(arguments: [
    (
      "Unsupported proxy syntax in 'http://user:secret@[bad'",
      "Unsupported proxy syntax in 'http://***@[bad'"
    ),
    ("Could not resolve proxy: user:secret@proxy.test", "Could not resolve proxy: ***@proxy.test"),
    ("bad “https://tok@[x” and 'u:p@a@b:1'", "bad “https://***@[x” and '***@b:1'"),
    ("(socks5h://u:p%40ss@host:1080)", "(socks5h://***@host:1080)"),
  ])
  func userInformationBecomesStars(text: String, expected: String) {
    #expect(URLText.redactingCredentials(text) == expected)
  }

  @Test(arguments: [
    "Failed to connect to proxy.test port 8080 after 3 ms: Couldn't connect to server",
    "no address here", "",
  ])
  func textWithoutUserInformationIsUnchanged(text: String) {
    #expect(URLText.redactingCredentials(text) == text)
  }
}
