#!/usr/bin/env python3
"""Validate the data set and derive what the binary and the seed file need from it:
Data/divisions.tsv and Data/counties.tsv, with Data/townships.tsv (the township level),
Data/history.tsv (codes no longer in use), Data/variants.tsv and Data/about.tsv (the
data's date and source, for --version).

The binary carries the files of Data/ as bytes (Sources/DataBytes, C #embed) and parses
them at run time, each when first needed: no data is Swift source, so no data costs the
compiler anything. What is derived is written to Data/derived/, checked in and embedded
the same way:
- Data/derived/shared-names.tsv: the names more than one division has (their pages'
  titles say the parent, below);
- Data/derived/townships.txt: the townships in the blocks TownshipTable reads, a county
  at a time, with their titles.
And Resources/provinces_cities.plist (XML plist, seed shape; a test holds the built-in
catalog equal to it). Every name's reading must obey the rules of Data/readings.tsv
(reading_rules.py).

Run from the repository root:
    python3 Scripts/generate-data.py           # validate, (re)write the derived files
    python3 Scripts/generate-data.py --check   # exit 1 if invalid or stale (for CI)

Python 3 standard library only; the output depends on Data/ alone.

URLs are zh.wikipedia titles: the bare name, or, where the name is shared with any other
division at any level (鼓楼区 ×4, 朝阳区 in 北京 and 长春, 东区 in 香港 and 攀枝花), the form
zh.wikipedia gives such names, `name_(parent's full name)`.
"""

import csv
from collections import Counter
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import reading_rules  # noqa: E402

TSV = Path("Data/divisions.tsv")
COUNTIES = Path("Data/counties.tsv")
ABOUT = Path("Data/about.tsv")
HISTORY = Path("Data/history.tsv")
TOWNSHIPS = Path("Data/townships.tsv")
TOWNSHIP_BLOCKS = Path("Data/derived/townships.txt")
SHARED_NAMES = Path("Data/derived/shared-names.tsv")
TOWNSHIP_COLUMNS = ["county_code", "code", "name", "pinyin"]
HISTORY_COLUMNS = ["code", "name", "place", "until", "status", "replaced_by", "since"]
VARIANTS = Path("Data/variants.tsv")
VARIANT_COLUMNS = ["from", "to"]
PLIST = Path("Resources/provinces_cities.plist")

COLUMNS = ["province_code", "province", "province_pinyin", "city_code", "city", "city_pinyin"]
COUNTY_COLUMNS = ["city_code", "city", "code", "county", "county_pinyin"]
URL_PREFIX = "https://zh.wikipedia.org/wiki/"
PINYIN = re.compile(r"[a-z]+( [a-z]+)*")
# XML 1.0 forbids most C0 controls; C1 and bidi controls would be terminal hazards. NUL
# would also end a file early where the binary embeds them (Sources/DataBytes).
FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class DataError(Exception):
    pass


def read_rows(path, columns=COLUMNS, check=None):
    check = check or validate
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header != columns:
            raise DataError(f"{path}:1: header must be {' '.join(columns)}")
        rows = []
        for line, fields in enumerate(reader, start=2):
            if len(fields) != len(columns):
                raise DataError(f"{path}:{line}: expected {len(columns)} fields, got {len(fields)}")
            row = dict(zip(columns, fields))
            check_text(path, line, row)
            check(path, line, row)
            rows.append((line, row))
        return rows


def check_text(path, line, row):
    for key, value in row.items():
        if FORBIDDEN.search(value) or value != value.strip():
            raise DataError(f"{path}:{line}: {key} has control characters or stray spaces")


def check_pinyin(path, line, name, text, pinyin_key):
    if not name:
        raise DataError(f"{path}:{line}: a name is empty")
    if not PINYIN.fullmatch(text):
        raise DataError(f"{path}:{line}: {pinyin_key} must be lowercase syllables and single spaces")
    # One syllable per character is what lets initials line up with the name.
    if len(text.split(" ")) != len(name):
        raise DataError(f"{path}:{line}: {pinyin_key} needs one syllable per character of {name}")


def validate_county(path, line, row):
    if not re.fullmatch(r"\d{6}", row["code"]):
        raise DataError(f"{path}:{line}: code must be 6 digits")
    if not re.fullmatch(r"\d{4}00", row["city_code"]) or row["code"][:4] != row["city_code"][:4]:
        raise DataError(f"{path}:{line}: code {row['code']} is not in city {row['city_code']}")
    check_pinyin(path, line, row["county"], row["county_pinyin"], "county_pinyin")


