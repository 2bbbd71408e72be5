"""One truth per round, step 1 of 3: the new columns and tables, beside the old ones."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_participation"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                help_text="The teacher whose class this room is (none for a room opened without an account). The owner runs the room from any browser and rules on words.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rooms",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="room",
            name="roster",
            field=models.TextField(
                blank=True,
                help_text="Optional nicknames students pick from when they join, one a line.",
            ),
        ),
        migrations.AlterField(
            model_name="room",
            name="min_length",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Shortest word; empty for the rules' default for the size.",
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="room",
            name="dice",
            field=models.CharField(
                blank=True, default="", help_text="Dice set name; empty for the default.", max_length=32
            ),
        ),
        migrations.AddField(
            model_name="round",
            name="size",
            field=models.PositiveSmallIntegerField(
                choices=[(4, "4×4"), (5, "5×5"), (6, "6×6")], default=4
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="round",
            name="dice",
            field=models.CharField(blank=True, default="", help_text="Empty: the default source.", max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="round",
            name="team_count",
            field=models.PositiveSmallIntegerField(default=0, help_text="0 unless a team round."),
        ),
        migrations.CreateModel(
            name="RoundPlayer",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("joined_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("points", models.IntegerField(default=0)),
                ("words", models.PositiveIntegerField(default=0)),
                ("longest", models.CharField(blank=True, max_length=40)),
                ("player", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="round_players", to="games.player")),
                ("round", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="round_players", to="games.round")),
                ("team", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.RESTRICT, related_name="round_players", to="games.team")),
            ],
            options={
                "ordering": ["joined_at", "pk"],
                "constraints": [models.UniqueConstraint(fields=("round", "player"), name="round_player_once")],
            },
        ),
        migrations.RemoveConstraint(model_name="find", name="find_unique_per_player"),
        migrations.RemoveConstraint(model_name="find", name="find_unique_per_team"),
        migrations.AddField(
            model_name="find",
            name="accepted",
            field=models.BooleanField(default=True),
        ),
        migrations.AlterField(
            model_name="find",
            name="found_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name="find",
            name="team",
            field=models.ForeignKey(
                blank=True,
                help_text="The finder's team in this round (team rounds): one word per team.",
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="finds",
                to="games.team",
            ),
        ),
        migrations.RemoveConstraint(model_name="wordruling", name="one_ruling_per_word"),
        migrations.AddField(
            model_name="wordruling",
            name="round",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="rulings", to="games.round"),
        ),
        migrations.AddField(
            model_name="wordruling",
            name="verdict",
            field=models.CharField(choices=[("allow", "Allowed"), ("disallow", "Disallowed"), ("undo", "Undone")], default="allow", max_length=8),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="wordruling",
            name="path",
            field=models.JSONField(blank=True, help_text="Where an allowed word is spelled on the board.", null=True),
        ),
        migrations.AddField(
            model_name="wordruling",
            name="ruled_by",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name="wordruling",
            name="inherited",
            field=models.BooleanField(default=False, help_text="Copied from an earlier round of the room when this one was dealt."),
        ),
        migrations.AlterField(
            model_name="wordruling",
            name="ruled_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name="wordruling",
            name="room",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="games.room"),
        ),
    ]
