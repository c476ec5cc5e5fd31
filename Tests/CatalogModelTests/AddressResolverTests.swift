import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The address resolver on the built-in data, against the failures the address parsers'
/// users report (cpca's and jionlp's trackers). Every expected code and name is typed from
/// knowledge of the places (GB/T 2260), never read back from the resolver.
@Suite struct AddressResolverTests {
  static let resolver = AddressResolver(
    catalog: BuiltInCatalog.catalog, history: BuiltInCatalog.history,
    variants: BuiltInCatalog.variants)

  /// What one text resolves to: the code of the division found (a township's county's
  /// code where it is a township), the township's name, the candidates' codes, the former
  /// names read and the rest.
  struct Answer {
    var code: String?
    var township: String?
    var candidates: [String]
    var former: [String]
    var rest: String
  }

  static func answer(_ text: String, resolver: AddressResolver = resolver) -> Answer {
    let found = resolver.resolve(text)
    let catalog = BuiltInCatalog.catalog
    func code(_ place: ResolvedAddress.Place) -> String? {
      guard var ref = place.ref else { return catalog.provinceCode(place.province) }
      if ref.isTownship { ref = ref.parent }
      return catalog[ref].code
    }
    let township = found.place?.ref.flatMap { $0.isTownship ? catalog[$0].name : nil }
    return Answer(
      code: found.place.flatMap(code), township: township,
      candidates: found.candidates.compactMap(code), former: found.former.map(\.name),
      rest: found.rest)
  }

  @Test func aWholeAddressNamesItsCountyAndLeavesTheStreet() {
    let found = Self.answer("浙江省杭州市西湖区文三路90号")
    #expect(found.code == "330106")
    #expect(found.rest == "文三路90号")
    #expect(found.candidates.isEmpty)
  }

  @Test func missingLevelsAreInferredFromTheCounty() {
    #expect(Self.answer("海淀区中关村大街27号").code == "110108")
    #expect(Self.answer("昆山市前进中路").code == "320583")
    #expect(Self.answer("广州国际采购中心1401").code == "440100")
  }

  @Test func townsOfCitiesWithoutCountiesAreFound() {
    let xiaolan = Self.answer("中山市小榄镇升平路")
    #expect(xiaolan.code == "442000")
    #expect(xiaolan.township == "小榄镇")
    #expect(xiaolan.rest == "升平路")
    // The data's 南城街道办事处 is what people write 南城街道.
    let nancheng = Self.answer("东莞市南城街道鸿福路106号")
    #expect(nancheng.code == "441900")
    #expect(nancheng.township?.hasPrefix("南城街道") == true)
    #expect(nancheng.rest == "鸿福路106号")
  }

  @Test func oldNamesGiveTodaysDivisionAndSaySo() {
    let xiangfan = Self.answer("湖北省襄樊市小水街222号")
    #expect(xiangfan.code == "420600")
    #expect(xiangfan.former == ["襄樊市"])
    #expect(Self.answer("上海市闸北区天目西路218号").code == "310106")
    // A former name's short form counts alone, as `/闸北` gives it, not inside other text.
    #expect(Self.answer("闸北").code == "310106")
    #expect(Self.answer("zhabei").code == "310106")
    #expect(Self.answer("北京市崇文区").code == "110101")
    #expect(Self.answer("广州市萝岗区科学城").code == "440112")
    // 江干区 went to two districts in 2021; its street 四季青 to 上城区.
    let jianggan = Self.answer("杭州市江干区四季青街道")
    #expect(jianggan.code == "330102")
    #expect(jianggan.township == "四季青街道")
    // Without a street to decide, both successors are candidates, not a guess.
    #expect(Set(Self.answer("杭州市江干区").candidates) == ["330102", "330114"])
  }

  @Test func aFormerNameGivesWayToACurrentOneOfTheSameName() {
    // 西城区 was also 成都's until 1990; today it is 北京's alone.
    #expect(Self.answer("西城区百万庄大街11号").code == "110102")
    // 江北区 of 重庆 became 两江新区 in 2025; 宁波's 江北区 is current.
    let chongqing = Self.answer("重庆市江北区江北城")
    #expect(chongqing.code == "500157")
    #expect(chongqing.former == ["江北区"])
    #expect(Self.answer("宁波市江北区").code == "330205")
  }

  @Test func sameStemNamesAreToldApart() {
    #expect(Self.answer("湖南省湘潭县易俗河镇").code == "430321")
    #expect(Self.answer("湖南湘潭").code == "430300")
    #expect(Self.answer("湖南省邵阳县塘渡口镇").code == "430523")
    #expect(Self.answer("邵阳市").code == "430500")
    #expect(Self.answer("吉林省吉林市").code == "220200")
  }

  @Test func otherPlacesNamesInsideStreetAndBuildingNamesAreNotPlaces() {
    #expect(Self.answer("上海 陕西南路").code == "310000")
    #expect(Self.answer("北海市重庆路").code == "450500")
    #expect(Self.answer("重庆 四川外国语大学").code == "500000")
    #expect(Self.answer("伊宁市上海城").code == "654002")
    #expect(Self.answer("青岛市市南区香港中路").code == "370202")
    #expect(Self.answer("上海市黄浦区南京东路300号").code == "310101")
    #expect(Self.answer("拉萨市城关区北京中路").code == "540102")
    // A city named first outweighs a district of that name elsewhere: 南京's district is
    // 雨花台区, 雨花区 is 长沙's.
    #expect(Self.answer("南京雨花区软件大道48号").code == "320100")
  }

