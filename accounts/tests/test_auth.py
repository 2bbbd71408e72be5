"""Teachers sign up, log in, log out and reset a password; guessing is slowed down."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.db.models import F, Sum
from django.test import Client
from django.urls import reverse

from accounts.tests.conftest import PASSWORD, make_teacher

pytestmark = pytest.mark.django_db
LOGIN = reverse("accounts:login")
LOGIN_FAILURE_LIMIT = 5  # settings.AXES_FAILURE_LIMIT, said once here as the README says it


def login(client, username="mme_dupont", password=PASSWORD, **extra):
    return client.post(LOGIN, {"username": username, "password": password}, **extra)


def test_sign_up_logs_the_teacher_in_and_leads_to_a_first_class(client):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "prof_garcia",
            "email": "garcia@school.example",
            "password1": "tortilla-de-patatas-9",
            "password2": "tortilla-de-patatas-9",
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("classes:create")
    user = get_user_model().objects.get(username="prof_garcia")
    assert user.email == "garcia@school.example"
    assert client.get(reverse("classes:list")).context["user"] == user


def test_sign_up_refuses_an_email_already_in_use(client, teacher):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "someone_else",
            "email": "MME_DUPONT@school.example",
            "password1": "tortilla-de-patatas-9",
            "password2": "tortilla-de-patatas-9",
        },
    )
    assert response.status_code == 200
    assert "already uses this email" in response.content.decode()
    assert not get_user_model().objects.filter(username="someone_else").exists()


def test_a_weak_password_is_refused_under_the_password_field(client):
    weak = "12345678"
    response = client.post(
        reverse("accounts:signup"),
        {"username": "mr_li", "email": "li@school.example", "password1": weak, "password2": weak},
    )
    form = response.context["form"]
    assert "password1" in form.errors and "password2" not in form.errors
    assert not get_user_model().objects.filter(username="mr_li").exists()


def test_login_leads_to_my_classes_and_a_wrong_password_does_not(client, teacher):
    wrong = login(client, password="not-it")
    assert wrong.status_code == 200
    assert "enter a correct username and password" in wrong.content.decode()
    response = login(client)
    assert response.status_code == 302
    assert response.url == reverse("classes:list")


def test_the_header_offers_teachers_a_way_in_and_out(client, teacher):
    assert 'href="/accounts/login"' in client.get("/").content.decode()
    login(client)
    html = client.get("/").content.decode()
    assert 'href="/classes/"' in html
    assert 'action="/accounts/logout"' in html


def test_logout_is_a_post_and_a_get_changes_nothing(teacher_client):
    assert teacher_client.get(reverse("accounts:logout")).status_code == 405
    assert teacher_client.get(reverse("classes:list")).status_code == 200
    response = teacher_client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert response.url == reverse("games:landing")
    after = teacher_client.get(reverse("classes:list"))
    assert after.status_code == 302
    assert after.url.startswith(LOGIN)


def test_a_post_without_the_csrf_token_is_refused(teacher):
    browser = Client(enforce_csrf_checks=True)
    assert login(browser).status_code == 403
    page = browser.get(LOGIN)
    token = page.cookies["csrftoken"].value
    assert login(browser, HTTP_X_CSRFTOKEN=token).status_code == 302
    refused = browser.post(reverse("classes:create"), {"name": "4e A", "language": "en"})
    assert refused.status_code == 403


def test_password_reset_mails_a_link_that_sets_a_new_password(client, teacher):
    response = client.post(reverse("accounts:password_reset"), {"email": teacher.email})
    assert response.url == reverse("accounts:password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [teacher.email]
    link = re.search(r"https?://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form_page = client.get(link, follow=True)  # Django swaps the token for a session
    assert form_page.context["validlink"]
    set_password_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_password_url,
        {"new_password1": "ein-neues-Passwort-7", "new_password2": "ein-neues-Passwort-7"},
    )
    assert done.url == reverse("accounts:password_reset_complete")
    assert login(Client(), password="ein-neues-Passwort-7").status_code == 302
    assert login(Client()).status_code == 200  # the old one is gone
    assert not client.get(link, follow=True).context["validlink"]  # the link worked once


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    response = client.post(reverse("accounts:password_reset"), {"email": "nobody@x.example"})
    assert response.url == reverse("accounts:password_reset_done")
    assert mail.outbox == []


def test_five_failures_make_the_next_try_wait_even_with_the_right_password(client, teacher):
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        assert login(client, password="guess").status_code == 200
    assert login(client, password="guess").status_code == 429  # the fifth: wait
    waiting = login(client)
    assert waiting.status_code == 429
    assert re.search(
        r"Too many failed attempts for this account\. Try again in [1-5] seconds?\.",
        waiting.content.decode(),
    )
    assert "_auth_user_id" not in client.session
    _age_failures(seconds=5)
    assert login(client).status_code == 302


def test_each_further_failure_doubles_the_wait_up_to_two_minutes(client, teacher):
    for _ in range(LOGIN_FAILURE_LIMIT):
        login(client, password="guess")
    waits = []
    for _ in range(7):
        _age_failures(seconds=121)
        waits.append(re.search(r"Try again in (\d+ \w+)", _page(login(client, password="guess"))))
    assert [found.group(1) for found in waits] == [
        "10 seconds",
        "20 seconds",
        "40 seconds",
        "2 minutes",  # 80 s
        "2 minutes",
        "2 minutes",
        "2 minutes",
    ]
    _age_failures(seconds=100)
    assert login(client).status_code == 429
    _age_failures(seconds=21)
    assert login(client).status_code == 302


def test_a_pupil_hammering_the_teachers_name_from_the_school_address_costs_them_seconds(
    client, teacher
):
    """One address for the whole school: a pupil types the teacher's name 100 times."""
    pupil = Client(REMOTE_ADDR="192.0.2.10")
    for _ in range(LOGIN_FAILURE_LIMIT):
        login(pupil, password="guess")
    _age_failures(seconds=-60)  # however slow this machine, the rest fall in the wait
    for _ in range(95):
        assert login(pupil, password="guess").status_code == 429
    # Tries made while the account waits are refused, not counted: the wait stays 5 s.
    assert _failures() == LOGIN_FAILURE_LIMIT
    _age_failures(seconds=60 + 5)
    assert login(Client(REMOTE_ADDR="192.0.2.10")).status_code == 302


