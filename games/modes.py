"""The game modes and what each one means: the one place to add a mode.

Code asks a mode's rules (``rules(mode).teams``) instead of comparing mode
names, so a new mode is a new entry here (and its label in the French
catalogue), not a hunt through every module.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _


class Mode(models.TextChoices):
    SOLO = "solo", _("Solo")
    VERSUS = "versus", _("Head-to-head")
    TEAMS = "teams", _("Teams")


@dataclass(frozen=True)
class ModeRules:
    """What a mode changes in a round."""

    teams: bool  # players play in teams: one word per team, teammates see each other's finds
    starts_at_once: bool  # a new round starts its clock when dealt (no lobby)
    scoreboard: bool  # players see everyone's scores while they play
    ends_when_all_found: bool  # the round ends once its player has found every word


RULES: dict[str, ModeRules] = {
    Mode.SOLO: ModeRules(
        teams=False, starts_at_once=True, scoreboard=False, ends_when_all_found=True
    ),
    Mode.VERSUS: ModeRules(
        teams=False, starts_at_once=False, scoreboard=True, ends_when_all_found=False
    ),
    Mode.TEAMS: ModeRules(
        teams=True, starts_at_once=False, scoreboard=True, ends_when_all_found=False
    ),
}


def rules(mode: str) -> ModeRules:
    return RULES[mode]