def validate(path, line, row):
    if not re.fullmatch(r"\d{2}", row["province_code"]):
        raise DataError(f"{path}:{line}: province_code must be 2 digits")
    if row["city_code"] and not re.fullmatch(r"\d{6}", row["city_code"]):
        raise DataError(f"{path}:{line}: city_code must be 6 digits or empty")
    if row["city_code"] and not row["city_code"].startswith(row["province_code"]):
        raise DataError(f"{path}:{line}: city_code is not in province {row['province_code']}")
    for name, pinyin in (("province", "province_pinyin"), ("city", "city_pinyin")):
        check_pinyin(path, line, row[name], row[pinyin], pinyin)


def group(rows):
    """Provinces in file order with their cities; checks the file is in code order."""
    provinces = []
    last_city_code = ""
    for line, row in rows:
        if not provinces or provinces[-1]["name"] != row["province"]:
            if any(p["name"] == row["province"] for p in provinces):
                raise DataError(f"{TSV}:{line}: rows of {row['province']} are not contiguous")
            if provinces and row["province_code"] <= provinces[-1]["code"]:
                raise DataError(f"{TSV}:{line}: provinces are not in code order")
            provinces.append({"name": row["province"], "code": row["province_code"],
                              "pinyin": row["province_pinyin"], "cities": []})
            last_city_code = ""
        province = provinces[-1]
        if (row["province_code"], row["province_pinyin"]) != (province["code"], province["pinyin"]):
            raise DataError(f"{TSV}:{line}: {row['province']} has a different code or pinyin above")
        if any(c["name"] == row["city"] for c in province["cities"]):
            raise DataError(f"{TSV}:{line}: {row['city']} appears twice in {row['province']}")
        if row["city_code"]:
            if row["city_code"] <= last_city_code:
                raise DataError(f"{TSV}:{line}: cities are not in code order")
            last_city_code = row["city_code"]
        province["cities"].append({"name": row["city"], "code": row["city_code"],
                                   "pinyin": row["city_pinyin"], "counties": []})
    return provinces


def attach_counties(provinces, rows):
    """Puts each county under its city; checks the file is in code order, without repeats."""
    cities = {c["code"]: c for p in provinces for c in p["cities"] if c["code"]}
    last_code = ""
    for line, row in rows:
        city = cities.get(row["city_code"])
        if city is None or city["name"] != row["city"]:
            raise DataError(f"{COUNTIES}:{line}: no city {row['city']} {row['city_code']} in {TSV}")
        if row["code"] in cities:
            raise DataError(f"{COUNTIES}:{line}: {row['code']} is a city in {TSV} already")
        if row["code"] <= last_code:
            raise DataError(f"{COUNTIES}:{line}: counties are not in code order")
        last_code = row["code"]
        if any(c["name"] == row["county"] for c in city["counties"]):
            raise DataError(f"{COUNTIES}:{line}: {row['county']} appears twice in {row['city']}")
        city["counties"].append({"name": row["county"], "code": row["code"],
                                 "pinyin": row["county_pinyin"], "counties": []})


def assign_urls(provinces):
    """Each division's zh.wikipedia URL: its name, or `name_(parent)` where the name is shared."""
    uses = Counter()
    for province in provinces:
        uses[province["name"]] += 1
        for city in province["cities"]:
            uses[city["name"]] += 1
            uses.update(county["name"] for county in city["counties"])

    def url(name, parent):
        return URL_PREFIX + (f"{name}_({parent})" if uses[name] > 1 else name)

    # BuiltInCatalog makes the same URLs from this list (render_shared_names).

    for province in provinces:
        for city in province["cities"]:
            city["url"] = url(city["name"], province["name"])
            for county in city["counties"]:
                county["url"] = url(county["name"], city["name"])


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render_plist(provinces):
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"'
        ' "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        "<dict>",
    ]

    def entry(division, depth):
        tabs = "\t" * depth
        fields = [("name", division["name"]), ("url", division["url"])]
        if division["code"]:
            fields.append(("code", division["code"]))
        fields.append(("pinyin", division["pinyin"]))
        out.append(f"{tabs}<dict>")
        for key, value in fields:
            out.append(f"{tabs}\t<key>{key}</key>")
            out.append(f"{tabs}\t<string>{xml_escape(value)}</string>")
        if division["counties"]:
            out.append(f"{tabs}\t<key>counties</key>")
            out.append(f"{tabs}\t<array>")
            for county in division["counties"]:
                entry(county, depth + 2)
            out.append(f"{tabs}\t</array>")
        out.append(f"{tabs}</dict>")

    for province in provinces:
        out.append(f"\t<key>{xml_escape(province['name'])}</key>")
        out.append("\t<array>")
        for city in province["cities"]:
            entry(city, 2)
        out.append("\t</array>")
    out += ["</dict>", "</plist>", ""]
    return "\n".join(out)


