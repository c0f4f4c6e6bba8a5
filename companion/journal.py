"""The sessions a phone keeps, to score them with no signal: the phone's ``Store`` (``companion.stores``).

Each session is kept as the server last sent it (``GET /s/<id>/phone.json``: its document and revision, its hands),
with what this phone changed since applied on top and listed, in order, in its outbox: each change as the form
the server's own page takes for it (the deal's form with its token, an edit with the version it replaces, a
delete), so that the server, when the signal returns, checks each as it checks a phone's (a second sending of a
save counts once; a deal another phone saved first comes back as the usual choice). One JSON file a session in
``folder`` (in the phone: IndexedDB, through Pyodide's IDBFS), written whole after each change.

>>> journal = Journal()
>>> doc = SessionDocument("abc", "french", ("Ann", "Bob", "Cat", "Dan"), 4, 2, "point", "", "{}", 0)
>>> journal.keep(json.dumps({"session": doc.as_dict(), "hands": []}))
'abc'
>>> sitting = journal.editable("abc")
>>> record = GAMES["french"].parse({"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 50}, 4)
>>> journal.record(sitting, 1, record, "token-1"), journal.record(sitting, 1, record, "token-1")
(True, False)
>>> journal.board(sitting).totals, [line["path"] for line in journal.outbox("abc")]
([204, -68, -68, -68], ['/s/abc/hands/new'])
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from .games import GAMES
from .games.base import Game
from .games.common import InvalidHand
from .stores import DealTaken, NoSuchDeal, Role, StaleEdit
from .views import HandView, Scoreboard, SessionDocument, SessionRow, first_free_deal, stored_record

T = TypeVar("T")

#: A line of the outbox: the server's path and the form sent there, as (name, value) pairs.
Line = dict[str, Any]


@dataclass
class KeptHand:
    """A hand as a phone keeps it (a ``HandRow``): its record as JSON text and each seat's score."""

    deal: int
    version: int
    record: str
    net: tuple[int, ...]

    def scores(self, seats: int) -> tuple[int, ...]:
        return self.net[:seats]

    @classmethod
    def of(cls, sitting: SessionRow, deal: int, version: int, data: Any) -> KeptHand:
        """A hand of ``sitting`` from its record's JSON, scored as the server scores a hand it stores."""
        text = json.dumps(data)
        return cls(deal, version, text, _net(sitting.game, sitting.seats, text))


@lru_cache(maxsize=4096)
def _net(game_id: str, seats: int, text: str) -> tuple[int, ...]:
    """A kept hand's score a seat, worked out once in a while: each change reads every kept session again (another
    page's worker may have changed it), and a record's text always scores the same."""
    return GAMES[game_id].score(stored_record(game_id, seats, text)).net


@dataclass
class Kept:
    """One session a phone keeps."""

    #: The session, its revision moving on with each change made here.
    document: SessionDocument
    hands: dict[int, KeptHand] = field(default_factory=dict)
    #: The tokens of the forms saved here: a second tap on Save finds its hand saved.
    tokens: list[str] = field(default_factory=list)
    outbox: list[Line] = field(default_factory=list)
    #: The phone's role in the session, as the server said ("editor" or "owner"): the pages offer what it may do.
    role: str = "editor"
    #: The server refused this phone's changes (its edit rights taken back): they wait, unsent, until the server
    #: hands the session over again (the phone opened the new edit link), never dropped.
    refused: bool = False

    def moved_on(self) -> None:
        self.document = replace(self.document, revision=self.document.revision + 1)

    def to_json(self) -> str:
        hands = [{"deal": h.deal, "version": h.version, "record": json.loads(h.record)} for h in self.hands.values()]
        return json.dumps(
            {
                "session": self.document.as_dict(),
                "hands": hands,
                "tokens": self.tokens,
                "outbox": self.outbox,
                "role": self.role,
                "refused": self.refused,
            },
            separators=(",", ":"),
        )

    @classmethod
    def of(cls, data: dict[str, Any]) -> Kept:
        document = SessionDocument.from_dict(data["session"])
        hands = {h["deal"]: KeptHand.of(document, h["deal"], h["version"], h["record"]) for h in data["hands"]}
        extra = data.get("tokens", []), data.get("outbox", []), data.get("role", "editor"), data.get("refused", False)
        return cls(document, hands, *extra)


