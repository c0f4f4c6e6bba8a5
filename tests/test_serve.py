"""`make serve`: the app on every interface, its address printed with a QR code, share links to match."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from companion.serve import lan_address
from companion.testing import ROOT, Phone, free_port, gunicorn, stop
from tests.conftest import make_app


def test_lan_address_is_an_ipv4_address():
    assert re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", lan_address())


def test_serve_prints_the_address_and_a_qr_code_and_share_links_use_it(tmp_path):
    app = make_app(tmp_path / "serve.sqlite3")
    url = app.config["DATABASE_URL"]
    app.extensions["db_engine"].dispose()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "BASE_URL"}
    env.update(DATABASE_URL=url, SECRET_KEY="serve-test")
    server = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "wsgi", "serve", "--port", str(port), "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        printed = ""
        while "Stop with" not in printed:
            line = server.stdout.readline()
            assert line, printed
            printed += line
        base = re.search(r"for the table: (http://\S+)", printed).group(1)
        assert base == f"http://{lan_address()}:{port}"
        assert "█" in printed  # the QR code, drawn in the terminal
        for _ in range(100):  # gunicorn binds every interface: loopback answers too
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        phone = Phone(f"http://127.0.0.1:{port}")
        public_id = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
        share = phone.get(f"/s/{public_id}/share").text
        links = re.findall(r'<a href="([^"]+)" class="share-link"', share)
        assert links[0] == f"{base}/s/{public_id}" and links[1].startswith(f"{base}/s/{public_id}/join/")
        assert share.count("<svg") == 2
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)


def test_slow_clients_do_not_hold_up_the_table(tmp_path):
    """Slowloris on the table's Wi-Fi: 40 connections trickling a request's headers, a byte a second;
    a phone's page still comes at once, again and again."""
    app = make_app(tmp_path / "slow.sqlite3")
    url = app.config["DATABASE_URL"]
    app.extensions["db_engine"].dispose()
    server, base = gunicorn("wsgi:app", {"DATABASE_URL": url, "SECRET_KEY": "slow-test"}, workers=2)
    port = int(base.rsplit(":", 1)[1])
    assert Phone(base, timeout=60).get("/").status == 200  # the app loaded: what is timed below is the slow clients
    stopping = threading.Event()
    trickled = threading.Semaphore(0)  # released once by each slow client when it has sent a byte more

    def trickle():
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            while not stopping.wait(1):
                sock.sendall(b"X")  # one byte of a header that never ends
                trickled.release()

    slow = [threading.Thread(target=trickle, daemon=True) for _ in range(40)]
    try:
        for t in slow:
            t.start()
        for _ in slow:  # every worker has had the slow clients' first bytes, and a byte more
            assert trickled.acquire(timeout=30)
        waits = []
        for _ in range(6):
            phone = Phone(base, timeout=10)
            reply = phone.get("/")
            assert reply.status == 200
            waits.append(reply.seconds)
        assert max(waits) < 1.0, waits
    finally:
        stopping.set()
        stop(server)
