"""QR codes of join links, drawn on the server as inline SVG (no image library, no CDN)."""

from __future__ import annotations

import re

import qrcode
from django.utils.html import escape
from qrcode.image.svg import SvgPathImage

_SIZE_ATTRIBUTES = re.compile(r'^<svg width="[^"]*" height="[^"]*" ')


def qr_code(text: str) -> qrcode.QRCode:
    """The QR code of ``text``, medium error correction (a projector's glare costs a little)."""
    code = qrcode.QRCode(
        image_factory=SvgPathImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=4,  # the quiet zone the standard asks for
    )
    code.add_data(text)
    code.make(fit=True)
    return code


def qr_svg(text: str, label: str) -> str:
    """An ``<svg>`` element for ``text``; it scales with CSS (no fixed size)."""
    svg = qr_code(text).make_image().to_string(encoding="unicode")
    attributes = f'<svg class="qr-code" role="img" aria-label="{escape(label)}" '
    return _SIZE_ATTRIBUTES.sub(attributes, svg, count=1)
