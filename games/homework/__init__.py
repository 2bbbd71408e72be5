"""Play at home: a teacher's homework and the board of the day.

A board played at home is a round that nobody plays: it is dealt like any
round (``services.round_deal``, in a room of its own that nobody joins) and
keeps what it was dealt with, the teacher's rulings on its words included. A
pupil's **attempt** is a solo round of its own on that board (the board, its
words and its planted vocabulary copied from the board's round, as a round
keeps what it was dealt with), played on the ordinary play page through the
ordinary room socket: the same finds, verdicts, clock and scoring function as
a lesson, and the same results. What this package adds is who may play which
board when (``services``), ranks that stay cheap however many play a board
(``ranks``), and what pupils and teachers read of it (``selectors``).

Modules: ``models`` (homework, its boards, the board of the day, attempts,
score tallies), ``services`` (every change), ``ranks`` (tallies, rank and
percentile, the histogram), ``selectors`` (reads for pages), ``pupils``
(who a browser is in a class), ``views`` and ``teacher_views`` (pages),
``forms``, ``urls``.
"""
