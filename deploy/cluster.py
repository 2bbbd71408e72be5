"""`make cluster`: docker-compose.yml's topology on this machine, without Docker.

Caddy from Debian's package (the same deploy/Caddyfile) in front of N daphne
processes, on the PostgreSQL and Redis of DATABASE_URL and REDIS_URL. It
migrates and collects the static files, starts everything, restarts a process
that dies (as a service manager would) and stops everything on Ctrl+C or
SIGTERM.

SIGHUP (`make cluster-restart`, after `git pull`: an upgrade during a lesson)
migrates and collects the static files again, then replaces every daphne
process so that each page reconnects once: Caddy is given one port more than
there are processes, a spare nothing listens on. A process of the new
release starts on the spare; once Caddy sends it requests, every old process
is drained at once (no new request, its open pages stay); then the old ones
stop one at a time, each replaced on its own port before the next stops, so
that their pages reconnect to processes of the new release, never to an old
one that is about to stop too. The last old port is the next spare.

A site address in plain HTTP (`http://127.0.0.1:8080`, a trial) is served as
such: its host is allowed and the HTTPS-only settings of .env (redirect,
HSTS, secure cookies) are off for the run, which says so.

State (ports, process ids) goes to var/cluster/state.json, logs beside it.
Settings come from the environment, as for `make run`, and from .env (the
file docker-compose.yml reads; the environment wins).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
CADDYFILE = ROOT / "deploy" / "Caddyfile"
# deploy/Caddyfile checks every second, with a 3 s timeout.
CADDY_NOTICES_SECONDS = 5
DEFAULTS = {
    "DATABASE_URL": "postgres://127.0.0.1:5432/lettergrid",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}
# A plain-HTTP site cannot work with these (every page would redirect to an HTTPS
# address nothing serves, and the session cookie would never come back).
PLAIN_HTTP = {
    "SECURE_SSL_REDIRECT": "false",
    "SECURE_HSTS_SECONDS": "0",
    "SECURE_HSTS_PRELOAD": "false",
    "SECURE_PROXY_SSL_HEADER_ENABLED": "false",
}


def read_env_file(path: Path) -> dict[str, str]:
    """NAME=value lines, as Compose and systemd's EnvironmentFile read them."""
    if not path.is_file():
        return {}
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    return {name.strip(): value.strip() for name, value in pairs if not name.startswith("#")}


def settings_env(env_file: Path) -> dict[str, str]:
    """The settings every process gets: DEFAULTS, then .env, then the environment
    (which wins); an empty value means the embedded default, as in Compose."""
    merged = {**DEFAULTS, **read_env_file(env_file), **os.environ}
    return {name: value for name, value in merged.items() if value != ""}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=3) as answer:
            return answer.status == 200
    except OSError:
        return False


