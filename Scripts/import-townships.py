#!/usr/bin/env python3
"""Make Data/townships.tsv: every township-level division under its county, with pinyin.

Run from the repository root with the reference data beside the checkout:
    pip install pypinyin
    python3 Scripts/import-townships.py ../shared/data/mca-2026

Source: `mca-2026/townships.tsv` (November 2025): code, name, county_code. Kept: the
township-level divisions (街道, 镇, 乡, 民族乡, 苏木, 民族苏木, 区公所…). Left out: the
administrative zones with codes `XXXXXX4NN` (开发区, 园区, 农场 and the like: areas a
county or city runs, not divisions, as the county level leaves out its 70–79 zones), and
townships under a county-level code the data does not have (the NBS's statistical zones).
Some townships still carry the code of a county since renamed or merged (110228 密云县,
now 110118 密云区): they go under the county that replaced it, where exactly one did,
unless that county lists the same name under its own code (then that row is kept).
Rows: county_code, code, name, pinyin, in code order within each county, counties in
Data/'s order. Readings from readings.py.
"""

import csv
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from readings import reading  # noqa: E402

OUT = Path("Data/townships.tsv")
HAN = re.compile(r"[\u3400-\u9fff]+")


def clean(name):
    """The name without the list's notes: `（工业园区）城南街道` and `…产业园-永安洲镇` are
    城南街道 and 永安洲镇; a name left with anything but Han characters is not kept."""
    name = re.sub(r"^（[^）]*）", "", name.split("-")[-1])
    name = re.sub(r"（[^）]*）$", "", name)
    return name if HAN.fullmatch(name) else None


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} MCA-FOLDER", file=sys.stderr)
        return 64
    folder = Path(argv[1])
    # The divisions townships hang under: the counties, and the second-level divisions
    # without counties (the municipalities' districts, 东莞市, 济源市), in the data's order.
    with open("Data/counties.tsv", encoding="utf-8", newline="") as f:
        county_rows = list(csv.DictReader(f, delimiter="\t"))
    with_counties = {r["city_code"] for r in county_rows}
    counties = []
    with open("Data/divisions.tsv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            if not r["city_code"]:
                continue
            if r["city_code"] in with_counties:
                counties += [c["code"] for c in county_rows if c["city_code"] == r["city_code"]]
            else:
                counties.append(r["city_code"])
    known = set(counties)
    with open(folder / "history.tsv", encoding="utf-8", newline="") as f:
        moved = {}
        for r in csv.DictReader(f, delimiter="\t"):
            new = [c for c in r["new_codes"].split(";") if c in known]
            if len(new) == 1:
                moved[r["code"]] = new[0]
    with open(folder / "townships.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    under = {}
    zones = dropped = 0
    for row in rows:
        if row["code"][6] == "4":
            zones += 1
            continue
        row["name"] = clean(row["name"])
        if row["name"] is None:
            dropped += 1
            continue
        county = row["county_code"]
        county = county if county in known else moved.get(county)
        if county is None:
            dropped += 1
            continue
        under.setdefault(county, []).append(row)
    # A remapped township the county also lists under its own code is the same place twice:
    # the row with the county's own code is kept.
    for county, block in under.items():
        own = {r["name"] for r in block if r["code"].startswith(county)}
        seen = set()
        kept_rows = []
        for r in sorted(block, key=lambda r: (not r["code"].startswith(county), r["code"])):
            if r["name"] in seen or (not r["code"].startswith(county) and r["name"] in own):
                dropped += 1
                continue
            seen.add(r["name"])
            kept_rows.append(r)
        under[county] = kept_rows
    kept = 0
    with OUT.open("w", encoding="utf-8", newline="") as f:
        f.write("county_code\tcode\tname\tpinyin\n")
        for county in counties:
            for row in sorted(under.get(county, []), key=lambda r: r["code"]):
                f.write(f"{county}\t{row['code']}\t{row['name']}\t{reading(row['name'], row['code'][:2])}\n")
                kept += 1
    print(f"wrote {OUT}: {kept} townships; left out {zones} zones (4NN) and {dropped}"
          " under codes the data does not have or with names that are notes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
