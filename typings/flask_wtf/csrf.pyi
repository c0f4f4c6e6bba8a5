from typing import TypeVar

from flask import Flask
from werkzeug.exceptions import BadRequest

_V = TypeVar("_V")  # a view function, its endpoint name, or a Blueprint

def generate_csrf(secret_key: str | None = None, token_key: str | None = None) -> str: ...
def validate_csrf(
    data: str | None, secret_key: str | None = None, time_limit: int | None = None, token_key: str | None = None
) -> None: ...

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def protect(self, apply_exemptions: bool = False) -> None: ...
    def exempt(self, view: _V) -> _V: ...

class CSRFError(BadRequest):
    description: str
