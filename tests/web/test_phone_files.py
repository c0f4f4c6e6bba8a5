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


def test_the_bundle_alone_runs_the_phones_app_with_no_database_library(tmp_path):
    path = tmp_path / "phone"  # unpacked, as the worker does
    zipfile.ZipFile(io.BytesIO(bundle().data)).extractall(path)
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", SCORE_IN_THE_BUNDLE_ONLY, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    status, database_modules = json.loads(done.stdout)
    assert status in (200, 422)  # an answer from the engine, whatever it makes of this hand
    assert database_modules == []


def test_the_bundle_holds_sources_and_templates_but_no_server_module_nor_compiled_file():
    names = zipfile.ZipFile(io.BytesIO(bundle().data)).namelist()
    assert "companion/phone.py" in names and "flask/app.py" in names and "markupsafe/_native.py" in names
    assert any(name.startswith("companion/games/sussex/templates/") for name in names)
    server_only = ("companion/models.py", "companion/store.py", "companion/db.py", "companion/app.py")
    assert not set(server_only) & set(names)
    assert not [n for n in names if n.endswith((".pyc", ".so")) or "__pycache__" in n]


def test_the_worker_learns_where_this_releases_files_are_and_each_is_served(client):
    manifest = client.get("/phone/manifest.json")
    assert manifest.headers["Cache-Control"] == "no-cache"
    where = manifest.get_json()
    zipped = client.get(where["bundle"])
    assert zipped.status_code == 200 and zipped.data == bundle().data
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
