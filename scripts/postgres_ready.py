"""Exit 0 when a PostgreSQL server answers at the URL given, else 1 (for `make test`)."""

import sys

import psycopg

url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://")
try:
    with psycopg.connect(url, connect_timeout=3) as connection:
        connection.execute("select 1")
except Exception as exc:  # any failure means: not there
    print(f"PostgreSQL not answering at {url}: {exc.__class__.__name__}", file=sys.stderr)
    sys.exit(1)