@dataclass(frozen=True)
class KeptSummary:
    """A kept session on the phone's start page, as the server's ``SittingSummary`` lists one: how it stands is
    asked of its game, over its hands."""

    sitting: SessionDocument
    board: Scoreboard
    role: Role

    @property
    def game(self) -> Game[Any]:
        return self.board.game

    @property
    def finished(self) -> bool:
        return self.board.outcome.finished

    @property
    def progress(self) -> str:
        return self.board.progress


@dataclass(frozen=True)
class KeptGroup:
    """A group a phone that may start its sessions keeps (``GET /g/<id>/phone.json``): its name, and last time's
    session as "Same as last time" starts it again (``again``: the game, the players' number and names, and the
    start form's data), so that a table can start it with no signal."""

    public_id: str
    name: str
    players: int
    role: Role
    again: dict[str, Any] | None

    @property
    def group(self) -> KeptGroup:
        """Itself: the start page lists a group as the server's ``GroupSummary`` does (``g.group.name``)."""
        return self

    @classmethod
    def of(cls, data: dict[str, Any]) -> KeptGroup:
        group = data["group"]
        role = Role(group.get("role", "editor"))
        return cls(str(group["public_id"]), str(group["name"]), int(group["players"]), role, data.get("again"))

    def to_json(self) -> str:
        group = {"public_id": self.public_id, "name": self.name, "players": self.players, "role": self.role.value}
        return json.dumps({"group": group, "again": self.again}, separators=(",", ":"))