def render_shared_names(provinces):
    """The city- and county-level names more than one division of those levels or the
    provinces has: BuiltInCatalog titles their pages `name_(parent)`, as assign_urls."""
    uses = Counter()
    for province in provinces:
        uses[province["name"]] += 1
        for city in province["cities"]:
            uses[city["name"]] += 1
            uses.update(county["name"] for county in city["counties"])
    shared = sorted(name for name, count in uses.items() if count > 1)
    return "name\n" + "".join(name + "\n" for name in shared)


def validate_history(path, line, row):
    if not re.fullmatch(r"\d{6}", row["code"]) or not row["name"]:
        raise DataError(f"{path}:{line}: needs a 6-digit code and a name")
    if row["until"] and not re.fullmatch(r"(19|20)\d\d", row["until"]):
        raise DataError(f"{path}:{line}: until must be a year or empty")
    if row["status"] not in ("withdrawn", "renamed", "current"):
        raise DataError(f"{path}:{line}: status must be withdrawn, renamed or current")
    if row["since"] and not re.fullmatch(r"(19|20)\d\d", row["since"]):
        raise DataError(f"{path}:{line}: since must be a year or empty")
    if row["replaced_by"] and not re.fullmatch(r"\d{6}(;\d{6})*", row["replaced_by"]):
        raise DataError(f"{path}:{line}: replaced_by must be 6-digit codes joined by ;")


def validate_township(path, line, row):
    # A line of Data/derived/townships.txt that starts with # opens a county's block.
    if any("#" in value for value in row.values()):
        raise DataError(f"{path}:{line}: a # cannot be in a township row")
    if not re.fullmatch(r"\d{9}", row["code"]) or not re.fullmatch(r"\d{6}", row["county_code"]):
        raise DataError(f"{path}:{line}: needs a 9-digit code under a 6-digit county_code")
    check_pinyin(path, line, row["name"], row["pinyin"], "pinyin")


def group_townships(provinces, rows):
    """Townships by their county's code, in file order; checks each county exists, in the
    data's order, and that no name repeats within a county."""
    parents = {}
    order = []
    for province in provinces:
        for city in province["cities"]:
            if city["code"] and not city["counties"]:
                parents[city["code"]] = city
                order.append(city["code"])
            for county in city["counties"]:
                parents[county["code"]] = county
                order.append(county["code"])
    # The binary takes the township level to be there without looking (BuiltInCatalog).
    if not rows:
        raise DataError(f"{TOWNSHIPS}: has no townships")
    position = {code: n for n, code in enumerate(order)}
    blocks = {}
    last = (-1, "")
    for line, row in rows:
        parent = parents.get(row["county_code"])
        if parent is None:
            raise DataError(f"{TOWNSHIPS}:{line}: no county {row['county_code']} without counties")
        here = (position[row["county_code"]], row["code"])
        if here <= last:
            raise DataError(f"{TOWNSHIPS}:{line}: townships are not in the data's order")
        last = here
        block = blocks.setdefault(row["county_code"], [])
        if any(t["name"] == row["name"] for t in block):
            raise DataError(f"{TOWNSHIPS}:{line}: {row['name']} appears twice in {parent['name']}")
        block.append({"name": row["name"], "code": row["code"], "pinyin": row["pinyin"],
                      "parent": parent["name"]})
    return [(code, blocks[code]) for code in order if code in blocks]


