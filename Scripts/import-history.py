#!/usr/bin/env python3
"""Make Data/history.tsv: the codes and names no longer in use, what took their place, when.

Run from the repository root with the reference data beside the checkout:
    python3 Scripts/import-history.py ../shared/data/mca-2026 ../shared/data/areacodes

Sources: `areacodes/result.csv` (every county-and-above code since 1981 to the end of
2024, with the year each was withdrawn or renamed and the codes that took its place) and
`mca-2026/history.tsv` (the codes withdrawn up to April 2026, with their successors). Where
the two disagree the later list wins; the years come from areacodes, and for the changes
after 2024 from the tables below. Rows:

    code  name  place  until  status  replaced_by  since

`place` is where it was (`北京市`, `江苏省 苏州市`); `status` is `withdrawn` (the code is no
longer in use) or `renamed` (the code is, under another name); `replaced_by` the codes
that took its place in the year it went, `;`-separated, empty where the sources give none
(a code areacodes marks with another year, `330102[1996]`, took part of its area earlier,
while it lived on: left out, unless nothing else took its place; a prefecture the sources
name none for has the prefectures its counties went to that year); `since` the year the
code came into use under that name (1981: in use when the records begin; empty where the
sources do not say). A code in use today under the name it has in the MCA list gets a row
of status `current` (place, until and replaced_by empty) that says only since when, so
that a list of changes can say what is new. Placeholders (`市辖区`, `县`) are left out:
they were never places. Python 3 standard library only.
"""

import csv
import re
import sys
from pathlib import Path

OUT = Path("Data/history.tsv")
PLACEHOLDERS = {"市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划", "省直辖行政单位"}
# Changes after areacodes' end (2024), with their year: the State Council notices.
LATER = {"500105": "2025", "500112": "2025"}
# Codes that came into use after areacodes' end, with their year (the reference data's
# README: 两江新区 2025; 岑岭县 and 草湖市 2026).
LATER_SINCE = {"500157": "2025", "653132": "2026", "659013": "2026"}
# Taiwan keeps no codes in the project's data: the data set's 710000 → 830000 is its own.
TAIWAN = "71"
MUNICIPALITIES = ("11", "12", "31", "50")


def successors(field, until, keep_earlier):
    """The codes of a `新代码` field that took a code's place when it went, each once.

    `330102[1996]` gave part of the area in 1996, not when the code went: left out, unless
    the code went and nothing else is named (the earlier takers are then all that is known).
    """
    codes, earlier = [], []
    for item in field.split(";"):
        match = re.fullmatch(r"(\d{6})(?:\[(\d{4})\])?", item)
        if not match:
            continue
        code, year = match.groups()
        target = codes if year is None or year == until else earlier
        if code not in target:
            target.append(code)
    return codes or (earlier if keep_earlier else [])


