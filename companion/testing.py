"""Support for the tests and the benchmark scripts: a phone over real HTTP, the app under gunicorn.

``Phone`` keeps its cookies and one keep-alive connection, reads CSRF tokens
from the pages, and sends forms as a browser would (a hand's fields from
``form_data``, the hand form's own mapping).
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from .games import game_of
from .serve import gunicorn_command


def form_fields(hand: dict[str, Any]) -> dict[str, str | list[str]]:
    """The hand form's fields for a hand record given as JSON, as a phone sends them."""
    game, record = game_of(hand)
    return game.form_data(game.parse(record))


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str
    seconds: float


def hidden(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    return match.group(1) if match else ""


#: The hidden fields a hand form sends back.
HAND_FORM_HIDDEN = ("csrf_token", "form_token", "deal", "version")


def hidden_fields(html: str) -> dict[str, str]:
    """The hidden fields of a loaded hand form."""
    return {name: hidden(html, name) for name in HAND_FORM_HIDDEN}


class Phone:
    def __init__(self, base: str, timeout: float = 15):
        parts = urlsplit(base)
        if parts.hostname is None:
            raise ValueError(f"no host in {base!r}")
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, form: Mapping[str, object] | None = None, htmx: bool = False) -> Reply:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        except Exception:
            self.connection.close()
            self.connection = None
            raise
        seconds = time.perf_counter() - start
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            content, *attributes = rest.split(";")
            if any(a.strip().lower() == "max-age=0" for a in attributes):  # a cookie deleted, as a browser does
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = content
        return Reply(response.status, dict(response.headers), text, seconds)

    def get(self, path: str, htmx: bool = False) -> Reply:
        return self.request("GET", path, htmx=htmx)

    def post(self, path: str, form: Mapping[str, object], htmx: bool = False) -> Reply:
        return self.request("POST", path, form, htmx=htmx)

    def start_session(self, names: list[str], deals: int = 16) -> str:
        page = self.get("/")
        form = {f"player_{i}": n for i, n in enumerate(names)}
        form.update(
            csrf_token=hidden(page.text, "csrf_token"),
            first_dealer="0",
            deals=str(deals),
            stinger_settles_with="declarer",
            martlet_values="each",
            coins="0/0½ 0/1 0/3 0/6 1/- 2/- 2/6 10/- 20/-",
        )
        reply = self.post("/sessions", form)
        if reply.status != 303:
            raise RuntimeError(f"starting a session: HTTP {reply.status}")
        return reply.headers["Location"].rsplit("/", 1)[1]

    def open_form(self, path: str) -> tuple[Reply, dict[str, str]]:
        """GET a hand form; returns the page and its hidden fields."""
        page = self.get(path)
        return page, hidden_fields(page.text)


# -- the app under gunicorn, for the crash test, make load and make bench --------

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def gunicorn(
    app: str, env: dict[str, str], workers: int = 4, port: int | None = None, extra: tuple[str, ...] = ()
) -> tuple[subprocess.Popen[bytes], str]:
    """Start gunicorn as production does (``companion.gunicorn_conf``) in its own process group;
    returns (process, base URL) once it answers."""
    port = port or free_port()
    command = gunicorn_command(f"127.0.0.1:{port}", workers, *extra)
    server = subprocess.Popen(
        [*command[:-1], app],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.1)
    os.killpg(server.pid, signal.SIGKILL)
    raise RuntimeError(f"gunicorn {app} did not start")


def stop(server: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Stop the whole process group (master and workers)."""
    os.killpg(server.pid, sig)
    server.wait(20)
