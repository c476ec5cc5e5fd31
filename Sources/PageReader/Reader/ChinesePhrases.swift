extension ArticleEdges {
  /// The furniture of Chinese pages, in simplified and traditional script, beside the
  /// English phrases of the same kind: the labels portals of the mainland, Hong Kong and
  /// Taiwan put around an article (editor and source lines, share bars, "related" rails,
  /// pagers, comment boxes, copyright lines). Lines are matched after `normalized`, and a
  /// Chinese line has no spaces to normalise, so these are written as they are shown.
  enum Chinese {
    /// A whole short line that is only a control or a label.
    static let labels: Set<String> = [
      "分享", "分享到", "分享到：", "分享至", "分享至：", "打印", "打印本页", "列印", "关闭", "关闭窗口",
      "關閉", "關閉視窗", "收藏", "收藏本文", "返回顶部", "返回頂部", "返回首页", "返回首頁", "广告",
      "廣告", "推广", "推廣", "我要评论", "我要評論", "查看评论", "查看評論", "字号：大 中 小", "字號：大 中 小",
    ]

    /// Labels that introduce links to other stories ("相关新闻", "延伸阅读").
    static let promoLabels: Set<String> = [
      "相关新闻", "相關新聞", "相关阅读", "相關閱讀", "相关文章", "相關文章", "相关报道", "相關報導",
      "相關報道", "延伸阅读", "延伸閱讀", "推荐阅读", "推薦閱讀", "热门推荐", "熱門推薦", "猜你喜欢",
      "猜你喜歡", "热点新闻", "熱點新聞", "热门新闻", "熱門新聞", "热门文章", "熱門文章", "新闻排行",
      "新聞排行", "排行榜", "精彩推荐", "精彩推薦", "更多新闻", "更多新聞", "更多",
    ]

    /// Starts of lines that send the reader to another story.
    static let promos = [
      "相关新闻：", "相關新聞：", "相关阅读：", "相關閱讀：", "延伸阅读：", "延伸閱讀：", "推荐阅读：",
      "推薦閱讀：", "上一篇：", "下一篇：", "上一篇:", "下一篇:",
    ]

    /// Starts of lines of furniture at the article's edges.
    static let phrases = [
      "责任编辑", "責任編輯", "编辑：", "编辑:", "編輯：", "編輯:", "本文编辑", "来源：", "來源：", "来源:",
      "來源:", "本文来源", "本文來源", "分享到", "分享至", "上一篇", "下一篇", "上一页", "下一页", "上一頁",
      "下一頁", "本文共", "返回首页", "返回首頁", "版权所有", "版權所有", "免责声明", "免責聲明", "网友评论",
      "網友評論", "发表评论", "發表評論", "我要评论", "我要評論", "相关新闻", "相關新聞", "延伸阅读",
      "延伸閱讀", "关于我们", "關於我們", "热门推荐", "熱門推薦", "标签：", "標籤：", "关键词：", "關鍵詞：",
      "（责任编辑", "(责任编辑", "（責任編輯", "(責任編輯", "（编辑", "（編輯", "【纠错】", "【糾錯】",
    ]

    /// Pieces that mark a short edge line as furniture wherever they stand in it.
    static let fragments = [
      "版权所有", "版權所有", "未经许可不得转载", "未經許可不得轉載", "责任编辑", "責任編輯", "分享到",
      // A pager ("本文共3页：上一页 1 2 3 下一页").
      "上一页", "下一页", "上一頁", "下一頁",
    ]

    /// Starts of a closing section's heading.
    static let closingSections = [
      "相关新闻", "相關新聞", "相关阅读", "相關閱讀", "相关文章", "相關文章", "延伸阅读", "延伸閱讀",
      "推荐阅读", "推薦閱讀", "热门推荐", "熱門推薦", "猜你喜欢", "猜你喜歡", "网友评论", "網友評論",
      "发表评论", "發表評論", "热门评论", "熱門評論", "最新评论", "最新評論",
    ]

    /// Whether a short line is only controls in brackets (`【打印本页】【关闭窗口】`,
    /// `[收藏] [打印] [关闭]`): every bracketed piece a label, nothing outside them.
    static func isControlRow(_ line: String) -> Bool {
      guard line.count <= 60, line.hasPrefix("【") || line.hasPrefix("[") else { return false }
      let pieces = line.split(whereSeparator: { "【】[] ".contains($0) })
      return !pieces.isEmpty && pieces.allSatisfy { labels.contains(String($0)) }
    }

    /// Starts of lines that credit an image.
    static let credits = ["图片来源", "圖片來源", "摄影：", "攝影：", "图：", "圖：", "资料图", "資料圖"]

    /// A line above the text that gives when and where from (`2011年05月18日 09:12　来源：某某日报`,
    /// `2011-11-02 10:05:33 来源：某某晚报`): a date of year, month and day, and no sentence.
    static func isDateLine(_ line: String) -> Bool {
      guard line.count <= 80, !line.contains("，"), !line.contains("。") else { return false }
      let characters = Array(line)
      var index = 0
      while index + 4 < characters.count {
        if characters[index..<index + 4].allSatisfy(\.isASCIIDigit),
          index == 0 || !characters[index - 1].isASCIIDigit,
          ["年", "-", "/", "."].contains(characters[index + 4])
        {
          var next = index + 5
          var digits = 0
          while next < characters.count, characters[next].isASCIIDigit, digits < 2 {
            next += 1
            digits += 1
          }
          if digits > 0, next < characters.count, ["月", "-", "/", "."].contains(characters[next]),
            next + 1 < characters.count, characters[next + 1].isASCIIDigit
          {
            return true
          }
        }
        index += 1
      }
      return false
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
