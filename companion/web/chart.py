"""A small server-drawn SVG chart of each player's running total."""

from __future__ import annotations

from dataclasses import dataclass

from ...store import Scoreboard

WIDTH, HEIGHT, PAD = 320, 150, 14
#: Seat colours, chosen to stay apart for common colour blindness.
COLOURS = ("#1b6ac9", "#d1495b", "#2a9d8f", "#e9a03b")
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
    seat: int
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
    deals: int


def running_totals_chart(board: Scoreboard) -> Chart | None:
    series = board.running
    count = len(series[0]) - 1
    if count == 0:
        return None
    low = min(0, *(min(s) for s in series))
    high = max(0, *(max(s) for s in series))
    span = (high - low) or 1
    deals = board.sitting.deals

    def x(i: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * i / deals, 1)

    def y(v: int) -> float:
        return round(PAD + (HEIGHT - 2 * PAD) * (high - v) / span, 1)

    lines = [
        Line(
            seat,
            name,
            COLOURS[seat],
            DASHES[seat],
            MARKERS[seat],
            " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series[seat])),
        )
        for seat, name in enumerate(board.names)
    ]
    return Chart(WIDTH, HEIGHT, y(0), lines, deals)
