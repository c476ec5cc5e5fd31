/// The general reader's options: Readability.js's, under its names and with its defaults
/// (`DEFAULT_N_TOP_CANDIDATES`, `DEFAULT_CHAR_THRESHOLD`, the numbers written into
/// `_grabArticle` and `isProbablyReaderable`), and the switches of the rules this reader
/// adds to Readability's (`ReaderRule`).
struct ReaderOptions: Sendable {
  /// `nbTopCandidates`: the best candidates looked at to find their common ancestor.
  var nTopCandidates = 5
  /// `MINIMUM_TOPCANDIDATES`: how many of them under one ancestor make it the article.
  var minimumTopCandidates = 3
  /// `charThreshold`: the characters an attempt must find to be trusted without retrying.
  var charThreshold = 500
  /// The shortest paragraph `_grabArticle` scores (`innerText.length < 25`).
  var minParagraphLength = 25
  /// Ancestors a paragraph scores (`_getNodeAncestors(elementToScore, 5)`).
  var ancestorLevels = 5
  /// A paragraph's points for length: one per `charsPerPoint` characters, at most `maxLengthPoints`.
  var charsPerPoint = 100
  var maxLengthPoints = 3
  /// `_getClassWeight`: the weight of a positive or negative class or id.
  var classWeight = 25
  /// An alternative candidate counts when it scores this share of the top one (0.75).
  var alternativeScoreRatio = 0.75
  /// `lastScore / 3`: the climb to the parent stops below this share of the score.
  var parentScoreDivisor = 3.0
  /// Siblings join at `max(siblingMinScore, topScore × siblingScoreRatio)`.
  var siblingScoreRatio = 0.2
  var siblingMinScore = 10.0
  /// A sibling `p` joins when longer than this with a link density under `siblingLinkDensity`.
  var siblingParagraphLength = 80
  var siblingLinkDensity = 0.25
  /// `isProbablyReaderable`: `minContentLength` and `minScore`.
  var minContentLength = 140
  var minScore = 20.0
  /// `_cleanConditionally`: a block with this many commas or more is kept.
  var cleanCommas = 10
  /// The rules beyond Readability's that are on (all of them by default).
  var rules: Set<ReaderRule> = Set(ReaderRule.allCases)

  /// Readability's defaults with every rule on.
  static let standard = ReaderOptions()

  func has(_ rule: ReaderRule) -> Bool { rules.contains(rule) }
}

/// Every rule the general reader adds to Readability's, one entry each: its name, the kind
/// of page it is for, and its switch (`ReaderOptions.rules`). The comment at each rule's
/// place in `ArticleFinder` says how it departs from Readability.
enum ReaderRule: String, CaseIterable, Sendable {
  case preferLonger, embeddedPost, quoteBox, proseWithOneLink, commentSections, formWrapper
  case hoverCard, pictureCredit, linkList, furnitureBoxes, edges, markedArticle, tagBoost
  case linkParentStop, siblingOfKind, cjkWeight

  /// The kind of page the rule is for.
  var kindOfPage: String {
    switch self {
    case .preferLonger: "a photo's long comma-heavy caption outscores a short article"
    case .embeddedPost: "a news story quoting a tweet in a box classed as a social embed"
    case .quoteBox: "an article quoting a post whose box is all links"
    case .proseWithOneLink: "a story with a 'SEE MORE:' link among plain paragraphs"
    case .commentSections: "a blog post or story with a long comment thread"
    case .formWrapper: "an ASP.NET page whose body is one form"
    case .hoverCard: "a news site with a hover card after an author's linked name"
    case .pictureCredit: "a story with credit spans under its pictures"
    case .linkList: "a story with a short list of same-site links between paragraphs"
    case .furnitureBoxes: "credit, gallery, 'most read' and author boxes inside an article"
    case .edges: "share bars, dates, promos and closing sections at an article's edges"
    case .markedArticle: "a short brief that marks or declares itself the article"
    case .tagBoost: "an article in <article>, <main> or itemprop=articleBody"
    case .linkParentStop: "an article inside a wrapper of teasers"
    case .siblingOfKind: "an article cut into parts by figures, its parts classed alike"
    case .cjkWeight: "Chinese, Japanese and Korean text, which has no spaces"
    }
  }
}
