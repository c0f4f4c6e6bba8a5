"""The bundle of Python the phone runs (``companion.phone``): read from this install, so it is the server's code.

A zip of the modules ``companion.phone.MODULES`` names, the app's own folders
of ``companion.phone.TOP`` (its templates, its compiled catalogues) and the
pure-Python libraries of ``companion.phone.LIBRARIES``, sources only (no
bytecode, no compiled speed-ups: MarkupSafe, for one, falls back to its
Python). Its name carries a digest of its content, so a phone keeps it until
a release changes it.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import json
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from flask import Flask, current_app

from ...i18n import LANGUAGES
from ...phone import LIBRARIES, MODULES, SERVED, TOP

PACKAGE = Path(__file__).resolve().parents[2]
ROOT = PACKAGE.parent
#: What a module needs in the phone: its sources, and the templates and data files beside them.
SKIPPED_SUFFIXES = (".pyc", ".so", ".pyd", ".c", ".pyi", ".po", ".pot")
#: Babel's data for the languages the companion speaks only (and the root they all inherit from): 0.5 MB, not 30.
LOCALE_DATA = {f"{code}.dat" for code in LANGUAGES} | {"root.dat"}


def _wanted(name: str) -> bool:
    """Whether a file of the libraries goes to the phone: not the other languages' data nor pytz's time zones."""
    if name.startswith("babel/locale-data/"):
        return name.rsplit("/", 1)[1] in LOCALE_DATA
    return not name.startswith("pytz/zoneinfo/")


@dataclass(frozen=True)
class Bundle:
    data: bytes
    digest: str


def _files(root: Path, prefix: str) -> list[tuple[str, Path]]:
    """Every file under ``root`` (a file or a folder), named in the zip as ``prefix`` + its relative path."""
    if root.is_file():
        return [(prefix, root)]
    return [
        (f"{prefix}/{path.relative_to(root).as_posix()}", path)
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(SKIPPED_SUFFIXES)
    ]


def members() -> list[tuple[str, Path]]:
    """The bundle's files: this package's modules the phone runs, then each library's package."""
    found = [pair for name in MODULES for pair in _files(PACKAGE / name, f"companion/{name}".rstrip("/"))]
    found += [pair for name in TOP for pair in _files(ROOT / name, name)]
    for library in LIBRARIES:
        folder = Path(importlib.import_module(library).__file__ or "").parent
        found += [(name, path) for name, path in _files(folder, library) if _wanted(name)]
    return found


def served(app: Flask) -> str:
    """What the phone's app needs to know of the server's (``companion/served.json`` in the bundle): every address
    the server answers, so that a page the phone renders links to each as the server's does; htmx's version; and
    the fingerprinted names of the static files."""
    from ...app import htmx_version

    routes = [
        [rule.endpoint, rule.rule, sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})]
        for rule in app.url_map.iter_rules()
    ]
    manifest = ROOT / "static" / "cache_manifest.json"
    names = json.loads(manifest.read_text()) if manifest.is_file() else {}
    return json.dumps({"routes": routes, "htmx": htmx_version(), "static": names}, sort_keys=True)


def bundle() -> Bundle:
    """This server's bundle (in a request, or with an app context). What it says of the server is worked out once
    an app: its addresses and files do not change while it serves (``/sw.js`` and each worker's start ask)."""
    facts = current_app.extensions.get("phone_served")
    if facts is None:
        facts = current_app.extensions["phone_served"] = served(current_app)
    return _bundle(facts)


@cache
def _bundle(facts: str) -> Bundle:
    """The zip, made once per process; its entries dated alike so that the same files give the same digest."""
    out = io.BytesIO()
    stamp = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in members():
            archive.writestr(zipfile.ZipInfo(name, date_time=stamp), path.read_bytes(), zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo(SERVED, date_time=stamp), facts, zipfile.ZIP_DEFLATED)
    data = out.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])
