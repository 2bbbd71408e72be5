"""Teachers' accounts and the classes they own arrive with issue 4."""
