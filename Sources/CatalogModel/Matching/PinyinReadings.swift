/// Place-name readings that override ICU's Han→Latin transform, which reads each
/// character alone with its commonest reading (长沙 "zhang sha", 成都 "cheng dou").
enum PinyinReadings {
  /// A multi-character name part whose reading differs from its characters' defaults.
  struct Phrase: Sendable {
    let scalars: [Unicode.Scalar]
    let syllables: [String]
  }

  /// Readings of whole name parts, checked before single characters (longest first).
  static let phrases: [Unicode.Scalar: [Phrase]] = {
    var table: [Unicode.Scalar: [Phrase]] = [:]
    for line in phraseText.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let hanzi = words.first, words.count == hanzi.unicodeScalars.count + 1,
        let first = hanzi.unicodeScalars.first
      else { continue }
      let phrase = Phrase(
        scalars: Array(hanzi.unicodeScalars), syllables: words.dropFirst().map(String.init))
      table[first, default: []].append(phrase)
    }
    for key in table.keys {
      table[key]?.sort { $0.scalars.count > $1.scalars.count }
    }
    return table
  }()

  /// Per-character readings: every character of the provincial and prefectural names,
  /// the administrative suffixes and the ethnic names, so those never need ICU.
  static let characters: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    var reading = ""
    for word in characterText.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if word.utf8.first.map({ $0 < 0x80 }) ?? false {
        reading = String(word)
      } else {
        for scalar in word.unicodeScalars { table[scalar] = reading }
      }
    }
    return table
  }()

  /// The known exceptions: polyphones read the place-name way, and names whose
  /// characters' usual readings are wrong as a whole.
  private static let phraseText = """
    长子 zhang zi
    长沙 chang sha
    厦门 xia men
    蚌埠 beng bu
    六安 lu an
    六合 lu he
    重庆 chong qing
    亳州 bo zhou
    番禺 pan yu
    丽水 li shui
    丽江 li jiang
    涡阳 guo yang
    乐亭 lao ting
    乐清 yue qing
    单县 shan xian
    单父 shan fu
    莘县 shen xian
    莘庄 xin zhuang
    洪洞 hong tong
    闵行 min hang
    铅山 yan shan
    台州 tai zhou
    天台 tian tai
    东阿 dong e
    牟平 mu ping
    尉犁 yu li
    蔚县 yu xian
    泌阳 bi yang
    犍为 qian wei
    黄陂 huang pi
    大埔 da bu
    吴堡 wu bu
    里堡 li pu
    太行 tai hang
    会稽 kuai ji
    荥经 ying jing
    荥阳 xing yang
    浚县 xun xian
    筠连 jun lian
    繁峙 fan shi
    珲春 hun chun
    朝鲜 chao xian
    仡佬 ge lao
    仫佬 mu lao
    柞水 zha shui
    阿房 e pang
    """

  /// `reading characters` pairs; ICU's reading unless the place-name one differs
  /// (长 chang, 都 du, 藏 zang, 地 di, 什 shi, 勒 le, 厦 xia, 蚌 beng, 佛 fo, 埔 pu...),
  /// plus the traditional forms of the worst polyphones (長 廈 樂).
  private static let characterText = """
    a 阿  an 安岸鞍  ao 澳  ba 坝巴  bai 白百  ban 版  bao 保包宝  bei 北碚贝  ben 本  beng 蚌
    bi 壁毕璧  bian 边  bie 别  bin 宾滨  bo 亳伯博波  bu 埗埠布  cang 沧  cha 察  chang 常昌长長
    chao 朝潮  chen 辰郴  cheng 城成承澄  chi 池赤  chong 充崇重  chu 楚滁  chuan 川  chun 春
    da 大达  dai 傣  dan 丹儋郸  dang 氹  dao 岛  de 德  di 地坻底迪  dian 垫店淀  ding 定顶
    dong 东侗  du 渡独都  duo 多  e 鄂  en 恩  er 尔洱  fan 番  fang 坊房方防  fei 肥  fen 汾
    feng 丰奉封峰风  fo 佛  fu 抚浮涪福阜  gan 感甘赣  gang 冈岗港  gao 高  ge 仡各  gong 贡  gou 沟
    gu 古固谷  guan 关莞观  guang 广  gui 桂贵  guo 果郭  ha 哈  hai 海  han 汉邯  hang 杭
    hao 浩  he 合和河菏贺鹤  hei 黑  heng 衡  hong 宏红虹  hu 呼湖祜胡葫  hua 化华花  huai 怀淮
    huan 环  huang 皇黄  hui 回徽惠汇  ji 吉基济蓟鸡  jia 佳嘉家架  jian 尖建  jiang 江疆  jiao 焦
    jie 揭界节  jin 晋津金锦  jing 京景荆靖静  jiu 九酒  ka 喀  kai 开  kang 康  ke 克可柯  kou 口
    kuang 矿  kui 葵  kun 昆  la 拉  lai 来  lan 兰  lang 廊朗  lao 佬  le 乐勒樂  leng 楞
    li 丽傈栗犁理离里黎  lian 莲连  liang 凉梁  liao 聊辽  lin 临林  ling 岭陵  liu 六柳  long 陇隆龙
    lou 娄  lu 吕泸芦路鲁  lun 伦  luo 洛漯  ma 玛马  mai 迈  man 满  mao 毛茂  mei 梅眉  men 门
    meng 盟蒙  mi 密米  mian 绵  miao 苗  min 闵  ming 名明  mo 模  mu 仫木牡  na 纳那  nan 南
    nao 淖  nei 内  ni 尼  ning 宁  nong 农  nu 怒  pan 攀盘  peng 彭澎  ping 坪屏平萍  po 坡颇
    pu 埔普浦濮莆  qi 七旗綦齐  qian 潜迁黔  qiang 羌  qiao 桥  qin 秦钦  qing 庆清青  qiong 琼
    qiu 丘  qu 区曲渠衢  quan 泉荃  rao 饶  ren 仁  ri 日  rong 荣  rou 柔  sa 撒萨  san 三
    se 色  sha 沙  shan 善山汕陕陝  shang 上商  shao 绍邵韶  she 畲  shen 沈深神  sheng 圣省
    shi 什十市施石  shou 寿  shu 树舒  shuang 双  shui 水  shun 顺  shuo 朔  si 四斯  song 松
    su 僳宿肃苏  sui 绥遂随  ta 塔  tai 台太泰  tan 潭  tang 唐堂塘  tao 桃  te 特  tian 天田
    tie 铁  ting 亭  tong 同潼通铜  tou 头投  tu 吐图土  tun 屯  tuo 陀  wa 佤  wan 万湾
    wang 旺望  wei 卫威尾渭潍维  wen 文温  wo 斡  wu 乌五吴吾巫无梧武芜  xi 溪西锡  xia 厦夏峡廈  xian 仙县咸贤鲜
    xiang 乡湘襄香  xiao 孝  xin 信忻新  xing 兴星行邢  xiong 雄  xiu 秀  xu 徐许  xuan 宣
    ya 亚雅鸭  yan 堰岩延彦烟盐  yang 扬杨阳  yao 瑶  ye 掖  yi 义伊依宜彝沂益  yin 银音  ying 营鹰
    yong 永  you 油酉  yu 余峪榆渝玉裕  yuan 元原园源远  yue 岳  yun 云运  zai 仔  zang 藏  zao 枣
    ze 则泽  zhan 湛  zhang 张彰漳  zhao 昭照肇  zhe 浙  zhen 圳镇  zheng 政郑  zhi 指枝治芝
    zhong 中忠  zhou 周州洲舟  zhu 柱株珠竹驻  zhuang 壮庄  zi 子孜淄自资  zu 族足  zui 嘴  zun 遵
    zuo 作左
    """
}
