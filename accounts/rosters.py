"""Class rosters: the nicknames a teacher lists for students to pick from."""

from __future__ import annotations

from django.utils.translation import gettext

from games.nicknames import NicknameError, clean_roster_name, nickname_key

MAX_ROSTER_NAMES = 100


class RosterError(ValueError):
    """A roster that cannot be used; ``problems`` says which lines and why."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def roster_clean(text: str) -> list[str]:
    """The roster's nicknames in order, each cleaned as a roster name
    (games.nicknames.clean_roster_name: the teacher's real names pass no word filter).

    Blank lines are skipped. Every unusable line is reported at once (with its
    number) so that the teacher fixes the list in one go; two lines that are
    the same nickname ("Ann" and "ANN", "Chloé" and "Chloe") would be one player,
    so that is an error too.
    """
    names: list[str] = []
    seen: dict[str, int] = {}
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            name = clean_roster_name(line)
        except NicknameError as error:
            problems.append(
                gettext("Line %(number)d: %(problem)s") % {"number": number, "problem": error}
            )
            continue
        key = nickname_key(name)
        if key in seen:
            problems.append(
                gettext("Line %(number)d: %(name)r is already on line %(first)d.")
                % {"number": number, "name": name, "first": seen[key]}
            )
            continue
        seen[key] = number
        names.append(name)
    if len(names) > MAX_ROSTER_NAMES:
        problems.append(
            gettext("Keep the roster to %(count)d names.") % {"count": MAX_ROSTER_NAMES}
        )
    if problems:
        raise RosterError(problems)
    return names
