#!/usr/bin/env python3
"""Generate the default data set from Data/divisions.tsv.

Writes Resources/provinces_cities.plist (XML plist, seed shape) and
Sources/BuiltInCatalog/BuiltInCatalog+Generated.swift (the same data as a
ready-made Catalog literal, so the binary carries its data without a resource
bundle and start-up needs no parsing; a test holds the two equal).

Run from the repository root:
    python3 Scripts/generate-data.py           # (re)write both files
    python3 Scripts/generate-data.py --check   # exit 1 if either is stale (for CI)

Python 3 standard library only; the output depends on the TSV alone.
"""

import csv
import re
import sys
from pathlib import Path

TSV = Path("Data/divisions.tsv")
PLIST = Path("Resources/provinces_cities.plist")
SWIFT = Path("Sources/BuiltInCatalog/BuiltInCatalog+Generated.swift")

COLUMNS = ["province_code", "province", "province_pinyin", "city_code", "city", "city_pinyin"]
URL_PREFIX = "https://zh.wikipedia.org/wiki/"
PINYIN = re.compile(r"[a-z]+( [a-z]+)*")
# XML 1.0 forbids most C0 controls; C1 and bidi controls would be terminal hazards.
FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class DataError(Exception):
    pass


def read_rows(path):
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header != COLUMNS:
            raise DataError(f"{path}:1: header must be {' '.join(COLUMNS)}")
        rows = []
        for line, fields in enumerate(reader, start=2):
            if len(fields) != len(COLUMNS):
                raise DataError(f"{path}:{line}: expected {len(COLUMNS)} fields, got {len(fields)}")
            row = dict(zip(COLUMNS, fields))
            validate(path, line, row)
            rows.append((line, row))
        return rows


def validate(path, line, row):
    for key, value in row.items():
        if FORBIDDEN.search(value) or value != value.strip():
            raise DataError(f"{path}:{line}: {key} has control characters or stray spaces")
    if not re.fullmatch(r"\d{2}", row["province_code"]):
        raise DataError(f"{path}:{line}: province_code must be 2 digits")
    if row["city_code"] and not re.fullmatch(r"\d{6}", row["city_code"]):
        raise DataError(f"{path}:{line}: city_code must be 6 digits or empty")
    if row["city_code"] and not row["city_code"].startswith(row["province_code"]):
        raise DataError(f"{path}:{line}: city_code is not in province {row['province_code']}")
    for name, pinyin in (("province", "province_pinyin"), ("city", "city_pinyin")):
        if not row[name]:
            raise DataError(f"{path}:{line}: {name} is empty")
        if not PINYIN.fullmatch(row[pinyin]):
            raise DataError(f"{path}:{line}: {pinyin} must be lowercase syllables and single spaces")
        # One syllable per character is what lets initials line up with the name.
        if len(row[pinyin].split(" ")) != len(row[name]):
            raise DataError(f"{path}:{line}: {pinyin} needs one syllable per character of {name}")


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
                                   "pinyin": row["city_pinyin"]})
    return provinces


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
    for province in provinces:
        out.append(f"\t<key>{xml_escape(province['name'])}</key>")
        out.append("\t<array>")
        for city in province["cities"]:
            fields = [("name", city["name"]), ("url", URL_PREFIX + city["name"])]
            if city["code"]:
                fields.append(("code", city["code"]))
            fields.append(("pinyin", city["pinyin"]))
            out.append("\t\t<dict>")
            for key, value in fields:
                out.append(f"\t\t\t<key>{key}</key>")
                out.append(f"\t\t\t<string>{xml_escape(value)}</string>")
            out.append("\t\t</dict>")
        out.append("\t</array>")
    out += ["</dict>", "</plist>", ""]
    return "\n".join(out)


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_swift(provinces):
    catalog = []
    for province in provinces:
        catalog.append(f"    Province(name: {swift_string(province['name'])}, cities: [")
        for city in province["cities"]:
            code = swift_string(city["code"]) if city["code"] else "nil"
            catalog.append(
                f"      City(name: {swift_string(city['name'])}, "
                f"url: {swift_string(URL_PREFIX + city['name'])}, code: {code}, "
                f"pinyin: {swift_string(city['pinyin'])}),")
        catalog.append("    ]),")
    catalog = "\n".join(catalog)
    # The formatter must never touch this file, or --check would fail after a format run.
    return (
        "// swift-format-ignore-file\n"
        "// generated by Scripts/generate-data.py from Data/divisions.tsv; do not edit\n"
        "\n"
        "import CatalogModel\n"
        "\n"
        "extension BuiltInCatalog {\n"
        "  /// Resources/provinces_cities.plist as the loader reads it, so the default needs no\n"
        "  /// parsing at start-up (a test holds the two equal).\n"
        "  static let generated = Catalog(provinces: [\n"
        f"{catalog}\n"
        "  ])\n"
        "}\n"
    )


def main(argv):
    check = argv[1:] == ["--check"]
    if argv[1:] and not check:
        print(f"usage: {argv[0]} [--check]", file=sys.stderr)
        return 64
    try:
        provinces = group(read_rows(TSV))
    except (DataError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    plist = render_plist(provinces)
    outputs = {PLIST: plist, SWIFT: render_swift(provinces)}
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
    print(f"wrote {PLIST} and {SWIFT}: {len(provinces)} provinces, {cities} cities")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
