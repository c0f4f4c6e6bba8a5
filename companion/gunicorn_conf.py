"""gunicorn's settings for this app: ``gunicorn -c python:companion.gunicorn_conf wsgi:app``.

``make serve``, the tests and the benchmarks all serve the app this way.

gevent workers: each connection is a greenlet, so a client that sends its
request slowly (or never) holds one greenlet, not a worker or one of a few
threads; a handful of half-open connections on the table's Wi-Fi cannot
stall the phones. psycopg 3 and SQLite work under gevent as they are (a
SQLite call does not yield, so a transaction never interleaves with another
of the same worker). Behind a proxy on the internet, let the proxy also cut
off slow clients (see the README's production set-up).

The same cheap connections let a following phone's question wait for the
next change (``companion.live``): each phone with a scoreboard on screen
holds one connection, hence the room for many in ``worker_connections``.
"""

import gc
import os
from typing import Any

worker_class = "gevent"
#: WEB_CONCURRENCY, as hosts set it; two processes are plenty for a table or a pub.
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
#: Open connections a worker holds at most (each a greenlet, a few kilobytes): every phone following a
#: scoreboard holds one while it waits for a change, so room for the phones of thousands of tables (the
#: process needs as many open files: ``ulimit -n``).
worker_connections = 10000
#: A worker that answers nothing for this long is restarted.
timeout = 30
#: An idle keep-alive connection is closed after this many seconds.
keepalive = 5
#: Python's cyclic garbage collector in a worker: a request's own objects (tens of thousands for a big group's
#: page) live for the request alone, but at Python's default first threshold (700) they were collected several
#: times a request, survived, and made a full collection of everything the worker keeps (65 ms) several times a
#: second: a fifth of a worker's time under a crowd (``make bench --only bounds``). Collected less often, they are
#: gone before they are looked at.
GC_THRESHOLDS = (50_000, 20, 10)


def post_worker_init(worker: Any) -> None:
    """A following phone's question waits for the next change in front of the app (``companion.live``), and
    when the worker stops (a restart, a deploy) the waiting phones get their answer at once and ask again."""
    from companion import live

    gc.freeze()  # what the worker loaded to start is kept for good: no collection looks at it again
    gc.set_threshold(*GC_THRESHOLDS)
    if live.cooperative():  # a wait holds a greenlet here; never a sync worker (``-k sync``)
        worker.wsgi = live.Questions(worker.wsgi)
        live.serve_while(lambda: bool(worker.alive))
