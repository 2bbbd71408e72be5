"""How each interface language writes dates (settings.FORMAT_MODULE_PATH): one module
per language of boggleweb/interface_languages.py, overriding Django's own formats for
the few shapes the pages use, so that templates name a shape and never a pattern.

- DATE_FORMAT            a day in full, with the weekday (the board of the day)
- DATETIME_FORMAT        a weekday, day and time within the school year (homework
                         openings and deadlines, e-mails)
- SHORT_DATE_FORMAT      a day, short month and year (leaderboards)
- SHORT_DATETIME_FORMAT  a day, short month and time (homework lists and reports)
- MONTH_DAY_FORMAT       a day and short month (charts' labels)

Everything else (numbers' separators, input formats) stays Django's for the language.
"""
