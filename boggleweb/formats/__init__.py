"""The interface's date formats per language (FORMAT_MODULE_PATH), where Django's own
read wrongly here: Django's "M" is "Nov" in French too, so a French page's dates use
"N" (nov.); an English page keeps the day before the month."""
