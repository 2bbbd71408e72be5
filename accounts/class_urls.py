"""A teacher's classes under /classes/."""

from django.urls import path

from accounts import history_views, homework_views, views

app_name = "classes"

urlpatterns = [
    path("", views.class_list, name="list"),
    path("new", views.class_create, name="create"),
    path("<int:pk>/", views.class_detail, name="detail"),
    path("<int:pk>/edit", views.class_edit, name="edit"),
    path("<int:pk>/delete", views.class_delete, name="delete"),
    path("<int:pk>/new-code", views.class_new_code, name="new_code"),
    path("<int:pk>/leaderboard", history_views.leaderboard, name="leaderboard"),
    path("<int:pk>/students/<str:slug>/", history_views.student, name="student"),
    path("<int:pk>/students/<str:slug>/export.csv", history_views.student_csv, name="student_csv"),
    path(
        "<int:pk>/students/<str:slug>/delete", history_views.student_delete, name="student_delete"
    ),
    path("<int:pk>/export.csv", history_views.class_csv, name="class_csv"),
    path("<int:pk>/rounds/<int:number>/export.csv", history_views.round_csv, name="round_csv"),
    path(
        "<int:pk>/rounds/<int:number>/flashcards.txt",
        history_views.round_flashcards,
        name="round_flashcards",
    ),
    path("<int:pk>/homework/", homework_views.homework_list, name="homework"),
    path("<int:pk>/homework/new", homework_views.homework_create, name="homework_create"),
    path(
        "<int:pk>/homework/<int:homework_id>/",
        homework_views.homework_detail,
        name="homework_report",
    ),
    path(
        "<int:pk>/homework/<int:homework_id>/delete",
        homework_views.homework_delete,
        name="homework_delete",
    ),
    path(
        "<int:pk>/homework/<int:homework_id>/report.csv",
        homework_views.homework_csv,
        name="homework_csv",
    ),
    path(
        "<int:pk>/homework/<int:homework_id>/flashcards.txt",
        homework_views.homework_flashcards,
        name="homework_flashcards",
    ),
    path(
        "<int:pk>/homework/<int:homework_id>/boards/<int:position>/rule",
        homework_views.homework_rule,
        name="homework_rule",
    ),
]
