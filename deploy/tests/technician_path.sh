#!/usr/bin/env bash
# README.md's "The same without Docker" steps, run as a technician types them, on this
# machine, as root (PostgreSQL, Redis and Caddy installed and running, as on CI): the
# README's lines are read from README.md and run as written, in a shell without the
# suite's settings. Then its crontab lines without Docker, run as cron runs them.
#
#   - the PostgreSQL role and database, with a password only .env knows;
#   - .env from deploy/production.env, edited as the technician would in nano (the names,
#     SECRET_KEY, no mail server, and the school's own certificate authority);
#   - the plain-HTTP try: pages answer 200 (not 400, not a redirect to HTTPS) and a form
#     posts (the session cookie comes back over HTTP);
#   - the real run, HTTPS from Caddy's own authority: the README's root certificate
#     verifies it, HSTS and secure cookies are on, HTTP redirects to HTTPS;
#   - `make housekeeping` and `make backup` from the crontab: a dump pg_restore reads,
#     and Caddy's data with the authority's root certificate.
#
# CI runs it after the suite (.ci/run), in about a minute. It removes what it made: the
# cluster it started (by its process id), the role and database, .env, var/cluster.
# On a shared machine, these keep clear of others (defaults: the README's):
#   TRY_DB=lettergrid   the role's and database's name
#   TRY_REDIS_DB=0      REDIS_URL's database number
#   TRY_PORT=8080       the plain-HTTP try's port
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"

# A technician's shell: none of the suite's settings (.ci/run exports DATABASE_URL...).
if [ -z "${TECHNICIAN_SHELL:-}" ]; then
    exec env -i TECHNICIAN_SHELL=1 HOME="${HOME:-/root}" PATH="$PATH" LANG=C.UTF-8 \
        ${PYENV_VERSION:+PYENV_VERSION="$PYENV_VERSION"} TRY_DB="${TRY_DB:-lettergrid}" \
        TRY_REDIS_DB="${TRY_REDIS_DB:-0}" TRY_PORT="${TRY_PORT:-8080}" bash "$0" "$@"
fi

WORK="$(mktemp -d /tmp/lettergrid-technician.XXXXXX)"
LOG="$WORK/cluster.log"
HTTPS_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# Caddy redirects HTTP to HTTPS on port 80 by default: a free port here (deploy/Caddyfile).
CADDY_HTTP_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export CADDY_HTTP_PORT
SITE="lettergrid.test:$HTTPS_PORT"
CA="var/cluster/caddy/data/caddy/pki/authorities/local/root.crt"  # as README says
MAKE_PID=""
CREATED=()

say() { printf '\n== %s\n' "$*"; }
fail() {
    printf '\ntechnician path FAILED: %s\n' "$*" >&2
    if [ -f "$LOG" ]; then tail -n 30 "$LOG" >&2; fi
    if [ -f var/cluster/caddy.log ]; then tail -n 15 var/cluster/caddy.log | cut -c 1-400 >&2; fi
    exit 1
}

psql_as_postgres() { su postgres -c "psql -XAtq $*" 2>/dev/null; }

cleanup() {
    set +e
    stop_cluster
    if [[ " ${CREATED[*]} " == *" database "* ]]; then
        su postgres -c "dropdb --if-exists $TRY_DB" 2>/dev/null
        echo "DROP ROLE IF EXISTS $TRY_DB" | su postgres -c "psql -Xq" 2>/dev/null
    fi
    [[ " ${CREATED[*]} " == *" env "* ]] && rm -f .env
    [[ " ${CREATED[*]} " == *" cluster "* ]] && rm -rf var/cluster
    rm -f var/housekeeping.log var/backup.log
    rm -rf "$WORK"
}
trap cleanup EXIT

# The lines of README's first ``` block after the heading $1 (the heading exactly).
readme_block() {
    awk -v heading="$1" '
        $0 == heading { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }' README.md
}

# --- the cluster in the background -------------------------------------------------------

start_cluster() {  # $1: the README's make cluster line
    rm -f var/cluster/state.json
    eval "$1" >"$LOG" 2>&1 &
    MAKE_PID=$!
    for _ in $(seq 1 240); do
        if grep -q "^Lettergrid: " "$LOG"; then return; fi
        kill -0 "$MAKE_PID" 2>/dev/null || fail "'$1' stopped before serving"
        sleep 0.5
    done
    fail "'$1' did not serve within 2 minutes"
}

stop_cluster() {
    [ -n "$MAKE_PID" ] || return 0
    local supervisor
    supervisor="$(python3 -c 'import json; print(json.load(open("var/cluster/state.json"))["supervisor"])' 2>/dev/null || true)"
    [ -n "$supervisor" ] && kill -TERM "$supervisor" 2>/dev/null
    for _ in $(seq 1 60); do kill -0 "$MAKE_PID" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$MAKE_PID" 2>/dev/null && kill -TERM "$MAKE_PID"
    wait "$MAKE_PID" 2>/dev/null || true
    MAKE_PID=""
}

