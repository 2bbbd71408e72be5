"""Django's admin works under the Content-Security-Policy, in a real browser.

Any inline script or style attribute the policy blocks fails the test
(conftest's policy watcher).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def test_the_admin_works_under_the_content_security_policy(page, live_daphne, daphne_env):
    env = {
        **daphne_env,
        "DJANGO_SUPERUSER_USERNAME": "technician",
        "DJANGO_SUPERUSER_EMAIL": "it@school.example",
        "DJANGO_SUPERUSER_PASSWORD": "a-long-admin-password-7",
    }
    command = [sys.executable, "manage.py", "createsuperuser", "--noinput"]
    subprocess.run(command, cwd=ROOT, env=env, capture_output=True)  # may exist already
    page.goto(live_daphne + "/admin/")
    page.fill("#id_username", "technician")
    page.fill("#id_password", "a-long-admin-password-7")
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")
    for path in (
        "/admin/games/round/",
        "/admin/games/round/?q=a",
        "/admin/accounts/classroom/add/",
        "/admin/auth/user/1/change/",
        "/admin/axes/accessattempt/",
    ):
        page.goto(live_daphne + path)
        assert page.locator("#content").is_visible(), path
    # The admin's own scripts ran: the user's date widgets got their shortcuts.
    page.goto(live_daphne + "/admin/auth/user/1/change/")
    page.wait_for_selector(".datetimeshortcuts")
