"""Portuguese dates (boggleweb/formats/__init__.py), as Portugal and Brazil both write them."""

DATE_FORMAT = r"l, j \d\e F \d\e Y"  # sexta-feira, 27 de novembro de 2026
DATETIME_FORMAT = r"l, j \d\e F, H:i"  # sexta-feira, 27 de novembro, 14:30
SHORT_DATE_FORMAT = "j b Y"  # 27 nov 2026
SHORT_DATETIME_FORMAT = "j b, H:i"  # 27 nov, 14:30
MONTH_DAY_FORMAT = "j b"  # 27 nov
