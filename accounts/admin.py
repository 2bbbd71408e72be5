"""The Django admin for classes (django-axes adds its own pages for failed logins)."""

from __future__ import annotations

from django.contrib import admin

from accounts.models import Classroom


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "code", "created_at")
    list_select_related = ("room__owner",)
    list_filter = ("created_at",)
    search_fields = ("name", "room__owner__username", "room__owner__email", "room__code")
    raw_id_fields = ("room",)
    readonly_fields = ("created_at",)

    @admin.display(description="join code", ordering="room__code")
    def code(self, classroom: Classroom) -> str:
        return classroom.room.code
