"""Websocket routes. The live game consumers arrive with the rounds (issue 3)."""

websocket_urlpatterns: list = []
