#!/usr/bin/env python3
"""Bring Data/divisions.tsv and Data/counties.tsv to the state of the MCA 2026 list.

Run from the repository root with the reference data beside the checkout:
    pip install pypinyin
    python3 Scripts/import-mca.py ../shared/data/mca-2026

Every province, prefecture and county of `divisions.tsv` in that folder is placed as the
data set places it: a `XXXX00` code is a prefecture-level unit (a row of Data/divisions.tsv),
a county goes under its `XXXX00` where the list has one and is otherwise a row of its
province in Data/divisions.tsv (the municipalities' districts, 济源市, 石河子市). Taiwan is
carried there with made-up codes of another pattern: the project's rows for it (no codes) stay as they are. Names the data
already reads keep their reading, with the rules of Data/readings.tsv applied; new names get
one from readings.py. Writes both TSVs
in code order; generate-data.py then makes the rest.
"""

import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from readings import reading, ruled  # noqa: E402

DIVISIONS = Path("Data/divisions.tsv")
COUNTIES = Path("Data/counties.tsv")
TAIWAN = "71"


def read_tsv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} MCA-FOLDER", file=sys.stderr)
        return 64
    old_divisions = read_tsv(DIVISIONS)
    known = {}
    for row in old_divisions:
        known[row["province"]] = row["province_pinyin"]
        known[row["city"]] = row["city_pinyin"]
    for row in read_tsv(COUNTIES):
        known[row["county"]] = row["county_pinyin"]

    def say(name, province):
        if name in known:
            return ruled(name, province, known[name])
        return reading(name, province)

    # The list carries Taiwan under 83 with codes of its own making: the project keeps its
    # own rows for Taiwan instead (names only, as the NBS set had them).
    mca = {
        r["code"]: r["name"]
        for r in read_tsv(Path(argv[1]) / "divisions.tsv")
        if not r["code"].startswith("83")
    }
    provinces = sorted(c for c in mca if c.endswith("0000"))
    second = []  # (province code, code, name)
    counties = []  # (city code, city, code, name)
    for code in sorted(mca):
        if code.endswith("0000"):
            continue
        prefecture = code[:4] + "00"
        if code.endswith("00") or prefecture not in mca:
            second.append((code[:2], code, mca[code]))
        else:
            counties.append((prefecture, mca[prefecture], code, mca[code]))
    rows = []
    for province in provinces:
        pcode, pname = province[:2], mca[province]
        for _, code, name in (s for s in second if s[0] == pcode):
            rows.append([pcode, pname, say(pname, pcode), code, name, say(name, pcode)])
        if pcode == "65":
            # Taiwan's rows follow Xinjiang's in code order, as before (71 < 81).
            rows += [[r[k] for k in r] for r in old_divisions if r["province_code"] == TAIWAN]
    with DIVISIONS.open("w", encoding="utf-8", newline="") as f:
        f.write("\t".join(old_divisions[0].keys()) + "\n")
        f.writelines("\t".join(r) + "\n" for r in rows)
    with COUNTIES.open("w", encoding="utf-8", newline="") as f:
        f.write("city_code\tcity\tcode\tcounty\tcounty_pinyin\n")
        f.writelines("\t".join([*c, say(c[3], c[2][:2])]) + "\n" for c in counties)
    print(f"wrote {DIVISIONS} ({len(rows)} rows) and {COUNTIES} ({len(counties)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
