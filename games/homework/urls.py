"""Pupils' pages of play at home: /h/<token>/ (a homework), /today/ (the board of the day)."""

from django.urls import path

from games.homework import views

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
    path("today/", views.daily_choose, name="daily_choose"),
    path("today/<str:language>/<int:level>/", views.daily_page, name="daily"),
    path("today/<str:language>/<int:level>/play", views.daily_play, name="daily_play"),
    path("today/attempts/<int:attempt_id>/", views.daily_attempt, name="daily_attempt"),
    path("today/attempts/<int:attempt_id>/result", views.daily_result, name="daily_result"),
]
