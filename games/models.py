"""Rooms, rounds and finds arrive with the live game (issue 3)."""
