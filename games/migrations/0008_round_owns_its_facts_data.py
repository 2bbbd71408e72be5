"""One truth per round, step 2 of 3: old rounds keep their results in the new shape.

- Each round gets the size of its board, its room's dice and, for a team
  round, its team count.
- Who was in a round (participation rows and finders) becomes round players,
  with the team each found words for.
- Words refused as not in the dictionary become finds that were not accepted.
- Old rulings (per room, applied by changing rounds in place) become rulings
  on the room's latest round, so that later rounds still inherit them.
- Each finished round's results are stored, as its pages showed them.
"""

from collections import defaultdict

from django.db import migrations

from games.engine.scoring import score_word


def forwards(apps, schema_editor):
    Round = apps.get_model("games", "Round")
    Find = apps.get_model("games", "Find")
    RoundPlayer = apps.get_model("games", "RoundPlayer")
    Participation = apps.get_model("games", "Participation")
    RefusedWord = apps.get_model("games", "RefusedWord")
    WordRuling = apps.get_model("games", "WordRuling")
    Player = apps.get_model("games", "Player")
    Team = apps.get_model("games", "Team")

    team_numbers = dict(Team.objects.values_list("pk", "number"))
    rounds = {}
    for game_round in Round.objects.select_related("room"):
        game_round.size = len(game_round.board.split("/"))
        game_round.dice = game_round.room.dice
        if game_round.mode == "teams":
            used = [
                team_numbers[team]
                for team in Find.objects.filter(round=game_round, team__isnull=False)
                .values_list("team_id", flat=True)
                .distinct()
            ]
            game_round.team_count = max([game_round.room.team_count or 2, *used])
        game_round.save(update_fields=["size", "dice", "team_count"])
        rounds[game_round.pk] = game_round

    player_teams = dict(Player.objects.values_list("pk", "team_id"))
    members = {}
    for round_id, player_id, team_id, found_at in Find.objects.values_list(
        "round_id", "player_id", "team_id", "found_at"
    ):
        members.setdefault((round_id, player_id), (team_id, found_at))
    for round_id, player_id, joined_at in Participation.objects.values_list(
        "round_id", "player_id", "joined_at"
    ):
        team = player_teams.get(player_id) if rounds[round_id].mode == "teams" else None
        members.setdefault((round_id, player_id), (team, joined_at))
    for refusal in RefusedWord.objects.all():
        game_round = rounds[refusal.round_id]
        team = None
        if game_round.mode == "teams":
            team = members.get((refusal.round_id, refusal.player_id), (None,))[0]
            team = team or player_teams.get(refusal.player_id)
        members.setdefault((refusal.round_id, refusal.player_id), (team, refusal.refused_at))
        if not Find.objects.filter(
            round_id=refusal.round_id, player_id=refusal.player_id, word=refusal.word
        ).exists():
            Find.objects.create(
                round_id=refusal.round_id,
                player_id=refusal.player_id,
                team_id=team,
                word=refusal.word,
                path=refusal.path,
                points=score_word(refusal.word, game_round.size),
                accepted=False,
                found_at=refusal.refused_at,
            )
    RoundPlayer.objects.bulk_create(
        RoundPlayer(round_id=round_id, player_id=player_id, team_id=team, joined_at=at)
        for (round_id, player_id), (team, at) in members.items()
    )

    for ruling in WordRuling.objects.all():
        latest = Round.objects.filter(room_id=ruling.room_id).order_by("-number").first()
        if latest is None:
            ruling.delete()
            continue
        ruling.round = latest
        ruling.verdict = "allow" if ruling.allowed else "disallow"
        if ruling.allowed:
            ruling.path = latest.solution.get(ruling.word)
        ruling.save(update_fields=["round", "verdict", "path"])

    # Results as the pages showed them: old rounds' finds were all accepted, and
    # old rulings had already changed them in place.
    for game_round in rounds.values():
        if game_round.finished_at is None:
            continue
        finds = list(Find.objects.filter(round=game_round, accepted=True).order_by("found_at", "pk"))
        finders = defaultdict(set)
        for find in finds:
            finders[find.word].add(("team", find.team_id) if find.team_id else ("p", find.player_id))
        shared = {w for w, who in finders.items() if game_round.scoring == "classic" and len(who) > 1}
        lines = defaultdict(lambda: [0, 0, ""])
        for find in finds:
            line = lines[find.player_id]
            line[0] += 0 if find.word in shared else find.points
            line[1] += 1
            if len(find.word) > len(line[2]):
                line[2] = find.word
        for player_id, (points, words, longest) in lines.items():
            RoundPlayer.objects.filter(round=game_round, player_id=player_id).update(
                points=points, words=words, longest=longest
            )


class Migration(migrations.Migration):

    dependencies = [("games", "0007_round_owns_its_facts")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
