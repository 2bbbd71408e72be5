from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [("accounts", "0002_rooms_own_classes")]

    operations = [
        migrations.RemoveField(model_name="classroom", name="teacher"),
        migrations.RemoveField(model_name="classroom", name="language"),
        migrations.RemoveField(model_name="classroom", name="level"),
        migrations.RemoveField(model_name="classroom", name="roster"),
    ]
