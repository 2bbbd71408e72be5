"""The browser tests' one way to sign a teacher up and create a class (Playwright).

Every browser test that needs a teacher goes through the real pages here: the sign-up
form, then the class form it leads to. A test that checks the sign-up itself arrives
on the form its own way and calls ``fill_sign_up``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import count

PASSWORD = "grille-de-lettres-42"
_numbers = count(1)


def fill_sign_up(page, username: str) -> None:
    """On the sign-up page: a new account, then the class form it leads to."""
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@school.example")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/classes/new$"))


def sign_up(page, base: str, username: str | None = None) -> str:
    """A new teacher, signed in, on the new class form; returns the username (unique
    unless given: the live server's database lasts the whole session)."""
    username = username or f"teacher_{next(_numbers)}_{page.viewport_size['width']}"
    page.goto(base + "/accounts/signup")
    fill_sign_up(page, username)
    return username


def create_class(
    page,
    *,
    name: str = "Year 9 English",
    language: str = "en",
    level: str | None = None,
    roster: Iterable[str] = (),
    nicknames: str | None = None,
) -> tuple[str, str]:
    """On the new class form: a class; returns its page's URL and its join code."""
    page.fill("#id_name", name)
    page.select_option("#id_language", language)
    if level is not None:
        page.select_option("#id_level", level)
    if roster:
        page.fill("#id_roster", "\n".join(roster))
    if nicknames is not None:
        page.check(f"input[name=nicknames][value={nicknames}]")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/classes/\d+/$"))
    return page.url, page.locator("#join-code").inner_text()


def sign_up_with_class(
    page, base: str, username: str | None = None, **class_fields
) -> tuple[str, str]:
    """A new teacher with a class (``create_class``'s fields); its URL and join code."""
    sign_up(page, base, username)
    return create_class(page, **class_fields)
