"""One truth per round, step 3 of 3: the old copies go, the new rules hold."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("games", "0008_round_owns_its_facts_data")]

    operations = [
        migrations.RemoveField(model_name="wordruling", name="room"),
        migrations.RemoveField(model_name="wordruling", name="allowed"),
        migrations.AlterField(
            model_name="wordruling",
            name="round",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="rulings", to="games.round"),
        ),
        migrations.AlterModelOptions(name="wordruling", options={"ordering": ["ruled_at", "pk"]}),
        migrations.AddIndex(
            model_name="wordruling",
            index=models.Index(fields=["round", "word"], name="ruling_round_word"),
        ),
        migrations.DeleteModel(name="Participation"),
        migrations.DeleteModel(name="RefusedWord"),
        migrations.RemoveField(model_name="player", name="team"),
        migrations.AddConstraint(
            model_name="find",
            constraint=models.UniqueConstraint(fields=("round", "player", "word"), name="find_once_per_player"),
        ),
        migrations.AddConstraint(
            model_name="find",
            constraint=models.UniqueConstraint(
                condition=models.Q(("accepted", True), ("team__isnull", False)),
                fields=("round", "team", "word"),
                name="find_once_per_team",
            ),
        ),
        migrations.AddIndex(
            model_name="find",
            index=models.Index(fields=["round", "word"], name="find_round_word"),
        ),
        migrations.AlterField(
            model_name="round",
            name="level",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "Common words only"), (2, "Everyday words"), (3, "Advanced"), (4, "The whole list")]
            ),
        ),
        migrations.AlterField(
            model_name="round",
            name="word_count",
            field=models.PositiveIntegerField(help_text="Words that count, as dealt."),
        ),
        migrations.AddIndex(
            model_name="round",
            index=models.Index(fields=["room", "language", "finished_at"], name="round_room_language"),
        ),
    ]
