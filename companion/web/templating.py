"""The Jinja environment of the app."""

from __future__ import annotations

from flask.templating import Environment


class TemplateEnvironment(Environment):
    """Flask's Jinja environment, with each template's globals in one plain dict.

    Jinja chains a template's globals to the environment's (a ChainMap) so
    that globals added later still show, and copies that chain, key by key
    in Python, on every render: for a small fragment such as the live
    preview, more time than drawing it. Ours are all registered in
    ``create_app``, before the first template loads, which is what Jinja
    asks anyway ("avoid modifying any globals after a template is loaded").
    """

    def make_globals(self, d):
        return {**self.globals, **(d or {})}
