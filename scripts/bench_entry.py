"""Interactions to score a hand, from the scoreboard's "Score deal N" to the saved scoreboard.

A script plays a player's thumb on the hand form of every game, in Chromium as a Pixel 7 and as an
iPhone 13, against a live app (gunicorn on a fresh SQLite database, or ``--base URL``), and counts:

- a **tap** for each choice, for Save and for the scoreboard's button; two for a select (open it, pick);
  one for putting the cursor in a text field that does not have it already;
- a **keystroke** for each character typed;
- a **scroll** whenever what the thumb needs next is not wholly on screen: above the bar beside Save
  (which stays on screen), below the top of the window.

A choice the form has already made rightly (the declarer of a four is eldest) is not tapped again.

    .venv/bin/python scripts/bench_entry.py            # the table, both phones
    .venv/bin/python scripts/bench_entry.py --base http://127.0.0.1:5000
    .venv/bin/python scripts/bench_entry.py --tiny     # a quick run that it works: one hand, one phone
    .venv/bin/python scripts/bench_entry.py --hands ottocento --phone "Pixel 7"   # some hands, one phone

From another script: ``from scripts.bench_entry import measure, print_table; print_table(measure())``.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.testing import gunicorn, stop  # noqa: E402

PHONES = ("Pixel 7", "iPhone 13")
FOUR = ["Ann", "Bob", "Cat", "Dan"]

#: Whether an element is wholly on screen: below the window's top, above the bar beside Save (unless in it).
REACHABLE = """(el) => {
  const box = el.getBoundingClientRect();
  const bar = document.querySelector(".actions");
  const bottom = bar && !bar.contains(el) ? bar.getBoundingClientRect().top : window.innerHeight;
  return box.height > 0 && box.top >= 0 && box.bottom <= bottom;
}"""


@dataclass
class Thumb:
    """A player's thumb on one page: what it does, counted."""

    page: object
    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.taps + self.keys + self.scrolls

    def reach(self, selector: str):
        target = self.page.locator(selector).first
        target.wait_for(state="visible")
        if not target.evaluate(REACHABLE):
            self.scrolls += 1
            self.log.append(f"scroll to {selector}")
            target.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        return target

    def tap(self, selector: str) -> None:
        self.reach(selector).click()
        self.taps += 1

    def choose(self, box: str, value: str) -> None:
        """Tap a choice, unless the form shows it chosen already."""
        if self.page.locator(f'#{box}-box input[value="{value}"]').is_checked():
            self.log.append(f"{box} {value} already chosen")
            return
        self.tap(f'#{box}-box label[data-value="{value}"]')

    def type(self, selector: str, text: str) -> None:
        target = self.reach(selector)
        if not target.evaluate("(el) => el === document.activeElement"):
            target.click()  # the cursor put in the field
            self.taps += 1
        else:
            self.log.append(f"{selector} had the keyboard")
        self.page.keyboard.type(text)
        self.keys += len(text)

    def select(self, selector: str, value: str) -> None:
        self.reach(selector).select_option(value)
        self.taps += 2

    def open_section(self, title: str) -> None:
        section = self.page.locator("details.section", has=self.page.locator("summary", has_text=title))
        if section.get_attribute("open") is None:
            self.tap(f'details.section:has(summary:text("{title}")) > summary')


# -- the hands -----------------------------------------------------------------


def _eldest(page) -> str:
    """Eldest's seat for the deal on the form: the dealer's left (the form names the dealer)."""
    dealer = page.locator("h1 small").inner_text().removesuffix(" dealt")
    return str((FOUR.index(dealer) + 1) % 4)


def _sussex(thumb: Thumb, held: str = "partner", extra: Callable[[Thumb], None] | None = None) -> None:
    """Eldest's four with 7♣ called under young hearts: held by a partner, or in a warden's trug."""
    eldest = _eldest(thumb.page)
    other = str((int(eldest) + 2) % 4)
    thumb.choose("bid", "4")
    thumb.choose("declarer", eldest)
    thumb.tap('#called_suit-box .suits label[data-value="C"]')
    thumb.tap('#called_suit-box .ranks label[data-value="7"]')
    thumb.choose("young_trumps", "hearts")
    if held == "partner":
        thumb.choose("held_by", f"hand-{other}")
        thumb.type("#points", "71")
    else:
        thumb.choose("held_by", f"trug-{other}")
        thumb.type("#points", "50")
        thumb.type("#stinger_points", "55")
    if extra:
        extra(thumb)


def _bonus_and_martlets(thumb: Thumb) -> None:
    thumb.open_section("Bonuses")
    thumb.select("#bonus_pagat_ultimo", "declarer")
    thumb.select("#martlets_declarer", "1")


