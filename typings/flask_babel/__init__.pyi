from collections.abc import Callable
from typing import Any

from babel import Locale
from flask import Flask

class Babel:
    def __init__(
        self,
        app: Flask | None = ...,
        default_locale: str = ...,
        default_translation_directories: str = ...,
        default_domain: str = ...,
        default_timezone: str = ...,
        locale_selector: Callable[[], str | None] | None = ...,
        timezone_selector: Callable[[], str | None] | None = ...,
        **kwargs: Any,
    ) -> None: ...

def get_locale() -> Locale | None: ...
def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> Any: ...
def get_translations() -> Any: ...
def pgettext(context: str, string: str, **variables: Any) -> str: ...
