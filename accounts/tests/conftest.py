"""Personas for teachers' tests: two teachers who must never see each other's classes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from accounts import services

PASSWORD = "grid-of-letters-42"


def make_teacher(username: str):
    return get_user_model().objects.create_user(
        username=username, email=f"{username}@school.example", password=PASSWORD
    )


def make_classroom(teacher, name="5e B", roster=(), language="fr", level=2, browser="t-browser"):
    return services.classroom_create(
        teacher=teacher,
        host_browser=browser,
        name=name,
        language=language,
        level=level,
        roster=list(roster),
    )


@pytest.fixture
def teacher(db):
    return make_teacher("mme_dupont")


@pytest.fixture
def other_teacher(db):
    return make_teacher("mr_smith")


@pytest.fixture
def teacher_client(client, teacher):
    client.force_login(teacher)
    return client
