"""A class's language: the pupils' pages of a room speak the language its teacher set.

Which language a page gets, in order: the language switch's cookie (a pupil's own
choice), else the room's ``interface_language`` (a teacher in Madrid sets Spanish
once: games.models.Room), else the browser's ``Accept-Language``, else
``settings.LANGUAGE_CODE``. Django's LocaleMiddleware does the first and the last
two; :class:`ClassLanguageMiddleware`, after it, puts the class in between for every
page whose address names a room (``/r/<code>/...``, ``/join/<code>``). The room's
socket chooses the same way (games.consumers).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def cookie_language(cookies) -> str | None:
    """The language the switch's cookie chose, when the interface speaks it (a cookie
    naming anything else is ignored; a regional variant reads its language)."""
    code = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:  # as Django's LocaleMiddleware reads it: "pt-BR" is Portuguese
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def class_language(code: str) -> str:
    """The language the room of join code ``code`` sets for its pupils' pages ("" for
    none, or no such room)."""
    from games.models import Room

    found = Room.objects.filter(code=code.upper()).values_list("interface_language", flat=True)
    return next(iter(found), "") or ""


class ClassLanguageMiddleware:
    """A room's pages in the language of its class unless the pupil chose another."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        code = view_kwargs.get("code")
        if not isinstance(code, str) or cookie_language(request.COOKIES):
            return None
        language = class_language(code)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return None
