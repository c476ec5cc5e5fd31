#!/usr/bin/env python3
"""Benchmarks/address.py — `browse --address` beside the address parsers cpca and jionlp.

    python3 Benchmarks/address.py make       # Benchmarks/data/addresses/generated.tsv
    python3 Benchmarks/address.py accuracy   # accuracy by level, browse vs cpca vs jionlp
    python3 Benchmarks/address.py speed      # whole-process time and peak memory

The labelled set (accuracy) is two files:
- Benchmarks/addresses/handwritten.tsv: addresses typed by hand with the answer typed from
  knowledge of the places, including the failures reported against the peers and the
  examples of cpca's README (MIT) and jionlp's documentation (Apache-2.0);
- generated.tsv, made here from Data/*.tsv with a seeded generator: whole addresses, and
  the same with missing levels, names without suffixes, former names (Data/history.tsv,
  where one division of today took the old one's place), Traditional characters (OpenCC),
  and street names that are other places' names. The answer is the row the address was
  made from, never the resolver's output.

Scoring: for each level (province, city, county, township) the share of the addresses whose
answer names that level that a tool names right. A municipality's city is the municipality
(北京市), as both peers write it; a township's name is compared without 办事处.

The peers run in the benchmark's own virtual environment (Benchmarks/data/venv), with
cpca, jionlp and opencc from PyPI.
"""

import csv
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "data" / "addresses"
VENV = HERE / "data" / "venv"
BROWSE = Path(os.environ.get("BROWSE", ROOT / ".build/release/browse"))
SHARED = ROOT.parent / "shared" / "data" / "addresses" / "cpca-addr.csv"

STREETS = ["人民路", "解放路", "建设路", "中山路", "和平街", "新华路", "文化路", "胜利街"]


def venv_python():
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "cpca", "jionlp", "opencc"],
                       check=True)
    return str(python)


def read_tsv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def tables():
    """Today's divisions as (province, city, county) rows and townships by county code."""
    divisions = read_tsv(ROOT / "Data/divisions.tsv")
    counties = read_tsv(ROOT / "Data/counties.tsv")
    townships = read_tsv(ROOT / "Data/townships.tsv")
    province_of_city = {}
    places = []  # dicts: province, city, county, code
    municipal = set()
    for row in divisions:
        province = row["province"]
        if province.endswith("市") or province.endswith("特别行政区"):
            municipal.add(province)
            places.append(dict(province=province, city=province, county=row["city"],
                               code=row["city_code"]))
        elif row["city_code"][2:4] == "90":
            # A county-level city a province administers itself (济源市 419001): a county
            # under no city, as jionlp and the statistics have it.
            places.append(dict(province=province, city="", county=row["city"],
                               code=row["city_code"]))
        else:
            places.append(dict(province=province, city=row["city"], county="",
                               code=row["city_code"]))
        province_of_city[row["city_code"]] = province
    for row in counties:
        places.append(dict(province=province_of_city[row["city_code"]], city=row["city"],
                           county=row["county"], code=row["code"]))
    by_county = {}
    for row in townships:
        by_county.setdefault(row["county_code"], []).append(row["name"])
    return places, by_county


def strip(name):
    for suffix in ["特别行政区", "维吾尔自治区", "壮族自治区", "回族自治区", "自治区", "省",
                   "市", "区", "县"]:
        if name.endswith(suffix) and len(name) - len(suffix) >= 2:
            return name[: -len(suffix)]
    return name


