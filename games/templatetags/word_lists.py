"""The results page's word lists: ``{% word_list words "board" %}``, ``{% word_buttons words %}``.

A 6x6 board holds 700-odd words and the results page lists each of them once
or twice (every word by length, then a pupil's missed words or the class's
words). Written in the template language, each word's item took a dozen tag
and variable nodes, about 15 us: a third of the page's server time
(docs/PERFORMANCE.md). Here an item is one string format. The markup is the
template's as it was; every word button but the unit's planted words (their
own card) is written here, and the teacher's list of words to disallow.

An entry is a word of ``games.presentation.results_context``: ``display``,
``path`` (JSON text), ``found``, ``shared_by``, ``finders``, ``gloss``.
"""

from __future__ import annotations

# Django's escape() is this one made lazy-aware and safe-marked, at four times the
# cost (0.9 us against 0.2), a few thousand times a page; what is escaped here is
# never lazy nor already safe (words, meanings, nicknames).
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _button(entry: dict, css: str, title: str = "", small: str = "") -> str:
    return (
        f'<button type="button" class="{css}" data-path="{escape(entry["path"])}"{title}>'
        f"{escape(entry['display'])}{small}</button>"
    )


def _item(entry: dict, css: str, *, detail: bool = False) -> str:
    """A word of a list with its meaning; ``detail``: who found it, who shared it."""
    title = small = gloss = ""
    if detail and entry["finders"]:
        title = f' title="{escape(", ".join(entry["finders"]))}"'
    if detail and entry["shared_by"]:
        small = f" <small>({escape(', '.join(entry['shared_by']))})</small>"
    if entry["gloss"]:
        gloss = f' <span class="gloss">{escape(entry["gloss"])}</span>'
    return f"<li>{_button(entry, css, title, small)}{gloss}</li>"


def _board_item(entry: dict) -> str:
    state = "found" if entry["found"] else "missed"
    return _item(entry, f"word {state}{' shared' if entry['shared_by'] else ''}", detail=True)


def _found_item(entry: dict) -> str:
    return _item(entry, f"word found{' shared' if entry['shared_by'] else ''}")


def _missed_item(entry: dict) -> str:
    return _item(entry, "word missed")


# Which list: every word of the board (found or missed, who found it, shared between
# whom), the words the player (or the class) found, the words the player missed.
_ITEMS = {"board": _board_item, "found": _found_item, "missed": _missed_item}


@register.simple_tag
def word_list(entries, kind: str) -> SafeString:
    """The ``<li>`` items of a word list of ``kind`` "board", "found" or "missed"."""
    item = _ITEMS[kind]
    return mark_safe("".join([item(entry) for entry in entries]))


@register.simple_tag
def word_options(words) -> SafeString:
    """An ``<option>`` per (folded word, shown) pair: the teacher's choice of a word to
    disallow, among every word the class found (hundreds on a 6x6 board)."""
    return mark_safe(
        "".join(
            [f'<option value="{escape(word)}">{escape(shown)}</option>' for word, shown in words]
        )
    )


@register.simple_tag
def word_buttons(entries) -> SafeString:
    """Words in a sentence (the longest ones): each a button, marked found or not."""
    return mark_safe(
        "".join([f"{_button(e, 'word found' if e['found'] else 'word')} " for e in entries])
    )
