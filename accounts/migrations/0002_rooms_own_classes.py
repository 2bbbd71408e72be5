"""A class's teacher and roster move to its room (its owner and roster); the class's
copy of the language and level goes (the room's next-round settings are the only ones)."""

from django.db import migrations


def forwards(apps, schema_editor):
    Classroom = apps.get_model("accounts", "Classroom")
    Room = apps.get_model("games", "Room")
    for classroom in Classroom.objects.all():
        Room.objects.filter(pk=classroom.room_id).update(
            owner_id=classroom.teacher_id, roster=classroom.roster
        )


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_classrooms_login_failures"),
        ("games", "0007_round_owns_its_facts"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