def main(argv):
    if len(argv) != 3:
        print(f"usage: {argv[0]} MCA-FOLDER AREACODES-FOLDER", file=sys.stderr)
        return 64
    mca_dir, areacodes_dir = Path(argv[1]), Path(argv[2])
    with open(mca_dir / "divisions.tsv", encoding="utf-8", newline="") as f:
        current = {r["code"]: r["name"] for r in csv.DictReader(f, delimiter="\t")}
    with open(mca_dir / "history.tsv", encoding="utf-8", newline="") as f:
        withdrawn = {r["code"]: r for r in csv.DictReader(f, delimiter="\t")}
    with open(areacodes_dir / "result.csv", encoding="utf-8-sig", newline="") as f:
        areacodes = list(csv.DictReader(f))

    since = {}  # (code, name) -> the year areacodes says it came into use
    starts = {code: {year} for code, year in LATER_SINCE.items()}  # code -> years a name began
    for row in areacodes:
        key = (row["代码"], row["名称"])
        since[key] = min(since.get(key, row["启用时间"]), row["启用时间"])
        starts.setdefault(row["代码"], set()).add(row["启用时间"])

    names = {}  # code -> latest name any source gives, for places
    for row in areacodes:
        names.setdefault(row["代码"], row["名称"])
    names.update(current)

    def place(code, province, city):
        province = province or names.get(code[:2] + "0000", "")
        if code.endswith("0000"):
            return ""
        if city in ("", "直辖") or code.endswith("00"):
            city = "" if code.endswith("00") else names.get(code[:4] + "00", "")
        if city in PLACEHOLDERS:
            city = ""
        return " ".join(p for p in (province, city) if p)

    rows = {}
    for row in areacodes:
        code, name = row["代码"], row["名称"]
        if name in PLACEHOLDERS or current.get(code) == name or code.startswith(TAIWAN):
            continue
        in_use_elsewhere = code in current
        if row["状态"] == "在用":
            # In use at the end of 2024 under this name, gone by April 2026.
            if code not in withdrawn:
                continue
            until = LATER.get(code, "")
            new = withdrawn[code]["new_codes"]
        else:
            until = row["变更/弃用时间"]
            new = row["新代码"]
        new = ";".join(successors(new, until, keep_earlier=not in_use_elsewhere))
        # Renamed where the code went on under another name that year; a code given to
        # another division years later (涪陵市 511400 to 1997, 眉山市 since 2000) was withdrawn.
        went_on = not until or until in starts.get(code, ())
        status = "renamed" if in_use_elsewhere and new in ("", code) and went_on else "withdrawn"
        if status == "renamed":
            new = code
        made = [code, name, place(code, row["一级行政区"], row["二级行政区"]), until, status, new,
                since.get((code, name), "")]
        # One code and name in two rows (监利县 421023 under 荆沙市 to 1996, then 荆州市 to
        # 2020): one span, told by its later row.
        earlier = rows.get((code, name))
        if earlier and (earlier[3] or "9999") > (until or "9999"):
            made = earlier
        rows[(code, name)] = made
    for code, row in withdrawn.items():
        name = row["name"]
        if name in PLACEHOLDERS or (code, name) in rows or current.get(code) == name:
            continue
        if code.startswith(TAIWAN):
            continue
        status = "withdrawn" if code not in current else "renamed"
        new = row["new_codes"] if status == "withdrawn" else code
        rows[(code, name)] = [code, name, place(code, "", ""), LATER.get(code, ""), status,
                              ";".join(successors(new, "", keep_earlier=True)),
                              since.get((code, name), "")]
    # A prefecture the sources name no successor for (邯郸地区 1993): the prefectures its
    # counties went to in the year it went (1304xx: 邯郸市 130400), derived, not guessed.
    known = set(current) | set(names)
    for key, row in rows.items():
        code, until = row[0], row[3]
        if not code.endswith("00") or code.endswith("0000") or row[5] or not until:
            continue
        went = {}
        for other in rows.values():
            if other[0][:4] == code[:4] and other[0] != code and other[3] == until:
                for successor in other[5].split(";"):
                    # A municipality's districts have no prefecture: the municipality
                    # (四川省's 重庆市 510200 in 1997: 500000).
                    parent = successor[:4] + "00"
                    if parent not in known and successor[:2] in MUNICIPALITIES:
                        parent = successor[:2] + "0000"
                    if successor and parent != code and parent in known:
                        went[parent] = went.get(parent, 0) + 1
        row[5] = ";".join(sorted(went, key=lambda c: (-went[c], c)))
    for code, name in current.items():
        if code.startswith(TAIWAN) or name in PLACEHOLDERS:
            continue
        year = LATER_SINCE.get(code) or since.get((code, name), "")
        if year:
            rows[(code, name)] = [code, name, "", "", "current", "", year]

    with OUT.open("w", encoding="utf-8", newline="") as f:
        f.write("code\tname\tplace\tuntil\tstatus\treplaced_by\tsince\n")
        for key in sorted(rows, key=lambda k: (k[0], rows[k][3], k[1])):
            f.write("\t".join(rows[key]) + "\n")
    print(f"wrote {OUT}: {len(rows)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