def make():
    rng = random.Random(20261205)
    places, by_county = tables()
    counties = [p for p in places if p["county"]]
    cities = [p for p in places if not p["county"]]
    names = {}
    for p in counties:
        names[p["county"]] = names.get(p["county"], 0) + 1
    rows = []

    def street():
        return rng.choice(STREETS) + str(rng.randint(1, 300)) + "号"

    def add(kind, address, p, township=""):
        rows.append(dict(address=address, province=p["province"], city=p["city"],
                         county=p["county"], township=township, source="generated: " + kind))

    for p in rng.sample(counties, 300):
        towns = by_county.get(p["code"], [])
        town = rng.choice(towns) if towns else ""
        city = "" if p["city"] == p["province"] else p["city"]
        shown_town = town[:-3] if town.endswith("街道办事处") else town
        add("whole", p["province"] + city + p["county"] + shown_town + street(), p, town)
        add("no province", (city or p["province"]) + p["county"] + street(), p)
        add("short names", strip(p["province"]) + strip(city) + p["county"] + street(), p)
        if names[p["county"]] == 1:
            add("county alone", p["county"] + shown_town + street(), p, town)
    for p in rng.sample(cities + [p for p in counties if not p["city"]], 60):
        towns = by_county.get(p["code"], [])
        if towns:
            town = rng.choice(towns)
            shown = town[:-3] if town.endswith("街道办事处") else town
            add("town of a city without counties", (p["city"] or p["county"]) + shown + street(),
                p, town)
    # Other places' names in street names: a county's address on a street named after a
    # province (陕西南路, 北京西路).
    provinces = sorted({p["province"] for p in places})
    for p in rng.sample(counties, 60):
        other = strip(rng.choice(provinces))
        city = "" if p["city"] == p["province"] else p["city"]
        add("place in a street name",
            p["province"] + city + p["county"] + other + rng.choice(["路", "东路", "南路", "大街"])
            + str(rng.randint(1, 99)) + "号", p)
    # Former names whose one successor is today's division.
    current = {p["code"]: p for p in places}
    history = read_tsv(ROOT / "Data/history.tsv")
    current_names = {p["county"] or p["city"] for p in places}
    olds = [h for h in history if h["name"] not in current_names and h["until"]
            and int(h["until"]) >= 1995 and len(h["replaced_by"].split(";")) == 1
            and h["replaced_by"] in current and h["code"][4:] != "00"]
    for h in rng.sample(olds, min(80, len(olds))):
        p = current[h["replaced_by"]]
        if not p["county"]:
            continue
        city = "" if p["city"] == p["province"] else p["city"]
        add("former name", p["province"] + city + h["name"] + street(), p)
    DATA.mkdir(parents=True, exist_ok=True)
    # Traditional characters, by OpenCC in the peers' environment.
    sample = rng.sample([r for r in rows if r["source"] == "generated: whole"], 80)
    text = "\n".join(r["address"] for r in sample)
    converted = subprocess.run(
        [venv_python(), "-c",
         "import sys, opencc; c = opencc.OpenCC('s2t'); print(c.convert(sys.stdin.read()))"],
        input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    for r, t in zip(sample, converted):
        rows.append(dict(r, address=t, source="generated: Traditional"))
    with open(DATA / "generated.tsv", "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["address", "province", "city", "county", "township",
                                          "source"], delimiter="\t", quoting=csv.QUOTE_NONE,
                           lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"wrote {DATA / 'generated.tsv'}: {len(rows)} addresses", file=sys.stderr)


PEERS = r'''
import json, sys, warnings
warnings.filterwarnings("ignore")
which = sys.argv[1]
lines = sys.stdin.read().split("\n")
if lines and lines[-1] == "": lines.pop()
out = []
if which == "cpca":
    import cpca
    df = cpca.transform(lines)
    for _, r in df.iterrows():
        v = lambda k: (r[k] if isinstance(r[k], str) else "")
        out.append({"province": v("省"), "city": v("市"), "county": v("区"), "township": ""})
else:
    import jionlp as jio
    for line in lines:
        r = jio.parse_location(line, town_village=True, change2new=True)
        out.append({k: (r.get(k2) or "") for k, k2 in
                    [("province", "province"), ("city", "city"), ("county", "county"),
                     ("township", "town")]})
print(json.dumps(out, ensure_ascii=False))
'''