# --- what a technician checks in a browser ----------------------------------------------

expect() {  # $1 what, $2 expected, $3 got
    [ "$2" = "$3" ] || fail "$1: expected $2, got $3"
    echo "ok: $1 ($3)"
}

check_site() {  # $1 base URL; then curl's options to reach it
    local base="$1" jar="$WORK/cookies" page="$WORK/page.html"
    shift
    rm -f "$jar"
    expect "GET $base/" 200 "$(curl -s "$@" -o "$page" -w '%{http_code}' "$base/")"
    local stylesheet
    stylesheet="$(grep -o '/static/css/site\.[0-9a-f]\{12\}\.css' "$page" | head -n 1)"
    [ -n "$stylesheet" ] || fail "the landing page links to no content-hashed stylesheet"
    expect "its stylesheet $stylesheet" 200 "$(curl -s "$@" -o /dev/null -w '%{http_code}' "$base$stylesheet")"
    expect "GET $base/join" 200 "$(curl -s "$@" -c "$jar" -o /dev/null -w '%{http_code}' "$base/join")"
    local token
    token="$(awk '$6 == "csrftoken" { print $7 }' "$jar")"
    [ -n "$token" ] || fail "no CSRF cookie from $base/join"
    expect "POST $base/join (a form, its cookie back)" 200 "$(curl -s "$@" -b "$jar" -c "$jar" \
        -H "Origin: $base" -H "Referer: $base/join" -o "$page" -w '%{http_code}' \
        --data "csrfmiddlewaretoken=$token&code=ZZZZZZ&nickname=Ann" "$base/join")"
    grep -q "No room has that code" "$page" || fail "the join form did not answer"
    expect "/healthz" '{"status": "ok", "database": "ok", "redis": "ok"}' "$(curl -s "$@" "$base/healthz")"
}

check_plain_http() {
    check_site "http://127.0.0.1:$TRY_PORT"
    grep -q "Plain HTTP on http://127.0.0.1:$TRY_PORT" "$LOG" || fail "make cluster did not say it serves plain HTTP"
}

check_https() {
    local reach=(--cacert "$CA" --resolve "lettergrid.test:$HTTPS_PORT:127.0.0.1")
    for _ in $(seq 1 40); do  # Caddy makes its authority and certificate as it starts
        [ -f "$CA" ] && curl -s "${reach[@]}" -o /dev/null "https://$SITE/healthz" && break
        sleep 0.5
    done
    [ -f "$CA" ] || fail "no root certificate at $CA (README)"
    check_site "https://$SITE" "${reach[@]}"
    curl -s "${reach[@]}" -D "$WORK/headers" -o /dev/null "https://$SITE/"
    grep -qi '^strict-transport-security: max-age=31536000' "$WORK/headers" || fail "no HSTS header"
    expect "the CSRF cookie is secure-only" TRUE "$(awk '$6 == "csrftoken" { print $4 }' "$WORK/cookies")"
    local moved
    moved="$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' --resolve "lettergrid.test:$CADDY_HTTP_PORT:127.0.0.1" "http://lettergrid.test:$CADDY_HTTP_PORT/")"
    expect "plain HTTP is redirected" "308 https://$SITE/" "$moved"
}

# --- the README's lines ------------------------------------------------------------------

[ "$(id -u)" = 0 ] || fail "run as root, as the README's steps are"
[ ! -e .env ] || fail ".env exists here: this would overwrite a real one"
[ -z "$(psql_as_postgres "-c \"SELECT 1 FROM pg_roles WHERE rolname = '$TRY_DB'\"")" ] ||
    fail "PostgreSQL already has a role $TRY_DB: set TRY_DB"
[ -e var/cluster ] || CREATED+=(cluster)

say "README: The same without Docker"
steps="$(readme_block '### The same without Docker: `make cluster`')"
[ -n "$steps" ] || fail "no such section in README.md"
while IFS= read -r line; do
    [ -n "$line" ] || continue
    line="$(sed -e "s/\blettergrid\b/$TRY_DB/g" -e "s|redis://127.0.0.1:6379/0|redis://127.0.0.1:6379/$TRY_REDIS_DB|" \
        -e "s|http://127.0.0.1:8080|http://127.0.0.1:$TRY_PORT|" <<<"$line")"
    echo "\$ $line"
    case "$line" in
        apt-get\ *|git\ clone\ *)
            echo "(this machine has them: CI's own checkout and packages)" ;;
        *"nano .env"*)
            eval "${line%%&& nano*}"
            CREATED+=(env)
            # What the technician types in nano: the names, the key, the authority.
            python3 - "$SITE" <<'EOF'
