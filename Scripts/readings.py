"""Place-name readings for the import scripts: pypinyin's, with every polyphone the rules
of Data/readings.tsv decide read as they say (reading_rules.py: by the character, the
province and the word, with whole-name exceptions, each row with its source).

pypinyin's phrase dictionary knows many place names but reads some characters by their
commonest sound (佛 fu, 圩 wei, 卜 bo); the rules correct it, and generate-data.py holds
every name of Data/ to them. Scripts/check-pinyin.py compares the result with independent
sources (CC-CEDICT's place names, pypinyin's phrases); docs/data.md has the figures.
"""

from pypinyin import Style, lazy_pinyin

from reading_rules import decide, load

RULES = load()


def ruled(name, province, said):
    """An existing reading `said` with the rules applied: what import-mca.py keeps."""
    return " ".join(decide(RULES, name, province, said.split(" "))[0])


def reading(name, province=""):
    """Lowercase syllables, one per character, single spaces; `province` is the name's
    two-digit province code, for the rules that hold in some provinces only."""
    syllables = lazy_pinyin(name, style=Style.NORMAL, errors=lambda text: ["?"] * len(text))
    syllables = [s.replace("ü", "v") for s in syllables]
    return " ".join(decide(RULES, name, province, syllables)[0])
