"""Pages of the game app."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.landing, name="landing"),
    path("healthz", views.healthz, name="healthz"),
]
