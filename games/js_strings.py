"""The words the pages' scripts show, translated on the server.

Each page's template puts its group (with the shared ``board`` group) in a
``json_script`` through ``{% js_strings "play" %}``; ``t()`` in
static/js/board.js reads them. ``{name}`` marks a value the script fills in;
a key ending in ``_one`` / ``_other`` is a plural the script picks.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

JS_STRINGS = {
    "board": {
        "blank_tile": _("Blank tile"),
        "tile": _("{face}, row {row}, column {col}"),
        "reconnecting": _("Connection lost: reconnecting…"),
        "room_gone": _("This room does not exist any more."),
        "removed": _("The host has removed you from this room."),
        "slow_down_closed": _("Too many messages: reconnecting in a moment…"),
        "server_unavailable": _("The server is busy for a moment: reconnecting…"),
        "confirm_end": _("End the round for everyone now?"),
        "confirm_end_solo": _("End the round now?"),
        # static/js/renamed.js: a player the host renamed is told, on every page of the room.
        "renamed": _("Your teacher renamed you: you are now {nickname}."),
        "ok": _("OK"),
    },
    "play": {
        "not_sent": _("Not connected: your word was not sent. Reconnecting…"),
        "team_words": _("Team {team}: words"),
        "your_words": _("Your words"),
        "paused": _("The clock is paused."),
        "time_up": _("Time is up!"),
        "round_over": _("The round is over."),
        "path_word": _("{letters}: a word! Release or tap it again to send."),
        "path_more": _("{letters}: keep going…"),
        "path_dead": _("{letters}: no word starts like this."),
        "found_by": _("{nickname} found {word}"),
        "word_points": _("{word}: +{points}"),
        "word_refused": _("{word}: {message}"),
        "all_found": _("You found every word on the board. Congratulations!"),
        "score_one": _("{name}: {points} ({count} word)"),
        "score_other": _("{name}: {points} ({count} words)"),
        "last_thirty": _("30 seconds left"),
        "last_ten": _("Last 10 seconds!"),
        # The unit's words beside the board (static/js/vocabulary.js).
        "vocabulary_bonus": _("+{bonus} points each"),
        "vocabulary_found": _("found"),
        "away": _("away"),
        "word_shared": _(
            "{word}: someone else found it too, so it scores nothing (classic scoring)."
        ),
        "shared_zero": _("shared · 0"),
        "now_shared": _(
            "{word}: someone else found it too. It scores nothing now (classic scoring): "
            "that is why your score went down."
        ),
    },
    "projector": {
        "waiting": _("Waiting to start"),
        "paused": _("Paused"),
        "time_up": _("Time is up"),
        "top_five": _("Top five"),
        "leaderboard": _("Leaderboard"),
        "rename": _("Rename"),
        "remove": _("Remove"),
        "rename_prompt": _("New nickname for {nickname}"),
        "rename_title": _("Rename {nickname}"),
        "cancel": _("Cancel"),
        "remove_confirm": _("Remove {nickname} from the room for now? You can let them back in."),
        "ban": _("Ban"),
        "ban_confirm": _(
            "Ban {nickname}? Their page closes and they cannot join again until you undo the ban."
        ),
        "banned_name": _("{nickname} (banned)"),
        "unban": _("Undo the ban"),
        "readmit": _("Let back in"),
        "away": _("away"),
        "away_count_one": _("({count} is away)"),
        "away_count_other": _("({count} are away)"),
        "mode_solo": _("solo"),
        "mode_versus": _("head-to-head"),
        "mode_teams": _("{count} teams"),
        "standard": _("standard scoring"),
        "planted_one": _("{count} unit word planted (+{bonus})"),
        "planted_other": _("{count} unit words planted (+{bonus} each)"),
        "planted_no_bonus_one": _("{count} unit word planted"),
        "planted_no_bonus_other": _("{count} unit words planted"),
        "locked_title": _("The room is locked: nobody new can join."),
        "classic": _("classic scoring: shared words score nothing"),
        "get_ready": _("Get ready…"),
        "players_one": _("player"),
        "players_other": _("players"),
        "team_size": _("{team} ({count})"),
        "move_here": _("Move here"),
        "move_to": _("Move {nickname} to {team}"),
    },
    "results": {
        "trace": _("{word}: {count} tiles"),
        "follow_banner": _("Round {number} is about to start and you are in it."),
        "go_now": _("Go now"),
        "ruled": _("The teacher changed a word: the scores are updated."),
    },
}


def js_strings(*pages: str) -> dict[str, str]:
    """The shared strings and those of ``pages``, in the active language."""
    strings = {}
    for page in ("board", *pages):
        strings.update({key: str(text) for key, text in JS_STRINGS[page].items()})
    return strings
