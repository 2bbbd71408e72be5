"""Reads for teachers' pages and for the game's join page. Nothing here writes."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import Classroom


def classrooms_of(teacher) -> QuerySet[Classroom]:
    """A teacher's classes and nobody else's: every class page starts from here."""
    return Classroom.objects.filter(room__owner=teacher).select_related("room")
