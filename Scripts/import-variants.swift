// Makes Data/variants.tsv: the characters an address may write in place of one of our
// names' characters, each with the character our names use. Traditional forms (廣 for 广),
// compatibility ideographs and Kangxi radicals, by the toolchain's own ICU (Foundation's
// `Hant-Hans` transform and NFKC: Unicode data, the Unicode licence), restricted to the
// characters Data/*.tsv names use; then the CJK Radicals Supplement look-alikes, which
// have no decomposition, typed from their Unicode names (⻄ CJK RADICAL WEST TWO, 西).
// A character our names use is never mapped away (乾 in 乾县 stays, though ICU would
// make it 干).
//
// Run from the checkout: swift Scripts/import-variants.swift > Data/variants.tsv
import Foundation

var used = Set<Character>()
for file in ["Data/divisions.tsv", "Data/counties.tsv", "Data/townships.tsv", "Data/history.tsv"] {
  guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
    FileHandle.standardError.write(Data("error: cannot read \(file)\n".utf8))
    exit(1)
  }
  for character in text where character.unicodeScalars.first!.value >= 0x2E80 {
    used.insert(character)
  }
}

// The CJK Radicals Supplement's look-alikes of whole characters (simplified forms and a
// few others), by their Unicode names.
let radicals: [(UInt32, String)] = [
  (0x2E9F, "母"),  // CJK RADICAL MOTHER
  (0x2EA0, "民"),  // CJK RADICAL CIVILIAN
  (0x2EC4, "西"),  // CJK RADICAL WEST TWO
  (0x2EC5, "见"),  // CJK RADICAL C-SIMPLIFIED SEE
  (0x2ECF, "阝"),  // CJK RADICAL CITY
  (0x2ED3, "长"),  // CJK RADICAL C-SIMPLIFIED LONG
  (0x2ED4, "门"),  // CJK RADICAL C-SIMPLIFIED GATE
  (0x2ED8, "青"),  // CJK RADICAL BLUE
  (0x2EDA, "页"),  // CJK RADICAL C-SIMPLIFIED LEAF
  (0x2EDB, "风"),  // CJK RADICAL C-SIMPLIFIED WIND
  (0x2EDC, "飞"),  // CJK RADICAL C-SIMPLIFIED FLY
  (0x2EE2, "马"),  // CJK RADICAL C-SIMPLIFIED HORSE
  (0x2EE3, "骨"),  // CJK RADICAL BONE
  (0x2EE4, "鬼"),  // CJK RADICAL GHOST
  (0x2EE5, "鱼"),  // CJK RADICAL C-SIMPLIFIED FISH
  (0x2EE6, "鸟"),  // CJK RADICAL C-SIMPLIFIED BIRD
  (0x2EE8, "麦"),  // CJK RADICAL SIMPLIFIED WHEAT
  (0x2EE9, "黄"),  // CJK RADICAL SIMPLIFIED YELLOW
  (0x2EEC, "齐"),  // CJK RADICAL C-SIMPLIFIED EVEN
  (0x2EEE, "齿"),  // CJK RADICAL C-SIMPLIFIED TOOTH
  (0x2EF0, "龙"),  // CJK RADICAL C-SIMPLIFIED DRAGON
  (0x2EF3, "龟"),  // CJK RADICAL C-SIMPLIFIED TURTLE
]

var rows: [(UInt32, String)] = []
let blocks: [ClosedRange<UInt32>] = [
  0x2F00...0x2FD5, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2A6DF,
  0x2F800...0x2FA1F,
]
for block in blocks {
  for value in block {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let original = Character(scalar)
    guard !used.contains(original) else { continue }
    var simple = String(original).precomposedStringWithCompatibilityMapping
    simple = simple.applyingTransform(StringTransform("Hant-Hans"), reverse: false) ?? simple
    guard simple.count == 1, let target = simple.first, target != original, used.contains(target)
    else { continue }
    rows.append((value, simple))
  }
}
rows += radicals.filter { used.contains(Character($0.1)) }
rows.sort { $0.0 < $1.0 }
print("from\tto")
for (value, target) in rows {
  print("\(Character(Unicode.Scalar(value)!))\t\(target)")
}
