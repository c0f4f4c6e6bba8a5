"""The phone's own Python (README: *The phone with no signal*): Pyodide from npm running the app's code in a worker.

Every registered game's worked hands (valid and refused) are scored by the server's ``/api/score`` and by the
phone's, online and then with the network cut and the page reloaded: the answers are the same, byte for byte
once parsed. This is the engine in the phone; the session pages follow it there.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page

from companion.games import GAMES
from tests.games.conformance.worked import worked_hands

#: Start the worker, wait for it to say it is ready (Pyodide and the bundle loaded), and keep it on the page.
START = """async () => {
  const worker = new Worker("/phone/worker.js", { type: "module" });
  const said = await new Promise((resolve) => {
    worker.addEventListener("message", (e) => resolve(e.data), { once: true });
  });
  window.phoneWorker = worker;
  return said;
}"""
#: Ask the page's worker each body, in order, as POST /api/score; its answers as (status, text).
ASK = """async (bodies) => {
  const answers = [];
  for (const body of bodies) {
    const channel = new MessageChannel();
    const answered = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
    const data = new TextEncoder().encode(body).buffer;
    window.phoneWorker.postMessage(
      { method: "POST", path: "/api/score", headers: { "Content-Type": "application/json" }, body: data },
      [channel.port2, data]
    );
    const answer = await answered;
    answers.push(answer.error ? [0, answer.error] : [answer.status, new TextDecoder().decode(answer.body)]);
  }
  return answers;
}"""


def bodies() -> list[str]:
    """Every worked hand's API body, and a few no game accepts."""
    found = [json.dumps(worked.api_body) for game in GAMES.values() for worked in worked_hands(game)]
    return [*found, "{}", "not JSON", json.dumps({"game": "chess"})]


def server_answers(page: Page, base: str, asked: list[str]) -> list[tuple[int, object]]:
    out = []
    for body in asked:
        headers = {"Content-Type": "application/json"}
        response = page.request.post(base + "/api/score", data=body.encode(), headers=headers)
        out.append((response.status, response.json()))
    return out


def phone_answers(page: Page, asked: list[str]) -> list[tuple[int, object]]:
    started = page.evaluate(START)
    assert started == {"ready": True}
    return [(status, json.loads(text) if status else text) for status, text in page.evaluate(ASK, asked)]


@pytest.mark.e2e
def test_the_phone_scores_every_worked_hand_as_the_server_does_with_and_without_signal(
    page: Page, context: BrowserContext, live_server: str
):
    page.set_default_timeout(120_000)  # Pyodide's first start on a loaded machine
    asked = bodies()
    assert len(asked) > 60  # every game's worked hands, not a handful
    page.goto(live_server + "/reference/")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the service worker sees what the page and its worker fetch
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expected = server_answers(page, live_server, asked)
    assert {status for status, _ in expected} == {200, 422}
    assert phone_answers(page, asked) == expected
    context.set_offline(True)
    try:
        page.reload()
        assert phone_answers(page, asked) == expected
    finally:
        context.set_offline(False)
