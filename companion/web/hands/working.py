"""The working of a scored hand, as the HTML that shows it.

The same on the scoreboard, the hand form and the live preview. The live
preview draws it on every change of the hand form, so it is drawn here in
one pass: drawn by a Jinja partial from a value object, it was a quarter of
that request. Every text is escaped (player names are typed in at the table).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ...rules import LINE_LABELS, HandRecord, Result
from ...settle import settle
from ..filters import pays, signed


def _summary(record: HandRecord, result: Result, names) -> str:
    kind = result.kind
    summary = escape(kind.label.capitalize())
    if kind.id == "partner":
        return f"{summary} with {names[record.partner]}"
    if kind.id == "stung":
        return f"{summary}: {names[record.stinger]} stung declarer ({'succeeded' if result.stinger_made else 'failed'})"
    return summary


def working_html(record: HandRecord, result: Result, names) -> Markup:
    """Who pays what and why: per player, the settling payments, and the sentences.

    Names are escaped once each. Amounts (``pays``, ``signed``) are drawn
    from whole numbers, so they hold no markup and are not escaped again.
    """
    names = [escape(name) for name in names]
    called = record.called_card.name if record.called_card else ""
    html = [
        '<div class="working">\n<p class="summary">',
        f"{_summary(record, result, names)}. Called card {escape(called)} is "
        f"<strong>{escape(record.category.label)}</strong>.</p>\n",
        '<ul class="per-player">\n',
    ]
    lines = [(LINE_LABELS[name], line) for name, line in result.lines.items() if any(line)]
    nets = result.net_halfpence
    for seat, net in enumerate(nets):
        items = "; ".join([f"{label} {signed(line[seat])}" for label, line in lines if line[seat]])
        html.append(
            f'<li data-seat="{seat}"><strong>{names[seat]}</strong>'
            f"{' <small>(declarer)</small>' if seat == record.declarer else ''}\n"
            f'<span class="amount {"plus" if net > 0 else "minus" if net < 0 else ""}">{pays(net)}</span>\n'
            f'<small class="items">{items}</small></li>\n'
        )
    html.append("</ul>\n")
    transfers = settle(nets)
    if transfers:
        html.append('<p class="transfers-h">Settle this hand:</p>\n<ul class="transfers">')
        html += [f"<li>{names[p.payer]} pays {names[p.payee]} <strong>{p.amount}</strong></li>" for p in transfers]
        html.append("</ul>\n")
    html.append('<ol class="why">')
    html += [f"<li>{escape(sentence)}</li>" for sentence in result.working]
    html.append("</ol>\n</div>")
    return Markup("".join(html))
