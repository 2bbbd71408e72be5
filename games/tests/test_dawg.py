"""The word graph: minimal, faithful to its list, and stored without loss."""

from __future__ import annotations

import random
import string

import pytest

from games.engine import dawg


def test_suffixes_are_shared_so_the_graph_is_minimal():
    # root -t-> . -a,o-> . -p-> (word) -s-> (word): 5 nodes; a trie needs 8.
    graph = dawg.build_graph([["tap", "taps", "top", "tops"]])
    assert graph.node_count == 5
    assert dawg.count_nodes(graph.to_nodes()[0]) == 5


def test_different_prefixes_share_their_common_tail():
    # cat/cats and dog/dogs: root, c, d, ca, do, then one shared "t|g" word
    # node with its "s" leaf: 7 nodes (a trie needs 9).
    root = dawg.build_nodes(["cat", "cats", "dog", "dogs"])
    assert dawg.count_nodes(root) == 7
    assert dawg.walk(root, "cat") is dawg.walk(root, "dog")


def test_levels_share_nodes_with_each_other():
    # Level 1 "cats": 5 nodes. Level 2 adds a root, "d" and "do"; its "c"
    # branch and the "g" -> "s" tail are level 1's nodes: 8 in all.
    graph = dawg.build_graph([["cats"], ["cats", "dogs"]])
    easy, full = graph.to_nodes()
    assert graph.node_count == 8
    assert dawg.child(full, "c") is dawg.child(easy, "c")
    assert dawg.walk(full, "dog") is dawg.walk(easy, "cat")
    assert list(dawg.iter_words(easy)) == ["cats"]
    assert list(dawg.iter_words(full)) == ["cats", "dogs"]


def test_node_protocol_is_tuples_indexed_by_letter_with_an_info_int():
    root = dawg.build_nodes(["ab", "abc", "b"])
    assert type(root) is tuple and len(root) == 28 and root[dawg.NONE_SLOT] is None
    a, b = root[0], root[1]
    assert [k for k in range(26) if root[k] is not None] == [0, 1]
    assert root[dawg.INFO] & dawg.LETTER_BITS == 0b11  # children a and b
    assert not dawg.is_word_end(a) and dawg.is_word_end(b)
    ab = a[1]
    assert ab[dawg.INFO] & dawg.FINAL and ab[dawg.INFO] & dawg.LETTER_BITS == 1 << 2
    assert dawg.child_letters(ab) == "c"
    assert ab[2][dawg.INFO] == dawg.FINAL and ab[2][:26] == (None,) * 26
    assert dawg.child(root, "é") is None and dawg.walk(root, "a-b") is None


def test_a_root_knows_its_shortest_word():
    # The solver skips its minimum-length filter when no word can be too short.
    assert dawg.shortest_word(dawg.build_nodes(["abcd", "abcdef", "bcde"])) == 4
    assert dawg.shortest_word(dawg.build_nodes(["abcd", "xy"])) == 2
    easy, full = dawg.build_graph([["cats"], ["at", "cats"]]).to_nodes()
    assert (dawg.shortest_word(easy), dawg.shortest_word(full)) == (4, 2)
    assert dawg.shortest_word(dawg.build_nodes([])) == 0  # unknown: no words
    # The note is on the root only: shared nodes below are untouched.
    assert dawg.walk(full, "c") is dawg.walk(easy, "c")


def test_make_node_refuses_letters_outside_a_to_z():
    with pytest.raises(ValueError, match="a to z"):
        dawg.make_node({"é": dawg.make_node({}, True)}, False)


def random_words(rng: random.Random, count: int) -> list[str]:
    letters = "abcdest"  # few letters: many shared prefixes and suffixes
    return sorted({"".join(rng.choices(letters, k=rng.randint(1, 7))) for _ in range(count)})


@pytest.mark.parametrize("seed", range(5))
def test_graph_holds_exactly_its_words(seed):
    rng = random.Random(seed)
    words = random_words(rng, 400)
    root = dawg.build_nodes(words)
    assert list(dawg.iter_words(root)) == words
    for _ in range(300):
        probe = "".join(rng.choices(string.ascii_lowercase[:8], k=rng.randint(1, 7)))
        assert dawg.contains(root, probe) == (probe in words)


@pytest.mark.parametrize("seed", range(3))
def test_graph_is_as_small_as_hash_consing_a_trie(seed):
    # An independent minimisation: a trie folded bottom-up by signature.
    words = random_words(random.Random(seed), 300)
    trie: dict = {}
    for word in words:
        node = trie
        for letter in word:
            node = node.setdefault(letter, {})
        node[""] = True
    seen: dict = {}

    def signature(node):
        key = tuple(sorted((k, signature(v) if k else v) for k, v in node.items()))
        return seen.setdefault(key, len(seen))

    signature(trie)
    assert dawg.build_graph([words]).node_count == len(seen)


def test_bytes_round_trip_is_exact():
    graph = dawg.build_graph([["cats"], ["cats", "dogs", "dot"], ["a", "cats", "dogs", "dot"]])
    data = graph.to_bytes()
    again = dawg.Graph.from_bytes(data)
    assert again == graph
    assert again.to_bytes() == data
    assert [list(dawg.iter_words(root)) for root in again.to_nodes()] == [
        ["cats"],
        ["cats", "dogs", "dot"],
        ["a", "cats", "dogs", "dot"],
    ]


@pytest.mark.parametrize("data", [b"", b"nonsense", dawg.MAGIC + b"\x01", dawg.MAGIC + b"\0" * 40])
def test_corrupt_graph_file_is_refused(data):
    with pytest.raises(dawg.GraphFormatError):
        dawg.Graph.from_bytes(data)


def test_empty_list_gives_an_empty_root():
    root = dawg.build_nodes([])
    assert root[:26] == (None,) * 26 and root[dawg.INFO] == 0
    assert list(dawg.iter_words(root)) == []


def test_unsorted_input_is_refused():
    with pytest.raises(ValueError, match="sorted"):
        dawg.build_nodes(["b", "a"])
