"""A game's reference sheet rendered from its own package alone, as a table reads it in English: no app, the
layout stood in for, the words said through Jinja's own i18n extension without a catalogue."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import jinja2

from companion.web.filters import sentence

#: A stand-in for the app's layout: the sheet's title, then its content.
LAYOUT = "{% block title %}{% endblock %}|{% block content %}{% endblock %}"


def render_sheet(package: ModuleType, template: str, **values: object) -> str:
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(Path(package.__file__ or "").parent / "templates"),
                jinja2.DictLoader({"reference/_layout.html": LAYOUT, "reference/_nav.html": ""}),
            ]
        ),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]  # the i18n extension adds it
    env.filters["sentence"] = sentence
    return env.get_template(template).render(**values)
