"""Spanish dates (boggleweb/formats/__init__.py)."""

DATE_FORMAT = r"l, j \d\e F \d\e Y"  # viernes, 27 de noviembre de 2026
DATETIME_FORMAT = r"l, j \d\e F, H:i"  # viernes, 27 de noviembre, 14:30
SHORT_DATE_FORMAT = "j b Y"  # 27 nov 2026
SHORT_DATETIME_FORMAT = "j b, H:i"  # 27 nov, 14:30
MONTH_DAY_FORMAT = "j b"  # 27 nov
