"""The Django admin for the game's tables: for looking, and for fixing the odd row.

Every change the game makes goes through games.services; the admin is for a
technician. A round's words (its solution) are shown, never edited.
"""

from __future__ import annotations

from django.contrib import admin

from games.models import (
    Find,
    Player,
    Presence,
    RetiredCode,
    Room,
    Round,
    RoundPlayer,
    Team,
    VocabularyEntry,
    VocabularyList,
    WordRuling,
)


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "mode", "language", "level", "size", "created_at", "player_count")
    list_filter = ("mode", "language", "level", "size", "locked", "created_at")
    search_fields = ("code", "host_browser")
    readonly_fields = ("seq", "created_at")
    date_hierarchy = "created_at"
    inlines = [TeamInline]

    @admin.display(description="players")
    def player_count(self, room: Room) -> int:
        return room.players.count()


@admin.register(RetiredCode)
class RetiredCodeAdmin(admin.ModelAdmin):
    """Codes teachers replaced: never given to a room again."""

    list_display = ("code", "room", "retired_at")
    list_select_related = ("room",)
    search_fields = ("code", "room__code")
    raw_id_fields = ("room",)
    readonly_fields = ("retired_at",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "number", "room")
    list_select_related = ("room",)
    search_fields = ("name", "room__code")
    raw_id_fields = ("room",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("nickname", "room", "joined_at", "removed", "banned")
    list_select_related = ("room",)
    list_filter = ("removed", "banned", "joined_at")
    search_fields = ("nickname", "room__code")
    raw_id_fields = ("room",)
    readonly_fields = ("joined_at",)


@admin.register(Presence)
class PresenceAdmin(admin.ModelAdmin):
    """Open pages of players (games.presence keeps them fresh)."""

    list_display = ("player", "channel", "seen_at")
    list_select_related = ("player",)
    search_fields = ("player__nickname", "channel")
    raw_id_fields = ("player",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = (
        "__str__",
        "language",
        "level",
        "mode",
        "word_count",
        "max_score",
        "created_at",
        "started_at",
        "paused_at",
        "finished_at",
    )
    list_select_related = ("room",)
    list_filter = ("language", "level", "mode", "scoring", "created_at")
    search_fields = ("room__code", "board", "share_code")
    raw_id_fields = ("room",)
    # The board and its words were dealt together: editing either breaks the round.
    readonly_fields = (
        "board",
        "seed",
        "share_code",
        "solution",
        "word_count",
        "max_score",
        "created_at",
    )
    date_hierarchy = "created_at"

    def get_queryset(self, request):
        # A solution is thousands of words: the list never needs it.
        return super().get_queryset(request).defer("solution")


@admin.register(Find)
class FindAdmin(admin.ModelAdmin):
    list_display = ("word", "accepted", "points", "player", "team", "round", "found_at")
    list_select_related = ("player", "team", "round__room")
    list_filter = ("found_at",)
    search_fields = ("word", "player__nickname", "round__room__code")
    raw_id_fields = ("round", "player", "team")
    readonly_fields = ("found_at",)


@admin.register(RoundPlayer)
class RoundPlayerAdmin(admin.ModelAdmin):
    list_display = ("player", "round", "team", "points", "words", "longest", "joined_at")
    list_select_related = ("player", "round__room", "team")
    list_filter = ("joined_at",)
    search_fields = ("player__nickname", "round__room__code")
    raw_id_fields = ("round", "player", "team")
    # Results are written by the one scoring function when the round ends.
    readonly_fields = ("points", "words", "longest", "joined_at")


class VocabularyEntryInline(admin.TabularInline):
    model = VocabularyEntry
    extra = 0


@admin.register(VocabularyList)
class VocabularyListAdmin(admin.ModelAdmin):
    list_display = ("name", "room", "language", "created_at")
    list_select_related = ("room",)
    list_filter = ("language", "created_at")
    search_fields = ("name", "room__code", "entries__display")
    raw_id_fields = ("room",)
    inlines = [VocabularyEntryInline]


@admin.register(VocabularyEntry)
class VocabularyEntryAdmin(admin.ModelAdmin):
    list_display = ("display", "word", "translation", "vocabulary")
    list_select_related = ("vocabulary",)
    list_filter = ("vocabulary__language",)
    search_fields = ("word", "display", "translation", "vocabulary__name")
    raw_id_fields = ("vocabulary",)


@admin.register(WordRuling)
class WordRulingAdmin(admin.ModelAdmin):
    """Rulings are records: made from the results page, read here, never edited."""

    list_display = ("word", "verdict", "round", "ruled_by", "inherited", "ruled_at")
    list_select_related = ("round__room", "ruled_by")
    list_filter = ("verdict", "inherited", "ruled_at")
    search_fields = ("word", "round__room__code")
    raw_id_fields = ("round", "ruled_by")

    def has_change_permission(self, request, obj=None) -> bool:
        return False


# Play at home's tables (games/homework/admin.py).
from games.homework import admin as homework_admin  # noqa: E402, F401
