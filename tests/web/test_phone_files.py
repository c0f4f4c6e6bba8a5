"""What a phone downloads to score with no signal: the bundle of the app's Python, Pyodide, the worker."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile

from companion.web.phone.bundle import bundle

#: In a Python that sees only the bundle (no site-packages: ``-S``; isolated: ``-I``), score a hand through the
#: phone's app as the worker does.
SCORE_IN_THE_BUNDLE_ONLY = """
import json, sys
sys.path.insert(0, sys.argv[1])
from companion.phone import answer, create_phone_app
body = json.dumps({"game": "sussex", "bid": 4, "declarer": 0, "partner": 1, "tricks": 4, "values": [0, 0, 0, 0]})
status, headers, data = answer(create_phone_app(), "POST", "/api/score", "", {"Content-Type": "application/json"},
                               body.encode())
print(json.dumps([status, sorted(m for m in sys.modules if m.split(".")[0] in {"sqlmodel", "sqlalchemy", "sqlite3"})]))
"""


def made(app) -> bytes:
    """The bundle this server sends."""
    with app.app_context():
        return bundle().data


def in_the_bundle_only(app, tmp_path, script: str) -> str:
    """What ``script`` prints, run in a Python that sees only the bundle, unpacked as the worker does."""
    path = tmp_path / "phone"
    zipfile.ZipFile(io.BytesIO(made(app))).extractall(path)
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_bundle_alone_runs_the_phones_app_with_no_database_library(app, tmp_path):
    printed = in_the_bundle_only(app, tmp_path, SCORE_IN_THE_BUNDLE_ONLY)
    status, database_modules = json.loads(printed)
    assert status in (200, 422)  # an answer from the engine, whatever it makes of this hand
    assert database_modules == []


#: The same, for a French hand form's live preview of a session the phone was handed.
PREVIEW_IN_THE_BUNDLE_ONLY = """
import sys
sys.path.insert(0, sys.argv[1])
import json
from companion.phone import answer, create_phone_app, journal_of
from companion.views import SessionDocument
phone = create_phone_app()
document = SessionDocument("abc", "french", ("Ann", "Bob", "Cat", "Dan"), 12, 2, "", "", "{}", 0)
journal_of(phone).keep(json.dumps({"session": document.as_dict(), "hands": []}))
body = b"deal=1&taker=0&contract=garde&bouts=2&points=50"
headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "fr"}
status, _, page = answer(phone, "POST", "/s/abc/hands/preview", "", headers, body)
print(status, page.decode())
status, _, page = answer(phone, "GET", "/s/abc", "", {"Accept-Language": "fr"}, b"")
print(status, page.decode())
"""


def test_the_bundle_alone_previews_a_hand_and_shows_the_board_in_the_readers_language(app, tmp_path):
    printed = in_the_bundle_only(app, tmp_path, PREVIEW_IN_THE_BUNDLE_ONLY)
    assert printed.startswith("200 ")
    assert "contrat réussi de 9" in printed and "+204" in printed  # 50 with 2 bouts at garde, in French
    # and the whole scoreboard page, its links to the server's other pages as the server writes them
    assert "200 <!doctype html>" in printed and 'href="/s/abc/share"' in printed and "/static/style-" in printed


def test_the_bundle_holds_sources_and_templates_but_no_server_module_nor_compiled_file(app):
    names = zipfile.ZipFile(io.BytesIO(made(app))).namelist()
    assert "companion/phone.py" in names and "flask/app.py" in names and "markupsafe/_native.py" in names
    assert any(name.startswith("companion/games/sussex/templates/") for name in names)
    assert "templates/hands/_preview.html" in names and "translations/fr/LC_MESSAGES/messages.mo" in names
    assert "babel/locale-data/fr.dat" in names and "babel/locale-data/ja.dat" not in names  # only our languages
    server_only = ("companion/models.py", "companion/store.py", "companion/db.py", "companion/app.py")
    assert not set(server_only) & set(names)
    assert not [n for n in names if n.endswith((".pyc", ".so")) or "__pycache__" in n]


def test_the_worker_learns_where_this_releases_files_are_and_each_is_served(client):
    manifest = client.get("/phone/manifest.json")
    assert manifest.headers["Cache-Control"] == "no-cache"
    where = manifest.get_json()
    zipped = client.get(where["bundle"])
    assert zipped.status_code == 200 and zipped.data == made(client.application)
    assert "max-age=31536000" in zipped.headers["Cache-Control"]
    for name, kind in [("pyodide.mjs", "text/javascript"), ("pyodide.asm.wasm", "application/wasm")]:
        response = client.get(where["pyodide"] + name)
        assert response.status_code == 200 and response.mimetype == kind


def test_only_this_releases_pyodide_and_bundle_files_are_served(client):
    where = client.get("/phone/manifest.json").get_json()
    version = where["pyodide"].rstrip("/").rsplit("@", 1)[1]
    assert client.get(f"/vendor/pyodide@{version}/package.json").status_code == 404  # not one the worker loads
    assert client.get(f"/vendor/pyodide@{version}/..%2Fhtmx.org%2Fpackage.json").status_code == 404
    assert client.get("/vendor/pyodide@0.0.1/pyodide.mjs").status_code == 404
    assert client.get("/phone/bundle-0123456789abcdef.zip").status_code == 404


def test_only_the_worker_may_compile_webassembly(client):
    worker = client.get("/phone/worker.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert "wasm-unsafe-eval" not in client.get("/").headers["Content-Security-Policy"]
    assert worker.headers["X-Content-Type-Options"] == "nosniff"  # the other headers as usual


def test_pyodides_webassembly_goes_to_a_phone_brotli_compressed(client):
    import brotli

    from companion.web.phone.routes import PYODIDE

    where = client.get("/phone/manifest.json").get_json()
    wasm = client.get(where["pyodide"] + "pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, br"})
    assert wasm.headers["Content-Encoding"] == "br" and wasm.mimetype == "application/wasm"
    whole = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    assert len(wasm.data) < len(whole) / 2 and brotli.decompress(wasm.data) == whole
    plain = client.get(where["pyodide"] + "pyodide.asm.wasm", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.data == whole  # a client that cannot read Brotli