  @Test func otherScriptsAndLookAlikesAreFolded() {
    let humen = Self.answer("廣東省東莞市虎門鎮")
    #expect(humen.code == "441900")
    #expect(humen.township == "虎门镇")
    // U+2EC4 CJK RADICAL WEST TWO for 西.
    #expect(Self.answer("\u{2EC4}安市雁塔区").code == "610113")
    // Full-width digits and an ideographic space; the rest is given back as typed.
    let fullWidth = Self.answer("北京市\u{3000}海淀区１２号")
    #expect(fullWidth.code == "110108")
    #expect(fullWidth.rest == "１２号")
    #expect(Self.answer("北京市海\u{200B}淀区").code == "110108")
  }

  @Test func withoutTheVariantTableTraditionalNamesAreNotRead() {
    let plain = AddressResolver(catalog: BuiltInCatalog.catalog, variants: .none)
    #expect(Self.answer("廣東省東莞市", resolver: plain).code == nil)
  }

  @Test func addressesInLettersAreRead() {
    let binjiang = Self.answer("No. 100, Changhe Street, Binjiang District, Hangzhou")
    #expect(binjiang.code == "330108")
    #expect(binjiang.rest == "No. 100, Changhe Street")
    #expect(Self.answer("Haidian District, Beijing").code == "110108")
    #expect(Self.answer("hangzhou shi xihu qu").code == "330106")
    #expect(Self.answer("Kunshan, Suzhou, Jiangsu").code == "320583")
  }

  @Test func aNameOfSeveralPlacesGivesCandidatesNotAGuess() {
    let chaoyang = Self.answer("朝阳区")
    #expect(chaoyang.code == nil)
    #expect(Set(chaoyang.candidates) == ["110105", "220104"])
    // A township of one of them decides.
    #expect(Self.answer("朝阳区建外街道").code == "110105")
    // So does a parent.
    #expect(Self.answer("长春朝阳区").code == "220104")
  }

  @Test func aTextThatNamesNoPlaceFindsNothing() {
    let found = Self.answer("顺丰快递123号")
    #expect(found.code == nil)
    #expect(found.candidates.isEmpty)
    #expect(found.rest == "顺丰快递123号")
    #expect(Self.answer("").code == nil)
    // A generic name among other words (城区 of 晋城 and of 阳泉) is not enough; 老城区 is
    // 洛阳's own. Alone, as a search gives it, it names its places.
    #expect(Self.answer("城区幸福路").code == nil)
    #expect(Self.answer("城区幸福路").candidates.isEmpty)
    #expect(Set(Self.answer("城区").candidates).isSuperset(of: ["140302", "140502"]))
    #expect(Self.answer("洛阳老城区").code == "410302")
  }

  @Test func autonomousDivisionsAreFoundByTheirShortForms() {
    #expect(Self.answer("恩施州利川市").code == "422802")
    #expect(Self.answer("延边州延吉市").code == "222401")
  }

  @Test func aTownshipDecidesBeforeTheHigherLevelIsPreferred() {
    // 朝阳 alone is 朝阳市 (辽宁), the higher level; 望京街道 is 北京's 朝阳区's.
    #expect(Self.answer("朝阳").code == "211300")
    let wangjing = Self.answer("朝阳望京街道")
    #expect(wangjing.code == "110105")
    #expect(wangjing.township == "望京街道")
  }

  @Test func formerNamesAreFollowedOnlyThroughLaterChanges() {
    // 中甸县 was renamed 香格里拉县 in 2001, keeping its code, and became 香格里拉市 533401.
    #expect(Self.answer("云南中甸县").code == "533401")
    // 沔阳县 became 仙桃市 in 1986; its successor's code 422401 had been 荆门市's until 1983.
    let mianyang = Self.answer("湖北沔阳县")
    #expect(mianyang.code == "429004")
    #expect(mianyang.candidates.isEmpty)
    // 松滋县 became 松滋市 421087; its old code 421024 is 江陵县's now.
    let songzi = Self.answer("湖北省荆州市松滋县")
    #expect(songzi.code == "421087")
    #expect(songzi.former == ["松滋县"])
    #expect(songzi.rest.isEmpty)
  }

  @Test func addressesInLettersReadTheirStreetsAndTheirOrder() {
    // A place's name before `Road` is a street's; the place comes last in English.
    #expect(Self.answer("No.1 Beijing Road, Guangzhou").code == "440100")
    #expect(Self.answer("Yuhua District, Nanjing").code == "320100")
    #expect(Self.answer("Haidian District, Beijing\u{3002}").code == "110108")
    let street = Self.answer("Hangzhou Xihu District, Wensan Road 90")
    #expect(street.code == "330106")
    #expect(street.rest == "Wensan Road 90")
  }
}
