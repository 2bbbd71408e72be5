"""Holding what the server sends to its definitions (and so to docs/protocol.md)."""

from __future__ import annotations

from typing import Any, NotRequired, get_args, get_origin, get_type_hints

from games.protocol.client import _is_int
from games.protocol.server import SERVER_MESSAGES


class ProtocolViolation(AssertionError):
    """A server message that docs/protocol.md does not describe."""


def check_server_message(message: dict) -> None:
    """Raise ProtocolViolation unless ``message`` is exactly one of SERVER_MESSAGES."""
    kind = message.get("type")
    if kind not in SERVER_MESSAGES:
        raise ProtocolViolation(f"unknown message type {kind!r}")
    _check(SERVER_MESSAGES[kind], message, kind)


def _check(spec: Any, value: Any, where: str) -> None:
    if isinstance(spec, type) and issubclass(spec, dict) and hasattr(spec, "__annotations__"):
        if not isinstance(value, dict):
            raise ProtocolViolation(f"{where}: expected an object, got {value!r}")
        hints = get_type_hints(spec)
        required = spec.__required_keys__
        unknown = set(value) - set(hints)
        missing = set(required) - set(value)
        if unknown or missing:
            raise ProtocolViolation(
                f"{where}: unknown {sorted(unknown)}, missing {sorted(missing)}"
            )
        for key, item in value.items():
            _check(hints[key], item, f"{where}.{key}")
        return
    origin = get_origin(spec)
    if origin is NotRequired:
        _check(get_args(spec)[0], value, where)
    elif origin is list:
        if not isinstance(value, list):
            raise ProtocolViolation(f"{where}: expected a list, got {value!r}")
        for item in value:
            _check(get_args(spec)[0], item, f"{where}[]")
    elif get_args(spec) and type(None) in get_args(spec):
        if value is not None:
            (inner,) = [arg for arg in get_args(spec) if arg is not type(None)]
            _check(inner, value, where)
    elif spec is int and not _is_int(value):
        raise ProtocolViolation(f"{where}: expected an integer, got {value!r}")
    elif spec in (str, bool) and not isinstance(value, spec):
        raise ProtocolViolation(f"{where}: expected {spec.__name__}, got {value!r}")


def fields(spec: type, prefix: str = "") -> set[str]:
    """Every field path of a message definition ("round.teams[].name"), for the docs test."""
    paths = set()
    for key, hint in get_type_hints(spec).items():
        paths.add(prefix + key)
        inner = _unwrap(hint)
        if get_origin(inner) is list:
            item = get_args(inner)[0]
            if _is_message(item):
                paths |= fields(item, f"{prefix}{key}[].")
        elif _is_message(inner):
            paths |= fields(inner, f"{prefix}{key}.")
    return paths


def _unwrap(hint: Any) -> Any:
    if get_origin(hint) is NotRequired:
        hint = get_args(hint)[0]
    args = [arg for arg in get_args(hint) if arg is not type(None)]
    if get_args(hint) and type(None) in get_args(hint) and len(args) == 1:
        return args[0]
    return hint


def _is_message(spec: Any) -> bool:
    return isinstance(spec, type) and issubclass(spec, dict) and hasattr(spec, "__annotations__")
