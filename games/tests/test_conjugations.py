"""Irregular verb forms get their infinitive as a lemma (games/engine/build/conjugations.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine.build import conjugations

# Zipf frequencies as wordfreq gives them (rounded).
ZIPF = {"soy": 5.7, "ser": 5.9, "voy": 5.5, "ir": 5.6, "desde": 6.0, "desdar": 0.0}
ZIPF |= {"hablo": 4.2, "hablar": 5.0, "sal": 4.4, "salir": 4.9}


def zipf(word: str, lang: str) -> float:
    return ZIPF.get(word, 0.0)


@pytest.fixture
def tables(tmp_path) -> Path:
    """ser, irse: models of their own; hablar and desdar share a regular model with
    more verbs than an irregular one has."""
    regular = {f"verb{n}ar": {"root": f"verb{n}", "template": "habl:ar"} for n in range(45)}
    verbs = {
        "ser": {"root": "", "template": ":ser"},
        "irse": {"root": "", "template": ":irse"},
        "hablar": {"root": "habl", "template": "habl:ar"},
        "desdar": {"root": "desd", "template": "habl:ar"},
        **regular,
    }
    models = {
        ":ser": {"Indicativo": {"Indicativo presente": [[0, "soy"], [1, "eres"], [2, None]]}},
        ":irse": {"Indicativo": {"Indicativo presente": [[0, "voy"], [1, "vas"]]}},
        "habl:ar": {"Indicativo": {"Indicativo presente": [[0, "o"], [2, "e"]]}},
    }
    data = tmp_path / conjugations.DATA_DIR
    data.mkdir()
    (data / "verbs-es.json").write_text(json.dumps(verbs), encoding="utf-8")
    (data / "conjugation-es.json").write_text(json.dumps(models), encoding="utf-8")
    return tmp_path


def test_an_irregular_form_listed_as_its_own_stem_gets_its_verb(tables):
    forms = {
        "soy": {"soy": {"soy"}},  # hunspell: a stem of its own
        "voy": {"voy": {"voy"}},
        "ser": {"ser": {"ser"}},
        "eres": {"eres": {"eres", "erguir"}},  # has another lemma already: left alone
        "hablo": {"hablo": {"hablo"}},  # a regular model: hunspell's business
        "desde": {"desde": {"desde"}},  # a rare verb's regular form: not desdar's
        "hablar": {"hablar": {"hablar"}},
    }
    assert conjugations.attach(forms, "es", conjugations.verb_forms(tables, "es"), zipf) == 2
    assert forms["soy"]["soy"] == {"soy", "ser"}
    assert forms["voy"]["voy"] == {"voy", "ir"}  # irse is conjugated as ir
    assert forms["eres"]["eres"] == {"eres", "erguir"}
    assert forms["hablo"]["hablo"] == {"hablo"}
    assert forms["desde"]["desde"] == {"desde"}


def test_a_form_inflected_from_an_irregular_stem_goes_to_the_verb(tables):
    # As German has it: sieht a stem (and a form of sehen), siehst made of sieht.
    forms = {
        "soy": {"soy": {"soy"}},
        "soyx": {"soyx": {"soy"}},  # only a form of the stem: the verb's too
        "soyy": {"soyy": {"soy", "hablar"}},  # another lemma too: left alone
        "ser": {"ser": {"ser"}},
        "hablar": {"hablar": {"hablar"}},
    }
    assert conjugations.attach(forms, "es", conjugations.verb_forms(tables, "es"), zipf) == 2
    assert forms["soy"]["soy"] == {"soy", "ser"}  # the stem keeps its own lemma
    assert forms["soyx"]["soyx"] == {"soy", "ser"}
    assert forms["soyy"]["soyy"] == {"soy", "hablar"}


def test_a_verb_far_rarer_than_the_form_is_not_its_lemma(tables):
    ZIPF_RARE_SER = {**ZIPF, "ser": 4.5}  # soy 5.7: more than FORM_LEAD above

    def rare(word, lang):
        return ZIPF_RARE_SER.get(word, 0.0)

    forms = {"soy": {"soy": {"soy"}}, "ser": {"ser": {"ser"}}}
    assert conjugations.attach(forms, "es", conjugations.verb_forms(tables, "es"), rare) == 0
    assert forms["soy"]["soy"] == {"soy"}


@pytest.mark.parametrize(
    ("lang", "word", "verb"),
    [
        ("es", "soy", "ser"),
        ("es", "hecho", "hacer"),
        ("es", "vamos", "ir"),
        ("it", "abbiamo", "avere"),
        ("de", "nimmt", "nehmen"),  # (sieht: its review names sehen alone, lemma=)
        ("de", "sei", "sein"),  # Ding: "sei!"
        ("es", "era", "ser"),
    ],
)
def test_the_built_word_data_leads_irregular_forms_to_their_verb(lang, word, verb):
    from games.engine.lexicon import load_lexicon

    lexicon = load_lexicon(lang)
    assert verb in lexicon.lemmas(word)
    assert word in lexicon.lemmas(word)  # the form keeps its own lemma beside the verb


@pytest.mark.parametrize(
    ("lang", "word", "verb"),
    [("de", "siehst", "sehen"), ("de", "nimmst", "nehmen"), ("it", "andata", "andare")],
)
def test_a_form_made_of_a_stem_that_is_a_verb_form_is_the_verbs_too(lang, word, verb):
    from games.engine.lexicon import load_lexicon

    assert verb in load_lexicon(lang).lemmas(word)


DING = "\n".join(  # Ding, as trans-de-en has it
    [
        "sein {vi} | seiend | gewesen | ich bin | du bist | es is nich [ugs.] | sei!; seid!"
        " | Jim war in Boston. :: to be",
        "etw. bekommen; erhalten [geh.] {vt} | bekommend; erhaltend | ich bekomme; ich erhalte"
        " | ich/er/sie bekam; ich/er/sie erhielt :: to get",
        "stecken {vt} | steckend | gesteckt :: to put",
        "stoßen {vt} | stoßend | gestoßen | stecken :: to push",
        "Haus {n} | Häuser {pl} :: house",
    ]
)


def test_dings_principal_parts_lead_forms_to_their_verb(tmp_path):
    """Each column after a German verb, one word after its pronouns, is a form of
    it; alternatives go to the head's verb in the same place; examples, nouns and
    words that are verbs of their own are left alone."""
    path = tmp_path / "de-en"
    path.write_text(DING, encoding="utf-8")
    forms = conjugations.ding_verb_forms(path)
    assert forms["bin"] == forms["bist"] == forms["gewesen"] == {"sein"}
    assert forms["sei"] == forms["seid"] == {"sein"}  # imperatives, one verb's alternatives
    assert forms["bekam"] == {"bekommen"} and forms["erhielt"] == {"erhalten"}
    assert "war" not in forms and "is" not in forms  # from example sentences
    assert "stecken" not in forms  # a verb of its own, not a form of stoßen
    assert "Häuser" not in forms


def test_a_form_ding_explains_in_its_own_right_is_its_own_lemma_too(tmp_path):
    path = tmp_path / "de-en"
    path.write_text(DING + "\nnichts {pron} :: nothing\n", encoding="utf-8")
    heads = conjugations.ding_headwords(path)
    assert {"sein", "bekommen", "erhalten", "Haus", "nichts"} <= heads
    assert "Häuser" not in heads  # a plural column, not a head
    forms = {
        "nichts": {"nichts": {"nicht"}},  # hunspell: nicht + s
        "hauser": {"Häuser": {"Haus"}},
        "haus": {"Haus": {"Haus"}},
    }
    assert conjugations.attach_headwords(forms, heads) == 1
    assert forms["nichts"]["nichts"] == {"nicht", "nichts"}
    assert forms["hauser"]["Häuser"] == {"Haus"}


@pytest.mark.parametrize("word", ["das", "nichts", "eigentlich"])
def test_german_words_hunspell_makes_of_another_are_their_own_lemmas_too(word):
    from games.engine.lexicon import load_lexicon

    assert word in load_lexicon("de").lemmas(word)
