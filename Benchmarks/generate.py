#!/usr/bin/env python3
"""Write the benchmark inputs into Benchmarks/data/ (git-ignored).

    python3 Benchmarks/generate.py [--sizes 10k,100k,400k] [--formats xml,binary,json] [--pages]

Data files have the seed's shape (province -> [ {name, url, code, pinyin} ]) with
real township names from data-src/townships.tsv, ~1000 cities a province, in
file order. Names repeat past the 41k townships, so a repeat gets a number
(东华门街道2, 东华门街道3, ...): every city name is unique, in its province and
overall, so the loader has nothing to warn about and a lookup has one answer.
Pages are Wikipedia-like HTML (headings, CJK paragraphs with links, lists,
tables) of about 1 MB and 10 MB.  Everything is deterministic, and a file
already written by this version of the generator is kept.
"""
import argparse
import json
import pathlib
import plistlib
import random
import sys
from xml.sax.saxutils import escape

VERSION = "3"
HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE / "data"
SIZES = {"10k": 10_000, "100k": 100_000, "400k": 400_000}
EXTENSIONS = {"xml": "xml.plist", "binary": "binary.plist", "json": "json"}
PER_PROVINCE = 1000


def townships():
    rows = []
    with open(HERE / "data-src" / "townships.tsv", encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            code, name, pinyin = line.rstrip("\n").split("\t")
            rows.append((code, name, pinyin))
    return rows


def province_names():
    names = {}
    with open(HERE.parent / "Data" / "divisions.tsv", encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            names.setdefault(fields[0], fields[1])
    return names


def catalog(count):
    """An ordered list of (province, [city dict]) with `count` cities."""
    rows = townships()
    provinces = province_names()
    used = set()
    chunks = {}
    result = []
    for start in range(0, count, PER_PROVINCE):
        cities = []
        for index in range(start, min(start + PER_PROVINCE, count)):
            code, base, pinyin = rows[index % len(rows)]
            name, repeat = base, 1
            while name in used:
                repeat += 1
                name = f"{base}{repeat}"
            used.add(name)
            city_pinyin = pinyin if repeat == 1 else f"{pinyin} {repeat}"
            cities.append(
                {
                    "name": name,
                    "url": f"https://zh.wikipedia.org/wiki/{name}",
                    "code": code if repeat == 1 else f"{code}{repeat:03d}",
                    "pinyin": city_pinyin,
                }
            )
        real = provinces.get(cities[0]["code"][:2], "省")
        chunks[real] = chunks.get(real, 0) + 1
        result.append((f"{real}{chunks[real]}", cities))
    return result


def write_xml(path, provinces):
    with open(path, "w", encoding="utf-8") as out:
        out.write(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n'
        )
        for province, cities in provinces:
            out.write(f"\t<key>{escape(province)}</key>\n\t<array>\n")
            for city in cities:
                out.write("\t\t<dict>\n")
                for key, value in city.items():
                    out.write(f"\t\t\t<key>{key}</key>\n\t\t\t<string>{escape(value)}</string>\n")
                out.write("\t\t</dict>\n")
            out.write("\t</array>\n")
        out.write("</dict>\n</plist>\n")


def write_binary(path, provinces):
    with open(path, "wb") as out:
        plistlib.dump(dict(provinces), out, fmt=plistlib.FMT_BINARY, sort_keys=False)


def write_json(path, provinces):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(dict(provinces), out, ensure_ascii=False, indent=1)
        out.write("\n")


WRITERS = {"xml": write_xml, "binary": write_binary, "json": write_json}

PHRASES = [
    "位于", "是中国", "的一个乡级行政区，", "历史悠久，", "以农业和手工业闻名。", "境内有", "等地，",
    "交通便利，公路连接", "。据记载，", "在清代属", "管辖，民国时期改设", "，一九四九年后划归", "。当地特产有茶叶、",
    "稻米和竹器，", "每年举办庙会。", "气候温和湿润，年平均气温约十六摄氏度，", "人口约三万，", "主要民族为汉族，",
]


def paragraph(rng, names):
    parts = []
    for _ in range(rng.randint(6, 14)):
        name = rng.choice(names)
        if rng.random() < 0.35:
            parts.append(f'<a href="/wiki/{name}" title="{name}">{name}</a>')
        else:
            parts.append(name)
        parts.append(rng.choice(PHRASES))
    return "<p>" + "".join(parts) + "</p>\n"


def text_page(target_bytes):
    """Numbered paragraphs of Chinese text, `target_bytes` of UTF-8 or a little less."""
    head = "<!doctype html><html><head><meta charset=utf-8><title>大页</title></head><body><article>\n"
    tail = "<p>全文完。</p></article></body></html>\n"
    sentence = "广州市是广东省的省会，位于珠江三角洲北缘。" * 20
    parts, size, number = [head], len(head.encode()), 1
    while True:
        paragraph = f"<p>第{number}段：{sentence}</p>\n"
        length = len(paragraph.encode())
        if size + length + len(tail.encode()) > target_bytes:
            break
        parts.append(paragraph)
        size += length
        number += 1
    parts.append(tail)
    return "".join(parts)


def page(target_bytes, seed):
    rng = random.Random(seed)
    names = [row[1] for row in townships()]
    title = names[seed % len(names)]
    head = (
        '<!DOCTYPE html>\n<html lang="zh-CN">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title} - 维基百科，自由的百科全书</title>\n"
        "<style>body{font-family:sans-serif}</style>\n"
        '<script>var wgPageName="' + title + '";</script>\n</head>\n<body>\n'
        f'<div id="content"><h1 id="firstHeading">{title}</h1>\n'
        '<table class="infobox"><tr><th colspan="2">' + title + "</th></tr>\n"
    )
    body = [head]
    for label in ("国家", "省份", "地级市", "县级行政区", "面积", "人口", "邮政编码"):
        body.append(f"<tr><th>{label}</th><td>{rng.choice(names)}</td></tr>\n")
    body.append("</table>\n<div id=\"toc\"><h2>目录</h2><ol>\n")
    body.append("".join(f"<li><a href=\"#s{i}\">第{i}节</a></li>\n" for i in range(1, 11)))
    body.append("</ol></div>\n")
    size = sum(len(part.encode()) for part in body)
    section = 0
    while size < target_bytes:
        section += 1
        chunk = [f'<h2 id="s{section}">第{section}节 {rng.choice(names)}</h2>\n']
        for sub in range(1, 4):
            chunk.append(f"<h3>{rng.choice(names)}的{rng.choice(['历史', '地理', '经济', '文化'])}</h3>\n")
            chunk.extend(paragraph(rng, names) for _ in range(rng.randint(2, 5)))
            chunk.append("<ul>\n")
            chunk.extend(
                f'<li><a href="/wiki/{n}">{n}</a>：{rng.choice(PHRASES)}</li>\n'
                for n in rng.sample(names, rng.randint(3, 8))
            )
            chunk.append("</ul>\n")
        chunk.append('<table class="wikitable"><tr><th>名称</th><th>代码</th><th>人口</th><th>面积（平方公里）</th></tr>\n')
        for _ in range(rng.randint(5, 12)):
            chunk.append(
                f"<tr><td><a href=\"/wiki/{(n := rng.choice(names))}\">{n}</a></td>"
                f"<td>{rng.randint(100000000, 999999999)}</td><td>{rng.randint(1000, 90000)}</td>"
                f"<td>{rng.randint(10, 900)}.{rng.randint(0, 9)}</td></tr>\n"
            )
        chunk.append("</table>\n")
        text = "".join(chunk)
        body.append(text)
        size += len(text.encode())
    body.append("</div>\n</body>\n</html>\n")
    return "".join(body)


def fresh(path):
    stamp = path.with_name(path.name + ".version")
    return path.exists() and stamp.exists() and stamp.read_text() == VERSION


def stamp(path):
    path.with_name(path.name + ".version").write_text(VERSION)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10k,100k,400k")
    parser.add_argument("--formats", default="xml,binary,json")
    parser.add_argument("--pages", action="store_true", help="also write the 1 MB and 10 MB pages")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    for size in filter(None, args.sizes.split(",")):
        paths = {fmt: DATA / f"cities-{size}.{EXTENSIONS[fmt]}" for fmt in args.formats.split(",") if fmt}
        meta_path = DATA / f"cities-{size}.meta.json"
        if all(fresh(p) for p in paths.values()) and fresh(meta_path):
            continue
        provinces = catalog(SIZES[size])
        last_province, last_cities = provinces[-1]
        meta = {"cities": SIZES[size], "provinces": len(provinces),
                "province": last_province, "city": last_cities[-2]["name"],
                "url": last_cities[-2]["url"]}
        meta_path.write_text(json.dumps(meta, ensure_ascii=False))
        stamp(meta_path)
        for fmt, path in paths.items():
            if not fresh(path):
                print(f"generate: writing {path.relative_to(HERE.parent)}", file=sys.stderr)
                WRITERS[fmt](path, provinces)
                stamp(path)
    if args.pages:
        pages = DATA / "pages"
        pages.mkdir(exist_ok=True)
        for label, target in (("1mb", 1_000_000), ("10mb", 10_000_000)):
            path = pages / f"page-{label}.html"
            if not fresh(path):
                print(f"generate: writing {path.relative_to(HERE.parent)}", file=sys.stderr)
                path.write_text(page(target, seed=len(label)), encoding="utf-8")
                stamp(path)
        # A page of text and nothing else (numbered paragraphs of Chinese), the kind whose
        # memory RELIABILITY.md bounds by its bytes: its document is about its size.
        path = pages / "page-text-64mb.html"
        if not fresh(path):
            print(f"generate: writing {path.relative_to(HERE.parent)}", file=sys.stderr)
            path.write_text(text_page(64_000_000), encoding="utf-8")
            stamp(path)


if __name__ == "__main__":
    main()