class Journal:
    """The phone's ``Store``: the sessions it keeps, in memory and (``folder``) on its storage; and its groups
    (``folder``/groups)."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder
        self.kept: dict[str, Kept] = {}
        self.groups: dict[str, KeptGroup] = {}
        self.reload()

    def reload(self) -> None:
        """Read the kept sessions and groups again: another page's worker may have changed them since (each page
        runs its own). A file that cannot be read is set aside, never in the way of the others."""
        if self.folder is None or not self.folder.is_dir():
            return
        self.kept = {k.document.public_id: k for k in _read_all(self.folder, Kept.of)}
        self.groups = {g.public_id: g for g in _read_all(self.folder / "groups", KeptGroup.of)}

    # -- what the server sends, and what goes back ---------------------------------------------------------

    def keep(self, text: str) -> str:
        """Keep a session (or a group) as the server sends it; a session with changes not yet sent keeps them (and
        its own hands) until they are."""
        data = json.loads(text)
        if "group" in data:
            return self._keep_group(KeptGroup.of(data))
        fresh = Kept.of(data)
        public_id = fresh.document.public_id
        waiting = self.kept.get(public_id)
        if waiting is not None and waiting.outbox:
            if waiting.refused:  # handed over again: this phone may score it again, and its changes go in
                waiting.refused = False
                self._write(waiting)
            return public_id
        self.kept[public_id] = fresh
        self._write(fresh)
        return public_id

    def outbox(self, public_id: str) -> list[Line]:
        kept = self.kept.get(public_id)
        return list(kept.outbox) if kept is not None else []

    def outbox_json(self, public_id: str) -> str:
        """The outbox, as JSON text (for the worker)."""
        return json.dumps(self.outbox(public_id))

    def sent(self, public_id: str, count: int) -> None:
        """The first ``count`` lines reached the server."""
        kept = self.kept[public_id]
        del kept.outbox[:count]
        self._write(kept)

    def start(self, document: SessionDocument, path: str, form: list[list[str]]) -> None:
        """A session started on this phone, owned by it: kept, with the start form (``path``, ``form``) the first
        line of its outbox."""
        kept = Kept(document, role=Role.OWNER.value, outbox=[{"path": path, "form": form}])
        self.kept[document.public_id] = kept
        self._write(kept)

    def summaries(self) -> list[KeptSummary]:
        """The sessions kept here, newest first."""
        found = [KeptSummary(k.document, self.board(k.document), Role(k.role)) for k in self.kept.values()]
        return sorted(found, key=lambda s: s.sitting.created, reverse=True)  # ISO 8601: in order as text

    def again(self, public_id: str, game: Game[Any]) -> SessionDocument | None:
        """The kept session ``public_id`` if it is of ``game``: a new one starts as it did (``?again=``)."""
        kept = self.kept.get(public_id)
        return kept.document if kept is not None and kept.document.game == game.id else None

    def forget(self, public_id: str) -> None:
        """The session (or group) is no longer this phone's to score (its rights taken back, or it was deleted):
        nothing of it is kept, nor sent."""
        self.kept.pop(public_id, None)
        self.groups.pop(public_id, None)
        if self.folder is not None:
            (self.folder / f"{public_id}.json").unlink(missing_ok=True)
            (self.folder / "groups" / f"{public_id}.json").unlink(missing_ok=True)

    def group(self, public_id: str) -> KeptGroup:
        """A group kept here (503 otherwise: the server's to answer)."""
        from flask import abort

        if public_id not in self.groups:
            abort(503)
        return self.groups[public_id]

    def group_lines(self) -> list[KeptGroup]:
        """The groups kept here, by name, for the start page."""
        return sorted(self.groups.values(), key=lambda g: g.name.casefold())

    def _keep_group(self, group: KeptGroup) -> str:
        """Keep a group as the server hands it over: this phone may start its sessions, so a session it started
        in the group with no signal, refused while it could not, is sent again (it has no page of its own yet)."""
        self.groups[group.public_id] = group
        starts = f"/g/{group.public_id}/sessions"
        for kept in self.kept.values():
            if kept.refused and kept.outbox and kept.outbox[0]["path"].split("?")[0] == starts:
                kept.refused = False
                self._write(kept)
        if self.folder is not None:
            _write_whole(self.folder / "groups" / f"{group.public_id}.json", group.to_json())
        return group.public_id

    def refuse(self, public_id: str) -> None:
        """The server refused this phone's changes to the session (its edit rights taken back): they are kept,
        unsent, until the server hands the session over again; a session with none waiting is forgotten."""
        kept = self.kept.get(public_id)
        if kept is None or not kept.outbox:
            self.forget(public_id)
            return
        kept.refused = True
        self._write(kept)

    def waiting(self) -> list[str]:
        """The sessions with changes to send (not those the server refused, until it hands them over again)."""
        return [public_id for public_id, kept in self.kept.items() if kept.outbox and not kept.refused]

    # -- the Store ------------------------------------------------------------------------------------------

    def editable(self, public_id: str) -> SessionDocument:
        from flask import abort

        if public_id not in self.kept:  # not kept here: the server's to answer
            abort(503)
        kept = self.kept[public_id]
        return kept.document

    def is_owner(self, public_id: str) -> bool:
        return self.kept[public_id].role == "owner"

    def board(self, sitting: SessionRow) -> Scoreboard:
        kept = self.kept[sitting.public_id]
        return Scoreboard(sitting, [HandView.of(kept.hands[deal], sitting) for deal in sorted(kept.hands)])

    def hand(self, sitting: SessionRow, deal: int) -> HandView | None:
        found = self.kept[sitting.public_id].hands.get(deal)
        return HandView.of(found, sitting) if found is not None else None

    def record(self, sitting: SessionRow, deal: int, record: Any, form_token: str) -> bool:
        kept = self.kept[sitting.public_id]
        free = first_free_deal(set(kept.hands), sitting.deals)
        if not 1 <= deal <= sitting.deals:
            raise NoSuchDeal(deal, free)
        if form_token in kept.tokens:
            return False
        if deal in kept.hands:
            raise DealTaken(deal, free)
        kept.hands[deal] = KeptHand.of(sitting, deal, 1, record.to_json())
        kept.tokens.append(form_token)
        self._changed(kept, "new", record, deal=str(deal), form_token=form_token)
        return True

    def edit(self, sitting: SessionRow, deal: int, record: Any, version: int) -> None:
        kept = self.kept[sitting.public_id]
        hand = kept.hands.get(deal)
        if hand is None or hand.version != version:
            raise StaleEdit(deal)
        kept.hands[deal] = KeptHand.of(sitting, deal, version + 1, record.to_json())
        self._changed(kept, f"{deal}/edit", record, deal=str(deal), version=str(version))

    def delete(self, sitting: SessionRow, deal: int, version: int | None = None) -> bool:
        kept = self.kept[sitting.public_id]
        if version is not None and deal in kept.hands and kept.hands[deal].version != version:
            raise StaleEdit(deal)
        removed = kept.hands.pop(deal, None)
        if removed is None:
            return False
        waiting = self._unsent(kept, deal)
        if waiting is not None:  # never sent: the server need not hear of it at all
            kept.outbox.remove(waiting)
            kept.moved_on()
            self._write(kept)
            return True
        self._changed(kept, f"{deal}/delete", None, version=str(removed.version))
        return True

    def revision(self, public_id: str) -> int | None:
        kept = self.kept.get(public_id)
        return kept.document.revision if kept is not None else None

    def unless_deleted(self, sitting: SessionRow) -> None:
        """A session the phone keeps is deleted only on the server: it says so when the phone sends its changes."""

    # -- keeping -------------------------------------------------------------------------------------------

    @staticmethod
    def _unsent(kept: Kept, deal: int) -> Line | None:
        """The outbox's line that saves ``deal`` as a new hand, if it is still waiting."""
        path, asked = f"/s/{kept.document.public_id}/hands/new", ["deal", str(deal)]
        return next((line for line in kept.outbox if line["path"] == path and asked in line["form"]), None)

    def _changed(self, kept: Kept, where: str, record: Any, **fields: str) -> None:
        """A change made here: the session's revision moves on, and the form the server takes for it is queued.
        An edit of a hand whose save is still waiting changes that save instead: the server hears of the hand
        once, as it now is (and a deal another phone took meanwhile is then the only question)."""
        deal = int(fields.get("deal", 0) or 0)
        waiting = self._unsent(kept, deal) if where.endswith("/edit") else None
        if waiting is not None:
            token = dict(map(tuple, waiting["form"]))["form_token"]
            kept.outbox.remove(waiting)
            where, fields = "new", {"deal": str(deal), "form_token": token}
        game = GAMES[kept.document.game]
        form = {**(game.form_data(record) if record is not None else {}), **fields, "action": "save"}
        values = {name: value if isinstance(value, list) else [value] for name, value in form.items()}
        pairs = [[name, str(v)] for name, each in values.items() for v in each]
        kept.moved_on()
        kept.outbox.append({"path": f"/s/{kept.document.public_id}/hands/{where}", "form": pairs})
        self._write(kept)

    def _write(self, kept: Kept) -> None:
        if self.folder is not None:
            _write_whole(self.folder / f"{kept.document.public_id}.json", kept.to_json())


def _read_all(folder: Path, read: Callable[[dict[str, Any]], T]) -> list[T]:
    """Each JSON file of ``folder``, read; one that cannot be is renamed ``.unreadable`` and skipped."""
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            found.append(read(json.loads(path.read_text(encoding="utf-8"))))
        except (ValueError, KeyError, TypeError, InvalidHand):
            path.rename(path.with_suffix(".unreadable"))
    return found


def _write_whole(path: Path, text: str) -> None:
    """``text`` into ``path``, whole or not at all (written beside it, then moved over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    spare = path.with_suffix(".new")
    spare.write_text(text, encoding="utf-8")
    os.replace(spare, path)