class Cluster:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.state_dir = Path(args.state_dir).resolve()  # Caddy runs from inside it
        self.state_dir.mkdir(parents=True, exist_ok=True)
        site = urlsplit(args.site if "://" in args.site else f"https://{args.site}")
        self.env = settings_env(Path(args.env_file))
        self.env.setdefault("ALLOWED_HOSTS", f"{site.hostname},localhost,127.0.0.1")
        if site.scheme == "https":
            # Caddy is the trusted proxy: it says which requests came over HTTPS.
            self.env.setdefault("SECURE_PROXY_SSL_HEADER_ENABLED", "true")
            self.env.setdefault("CSRF_TRUSTED_ORIGINS", f"https://{site.netloc}")
        else:
            self.serve_plain_http(site.hostname)
        # One port more than processes: the spare, where the next release starts.
        ports = [
            args.first_port + n if args.first_port else free_port()
            for n in range(args.processes + 1)
        ]
        self.ports, self.spare = ports[:-1], ports[-1]
        self.web: dict[int, subprocess.Popen] = {}
        self.caddy: subprocess.Popen | None = None
        self.stopping = False
        self.rolling = False

    def serve_plain_http(self, hostname: str) -> None:
        hosts = [host for host in self.env["ALLOWED_HOSTS"].split(",") if host.strip()]
        if hostname not in hosts:
            self.env["ALLOWED_HOSTS"] = ",".join([*hosts, hostname])
        changed = [name for name, value in PLAIN_HTTP.items() if self.env.get(name) != value]
        self.env.update(PLAIN_HTTP)
        print(
            f"Plain HTTP on {self.args.site}: {hostname} allowed"
            + (f", and for this run {', '.join(changed)} off" if changed else "")
            + " (HTTPS needs LETTERGRID_HOST=your.name).",
            flush=True,
        )

    # --- processes -------------------------------------------------------------

    def drain_file(self, port: int) -> Path:
        return self.state_dir / f"web-{port}.draining"

    def start_web(self, port: int) -> None:
        self.drain_file(port).unlink(missing_ok=True)
        log = (self.state_dir / f"web-{port}.log").open("ab")
        command = [sys.executable, "-m", "daphne", "--proxy-headers", "-b", "127.0.0.1"]
        self.web[port] = subprocess.Popen(
            [*command, "-p", str(port), self.args.application],
            cwd=ROOT,
            env={**self.env, "HEALTHZ_DRAIN_FILE": str(self.drain_file(port))},
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def start_caddy(self) -> None:
        caddy_home = self.state_dir / "caddy"
        env = {
            **self.env,
            "LETTERGRID_SITE": self.args.site,
            "LETTERGRID_TLS": self.args.tls,
            "LETTERGRID_UPSTREAMS": " ".join(
                f"127.0.0.1:{port}" for port in sorted([*self.ports, self.spare])
            ),
            "CADDY_ADMIN": "off",
            # Certificates (Let's Encrypt's or the internal authority's) live here.
            "XDG_DATA_HOME": str(caddy_home / "data"),
            "XDG_CONFIG_HOME": str(caddy_home / "config"),
        }
        log = (self.state_dir / "caddy.log").open("ab")
        self.caddy = subprocess.Popen(
            [self.args.caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
            cwd=self.state_dir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def stop_process(self, process: subprocess.Popen) -> None:
        # daphne with the Redis layer can hang on shutdown: terminate, then kill.
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)

    def wait_healthy(self, port: int, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.stopping:
            if healthy(port):
                return True
            time.sleep(0.2)
        return False

    def write_state(self) -> None:
        state = {
            "supervisor": os.getpid(),
            "site": self.args.site,
            "caddy": self.caddy.pid if self.caddy else None,
            "web": [{"port": port, "pid": self.web[port].pid} for port in self.ports],
            "spare": self.spare,
        }
        path = self.state_dir / "state.json"
        path.with_suffix(".tmp").write_text(json.dumps(state, indent=2))
        path.with_suffix(".tmp").replace(path)

    # --- the run ---------------------------------------------------------------

    def prepare(self) -> bool:
        """Migrate, and collect the static files under their content-hashed names
        (a release's files beside the previous ones: boggleweb/static.py)."""
        steps = (["migrate", "--noinput"], ["collectstatic", "--noinput", "-v0"])
        for step in steps:
            if subprocess.run(
                [sys.executable, "manage.py", *step], cwd=ROOT, env=self.env
            ).returncode:
                hint = (
                    "does the database exist, and its role (README: The same without Docker), "
                    "and does PostgreSQL answer?"
                    if step[0] == "migrate"
                    else "see the error above (the files go to staticfiles/)"
                )
                database = self.env["DATABASE_URL"]
                print(
                    f"manage.py {step[0]} failed on DATABASE_URL={database}: {hint}",
                    file=sys.stderr,
                )
                return False
        return True

    def run(self) -> int:
        if not self.prepare():
            return 1
        for port in self.ports:
            self.start_web(port)
        self.start_caddy()
        for port in self.ports:
            if not self.wait_healthy(port):
                print(
                    f"daphne on port {port} never answered /healthz: see {self.state_dir}",
                    file=sys.stderr,
                )
                self.stop()
                return 1
        self.write_state()
        print(
            f"Lettergrid: {self.args.site} -> daphne on ports {', '.join(map(str, self.ports))}",
            flush=True,
        )
        while not self.stopping:
            self.supervise()
            if self.rolling:
                self.rolling = False
                self.rolling_restart()
            time.sleep(0.5)
        self.stop()
        return 0

    def supervise(self) -> None:
        """Restart what died, as systemd's Restart=always would."""
        for port in self.ports:
            if self.web[port].poll() is not None and not self.stopping:
                print(
                    f"daphne on port {port} exited ({self.web[port].returncode}): restarting",
                    flush=True,
                )
                self.start_web(port)
                self.write_state()
        if self.caddy is not None and self.caddy.poll() is not None and not self.stopping:
            print("caddy exited: restarting", flush=True)
            self.start_caddy()
            self.write_state()

    def rolling_restart(self) -> None:
        """The new release on the spare port, every old process drained at once, then
        each stopped and replaced on its port in turn: each page reconnects once, to a
        process of the new release (see the module's docstring)."""
        if not self.prepare():
            print("rolling restart abandoned: the running processes stay", flush=True)
            return
        old = list(self.ports)
        self.start_and_await(self.spare)
        for port in old:
            self.drain_file(port).touch()
        time.sleep(CADDY_NOTICES_SECONDS)  # no new request reaches an old process
        self.ports = [self.spare]
        for n, port in enumerate(old):
            if self.stopping:
                return
            self.stop_process(self.web.pop(port))  # its pages reconnect to the new ones
            if n < len(old) - 1:
                self.start_and_await(port)
                self.ports.append(port)
            self.write_state()
        self.spare = old[-1]
        self.write_state()
        print("rolling restart done", flush=True)

    def start_and_await(self, port: int) -> None:
        """A new process on ``port``, back on /healthz and in Caddy's rotation."""
        self.start_web(port)
        self.wait_healthy(port)
        time.sleep(CADDY_NOTICES_SECONDS)

    def stop(self) -> None:
        self.stopping = True
        for process in [self.caddy, *self.web.values()]:
            if process is not None:
                self.stop_process(process)
        (self.state_dir / "state.json").unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, help="default: WEB_REPLICAS, else 2")
    parser.add_argument(
        "--site",
        help="Caddy's site address, default LETTERGRID_HOST, else http://127.0.0.1:8080: "
        "games.school.example serves HTTPS",
    )
    parser.add_argument("--tls", choices=("public", "internal"), help="default: LETTERGRID_TLS")
    parser.add_argument("--first-port", type=int, default=0, help="default: free ports")
    parser.add_argument("--state-dir", default=str(ROOT / "var" / "cluster"))
    parser.add_argument("--env-file", default=str(ROOT / ".env"), help="default: .env")
    parser.add_argument("--caddy", default=shutil.which("caddy") or "caddy")
    parser.add_argument(
        "--application",
        default="boggleweb.asgi:application",
        help="the ASGI application daphne serves (tools.baseline:application: the bare "
        "room that capacity figures are compared with, docs/PERFORMANCE.md)",
    )
    args = parser.parse_args(argv)
    settings = {**read_env_file(Path(args.env_file)), **os.environ}
    args.site = args.site or settings.get("LETTERGRID_HOST") or "http://127.0.0.1:8080"
    args.tls = args.tls or settings.get("LETTERGRID_TLS") or "public"
    try:
        if args.processes is None:
            args.processes = int(settings.get("WEB_REPLICAS") or 2)
    except ValueError:
        parser.error(f"WEB_REPLICAS={settings['WEB_REPLICAS']!r} is not a whole number")
    if args.tls not in ("public", "internal"):
        parser.error(f"LETTERGRID_TLS={args.tls!r}: use public or internal")
    if not 1 <= args.processes <= 64:
        parser.error(f"--processes (WEB_REPLICAS) must be 1 to 64, not {args.processes}")
    if shutil.which(args.caddy) is None:
        parser.error("Caddy is not installed: apt-get install -y caddy")
    cluster = Cluster(args)

    def stop(signum, frame) -> None:
        cluster.stopping = True

    def roll(signum, frame) -> None:
        cluster.rolling = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGHUP, roll)
    return cluster.run()


if __name__ == "__main__":
    sys.exit(main())
