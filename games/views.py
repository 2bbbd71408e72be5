"""Pages of the game app. Game rules live in games.engine, not here."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.engine.languages import LANGUAGES, LEVELS

# A fixed board for the landing page, with one word traced on it: the page
# shows what the game looks like without touching the engine or the database.
DEMO_ROWS = ("LETT", "ERGR", "IDSA", "NOWM")
DEMO_PATH = ((1, 2), (1, 3), (2, 0), (2, 1))  # G-R-I-D


@require_GET
def landing(request: HttpRequest) -> HttpResponse:
    path_order = {cell: index + 1 for index, cell in enumerate(DEMO_PATH)}
    demo_cells = [
        {"letter": letter, "step": path_order.get((row, col))}
        for row, line in enumerate(DEMO_ROWS)
        for col, letter in enumerate(line)
    ]
    return render(
        request,
        "games/landing.html",
        {"demo_cells": demo_cells, "languages": LANGUAGES.values(), "levels": LEVELS},
    )


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers and the technician: the app answers and reaches its database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
