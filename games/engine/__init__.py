"""The Lettergrid game engine: plain Python, no Django.

Dictionaries (folding, word lists, the word graph), dice and boards, the
solver, scoring and the board generator live here so that they can be used
and tested without a web server or a database.
"""
