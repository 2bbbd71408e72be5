# The commands the README names. Both set up what they need, .venv included.
#   make run    a working server on the embedded defaults (SQLite, in-memory layer)
#   make test   the whole suite (set DATABASE_URL / REDIS_URL to test against those)
#   make lint   ruff check and format check
#   make cluster    Caddy and several daphne processes on PostgreSQL and Redis (README)
#   make messages   the interface's catalogues: update each locale/<code>/LC_MESSAGES/django.po
#                   (every language of boggleweb/interface_languages.py but English), compile django.mo
#                   (needs GNU gettext; both files are committed, so nothing else needs it)

# Every Python that Django 5.2 supports from 3.11 up; the newest found that runs
# (a pyenv shim for a version not selected is found but does not run).
SUPPORTED_PYTHONS := 3.14 3.13 3.12 3.11
ifndef PYTHON
PYTHON := $(firstword $(foreach v,$(SUPPORTED_PYTHONS),$(shell python$(v) -c '' 2>/dev/null && command -v python$(v))) python3)
endif
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format bench dictionaries glosses messages clean cluster cluster-restart \
	housekeeping backup compose-check

$(BIN)/python:
	@$(PYTHON) -c '' 2>/dev/null || { echo "Lettergrid needs Python 3.11 to 3.14 and '$(PYTHON)' does not run: install one (Debian: apt-get install python3 python3-venv) or set PYTHON=/path/to/python3.x" >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(0 if (3, 11) <= sys.version_info[:2] <= (3, 14) else "Lettergrid needs Python 3.11 to 3.14, not %d.%d ($(PYTHON)): set PYTHON=/path/to/python3.x" % sys.version_info[:2])'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when a requirements file changes, so a second
# `make run` starts in seconds.
$(VENV)/.run-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	@touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0
	@echo
	@echo "  Lettergrid is starting: open http://$(HOST):$(PORT)/ in your browser (Ctrl+C stops it)."
	@echo
	exec $(BIN)/daphne -b $(HOST) -p $(PORT) boggleweb.asgi:application

# docker-compose.yml's topology without Docker: Caddy (apt-get install caddy) in front
# of WEB_REPLICAS daphne processes on DATABASE_URL's PostgreSQL and REDIS_URL's Redis.
# LETTERGRID_HOST=games.school.example serves HTTPS; default http://127.0.0.1:8080.
# Its state (ports, process ids) and logs go to CLUSTER_DIR.
CLUSTER_DIR ?= var/cluster
cluster: $(VENV)/.run-installed
	exec $(BIN)/python deploy/cluster.py --state-dir $(CLUSTER_DIR)

# After `git pull`: migrate, collect the static files, and replace every daphne process
# of the running `make cluster` so that each page reconnects once (deploy/cluster.py).
cluster-restart:
	kill -HUP $$($(BIN)/python -c 'import json; print(json.load(open("$(CLUSTER_DIR)/state.json"))["supervisor"])')

# The daily chores and backup of a server run without Docker, with .env's settings, for
# cron (README: Backups and housekeeping): expired sessions and old students' data; the
# database and Caddy's data into BACKUP_DIR.
housekeeping: $(VENV)/.run-installed
	$(BIN)/python deploy/with_env.py housekeeping

BACKUP_DIR ?= /backup
backup: $(VENV)/.run-installed
	CLUSTER_DIR=$(CLUSTER_DIR) $(BIN)/python deploy/with_env.py backup $(BACKUP_DIR)

# docker-compose.yml with .env, checked offline by Compose v2's own `config` (no Docker
# engine needed): it fails when Compose does (deploy/compose_check.py).
compose-check: $(VENV)/.dev-installed
	$(BIN)/python deploy/compose_check.py

test: $(VENV)/.dev-installed
	$(BIN)/python -m pytest

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev-installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.dev-installed
	$(BIN)/python manage.py bench_solver --lang en --size 4 --count 1000 --json
	$(BIN)/python manage.py bench_solver --lang en --size 5 --count 500 --json
	$(BIN)/python manage.py bench_solver --lang en --size 6 --count 300 --json
	$(BIN)/python manage.py bench_solver --lang all --count 200 --json

# Rebuild dictionaries/ from the Debian word-list packages (needs the package
# registry; the result is committed, so nothing else needs this).
dictionaries: $(VENV)/.dev-installed
	$(BIN)/python manage.py build_dictionaries
	$(BIN)/python manage.py build_glosses

# Only the meanings (dictionaries/<lang>/glosses/, docs/glosses.md) from FreeDict and
# WordNet; needs the registry and the word data already built.
glosses: $(VENV)/.dev-installed
	$(BIN)/python manage.py build_glosses

# Collect the interface's strings into locale/<code>/LC_MESSAGES/django.po for every
# interface language but English (boggleweb/interface_languages.py; translate the new
# ones there: the suite fails on an empty one), then compile django.mo. Needs GNU
# gettext (apt-get install gettext).
CATALOGUES = $(shell $(PYTHON) boggleweb/interface_languages.py)
MESSAGES_IGNORE := --ignore=.venv --ignore='.venv-*' --ignore=var --ignore=test-artifacts --ignore=dictionaries --ignore='*/tests/*'
messages: $(VENV)/.dev-installed
	@test -n "$(CATALOGUES)" || { echo "boggleweb/interface_languages.py names no catalogue" >&2; exit 1; }
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(CATALOGUES)) $(MESSAGES_IGNORE)
	$(BIN)/python manage.py compilemessages $(addprefix -l ,$(CATALOGUES)) $(MESSAGES_IGNORE)

clean:
	rm -rf .venv .venv-oldest .pytest_cache .ruff_cache .hypothesis
