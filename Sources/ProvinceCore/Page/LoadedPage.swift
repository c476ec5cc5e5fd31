import FetchModel

/// A page as the shell's loader hands it over: the response and, when it did not come
/// fresh from the network, a note saying where from ("cached 3 min ago").
public struct LoadedPage: Sendable, Equatable {
  public var page: FetchedPage
  public var note: String?

  public init(page: FetchedPage, note: String? = nil) {
    self.page = page
    self.note = note
  }
}