import re, secrets, sys
site = sys.argv[1]
values = {
    "SECRET_KEY": secrets.token_urlsafe(50),
    "LETTERGRID_HOST": site,
    "LETTERGRID_TLS": "internal",
    "ALLOWED_HOSTS": site.split(":")[0],
    "CSRF_TRUSTED_ORIGINS": f"https://{site}",
    "EMAIL_HOST": "",  # no mail server here: mail goes to the log
}
text = open(".env").read()
for name, value in values.items():
    text, found = re.subn(rf"^{name}=.*$", f"{name}={value}", text, flags=re.M)
    assert found == 1, name
open(".env", "w").write(text)
EOF
            ;;
        make\ cluster*)
            start_cluster "$line"
            if [[ "$line" == *"LETTERGRID_HOST=http://"* ]]; then check_plain_http; else check_https; fi
            stop_cluster ;;
        *)
            if [[ "$line" == *"CREATE ROLE"* ]]; then CREATED+=(database); fi
            eval "$line" ;;
    esac
done <<<"$steps"
[[ " ${CREATED[*]} " == *" database "* ]] || fail "the README's steps made no database"
[ -n "$(psql_as_postgres "-d $TRY_DB -c \"SELECT 1 FROM pg_tables WHERE tableowner = '$TRY_DB' LIMIT 1\"")" ] ||
    fail "the database's tables are not the role's"

say "README: Backups and housekeeping, the crontab lines without Docker"
backups="$WORK/backup"
mkdir -p "$backups"
chmod 755 "$WORK" "$backups"  # as /backup is: PostgreSQL's user reads it to restore
cron_lines="$(readme_block '### Backups and housekeeping' | awk '/^# Without Docker/ { on = 1; next } /^#/ { on = 0 } on && NF')"
[ -n "$cron_lines" ] || fail "no crontab lines without Docker in README.md"
while IFS= read -r line; do
    command="$(cut -d ' ' -f 6- <<<"$line" | sed -e 's/^ *//' -e "s|/srv/lettergrid|$ROOT|g" -e "s|=/backup\b|=$backups|g")"
    case "$command" in *[!\\]%*) fail "an unescaped % in: $line" ;; esac
    command="${command//\\%/%}"
    echo "\$ (cron) $command"
    (cd "$HOME" && env -i HOME="$HOME" LOGNAME=root SHELL=/bin/sh PATH=/usr/bin:/bin /bin/sh -c "$command") ||
        fail "the cron line failed: $line"
done <<<"$cron_lines"
grep -q "Expired sessions deleted." var/housekeeping.log || fail "housekeeping did not run: $(cat var/housekeeping.log)"
grep -q "^Deleted " var/housekeeping.log || fail "purge_student_data did not run"
today="$(date +%F)"
dump="$backups/lettergrid-$today.dump"
pg_restore --list "$dump" >"$WORK/toc" || fail "pg_restore cannot read $dump"
grep -q "TABLE public games_room " "$WORK/toc" || fail "the dump has no games_room table"
echo "ok: $dump restores (pg_restore --list)"
tar -tzf "$backups/lettergrid-caddy-$today.tar.gz" >"$WORK/files" || fail "tar cannot read Caddy's backup"
grep -q "^data/caddy/pki/authorities/local/root.crt$" "$WORK/files" ||
    fail "Caddy's data in the backup lacks the authority's root certificate"
echo "ok: the backup holds Caddy's data and its authority's root certificate"

say "README: restoring that backup, without Docker"
migrations="$(psql_as_postgres "-d $TRY_DB -c 'SELECT count(*) FROM django_migrations'")"
restore="$(awk '
    /^### Backups and housekeeping/ { section = 1 }
    section && /^# without Docker:/ { on = 1; next }
    on && /^```/ { exit }
    on { print }' README.md)"
[ -n "$restore" ] || fail "no restore lines without Docker in README.md"
while IFS= read -r line; do
    line="$(sed -e "s/\blettergrid\b/$TRY_DB/g" -e "s|/backup/$TRY_DB-2026-11-26.dump|$dump|" \
        -e "s|/backup/$TRY_DB-caddy-2026-11-26.tar.gz|$backups/lettergrid-caddy-$today.tar.gz|" <<<"$line")"
    echo "\$ $line"
    eval "$line" || fail "the restore line failed: $line"
done <<<"$restore"
expect "migrations recorded after the restore" "$migrations" "$(psql_as_postgres "-d $TRY_DB -c 'SELECT count(*) FROM django_migrations'")"
[ -f "$CA" ] || fail "Caddy's data was not restored"

say "technician path: every step works as the README says"
