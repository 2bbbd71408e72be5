"""``{% js_strings "play" %}``: a page's translated script strings as a json_script."""

from __future__ import annotations

from django import template
from django.utils.html import json_script

from games import js_strings as strings

register = template.Library()


@register.simple_tag
def js_strings(*pages: str) -> str:
    return json_script(strings.js_strings(*pages), "strings")
