/// What a page says about itself, from `<title>`, `<meta>`, JSON-LD and its markup.
public struct PageMetadata: Sendable, Equatable {
  /// The `<title>`, on one line.
  public var title: String?
  /// The article's headline: `og:title`, JSON-LD `headline`, else nil.
  public var headline: String?
  /// `<meta name=description>`, else `og:description`.
  public var description: String?
  /// The author: `<meta name=author>`, JSON-LD `author`, `rel=author`, a byline element.
  public var byline: String?
  /// The publication date: `article:published_time`, JSON-LD `datePublished`, `<time>`.
  public var published: String?
  /// The article's text as JSON-LD gives it (`articleBody`, else its `description`), on
  /// one line: a hint of where the article is, never shown.
  public var articleBody: String?
  /// Whether the page says it is an article (`og:type` article, or a JSON-LD `Article`,
  /// `NewsArticle`, `BlogPosting`…): a short text found in it can be trusted as its article.
  public var declaresArticle = false
  /// The address the page gives for itself (`og:url`): links to its host, or to the
  /// document's, stay on the same site.
  public var canonicalURL: String?
  /// The address the page was read from.
  public var documentURL: String?
  /// `<html lang>`.
  public var language: String?
  /// Where `<meta http-equiv=refresh>` sends the reader, resolved, with its delay.
  public var refresh: PageLink?
  /// The refresh's delay in seconds.
  public var refreshDelay: Int?
  /// The element holding the byline in the text, so the reader view can leave it out
  /// when it shows the byline in its header.
  public var bylineElement: Int?
  /// MediaWiki's configuration of the page (`RLCONF`): its categories and titles.
  public var wiki: WikiConfig?

  public init() {}
}
