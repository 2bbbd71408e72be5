from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Teachers' accounts"

    def ready(self) -> None:
        from axes.signals import user_locked_out

        from accounts.throttling import tell_the_teacher

        user_locked_out.connect(tell_the_teacher, dispatch_uid="lettergrid-login-alert")
