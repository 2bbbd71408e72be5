"""Pages of the game app."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.landing, name="landing"),
    path("play/solo", views.solo_start, name="solo"),
    path("rooms/new", views.room_new, name="room_new"),
    path("join", views.join, name="join"),
    path("join/<str:code>", views.join, name="join_code"),
    path("r/<str:code>/", views.room, name="room"),
    path("r/<str:code>/again", views.play_again, name="play_again"),
    path("r/<str:code>/projector", views.projector, name="projector"),
    path(
        "r/<str:code>/projector/rounds/<int:number>/podium",
        views.projector_podium,
        name="projector_podium",
    ),
    path("r/<str:code>/next", views.next_round, name="next_round"),
    path("r/<str:code>/vocabulary", views.vocabulary, name="vocabulary"),
    path("r/<str:code>/vocabulary.json", views.round_vocabulary, name="round_vocabulary"),
    path("r/<str:code>/rounds/<int:number>/results", views.results, name="results"),
    path("r/<str:code>/rounds/<int:number>/rule", views.rule_word, name="rule_word"),
    path("r/<str:code>/rounds/<int:number>/flashcards.txt", views.flashcards, name="flashcards"),
    path("how-to-play", views.how_to_play, name="how_to_play"),
]
