"""The one scoring function (games.scoring): its rules, and the shortcut the live
scoreboard takes (scoring a few finders from their own finds) giving the same lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.scoring import Claim, Line, score

WORDS = ["tea", "sea", "pea", "ate", "eats", "seat", "tease"]


def claims(*rows):
    return [
        Claim(player, team, word, len(word) - 2, (n,))
        for n, (player, team, word) in enumerate(rows)
    ]


def test_classic_crosses_out_a_word_of_two_finders_but_not_of_two_teammates():
    found = claims(
        (1, None, "tea"),
        (2, None, "tea"),  # two players: nobody scores it
        (1, None, "sea"),
    )
    board = score(found, counts=lambda w: True, teams=False, classic=True)
    assert (board.players[1].points, board.players[1].words) == (1, 2)
    assert (board.players[2].points, board.players[2].words) == (0, 1)
    assert board.shared_words == {"tea"}
    team_finds = claims(
        (3, 7, "pea"),
        (4, 7, "pea"),  # two teammates, one team: one word, kept
        (3, 7, "ate"),
        (5, 8, "ate"),  # two teams: crossed out
    )
    board = score(team_finds, counts=lambda w: True, teams=True, classic=True)
    assert board.shared_words == {"ate"}
    assert (board.teams[7].points, board.teams[7].words) == (1, 2)
    assert board.players[3].points == 1
    assert 4 not in board.players  # the first finder is credited, not the second


def test_standard_scoring_counts_every_word_and_rulings_decide_what_counts():
    found = claims((1, None, "tea"), (2, None, "tea"), (1, None, "eats"))
    board = score(found, counts=lambda w: w != "eats", teams=False, classic=False)
    assert (board.players[1].points, board.players[2].points) == (1, 1)
    assert board.players[1].longest == "tea"


def test_players_and_teams_with_nothing_still_get_a_line():
    board = score([], counts=bool, teams=True, classic=False, players=[1, 2], team_ids=[7])
    assert set(board.players) == {1, 2} and board.teams[7].points == 0


finds = st.lists(
    st.tuples(st.integers(1, 5), st.sampled_from(WORDS)), max_size=25, unique=True
).map(lambda rows: claims(*((p, 100 + p % 2, w) for p, w in rows)))


@given(
    found=finds,
    classic=st.booleans(),
    teams=st.booleans(),
    ruled_out=st.sets(st.sampled_from(WORDS)),
)
def test_a_finders_line_depends_only_on_its_finds_and_others_finds_of_the_same_words(
    found, classic, teams, ruled_out
):
    def counts(word):
        return word not in ruled_out

    whole = score(found, counts=counts, teams=teams, classic=classic)
    for player in {c.player for c in found}:
        mine = [
            c
            for c in found
            if (c.team if teams else c.player) == (100 + player % 2 if teams else player)
        ]
        words = {c.word for c in mine}
        subset = [c for c in found if c in mine or c.word in words]
        part = score(subset, counts=counts, teams=teams, classic=classic)
        if teams:
            team = 100 + player % 2
            assert part.teams.get(team, Line()) == whole.teams.get(team, Line())
        else:
            assert part.players.get(player, Line()) == whole.players.get(player, Line())
    # Teams add up their players: one word a team, whoever found it first.
    if teams:
        for team, line in whole.teams.items():
            members = [p for p in whole.players if 100 + p % 2 == team]
            assert line.points == sum(whole.players[p].points for p in members)
