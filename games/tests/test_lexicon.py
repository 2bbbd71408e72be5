"""Lexicon: custom lists, and the committed dictionaries as the game sees them."""

from __future__ import annotations

import random

import pytest

from games.engine import dawg, lexicon
from games.engine.languages import LANGUAGES, LEVELS
from games.engine.lexicon import Lexicon, LexiconError, load_lexicon
from games.engine.wordlist import WordListError


def test_custom_list_holds_the_whole_list_at_every_level():
    custom = Lexicon.from_words(["Été", "été", "chat", "Paris", "l'eau", "chat", "ab"], lang="fr")
    for level in LEVELS:
        assert sorted(custom.words(level.number)) == ["chat", "ete"]
    assert custom.level_of("chat") == 1
    assert custom.level_of("paris") is None
    assert custom.display_forms("ete") == ("été",)  # "Été" is dropped as capitalised
    assert custom.display_forms("chat") == ("chat",)
    assert custom.report.skipped == {
        "capitalised (proper noun)": 2,
        "apostrophe": 1,
        "duplicate": 1,
        "not 3-16 letters": 1,
    }


def test_german_custom_list_keeps_capitalised_nouns():
    custom = Lexicon.from_words(["Haus", "Straße"], lang="de")
    assert custom.contains("strasse", 4)
    assert custom.display_forms("haus") == ("Haus",)


def test_custom_list_from_a_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("\ufeffniño\r\nniña\r\n\r\n".encode())
    custom = Lexicon.from_word_list(path, lang="es")
    assert list(custom.words()) == ["niña", "niño"]  # ñ is a Spanish letter of its own
    with pytest.raises(WordListError):
        Lexicon.from_word_list(tmp_path / "missing.txt", lang="es")


def test_unknown_language_and_level_are_refused():
    with pytest.raises(ValueError, match="unknown language"):
        Lexicon.from_words(["abc"], lang="xx")
    with pytest.raises(ValueError, match="unknown level"):
        Lexicon.from_words(["abc"]).root(5)


def test_missing_built_dictionary_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon, "DICTIONARIES_DIR", tmp_path)
    load_lexicon.cache_clear()
    try:
        with pytest.raises(LexiconError, match="no built dictionary"):
            load_lexicon("it")
    finally:
        load_lexicon.cache_clear()


# The committed dictionaries. load_lexicon caches, so each loads once per session.


def words_tsv(lang: str) -> list[tuple[str, int, str, str]]:
    """The rows of words.tsv: levels 1 to 3, with display forms and lemmas."""
    path = lexicon.DICTIONARIES_DIR / lang / lexicon.WORDS_FILE
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        word, level, _zipf, forms, lemmas = line.split("\t")
        rows.append((word, int(level), forms, lemmas))
    return rows


def test_graph_file_and_words_tsv_agree_exactly_for_spanish():
    rows = words_tsv("es")
    spanish = load_lexicon("es")
    assert [row[0] for row in rows] == sorted(row[0] for row in rows)
    for level in LEVELS[:3]:
        expected = [word for word, at, _, _ in rows if at <= level.number]
        assert list(spanish.words(level.number)) == expected
    assert {row[1] for row in rows} == {1, 2, 3}
    for word, _, forms, lemmas in rows[::50]:
        assert ",".join(spanish.display_forms(word)) == forms
        assert ",".join(spanish.lemmas(word)) == lemmas


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_sampled_words_sit_at_their_level_and_above(lang):
    rows = words_tsv(lang)
    lex = load_lexicon(lang)
    for word, level, forms, _ in random.Random(lang).sample(rows, 300):
        assert lex.level_of(word) == level
        assert all(lex.contains(word, n.number) == (n.number >= level) for n in LEVELS)
        assert ",".join(lex.display_forms(word)) == forms


def test_levels_are_nested_and_grow():
    french = load_lexicon("fr")
    sizes = [dawg.count_nodes(french.root(level.number)) for level in LEVELS]
    assert sizes == sorted(sizes)
    easy = set(french.words(1))
    # common words by frequency, and the forms a first-year course teaches of them
    assert 3000 < len(easy) < 15000
    assert easy <= set(french.words(2))


