# English pages: 27 Nov 2026, 27 Nov, 16:20 (the day first, as the school year's users read it).
DATE_FORMAT = "j M Y"
MONTH_DAY_FORMAT = "j M"
TIME_FORMAT = "H:i"
