"""The working of a scored hand and the live preview around it, as HTML.

The working is the same on the scoreboard, the hand form and the live
preview; the preview is the hand form's and its htmx fragment's. The live
preview is drawn on every change of the hand form, so both are drawn here in
one pass: drawn by Jinja partials, they were a third of that request. Every
text is escaped (player names are typed in at the table).
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


def preview_html(board, record: HandRecord | None, result: Result | None, called, missing, problems) -> Markup:
    """The live preview: the called card's category, then the working, or what is still missing or wrong.

    ``called`` is None before a card is chosen, and its category None until
    the young trumps are known; ``problems`` are (label or None, message).
    """
    html = ['<div class="preview-body" aria-live="polite">\n']
    if called:
        category = called["category"]
        if category is None:
            facts = "Choose the young-trump suit to see the called card's category."
        else:
            banned = category.id == "banned"
            facts = (
                f"Called card <strong>{escape(called['card'].name)}</strong>: "
                f"<strong>{escape(category.label)}</strong>, penalty factor {escape(category.penalty_factor_text)}"
                f"{' — banned: calling it announces a solo, so declarer must hold it' if banned else ''}."
            )
        html.append(f'<p class="facts" id="called-facts">{facts}</p>\n')
    if result is not None:
        html.append(working_html(record, result, board.names))
    elif missing:
        html.append(f'<p class="todo">Still to fill in: {escape(", ".join(missing))}.</p>')
    else:
        html += [
            f'<p class="error" role="alert">{escape(label) + ": " if label else ""}{escape(message)}</p>'
            for label, message in problems
        ]
    html.append("\n</div>")
    return Markup("".join(html))
