"""Small in-process caches (one per worker process), bounded, least recently used out.

Correct across several worker processes because every key carries what makes
the value fresh: a session's revision from the database, or data that never
changes once a session has started (its players and house rules).
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

_MISSING = object()


class LRU:
    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable, default=None):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return default

    def put(self, key: Hashable, value) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_make(self, key: Hashable, make: Callable[[], object]):
        value = self.get(key, _MISSING)
        if value is _MISSING:
            value = make()
            self.put(key, value)
        return value


def _made(mapping: dict, key: Hashable, make: Callable[[], object]):
    found = mapping.get(key)
    if found is None:
        found = mapping[key] = make()
    return found


def per_app(app, key: Hashable, make: Callable[[], object]):
    """The app's own object under ``key``, made on first use: never shared between apps."""
    return _made(app.extensions, key, make)


def app_cache(name: str, size: int) -> LRU:
    """The app's own cache of that name (created on first use)."""
    from flask import current_app

    return _made(per_app(current_app, "caches", dict), name, lambda: LRU(size))


def clear_caches(app) -> int:
    """Forget everything the app's caches hold (a benchmark's first view); returns how many they held."""
    caches = per_app(app, "caches", dict)
    held = sum(len(cache) for cache in caches.values())
    caches.clear()
    return held


@dataclass(frozen=True)
class CachedPage:
    """A whole HTML page, kept plain and gzipped, served without rendering anything."""

    body: bytes
    gzipped: bytes

    @classmethod
    def of(cls, html: str) -> CachedPage:
        body = html.encode()
        return cls(body, gzip.compress(body, 6, mtime=0))

    def response(self):
        from .compress import precompressed

        response = precompressed(self.body, self.gzipped, "text/html")
        response.vary.add("HX-Request")
        return response
