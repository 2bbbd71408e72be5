"""German dates (boggleweb/formats/__init__.py)."""

DATE_FORMAT = "l, j. F Y"  # Freitag, 27. November 2026
DATETIME_FORMAT = r"l, j. F, H:i \U\h\r"  # Freitag, 27. November, 14:30 Uhr
SHORT_DATE_FORMAT = "j. M Y"  # 27. Nov 2026
SHORT_DATETIME_FORMAT = "j. M, H:i"  # 27. Nov, 14:30
MONTH_DAY_FORMAT = "j. M"  # 27. Nov
