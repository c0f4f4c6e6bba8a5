"""A small server-drawn SVG chart of running totals: a session's seats (or sides) over its deals, a group's players
over its sessions. Lines differ by colour, dash and marker, so they read without colour too."""

from __future__ import annotations

from dataclasses import dataclass

from ..views import Scoreboard

WIDTH, HEIGHT, PAD = 320, 150, 14
#: The most points a line is drawn through, about one each 3 pixels: over hundreds of a group's sessions a line
#: goes through every few sessions' totals (always the last), so the page stays small however long the history.
MOST_POINTS = 100
#: Seat colours, chosen to stay apart for common colour blindness (a group's fifth to eighth players get the rest).
COLOURS = ("#1b6ac9", "#d1495b", "#2a9d8f", "#e9a03b", "#6a4c93", "#5b6770", "#8c564b", "#3d7d3d")
#: And, so that the lines differ without colour too, a dash pattern and a marker shape (an SVG path
#: around 0,0) per seat: solid with circles, dashes with squares, dots with triangles, dash-dots with diamonds.
DASHES = ("", "7 4", "2 3", "9 3 2 3")
MARKERS = (
    "M 3.2 0 A 3.2 3.2 0 1 1 -3.2 0 A 3.2 3.2 0 1 1 3.2 0 Z",
    "M -3 -3 H 3 V 3 H -3 Z",
    "M 0 -3.6 L 3.4 2.6 H -3.4 Z",
    "M 0 -4 L 4 0 L 0 4 L -4 0 Z",
)


@dataclass(frozen=True)
class Line:
    key: int
    name: str
    colour: str
    dash: str
    marker: str
    points: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list[Line]
    #: Steps along the x axis: deals in the session, or the group's sessions.
    steps: int


def style(key: int) -> tuple[str, str, str]:
    """Colour, dash and marker of the ``key``-th line; the first eight lines all differ in dash or marker.

    >>> [style(k)[1:] == style(0)[1:] for k in range(8)].count(True)
    1
    """
    return COLOURS[key % len(COLOURS)], DASHES[(key + key // 4) % 4], MARKERS[key % 4]


def line_chart(series: list[tuple[str, list[int]]], steps: int) -> Chart | None:
    """(name, values from 0) lines over ``steps`` steps; None while there is nothing to draw."""
    if not series or len(series[0][1]) < 2:
        return None
    low = min(0, *(min(values) for _, values in series))
    high = max(0, *(max(values) for _, values in series))
    span = (high - low) or 1

    def x(i: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * i / max(steps, 1), 1)

    def y(v: int) -> float:
        return round(PAD + (HEIGHT - 2 * PAD) * (high - v) / span, 1)

    taken: dict[tuple[int, int], int] = {}  # (step, value) → lines already drawn through it
    lines = []
    for key, (name, values) in enumerate(series):
        points = []
        for i in _drawn(len(values), steps):
            nudge = apart(taken.get((i, values[i]), 0))
            taken[(i, values[i])] = taken.get((i, values[i]), 0) + 1
            points.append(f"{x(i)},{round(y(values[i]) + nudge, 1)}")
        lines.append(Line(key, name, *style(key), " ".join(points)))
    return Chart(WIDTH, HEIGHT, y(0), lines, steps)


#: How far apart lines running through the same totals are drawn, so that none hides another.
NUDGE = 3.0


def apart(earlier: int) -> float:
    """The vertical nudge of a line through a point ``earlier`` lines already pass: 0, then 3 below, 3 above, 6 …

    >>> [apart(n) for n in range(4)]
    [0.0, 3.0, -3.0, 6.0]
    """
    step = (earlier + 1) // 2
    return NUDGE * step if earlier % 2 else -NUDGE * step + 0.0


def _drawn(count: int, steps: int) -> list[int]:
    """Which of ``count`` values a line goes through: all of them, or every few and the last, so that no line
    has more than ``MOST_POINTS`` points.

    >>> _drawn(4, 16), len(_drawn(1001, 1000)), _drawn(1001, 1000)[-2:]
    ([0, 1, 2, 3], 92, [990, 1000])
    """
    every = max(1, -(-steps // (MOST_POINTS - 1)))
    drawn = list(range(0, count, every))
    if drawn[-1] != count - 1:
        drawn.append(count - 1)
    return drawn


def running_totals_chart(board: Scoreboard) -> Chart | None:
    """Each seat's running total over the session's deals (over the hands played so far, in a game played to a
    target: its deals are only a ceiling); in a partnership game each side's, one line a side (partners' lines
    would lie one on the other)."""
    steps = board.ending.steps(len(board.hands), board.sitting.deals)
    return line_chart(board.running_by_party, steps)
