"""English dates (boggleweb/formats/__init__.py); day before month, as in British schools."""

DATE_FORMAT = "l j F Y"  # Friday 27 November 2026
DATETIME_FORMAT = "l j F, H:i"  # Friday 27 November, 14:30
SHORT_DATE_FORMAT = "j M Y"  # 27 Nov 2026
SHORT_DATETIME_FORMAT = "j M H:i"  # 27 Nov 14:30
MONTH_DAY_FORMAT = "j M"  # 27 Nov
