"""Pupils' pages of play at home: /h/<token>/ (a homework), /today/ (the board of the day)."""

from django.urls import path

from games.homework import daily_views, views

app_name = "homework"

urlpatterns = [
    path("h/<str:token>/", views.homework, name="homework"),
    path("h/<str:token>/not-me", views.homework_forget, name="forget"),
    path("h/<str:token>/boards/<int:position>/play", views.homework_play, name="play"),
    path("h/<str:token>/attempts/<int:attempt_id>/", views.homework_attempt, name="attempt"),
    path("h/<str:token>/attempts/<int:attempt_id>/result", views.homework_result, name="result"),
    path(
        "h/<str:token>/attempts/<int:attempt_id>/flashcards.txt",
        views.homework_flashcards,
        name="flashcards",
    ),
    path("today/", daily_views.daily_choose, name="daily_choose"),
    # Before the language's: "attempts" would read as a language code.
    path("today/attempts/<int:attempt_id>/", daily_views.daily_attempt, name="daily_attempt"),
    path("today/attempts/<int:attempt_id>/result", daily_views.daily_result, name="daily_result"),
    path("today/<str:language>/<int:level>/", daily_views.daily_page, name="daily"),
    path("today/<str:language>/<int:level>/play", daily_views.daily_play, name="daily_play"),
]
