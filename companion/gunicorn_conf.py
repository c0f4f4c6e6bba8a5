"""gunicorn's settings for this app: ``gunicorn -c python:companion.gunicorn_conf wsgi:app``.

``make serve``, the tests and the benchmarks all serve the app this way.

gevent workers: each connection is a greenlet, so a client that sends its
request slowly (or never) holds one greenlet, not a worker or one of a few
threads; a handful of half-open connections on the table's Wi-Fi cannot
stall the phones. psycopg 3 and SQLite work under gevent as they are (a
SQLite call does not yield, so a transaction never interleaves with another
of the same worker). Behind a proxy on the internet, let the proxy also cut
off slow clients (see the README's production set-up).
"""

import os

worker_class = "gevent"
#: WEB_CONCURRENCY, as hosts set it; two processes are plenty for a table or a pub.
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
#: Open connections a worker holds at most (each a greenlet): far more than any slow-client attack on a LAN.
worker_connections = 1000
#: A worker that answers nothing for this long is restarted.
timeout = 30
#: An idle keep-alive connection is closed after this many seconds.
keepalive = 5