def run_browse(addresses):
    result = subprocess.run([str(BROWSE), "--address", "-", "--format", "json"],
                            input="\n".join(addresses) + "\n", capture_output=True, text=True)
    found = []
    for line in result.stdout.splitlines():
        o = json.loads(line)
        found.append({k: o.get(k) or "" for k in ["province", "city", "county", "township"]})
    return found


def run_peer(which, addresses):
    result = subprocess.run([venv_python(), "-c", PEERS, which], input="\n".join(addresses),
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def same(level, got, want, row):
    if level == "township":
        return got.removesuffix("办事处") == want.removesuffix("办事处")
    if level == "city" and got == "市辖区":
        # cpca's name for a municipality's own city level (北京市 市辖区 朝阳区).
        return want == row["province"]
    return got == want


def accuracy():
    rows = read_tsv(HERE / "addresses/handwritten.tsv")
    generated = DATA / "generated.tsv"
    if not generated.exists():
        make()
    rows += read_tsv(generated)
    addresses = [r["address"] for r in rows]
    results = {"browse": run_browse(addresses), "cpca": run_peer("cpca", addresses),
               "jionlp": run_peer("jionlp", addresses)}
    levels = ["province", "city", "county", "township"]
    print(f"{len(rows)} addresses ({sum(1 for r in rows if r['source'].startswith('generated'))}"
          " generated)\n")
    print("| tool | " + " | ".join(levels) + " |")
    print("| --- |" + " --- |" * len(levels))
    for tool, found in results.items():
        cells = []
        for level in levels:
            keyed = [(r, f) for r, f in zip(rows, found) if r[level]]
            right = sum(1 for r, f in keyed if same(level, f[level], r[level], r))
            cells.append(f"{100 * right / len(keyed):.1f}% ({right}/{len(keyed)})")
        print(f"| {tool} | " + " | ".join(cells) + " |")
    if "-v" in sys.argv:
        for r, f in zip(rows, results["browse"]):
            wrong = [lv for lv in levels if r[lv] and not same(lv, f[lv], r[lv], r)]
            if wrong:
                print(r["address"], r["source"], {lv: (f[lv], r[lv]) for lv in wrong})


def speed():
    """Whole-process time on cpca-addr.csv ten times over, and peak memory (GNU time)."""
    DATA.mkdir(parents=True, exist_ok=True)
    with open(SHARED, encoding="utf-8") as f:
        lines = [row[0] for row in csv.reader(f)][1:]
    for times in (1, 10, 100):
        path = DATA / f"cpca-addr-x{times}.txt"
        if not path.exists():
            path.write_text("\n".join(lines * times) + "\n", encoding="utf-8")
    python = venv_python()
    cpca = ("import cpca, sys, warnings; warnings.filterwarnings('ignore');"
            " cpca.transform(sys.stdin.read().split('\\n')).to_csv(sys.stdout, sep='\\t')")
    jionlp = ("import jionlp as jio, sys\nfor l in sys.stdin:\n"
              "  print(jio.parse_location(l.strip(), change2new=True))")
    commands = {
        "browse": [str(BROWSE), "--address", "-", "--format", "tsv"],
        "cpca": [python, "-c", cpca],
        "jionlp": [python, "-c", jionlp],
    }
    print("| input | tool | seconds | lines/s | peak MiB |")
    print("| --- | --- | --- | --- | --- |")
    for times in (1, 10, 100):
        path = DATA / f"cpca-addr-x{times}.txt"
        count = len(lines) * times
        for tool, command in commands.items():
            if tool == "jionlp" and times > 1:
                continue
            if tool == "cpca" and times > 10:
                continue
            with open(path, "rb") as stdin:
                start = time.monotonic()
                r = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdin=stdin,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                took = time.monotonic() - start
            peak = int(r.stderr.decode().strip().splitlines()[-1]) / 1024
            print(f"| {count:,} | {tool} | {took:.2f} | {count / took:,.0f} | {peak:.1f} |")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "accuracy"
    {"make": make, "accuracy": accuracy, "speed": speed}[what]()
