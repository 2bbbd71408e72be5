"""A teacher's classes under /classes/."""

from django.urls import path

from accounts import views

app_name = "classes"

urlpatterns = [
    path("", views.class_list, name="list"),
    path("new", views.class_create, name="create"),
    path("<int:pk>/", views.class_detail, name="detail"),
    path("<int:pk>/edit", views.class_edit, name="edit"),
    path("<int:pk>/delete", views.class_delete, name="delete"),
    path("<int:pk>/host-here", views.class_host_here, name="host_here"),
]
