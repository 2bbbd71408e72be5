# French pages: 27 nov. 2026, 27 nov., 16:20 (Django's "M" would say "Nov").
DATE_FORMAT = "j N Y"
MONTH_DAY_FORMAT = "j N"
TIME_FORMAT = "H:i"
