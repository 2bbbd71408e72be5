"""The environment readers behind settings.py."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from boggleweb.env import env_bool, env_choice, env_int, env_list, env_str


def test_unset_or_blank_values_fall_back_to_the_default():
    assert env_str("X", "fallback", environ={}) == "fallback"
    assert env_str("X", "fallback", environ={"X": "   "}) == "fallback"
    assert env_bool("X", True, environ={"X": ""}) is True
    assert env_list("X", ["a"], environ={}) == ["a"]


@pytest.mark.parametrize(("text", "expected"), [("true", True), ("YES", True), ("0", False)])
def test_bool_words(text, expected):
    assert env_bool("X", not expected, environ={"X": text}) is expected


def test_int_range_is_enforced_and_named():
    assert env_int("PORT", 1, minimum=1, maximum=10, environ={"PORT": "7"}) == 7
    with pytest.raises(ImproperlyConfigured, match="PORT=11 is out of range"):
        env_int("PORT", 1, minimum=1, maximum=10, environ={"PORT": "11"})
    with pytest.raises(ImproperlyConfigured, match="PORT='seven' is not a whole number"):
        env_int("PORT", 1, environ={"PORT": "seven"})


def test_list_splits_and_trims_and_refuses_empty_lists():
    assert env_list("H", [], environ={"H": " a.example , b.example,"}) == ["a.example", "b.example"]
    with pytest.raises(ImproperlyConfigured, match="H"):
        env_list("H", [], environ={"H": " , "})


def test_choice_names_the_allowed_values():
    with pytest.raises(ImproperlyConfigured, match="one of: a, b"):
        env_choice("C", "a", ("a", "b"), environ={"C": "z"})
