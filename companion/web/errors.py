"""What a player sees instead of an error, on the server and in the phone (``companion.phone``) alike."""

from __future__ import annotations

from flask import Flask, render_template

from ..games.common.fields import lazy_gettext as _l

#: What a player sees instead of an error: status → (title, message).
ERROR_PAGES = {
    400: (_l("Bad request"), _l("The request could not be understood. Reload the page and try again.")),
    403: (
        _l("View only"),
        _l("This link lets you follow the scores but not change them. Ask the table for the edit link."),
    ),
    404: (_l("Not found"), _l("There is nothing at this address. Check the link you were given.")),
    405: (_l("Not allowed"), _l("That address does not take this kind of request.")),
    413: (_l("Too much"), _l("That request was too large.")),
    429: (
        _l("Too many at once"),
        _l("This address sent too many requests in a short time. Wait a minute, then try again."),
    ),
    500: (_l("Something went wrong"), _l("Nothing was saved half-way. Reload the page and try again.")),
}


def error_page(code: int, title: str, message: str) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message), code


def register_error_pages(app: Flask) -> None:
    for code, (title, message) in ERROR_PAGES.items():
        app.register_error_handler(code, lambda _e, c=code, t=title, m=message: error_page(c, t, m))