def _tapp(thumb: Thumb) -> None:
    thumb.choose("bid", "three")
    thumb.choose("declarer", "0")
    thumb.type("#points", "38")


def _french(thumb: Thumb, partner: bool = False) -> None:
    thumb.choose("taker", "0")
    if partner:
        thumb.choose("partner", "2")
    thumb.choose("contract", "garde")
    thumb.choose("bouts", "2")
    thumb.type("#points", "45")


#: Ottocento's hands, as Ann & Cat (side 0) and the players name them: the seed's own 407 (its file in
#: tests/games/ottocento/data/a_seed_407.json), and a typical hand of three combinations: Bob declares the Grande from
#: the Angel to the 16 and Swords King-Queen-Knight, Ann & Cat capture three Kings (as hand D of the same folder).
OTTOCENTO_SEED = {
    "captured": {
        "tarocchi": ["angel", "world", "begato"],
        "queens": ["QS", "QB", "QC"],
        "knights": ["NS", "NB", "NC"],
        "pages": ["PS", "PB", "PC"],
        "grande": ["angel", "world", "sun", "moon", *(f"t{n}" for n in range(16, 4, -1)), "begato"],
        "swords": ["KS", "QS", "NS", "PS", "AS", "begato"],
        "moors": ["moor1", "moor2", "begato"],
    },
    "points": "57",
}
OTTOCENTO_TYPICAL = {
    "declared": {"grande": ["angel", "world", "sun", "moon", "t16"], "swords": ["KS", "QS", "NS"]},
    "captured": {"kings": ["KS", "KC", "KD"]},
    "points": "52",
}


def _ottocento(hand: dict) -> Callable[[Thumb], None]:
    """A thumb entering an Ottocento hand down the form: the card points and the last trick (Ann & Cat's), Bob's
    declarations, then Ann & Cat's captured combinations; in each, the sequences then the cricche, as the form
    lists them, each kind by its quickest way."""
    from companion.games.ottocento.combinations import KINDS, Sequence

    def group(thumb: Thumb, name: str, combos: dict[str, list[str]]) -> None:
        if combos:
            thumb.tap(f"#{name}-group > summary")
        for kind, cards in sorted(combos.items(), key=lambda combo: not isinstance(KINDS[combo[0]], Sequence)):
            _ottocento_kind(thumb, name, kind, cards)

    def enter(thumb: Thumb) -> None:
        thumb.type("#card_points_0", hand["points"])
        thumb.choose("last_trick", "0")
        group(thumb, "d1", hand.get("declared", {}))
        group(thumb, "c0", hand.get("captured", {}))

    return enter


def _ottocento_kind(thumb: Thumb, group: str, kind: str, cards: list[str]) -> None:
    """One kind's cards: the quick choice that stands for the most of them (a cricca all four or without one card,
    a sequence down to its last card, the Moors by how many), then the others one by one."""
    from companion.games.ottocento.cards import CARDS
    from companion.games.ottocento.combinations import KINDS
    from companion.games.ottocento.form import quick_of

    box = f"#{group}_{kind}-box"
    value, rest = quick_of(KINDS[kind], [CARDS[code] for code in cards])
    if value:
        thumb.tap(f'{box} label[data-quick="{value}"]')
    if any(not c.wild for c in rest):
        thumb.tap(f"{box} details.otto-each > summary")
    for card in rest:
        thumb.tap(f'{box} label[data-value="{card.code}"]')


#: (label, game, players, how the hand is entered), in the order printed.
HANDS: list[tuple[str, str, int, Callable[[Thumb], None]]] = [
    ("Sussex, plain partner hand", "sussex", 4, _sussex),
    ("Sussex, stung", "sussex", 4, lambda t: _sussex(t, held="trug")),
    ("Sussex, a bonus and martlets", "sussex", 4, lambda t: _sussex(t, extra=_bonus_and_martlets)),
    ("Tapp Tarock, plain", "tapp", 3, _tapp),
    ("French Tarot, plain (4)", "french", 4, _french),
    ("French Tarot, plain (5)", "french", 5, lambda t: _french(t, partner=True)),
    ("Ottocento, typical (3 combos)", "ottocento", 4, _ottocento(OTTOCENTO_TYPICAL)),
    ("Ottocento, the seed's 407", "ottocento", 4, _ottocento(OTTOCENTO_SEED)),
]
#: The quick run (``--tiny``, or BENCH_TINY=1): a plain Sussex hand on one phone, to see that it all still works.
TINY_HANDS, TINY_PHONES = HANDS[:1], PHONES[:1]


# -- sessions and the app ------------------------------------------------------------


