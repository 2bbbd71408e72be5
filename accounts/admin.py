"""The Django admin for classes (django-axes adds its own pages for failed logins)."""

from __future__ import annotations

from django.contrib import admin

from accounts.models import Classroom


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "code", "language", "level", "created_at")
    list_select_related = ("teacher", "room")
    list_filter = ("language", "level", "created_at")
    search_fields = ("name", "teacher__username", "teacher__email", "room__code")
    raw_id_fields = ("teacher", "room")
    readonly_fields = ("created_at",)

    @admin.display(description="join code", ordering="room__code")
    def code(self, classroom: Classroom) -> str:
        return classroom.room.code
