"""The bundle of Python the phone runs (``companion.phone``): read from this install, so it is the server's code.

A zip of the modules ``companion.phone.MODULES`` names and the pure-Python
libraries of ``companion.phone.LIBRARIES``, sources only (no bytecode, no
compiled speed-ups: MarkupSafe, for one, falls back to its Python). Its
name carries a digest of its content, so a phone keeps it until a release
changes it.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...phone import LIBRARIES, MODULES

PACKAGE = Path(__file__).resolve().parents[2]
#: What a module needs in the phone: its sources, and the templates and data files beside them.
SKIPPED_SUFFIXES = (".pyc", ".so", ".pyd", ".c", ".pyi")


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
    for library in LIBRARIES:
        folder = Path(importlib.import_module(library).__file__ or "").parent
        found += _files(folder, library)
    return found


@cache
def bundle() -> Bundle:
    """The zip, made once per process; its entries dated alike so that the same files give the same digest."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in members():
            entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            archive.writestr(entry, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    data = out.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])