def start(page, base: str, game: str, players: int) -> str:
    """A new session started on this phone (so it may score), its scoreboard's address."""
    names = (FOUR + ["Eve"])[:players]
    page.goto(base + "/" if game == "sussex" else f"{base}/new/{game}?players={players}")
    if game != "sussex":
        page.fill("#stake", "0/1")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start session").click()
    page.locator(".deal-count").wait_for()
    return page.url


def score_one(page, board: str, enter: Callable[[Thumb], None]) -> Thumb:
    page.goto(board)
    thumb = Thumb(page)
    thumb.tap("#score-hand")
    page.wait_for_url(re.compile(r".*/hands/new$"))
    enter(thumb)
    thumb.tap("#save")
    page.wait_for_url(re.compile(r".*/s/[^/]+$"))
    notice = page.locator(".flash").first.inner_text()
    if "saved" not in notice:
        raise SystemExit(f"the hand was not saved: {notice!r}")
    return thumb


def measure(
    base: str | None = None, hands: list | None = None, phones: tuple[str, ...] = PHONES, workers: int = 2
) -> dict[str, dict[str, Thumb]]:
    """Each hand kind on each phone: {label: {phone: Thumb}}. Starts an app of its own (``workers``) unless given
    ``base``.

    ``hands`` and ``phones``: some of HANDS and PHONES only (all of them unless given).
    """
    from playwright.sync_api import sync_playwright

    server = tmp = None
    if base is None:
        server, base, tmp = _app_server(workers)
    hands = HANDS if hands is None else hands
    found: dict[str, dict[str, Thumb]] = {label: {} for label, *_ in hands}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            for phone in phones:
                settings = dict(pw.devices[phone])
                settings.pop("default_browser_type", None)
                context = browser.new_context(**settings)
                page = context.new_page()
                boards: dict[tuple[str, int], str] = {}
                for label, game, players, enter in hands:
                    if (game, players) not in boards:
                        boards[game, players] = start(page, base, game, players)
                    found[label][phone] = score_one(page, boards[game, players], enter)
                context.close()
            browser.close()
    finally:
        if server is not None:
            stop(server)
            shutil.rmtree(tmp, ignore_errors=True)
    return found


def _app_server(workers: int = 2) -> tuple[subprocess.Popen, str, str]:
    """The app under gunicorn on a fresh SQLite database, without rate limits: (process, base URL, folder)."""
    tmp = tempfile.mkdtemp()
    env = {
        "DATABASE_URL": f"sqlite:///{tmp}/entry.sqlite3",
        "SECRET_KEY": secrets.token_hex(16),
        "FLASK_RATELIMIT_ENABLED": "false",
    }
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "wsgi", "upgrade-db"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
        capture_output=True,
    )
    server, base = gunicorn("wsgi:app", env, workers=workers)
    return server, base, tmp


def print_table(found: dict[str, dict[str, Thumb]], verbose: bool = False, number: str = "") -> None:
    print(f"\n{number}Interactions to score a hand, scoreboard → saved scoreboard: total (taps + keystrokes + scrolls)")
    phones = [p for p in PHONES if any(p in by_phone for by_phone in found.values())]  # the phones measured
    print(f"{'':<32}" + "".join(f"{phone:>20}" for phone in phones))
    for label, by_phone in found.items():
        cells = [by_phone.get(p) for p in phones]
        print(
            f"{label:<32}" + "".join(f"{f'{t.total} ({t.taps}+{t.keys}+{t.scrolls})' if t else '-':>20}" for t in cells)
        )
        if verbose:
            for phone, t in by_phone.items():
                for line in t.log:
                    print(f"    {phone}: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", help="a running app to drive (default: one of our own on a fresh database)")
    parser.add_argument("--verbose", action="store_true", help="say where the thumb scrolled or skipped a tap")
    parser.add_argument(
        "--tiny",
        action="store_true",
        default=os.environ.get("BENCH_TINY", "") not in ("", "0"),
        help="a quick run that it works, not figures: one hand on one phone (or BENCH_TINY=1)",
    )
    parser.add_argument("--hands", metavar="WORDS", help="only the hand kinds whose label holds these words")
    parser.add_argument("--phone", choices=PHONES, help="only this phone")
    args = parser.parse_args()
    if args.hands or args.phone:
        hands = [h for h in HANDS if (args.hands or "").lower() in h[0].lower()]
        print_table(measure(args.base, hands, (args.phone,) if args.phone else PHONES, workers=1), args.verbose)
    elif args.tiny:
        print_table(measure(args.base, TINY_HANDS, TINY_PHONES, workers=1), args.verbose)
    else:
        print_table(measure(args.base), args.verbose)


if __name__ == "__main__":
    main()
