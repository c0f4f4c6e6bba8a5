# Everything installs into .venv and node_modules; nothing by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.package-lock.json
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLASK := $(BIN)/flask --app wsgi
TEST_POSTGRES_URL ?= postgresql://postgres@127.0.0.1:5432/test

.PHONY: install db run serve test chromium lint bench bench-engine load translations

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# Fingerprinted copies of static/ (name-md5.ext, cached by phones for a year), made again when a file changes.
DIGEST := static/cache_manifest.json
$(DIGEST): $(STAMP) $(filter-out $(wildcard static/*-*.* static/*.gz) $(DIGEST),$(wildcard static/*))
	$(FLASK) digest clean >/dev/null
	$(FLASK) digest compile >/dev/null

# The compiled catalogues (translations/<lang>/LC_MESSAGES/messages.mo), made again when a catalogue changes.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard translations/*/LC_MESSAGES/messages.po))
%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@ 2>&1 | grep -v "^compiling" || true

install: $(STAMP) $(NODE_STAMP) $(DIGEST) $(CATALOGUES)

# After changing a text: the strings the code and templates use, merged into each language's catalogue
# (translations/<lang>/LC_MESSAGES/messages.po); translate what is new or marked fuzzy, then make install.
translations: install
	$(BIN)/pybabel extract --width=120 --no-location --sort-output -k _l -k lazy_gettext -k lazy_pgettext:1c,2 -F babel.cfg -o translations/messages.pot . >/dev/null
	$(BIN)/pybabel update --width=120 --no-fuzzy-matching --ignore-obsolete -i translations/messages.pot -d translations

# Creates the database in instance/ or upgrades it to the newest schema.
db: install
	$(FLASK) upgrade-db

# This machine only, on PORT (5000 by default): `make run PORT=8000`.
PORT ?= 5000
run: db
	BASE_URL=http://127.0.0.1:$(PORT) $(FLASK) run --host 127.0.0.1 --port $(PORT)

# For a table's phones: every interface, the address and a QR code printed (PORT=5000 by default),
# under gunicorn with the app's settings (companion/gunicorn_conf.py: gevent workers).
serve: db
	$(FLASK) serve --port $(PORT)

# Debian's Chromium for the Playwright tests, only when none is on PATH.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y --no-install-recommends chromium fonts-liberation; }

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

# The whole suite on SQLite, then on PostgreSQL (when one answers) the tests that send SQL and a session of every
# game on a phone (tests/conftest.py chooses them); each pass in several processes (pytest-xdist), the longest tests
# first and dealt round the processes (--dist load), then the next test to whichever is free, so that none is left
# running a long one alone at the end. More processes than a two-core machine has cores: a test spends much of its
# time waiting on a browser, a server or PostgreSQL. Test modules are compiled (their asserts rewritten) once, into
# the ignored __pycache__, whatever PYTHONDONTWRITEBYTECODE says. pytest's exit status stands: 5 (none collected) fails.
# The slowest 15 tests of each pass are printed at its end.
TEST_WORKERS ?= 3
TEST_WORKERS_POSTGRES ?= 4
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest --dist load --durations=15
test: install chromium lint
	@echo "== Test suite on SQLite"
	$(PYTEST) -n $(TEST_WORKERS)
	@if $(BIN)/python scripts/postgres_ready.py "$(TEST_POSTGRES_URL)"; then \
	  echo "== The tests that send SQL again, on PostgreSQL at $(TEST_POSTGRES_URL)"; \
	  TEST_DATABASE_URL="$(TEST_POSTGRES_URL)" $(PYTEST) -n $(TEST_WORKERS_POSTGRES); \
	else \
	  echo "== PostgreSQL not answering at $(TEST_POSTGRES_URL): the suite ran on SQLite only"; \
	fi

bench-engine: install
	$(BIN)/python scripts/bench_engine.py

# How many tables at once (four phones, a hand every few minutes) one gunicorn pool serves with p95 < 100 ms.
load: install
	$(BIN)/python scripts/load.py $(ARGS)

# Time to preview and to the saved scoreboard on a Slow-4G phone, page weight, taps, growth.
bench: install chromium
	$(BIN)/python scripts/bench.py $(ARGS)
