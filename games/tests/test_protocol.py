"""docs/protocol.md describes exactly what the code sends and accepts.

The room socket is checked from outside against that document with a separate
client, so the document is held to the code here: every server message type
and field, every reason and error code, every close code, every browser
message. (games/tests/conftest.py holds every message a socket sends in the
suite to the same definitions.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games import protocol, services

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


def examples() -> list[dict]:
    """Every JSON object in the document's code blocks."""
    found, decoder = [], json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", DOC, re.S):
        text = block.strip()
        while text:
            value, end = decoder.raw_decode(text)
            found.append(value)
            text = text[end:].strip()
    return found


def paths(value, prefix="") -> set[str]:
    """The field paths of a JSON object, as protocol.fields names them."""
    found = set()
    for key, item in value.items():
        found.add(prefix + key)
        if isinstance(item, dict):
            found |= paths(item, f"{prefix}{key}.")
        elif isinstance(item, list) and item and isinstance(item[0], dict):
            for element in item:
                found |= paths(element, f"{prefix}{key}[].")
    return found


def section(title: str) -> str:
    start = DOC.index(title)
    following = DOC.find("\n### ", start + 1)
    return DOC[start : following if following != -1 else None]


def documented_server_fields() -> dict[str, set[str]]:
    fields: dict[str, set[str]] = {}
    for example in examples():
        if example.get("type") in protocol.SERVER_MESSAGES:
            fields.setdefault(example["type"], set()).update(paths(example))
    return fields


def test_every_server_message_and_every_field_is_documented_and_nothing_else():
    documented = documented_server_fields()
    assert set(documented) == set(protocol.SERVER_MESSAGES)
    for kind, definition in protocol.SERVER_MESSAGES.items():
        assert documented[kind] == protocol.fields(definition), kind
        assert f"### `{kind}`" in DOC


def test_the_documents_examples_are_valid_messages():
    for example in examples():
        if example["type"] in protocol.SERVER_MESSAGES:
            protocol.check_server_message(example)


def test_every_browser_message_is_in_the_table_and_parses():
    table = DOC.split("## Browser to server")[1].split("## Server to browser")[0]
    kinds = {
        kind
        for cell in re.findall(r"^\| (`[^|]+`) \|", table, re.M)
        for kind in re.findall(r"`(\w+)`", cell)
    }
    client = {
        "submit",
        "check_path",
        "resync",
        *protocol.HOST_ACTIONS,
        "start",
        "end",
        "next_round",
    }
    assert kinds == client
    for example in examples():
        if example["type"] not in protocol.SERVER_MESSAGES:
            protocol.parse_client_message(json.dumps(example))


@pytest.mark.parametrize(
    ("title", "codes"),
    [
        ("### `word_result`", protocol.WORD_REASONS),
        ("### `path_status`", protocol.PATH_REASONS),
        ("### `error`", protocol.ERROR_CODES),
    ],
)
def test_every_reason_and_error_code_is_documented_where_it_is_sent(title, codes):
    text = section(title)
    for code in codes:
        assert f"`{code}`" in text, code
    listed = set(re.findall(r"`([a-z_]+)`", text))
    # Nothing documented as a code that the code cannot send ("empty" once was).
    assert not {"empty"} & listed


def test_the_word_reasons_are_the_ones_the_services_give():
    assert set(protocol.WORD_REASONS) == set(services.REASONS)


def test_every_close_code_is_in_the_table():
    table = DOC.split("## Close codes")[1]
    codes = {int(code) for code in re.findall(r"^\| (\d{4}) \|", table, re.M)}
    assert codes == {
        protocol.CLOSE_MOVE,
        protocol.CLOSE_NOT_A_ROOM,
        protocol.CLOSE_REMOVED,
        protocol.CLOSE_FLOOD,
        protocol.CLOSE_UNAVAILABLE,
    }


def test_a_message_the_document_does_not_describe_is_refused_by_the_checker():
    with pytest.raises(protocol.ProtocolViolation):
        protocol.check_server_message({"type": "find", "seq": 1, "word": "tea"})
    with pytest.raises(protocol.ProtocolViolation):
        protocol.check_server_message(
            protocol.removed(player=3, banned=False) | {"seq": 1, "nickname": "Ann"}
        )
    with pytest.raises(protocol.ProtocolViolation):
        protocol.check_server_message(
            protocol.removed(player=3, banned=False)
        )  # a room event has a seq