def test_failures_count_per_account_from_any_address(client, teacher):
    for n in range(LOGIN_FAILURE_LIMIT):
        login(Client(REMOTE_ADDR=f"198.51.100.{n}"), password="guess")
    assert login(Client(REMOTE_ADDR="203.0.113.7")).status_code == 429
    # Another account is not held back by this one's failures.
    make_teacher("mr_smith")
    assert login(Client(REMOTE_ADDR="203.0.113.7"), username="mr_smith").status_code == 302


def test_failures_are_forgotten_a_day_after_the_last(client, teacher):
    for _ in range(LOGIN_FAILURE_LIMIT + 2):
        _age_failures(seconds=121)
        login(client, password="guess")
    _age_failures(hours=23)
    assert _failures() == LOGIN_FAILURE_LIMIT + 2
    _age_failures(hours=1, seconds=1)
    assert login(client, password="guess").status_code == 200  # the first of a new count
    assert _failures() == 1


def test_the_teacher_is_mailed_once_a_day_when_their_account_reaches_the_limit(
    client, teacher, settings
):
    cache.delete(f"login-alert:{teacher.pk}")  # the cache is shared (Redis on CI)
    settings.LANGUAGE_CODE = "fr"
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        login(client, password="guess", REMOTE_ADDR="192.0.2.44")
    assert mail.outbox == []
    login(client, password="guess", REMOTE_ADDR="192.0.2.44")
    (alert,) = mail.outbox
    assert alert.to == [teacher.email]
    assert "Lettergrid" in alert.subject and "connexion" in alert.subject
    assert "192.0.2.44" in alert.body and "5 fois" in alert.body
    assert "http://testserver/accounts/password-reset" in alert.body
    for _ in range(3):
        _age_failures(seconds=121)
        login(client, password="guess")
    assert len(mail.outbox) == 1  # once a day, not once a try


def test_failures_on_an_unknown_name_mail_nobody(client, teacher):
    cache.delete(f"login-alert:{teacher.pk}")
    for _ in range(LOGIN_FAILURE_LIMIT + 1):
        login(client, username="nobody_here", password="guess")
    assert mail.outbox == []
    assert login(client).status_code == 302  # the teacher's own account is untouched


def test_a_right_password_forgives_earlier_typos(client, teacher):
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        login(client, password="guess")
    assert login(client).status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        assert login(client, password="guess").status_code == 200
    assert login(client).status_code == 302


def test_failures_are_counted_per_user_name_whatever_its_case(client, teacher):
    for name in ("MME_DUPONT", "Mme_Dupont", "mme_dupont", "MME_dupont", "mme_DUPONT"):
        login(client, username=name, password="guess")
    assert "Too many failed attempts" in login(client).content.decode()


def test_the_admin_login_counts_and_obeys_the_same_limit(client, teacher):
    teacher.is_staff = teacher.is_superuser = True
    teacher.save()
    admin_login = reverse("admin:login")
    for _ in range(LOGIN_FAILURE_LIMIT + 3):
        client.post(admin_login, {"username": "mme_dupont", "password": "guess"})
    right = client.post(admin_login, {"username": "mme_dupont", "password": PASSWORD})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session
    # Failures at /admin/ hold /accounts/login back too: one count per account.
    assert login(client).status_code == 429


def test_behind_the_proxy_the_failures_record_the_pupils_address(client, teacher, settings):
    settings.BEHIND_TRUSTED_PROXY = True
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    forged = "192.0.2.99, 192.0.2.10"  # a forged first entry, then what the proxy saw
    login(client, password="guess", HTTP_X_FORWARDED_FOR=forged, **proxy)
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["192.0.2.10"]


def test_a_password_reset_lifts_the_lockout(client, teacher):
    for _ in range(LOGIN_FAILURE_LIMIT):
        login(client, password="guess")
    assert login(client).status_code == 429
    client.post(reverse("accounts:password_reset"), {"email": teacher.email})
    (reset,) = [m for m in mail.outbox if "/accounts/reset/" in m.body]  # besides the alert
    link = re.search(r"https?://testserver(/accounts/reset/\S+/)", reset.body).group(1)
    form_page = client.get(link, follow=True)
    client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "ein-neues-Passwort-7", "new_password2": "ein-neues-Passwort-7"},
    )
    assert login(client, password="ein-neues-Passwort-7").status_code == 302


def _age_failures(**delta):
    """As if the failures so far had happened ``delta`` earlier."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(**delta))


def _failures() -> int:
    return AccessAttempt.objects.aggregate(total=Sum("failures_since_start"))["total"] or 0


def _page(response) -> str:
    return response.content.decode()