def assign_township_titles(provinces, blocks):
    """A township's zh.wikipedia title: its name, or `name_(county)` where any other division
    at any level has the name (玉山镇 ×8: 玉山镇_(昆山市))."""
    uses = Counter()
    for province in provinces:
        uses[province["name"]] += 1
        for city in province["cities"]:
            uses[city["name"]] += 1
            uses.update(county["name"] for county in city["counties"])
    for _, block in blocks:
        uses.update(t["name"] for t in block)
    for _, block in blocks:
        for t in block:
            t["title"] = f"{t['name']}_({t['parent']})" if uses[t["name"]] > 1 else t["name"]


def render_townships(blocks):
    lines = []
    for county, block in blocks:
        lines.append("#" + county)
        for t in block:
            code = t["code"][6:] if t["code"].startswith(county) else t["code"]
            fields = [code, t["name"], t["pinyin"]]
            if t["title"] != t["name"]:
                fields.append(t["title"])
            lines.append("\t".join(fields))
    # The blocks TownshipTable reads: a line `#` and the county's code, then its rows.
    return "\n".join(lines) + "\n"


def validate_variant(path, line, row):
    if len(row["from"]) != 1 or len(row["to"]) != 1 or ord(row["from"]) < 0x2E80:
        raise DataError(f"{path}:{line}: a variant row maps one CJK character to one")


def read_about():
    """The data's date and source (Data/about.tsv: key, value), as --version says them."""
    about = {line: row for line, row in read_rows(ABOUT, ["key", "value"], lambda *_: None)}
    values = {row["key"]: row["value"] for row in about.values()}
    for key in ("date", "townships_date", "source"):
        if not values.get(key):
            raise DataError(f"{ABOUT}: needs a {key} row")
    return values


def check_readings(provinces, blocks):
    """Every name's reading obeys Data/readings.tsv's rules (reading_rules.py --apply
    rewrites those that do not)."""
    rules = reading_rules.load()
    names = []
    for province in provinces:
        names.append((province["name"], province["code"], province["pinyin"]))
        for city in province["cities"]:
            names.append((city["name"], province["code"], city["pinyin"]))
            names += [(c["name"], c["code"][:2], c["pinyin"]) for c in city["counties"]]
    for _, block in blocks:
        names += [(t["name"], t["code"][:2], t["pinyin"]) for t in block]
    broken = []
    for name, province, said in names:
        ruled = " ".join(reading_rules.decide(rules, name, province, said.split(" "))[0])
        if ruled != said:
            broken.append(f"{name} {said!r} (the rules say {ruled!r})")
    if broken:
        raise DataError(f"{len(broken)} readings break Data/readings.tsv's rules, run"
                        " python3 Scripts/reading_rules.py --apply: " + "; ".join(broken[:5]))


def main(argv):
    check = argv[1:] == ["--check"]
    if argv[1:] and not check:
        print(f"usage: {argv[0]} [--check]", file=sys.stderr)
        return 64
    try:
        provinces = group(read_rows(TSV))
        attach_counties(provinces, read_rows(COUNTIES, COUNTY_COLUMNS, validate_county))
        assign_urls(provinces)
        read_about()
        read_rows(HISTORY, HISTORY_COLUMNS, validate_history)
        read_rows(VARIANTS, VARIANT_COLUMNS, validate_variant)
        blocks = group_townships(
            provinces, read_rows(TOWNSHIPS, TOWNSHIP_COLUMNS, validate_township))
        assign_township_titles(provinces, blocks)
        check_readings(provinces, blocks)
    except (DataError, OSError, reading_rules.RuleError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    outputs = {
        PLIST: render_plist(provinces),
        SHARED_NAMES: render_shared_names(provinces),
        TOWNSHIP_BLOCKS: render_townships(blocks),
    }
    if check:
        stale = []
        for path, text in outputs.items():
            try:
                current = path.read_bytes()
            except OSError:
                current = None
            if current != text.encode("utf-8"):
                stale.append(str(path))
        if stale:
            print("error: out of date, run python3 Scripts/generate-data.py: " + ", ".join(stale),
                  file=sys.stderr)
            return 1
        return 0
    for path, text in outputs.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    cities = sum(len(p["cities"]) for p in provinces)
    counties = sum(len(c["counties"]) for p in provinces for c in p["cities"])
    print(f"wrote {', '.join(str(path) for path in outputs)}: {len(provinces)} provinces,"
          f" {cities} cities, {counties} counties")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
