"""The Django admin for play at home: for looking, and for fixing the odd row.

Attempts, tallies and boards are written by games.homework.services; here they
are read (a board's round is the game's Round admin).
"""

from __future__ import annotations

from django.contrib import admin

from games.homework.models import Attempt, DailyBoard, Homework, HomeworkBoard, ScoreTally


class HomeworkBoardInline(admin.TabularInline):
    model = HomeworkBoard
    extra = 0
    raw_id_fields = ("round",)


@admin.register(Homework)
class HomeworkAdmin(admin.ModelAdmin):
    list_display = ("title", "class_room", "opens_at", "due_at", "show_ranks", "created_at")
    list_select_related = ("class_room",)
    list_filter = ("show_ranks", "due_at")
    search_fields = ("title", "class_room__code", "token")
    raw_id_fields = ("class_room",)
    readonly_fields = ("token", "created_at")
    inlines = [HomeworkBoardInline]


@admin.register(HomeworkBoard)
class HomeworkBoardAdmin(admin.ModelAdmin):
    list_display = ("homework", "position", "round")
    list_select_related = ("homework", "round__room")
    search_fields = ("homework__title", "round__room__code")
    raw_id_fields = ("homework", "round")


@admin.register(DailyBoard)
class DailyBoardAdmin(admin.ModelAdmin):
    list_display = ("day", "language", "level", "round")
    list_select_related = ("round__room",)
    list_filter = ("language", "level", "day")
    search_fields = ("round__board", "round__room__code")
    raw_id_fields = ("round",)


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("player", "kind", "class_room", "board", "created_at", "tallied_points")
    list_select_related = ("player", "class_room", "board__room")
    list_filter = ("kind", "created_at")
    search_fields = ("player__nickname", "pupil", "round__room__code")
    raw_id_fields = ("board", "round", "player", "class_room")
    # Settled by the services: the tally follows these two.
    readonly_fields = ("settled_at", "tallied_points", "created_at")


@admin.register(ScoreTally)
class ScoreTallyAdmin(admin.ModelAdmin):
    """Derived from the attempts' results: read here, never edited."""

    list_display = ("board", "points", "players")
    list_select_related = ("board__room",)
    search_fields = ("board__room__code",)
    raw_id_fields = ("board",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False