def test_german_nouns_kept_and_names_dropped():
    german = load_lexicon("de")
    assert german.display_forms("haus") == ("Haus",)
    assert german.level_of("haus") == 1
    assert german.display_forms("madchen") == ("Mädchen",)
    assert german.contains("strasse", 2)
    for name in ("berlin", "deutschland", "europa", "peter", "paris", "hamburg"):
        assert german.level_of(name) is None, name
    # Everyday nouns that English words of the same spelling make look borrowed
    assert german.level_of("not") == 1 and german.display_forms("not") == ("Not",)


def test_french_unit_symbols_are_no_words():
    french = load_lexicon("fr")
    for symbol in ("dal", "das", "asr", "alm"):  # decalitre, decasecond...
        assert french.level_of(symbol) is None, symbol
    assert french.contains("dam")  # a word of its own (au grand dam de)


def test_french_display_forms_restore_accents_most_frequent_first():
    french = load_lexicon("fr")
    assert french.display_forms("ete") == ("été",)
    assert french.display_forms("cote")[0] == "côté"
    assert "côte" in french.display_forms("cote")
    assert french.display_forms("foret")[0] == "forêt"
    assert french.level_of("ete") == 1


@pytest.mark.parametrize(
    ("lang", "word", "lemma"),
    [
        ("fr", "sommes", "être"),
        ("fr", "chevaux", "cheval"),
        ("es", "tengo", "tener"),
        ("es", "casas", "casa"),
        ("de", "hauser", "Haus"),
        ("de", "spielte", "spielen"),
        ("it", "parliamo", "parlare"),
        ("pt", "fiz", "fazer"),
        ("es", "era", "ser"),
        ("de", "siehst", "sehen"),
        # A prefix makes a word: its own lemma, not the base's
        ("es", "aceros", "acero"),
        ("de", "unbekannten", "unbekannt"),
        ("it", "riconosciamo", "riconoscere"),
        ("pt", "desconfiancas", "desconfiança"),
    ],
)
def test_inflected_forms_keep_their_lemma(lang, word, lemma):
    assert lemma in load_lexicon(lang).lemmas(word)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ["tengo", "tiene", "soy", "fue", "esta", "años", "casas", "acto", "hacerlo"]),
        ("pt", ["registro", "registo", "contato", "contacto", "esporte", "desporto"]),
        ("de", ["mude", "grun", "madchen", "zeit", "schule", "krankenhaus"]),
        ("fr", ["mangeons", "chevaux", "monsieur", "professeur"]),
        ("it", ["andiamo", "dimmi", "farlo", "citta"]),
    ],
)
def test_inflected_and_national_forms_are_words(lang, words):
    lex = load_lexicon(lang)
    for word in words:
        assert lex.contains(word), word


@pytest.mark.parametrize(
    ("lang", "word"),
    [
        ("es", "españa"),
        ("es", "madrid"),
        ("fr", "laurent"),
        ("fr", "lyon"),
        ("it", "milano"),
        ("pt", "portugal"),
        ("de", "berlin"),
        ("de", "usw"),
        ("de", "bzw"),
        ("de", "evtl"),
        ("fr", "qqn"),
        ("pt", "xxx"),
    ],
)
def test_names_and_abbreviations_are_not_words(lang, word):
    assert load_lexicon(lang).level_of(word) is None, word


def test_spanish_keeps_año_and_ano_apart():
    spanish = load_lexicon("es")
    assert spanish.display_forms("año") == ("año",)
    assert spanish.display_forms("ano") == ("ano",)


def test_portuguese_shows_no_junk_spellings():
    portuguese = load_lexicon("pt")
    assert portuguese.display_forms("agua")[0] == "água"
    assert "aguá" not in portuguese.display_forms("agua")
    assert "casá" not in portuguese.display_forms("casa")


def test_german_nouns_show_capitalised():
    german = load_lexicon("de")
    for word, shown in (("zeit", "Zeit"), ("schule", "Schule"), ("reise", "Reise")):
        assert german.display_forms(word)[0] == shown


def test_english_list_is_enable2k():
    english = load_lexicon("en")
    assert english.contains("zyzzyvas", 4)
    assert english.level_of("house") == 1
    assert not english.contains("aa", 4)
