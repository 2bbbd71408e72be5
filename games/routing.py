"""Websocket routes: one socket per open room page."""

from django.urls import re_path

from games.consumers import RoomConsumer

websocket_urlpatterns = [
    re_path(r"^ws/rooms/(?P<code>[A-Za-z0-9]{1,12})/$", RoomConsumer.as_asgi()),
]
