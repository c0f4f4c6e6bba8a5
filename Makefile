# Everything installs into .venv and node_modules; nothing by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.package-lock.json
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLASK := $(BIN)/flask --app wsgi

.PHONY: install db run test chromium lint bench-engine

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

install: $(STAMP) $(NODE_STAMP)

# Creates the database in instance/ or upgrades it to the newest schema.
db: install
	$(FLASK) upgrade-db

run: db
	$(FLASK) run --host 127.0.0.1 --port 5000

# Debian's Chromium for the Playwright tests, only when none is on PATH.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y --no-install-recommends chromium fonts-liberation; }

lint: install
	$(BIN)/ruff check .

test: install chromium lint
	$(BIN)/pytest

bench-engine: install
	$(BIN)/python scripts/bench_engine.py
