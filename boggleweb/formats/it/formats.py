"""Italian dates (boggleweb/formats/__init__.py)."""

DATE_FORMAT = "l j F Y"  # venerdì 27 novembre 2026
DATETIME_FORMAT = "l j F, H:i"  # venerdì 27 novembre, 14:30
SHORT_DATE_FORMAT = "j b Y"  # 27 nov 2026
SHORT_DATETIME_FORMAT = "j b, H:i"  # 27 nov, 14:30
MONTH_DAY_FORMAT = "j b"  # 27 nov
