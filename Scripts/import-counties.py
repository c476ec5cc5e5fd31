#!/usr/bin/env python3
"""Make Data/counties.tsv, once, from the NBS county-level list (areas.csv).

This is how the county rows were first made; the TSV is the source from then on (edit
it, then run generate-data.py). It needs the reference data and pypinyin, which the
build does not:
    pip install pypinyin
    python3 Scripts/import-counties.py ../shared/data/areas.csv

What it keeps, under the prefecture-level city of Data/divisions.tsv whose code the row
carries: the real divisions (区, 县, county-level 市, 旗 and their autonomous forms, 六枝特区).
Not: the statistical-only zones (5th-6th digits 70-79), the rows already in the data at
the second level (the municipalities' districts, the county-level units a province
administers directly), a city's own name repeated as its only "county" (嘉峪关市), nor
the Sansha island groups and 大柴旦行政委员会, which are not divisions of those kinds.

pypinyin reads place names well but not every one; the readings below are the place
names' own, checked against the tests' hand-typed list.
"""

import csv
import sys
from pathlib import Path

from pypinyin import Style, lazy_pinyin

DIVISIONS = Path("Data/divisions.tsv")
OUT = Path("Data/counties.tsv")
KINDS = ("区", "县", "市", "旗")

# Characters that keep one reading in every county name (成都 du, 长沙 chang, 库尔勒 le,
# 喀什 shi), except where a name below says otherwise.
CHARACTERS = {"都": "du", "长": "chang", "勒": "le", "什": "shi", "乐": "le"}

# Whole names whose reading differs from pypinyin's or from the rules above.
NAMES = {
    "长子县": "zhang zi xian",
    "乐亭县": "lao ting xian",
    "乐清市": "yue qing shi",
    "六合区": "lu he qu",
    "洪洞县": "hong tong xian",
    "朝阳县": "chao yang xian",
    "蚌山区": "beng shan qu",
    "涡阳县": "guo yang xian",
    "单县": "shan xian",
    "浚县": "xun xian",
    "召陵区": "shao ling qu",
    "曾都区": "zeng du qu",
    "筠连县": "jun lian xian",
    "荥经县": "ying jing xian",
    "荥阳市": "xing yang shi",
    "牟定县": "mou ding xian",
    "繁峙县": "fan shi xian",
    "万柏林区": "wan bai lin qu",
    "红寺堡区": "hong si bu qu",
    "泊头市": "bo tou shi",
    "珲春市": "hun chun shi",
    "佛冈县": "fo gang xian",
    "佛坪县": "fo ping xian",
    "龙圩区": "long xu qu",
    "宕昌县": "tan chang xian",
    "马尾区": "ma wei qu",
    "费县": "bi xian",
    "称多县": "chen duo xian",
    "番禺区": "pan yu qu",
    "铅山县": "yan shan xian",
    "莘县": "shen xian",
    "大埔县": "da bu xian",
    "吴堡县": "wu bu xian",
    "蔚县": "yu xian",
    "尉犁县": "yu li xian",
    "东阿县": "dong e xian",
}


def reading(name):
    if name in NAMES:
        return NAMES[name]
    syllables = lazy_pinyin(name, style=Style.NORMAL)
    return " ".join(CHARACTERS.get(c, s) for c, s in zip(name, syllables))


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} AREAS.csv", file=sys.stderr)
        return 64
    with DIVISIONS.open(encoding="utf-8", newline="") as f:
        cities = {r["city_code"]: r for r in csv.DictReader(f, delimiter="\t") if r["city_code"]}
    with open(argv[1], encoding="utf-8", newline="") as f:
        areas = list(csv.DictReader(f))
    rows = []
    for area in areas:
        code, name = area["code"], area["name"]
        if 70 <= int(code[4:6]) <= 79 or code in cities or not name.endswith(KINDS):
            continue
        city = cities.get(area["cityCode"] + "00")
        if city is None or name == city["city"]:
            continue
        rows.append([city["city_code"], city["city"], code, name, reading(name)])
    with OUT.open("w", encoding="utf-8", newline="") as f:
        f.write("city_code\tcity\tcode\tcounty\tcounty_pinyin\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(f"wrote {OUT}: {len(rows)} counties")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
