"""Long work (a group's pages, an export's parts) is one at a time in a process, and hands its turn on at each
pause: a crowd asking for it leaves the phones' requests their turn (``store.long_work``, ``store.pause``)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.store import long_work, pause

ROOT = Path(__file__).resolve().parent.parent


def test_long_work_is_one_at_a_time():
    inside, events = threading.Event(), []

    def first() -> None:
        with long_work():
            inside.set()
            time.sleep(0.2)  # no pause: nobody else's long work may start meanwhile
            events.append("first done")

    def second() -> None:
        inside.wait(5)
        with long_work():
            events.append("second in")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    assert events == ["first done", "second in"]


def test_a_pause_hands_the_turn_on_and_takes_it_back():
    inside, second_done, events = threading.Event(), threading.Event(), []

    def first() -> None:
        with long_work():
            inside.set()
            deadline = time.monotonic() + 5
            while not second_done.is_set() and time.monotonic() < deadline:
                pause()  # the other one's turn, between two steps
            events.append("first done")

    def second() -> None:
        inside.wait(5)
        with long_work():
            events.append("second in")
        second_done.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert events == ["second in", "first done"]


def test_long_work_within_long_work_is_the_same_turn():
    with long_work():
        with long_work():
            pause()
        pause()
    done = threading.Event()

    def other() -> None:
        with long_work():
            done.set()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join(5)
    assert done.is_set()  # the turn was given back whole


#: Under gevent (as gunicorn serves): a phone's request already on its socket, then three long works started.
_GEVENT_ORDER = """
from gevent import monkey

monkey.patch_all()

import socket

import gevent

from companion.store import long_work

order = []
theirs, ours = socket.socketpair()


def phone():
    theirs.recv(1)
    order.append("phone")


def crowd(n):
    with long_work():
        order.append(f"long {n}")


asking = gevent.spawn(phone)
gevent.sleep(0)  # the phone waits on its socket
ours.send(b"?")  # its request arrives
gevent.joinall([asking, *(gevent.spawn(crowd, n) for n in range(3))], timeout=10)
print(" ".join(order))
"""


def test_under_gevent_a_phone_waiting_on_its_socket_goes_before_the_next_long_work():
    done = subprocess.run(
        [sys.executable, "-c", _GEVENT_ORDER], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split("long")[0].strip() == "phone", done.stdout
