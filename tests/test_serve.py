"""`make serve`: the app on every interface, its address printed with a QR code, share links to match."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time

from companion.serve import lan_address
from companion.testing import ROOT, Phone, free_port
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
