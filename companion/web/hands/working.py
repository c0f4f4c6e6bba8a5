"""The working of a scored hand: as plain values, and as the HTML that shows it.

The live preview shows it on every change of the hand form, so it is built
and drawn in Python: drawn by a Jinja partial, Jinja's cost per printed value
made up a quarter of that request.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from ...rules import LINE_LABELS, HandRecord, Result
from ...settle import settle
from ..filters import pays, signed


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    declarer: bool
    css: str  # plus / minus / ""
    amount: str  # "receives 1/6"
    items: str  # "Game +0/6; Bonuses +1/-"


@dataclass(frozen=True)
class Working:
    summary: str
    called: str
    category: str
    players: tuple[PlayerLine, ...]
    transfers: tuple[tuple[str, str, str], ...]  # (payer, payee, amount)
    sentences: tuple[str, ...]


def working(record: HandRecord, result: Result, names) -> Working:
    kind = result.kind
    summary = kind.label.capitalize()
    if kind.id == "partner":
        summary += f" with {names[record.partner]}"
    elif kind.id == "stung":
        summary += f": {names[record.stinger]} stung declarer ({'succeeded' if result.stinger_made else 'failed'})"
    nets = result.net_halfpence
    lines = [(LINE_LABELS[name], line) for name, line in result.lines.items() if any(line)]
    players = tuple(
        PlayerLine(
            seat,
            names[seat],
            seat == record.declarer,
            "plus" if net > 0 else "minus" if net < 0 else "",
            pays(net),
            "; ".join([f"{label} {signed(line[seat])}" for label, line in lines if line[seat]]),
        )
        for seat, net in enumerate(nets)
    )
    transfers = tuple((names[p.payer], names[p.payee], str(p.amount)) for p in settle(nets))
    return Working(
        summary,
        record.called_card.name if record.called_card else "",
        record.category.label,
        players,
        transfers,
        result.working,
    )


def working_html(record: HandRecord, result: Result, names) -> Markup:
    """The working as HTML, the same on the scoreboard, the hand form and the preview.

    Every text is escaped (player names are typed in at the table).
    """
    w = working(record, result, names)
    html = [
        '<div class="working">\n<p class="summary">',
        f"{escape(w.summary)}. Called card {escape(w.called)} is <strong>{escape(w.category)}</strong>.</p>\n",
        '<ul class="per-player">\n',
    ]
    for p in w.players:
        html.append(
            f'<li data-seat="{p.seat}"><strong>{escape(p.name)}</strong>'
            f"{' <small>(declarer)</small>' if p.declarer else ''}\n"
            f'<span class="amount {p.css}">{escape(p.amount)}</span>\n'
            f'<small class="items">{escape(p.items)}</small></li>\n'
        )
    html.append("</ul>\n")
    if w.transfers:
        html.append('<p class="transfers-h">Settle this hand:</p>\n<ul class="transfers">')
        html += [
            f"<li>{escape(payer)} pays {escape(payee)} <strong>{escape(amount)}</strong></li>"
            for payer, payee, amount in w.transfers
        ]
        html.append("</ul>\n")
    html.append('<ol class="why">')
    html += [f"<li>{escape(sentence)}</li>" for sentence in w.sentences]
    html.append("</ol>\n</div>")
    return Markup("".join(html))
