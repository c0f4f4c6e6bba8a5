"""The reference sheets agree with the engine, value by value."""

from __future__ import annotations

import re

import pytest

from companion.games.sussex import PACK, Bid, Bonus, Category, Declaration, Money, Suit, category_of
from tests.web.helpers import csrf_from, start_session


def cells(html: str, table_id: str) -> str:
    return re.search(rf'<table class="ref[^"]*" id="{table_id}">(.*?)</table>', html, re.S).group(1)


def row(html: str, attr: str, value: str) -> str:
    return re.search(rf'<tr {attr}="{value}"[^>]*>(.*?)</tr>', html, re.S).group(1)


def money(halfpence: int) -> str:
    return str(Money(halfpence))


def signed(halfpence: int) -> str:
    from companion.web.filters import signed as sign

    return sign(halfpence)


@pytest.mark.parametrize("bid", list(Bid), ids=lambda b: b.id)
def test_bids_sheet_agrees_with_the_engine(client, bid):
    html = client.get("/reference/bids").text
    g = bid.game_value.halfpence
    assert re.search(
        rf"<td>{bid.card_bid} cards</td><td>{bid.target}</td><td class=\"money\">{re.escape(money(g))}<",
        row(cells(html, "bid-table"), "data-bid", bid.id),
    )
    game = re.findall(r'<td class="money">(.*?)</td>', row(cells(html, "game-table"), "data-bid", bid.id))
    # Contract §8, written out independently of the sheet's code.
    expected = [(g, -g), (-g, g), (3 * g, -g), (-3 * g, g), (6 * g, -2 * g), (-6 * g, 2 * g)]
    assert [c.strip() for c in game] == [f"{signed(d)} / {signed(o)}" for d, o in expected]
    stung = re.findall(r'<td class="money">(.*?)</td>', row(cells(html, "stung-table"), "data-bid", bid.id))
    assert stung == [
        " / ".join(signed(v) for v in vals) for vals in ((4 * g, -2 * g, -g), (-2 * g, 0, g), (-4 * g, 2 * g, g))
    ]


@pytest.mark.parametrize("bid", list(Bid), ids=lambda b: b.id)
def test_calling_penalties_agree_with_the_engine(client, bid):
    html = client.get("/reference/bids").text
    line = row(cells(html, "penalty-table"), "data-bid", bid.id)
    g = bid.game_value.halfpence
    for category in (Category.ALE, Category.SMALL_BEER, Category.WATER, Category.GUBBER):
        penalty = g * category.factor_halves // 2
        partner = re.search(rf'data-category="{category.id}" data-kind="partner">(.*?)</td>', line).group(1)
        solo = re.search(rf'data-category="{category.id}" data-kind="solo">(.*?)</td>', line).group(1)
        assert partner == f"{money(penalty)} <small>({money(penalty // 2)} each)</small>"
        assert solo == f"{money(penalty)} <small>({money(penalty // 3)} each)</small>"
    announced = re.search(r'data-kind="announced">(.*?)</td>', line).group(1)
    assert announced == f"{money(10 * g)} <small>({money(10 * g // 3)} each)</small>"


@pytest.mark.parametrize("young", list(Suit), ids=lambda s: s.value)
def test_called_card_lookup_gives_every_cards_category(client, young):
    html = client.get(f"/reference/called-cards?young={young.value}").text
    sections = dict(re.findall(r'<section class="category" id="([a-z-]+)".*?</h3>(.*?)</section>', html, re.S))
    assert set(sections) == {c.id for c in Category}
    shown = {code: cat for cat, body in sections.items() for code in re.findall(r'data-card="([^"]+)"', body)}
    assert len(shown) == 78
    for card in PACK:
        assert shown[card.code] == category_of(card, young).id, card.code
    for category in Category:
        assert f"penalty ×{category.penalty_factor_text}" in html


def test_card_facts_page(client):
    html = client.get("/reference/cards/JH?young=hearts").text
    assert "Jack of Hearts" in html and "2 card points" in html
    assert re.search(r'data-young="hearts" class="current">.*?small beer', html, re.S)
    assert re.search(r'data-young="clubs">.*?water', html, re.S)
    assert client.get("/reference/cards/nonsense").status_code == 404


def test_declarations_and_bonuses_agree_with_the_engine(client):
    html = client.get("/reference/scoring").text
    for d in Declaration:
        assert f'<td class="money">{d.worth}</td>' in row(html, "data-declaration", d.id)
    for b in Bonus:
        shown = row(html, "data-bonus", b.id)
        assert (str(b.worth) if b.worth else "by category") in shown
    for c in Category:
        assert (str(c.ultimo_value) if c.ultimo_value else "not possible") in row(html, "data-category", c.id)
    assert re.search(
        r'data-kind="martlets" data-count="2">.*?data-rule="each">2/6<.*?data-rule="total">1/6<', html, re.S
    )
    for words in ("Cancelling", "Ultimo clash", "Announced bonuses", "interpretation"):
        assert words in html


def test_the_sheet_follows_the_engine_when_a_value_changes(client, monkeypatch):
    """One source of truth: change a value in the engine and the sheet changes."""
    monkeypatch.setattr(Bid.FOUR, "game_value", Money.from_sd("1/6"))
    monkeypatch.setattr(Category.ALE, "factor_halves", 6)
    html = client.get("/reference/bids").text
    assert '<td class="money">1/6</td>' in row(cells(html, "bid-table"), "data-bid", "4")
    ale = re.search(
        r'data-category="ale" data-kind="partner">(.*?)</td>', row(cells(html, "penalty-table"), "data-bid", "4")
    ).group(1)
    assert ale == "4/6 <small>(2/3 each)</small>"  # 1/6 × 3, split two ways


# Rows of the rules text's table of solo calls. For the Pagat, King and Queen rows the
# contract (§15) needs the run from the Fool to reach XV, so XV is held there too.
RUN = ["F", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI"]
SOLO_EXAMPLES = [
    (["F"], "the Fool"),
    (["F", "XXI"], "old trump XXI"),
    (["F", "XXI", "XX"], "old trump XX"),
    (RUN, "old trump XVI"),
    ([*RUN, "XV", "I"], "the Pagat (I)"),
    ([*RUN, "XV", "KS"], "King of Spades"),
    ([*RUN, "XV", "QH"], "Queen of Hearts"),
]


@pytest.mark.parametrize(("held", "call"), SOLO_EXAMPLES)
def test_solo_helper_gives_the_card_of_each_example(client, held, call):
    query = "&".join(f"held={c}" for c in held)
    html = client.get(f"/reference/solo?asked=1&{query}").text
    assert re.search(rf'id="solo-call">Call <strong>{re.escape(call)}</strong>', html)


def test_solo_helper_says_when_no_solo_is_possible(client):
    assert "cannot announce" in client.get("/reference/solo?asked=1&held=XXI").text
    html = client.get("/reference/solo?asked=1&" + "&".join(f"held={c}" for c in [*RUN, "XV"])).text
    assert "cannot announce" in html and "no Pagat, King or Queen" in html


def test_solo_helper_fragment_for_htmx(client):
    fragment = client.get("/reference/solo?asked=1&held=F", headers={"HX-Request": "true"})
    assert "<html" not in fragment.text and "the Fool" in fragment.text


def test_house_rules_sheet_shows_the_sessions_choices(client):
    location = start_session(client, stinger_settles_with="table", martlet_values="total")
    public_id = location.rsplit("/", 1)[1]
    html = client.get(f"/reference/house-rules?session={public_id}").text
    assert re.search(r'<dt class="chosen">✔ table</dt>', html)
    assert re.search(r'<dt class="chosen">✔ total</dt>', html)
    default = client.get("/reference/house-rules").text
    assert re.search(r'<dt class="chosen">✔ declarer</dt>', default)
    assert default.count("interpretation</span>") >= 8


def test_rules_are_one_tap_from_every_page(client):
    location = start_session(client)
    public_id = location.rsplit("/", 1)[1]
    for url in ("/", location, location + "/hands/new", "/reference/bids"):
        assert 'id="rules-link"' in client.get(url).text, url
    assert f'href="/reference/?session={public_id}" id="rules-link"' in client.get(location).text


def test_hand_form_links_each_field_to_its_rules(client):
    location = start_session(client)
    html = client.get(location + "/hands/new").text
    for anchor in (
        "/reference/bids?session=",
        "#bids",
        "/reference/called-cards?young=clubs",
        "#lookup",
        "/reference/scoring?session=",
        "#declarations",
        "#bonuses",
        "#kinds",
        "#points",
    ):
        assert anchor in html


def test_offline_assets_are_served(client):
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["Service-Worker-Allowed"] == "/" and "/reference/bids" in sw.text
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.json["start_url"] == "/"


# -- the sheets checked against the contract (issue: reference sheet errors) ---------------------------------


def section(html: str, ident: str) -> str:
    match = re.search(rf'<(section|p|h3)[^>]*id="{ident}".*?</\1>', html, re.S)
    assert match, ident
    return match.group(0)


def test_the_cheat_sheet_follows_the_sessions_house_rules(client):
    default = client.get("/reference/cheat-sheet").text
    assert "settles one G with declarer" in section(default, "cheat-stung")
    assert "1× 1/-, 2× 2/6, 3× 4/3" in section(default, "cheat-martlets")  # summed: 12, 12+18, 12+18+21
    location = start_session(client, stinger_settles_with="table", martlet_values="total")
    public_id = location.rsplit("/", 1)[1]
    session = client.get(f"/reference/cheat-sheet?session={public_id}").text
    assert "This session's house rules" in session
    assert "settles with the table: ±3G for the stinger" in section(session, "cheat-stung")
    assert "1× 1/-, 2× 1/6, 3× 1/9" in section(session, "cheat-martlets")  # the listed value is the total
    assert "the listed value is the total" in section(session, "cheat-martlets")


def test_an_announced_solo_penalty_is_ten_game_values(client):
    sheet = client.get("/reference/cheat-sheet").text
    assert "<strong>10G</strong>" in section(sheet, "cheat-penalty")


def test_stung_bonus_settlement_is_on_the_scoring_page_and_cheat_sheet(client):
    scoring = section(client.get("/reference/scoring").text, "stung-bonuses")
    assert "only the stinger and" in scoring and "other two" in scoring and 'class="interp"' in scoring
    cheat = section(client.get("/reference/cheat-sheet").text, "cheat-bonus-settling")
    assert "Stung" in cheat and "pays the stinger" in cheat and 'class="interp"' in cheat


@pytest.mark.parametrize(
    ("url", "ident", "words"),
    [
        ("/reference/bids", "game", "partner game declarer and partner each settle"),
        ("/reference/bids", "game", "strictly more card points"),
        ("/reference/scoring", "declarations", "at most four"),
        ("/reference/scoring", "bonuses", "lowest young trump"),
        ("/reference/scoring", "martlets", "summed"),
        ("/reference/scoring", "bonuses", "each with each defender"),
    ],
)
def test_each_interpretation_is_marked_where_it_is_stated(client, url, ident, words):
    html = section(client.get(url).text, ident)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    assert words in text.replace("In a ", "").lower() or words in text, words
    at = html.find(words.split()[0]) if words.split()[0] in html else 0
    assert 'class="interp"' in html[at:], words


def test_roman_numerals_stay_upper_case(client):
    for url in ("/reference/scoring", "/reference/cards/XXI", "/reference/cards/XVI"):
        html = client.get(url).text
        assert not re.search(r"\b(xxi|xvi|Xxi|Xvi)\b", html), url
    assert "the Fool, XXI and the Pagat" in client.get("/reference/scoring").text


def test_the_play_page_hands_out_the_trugs_as_the_rules_say(client):
    play = client.get("/reference/play").text
    assert "The trugs go to the wardens" not in play
    assert "to declarer, the left-most to the player on declarer" in play and "opposite declarer" in play


def test_the_bids_page_describes_the_auction_and_does_not_double_declarations(client):
    bids = client.get("/reference/bids").text
    assert "every payment doubled" not in bids and "declarations are not" in bids
    auction = section(bids, "auction")
    assert "opens with four" in auction and "passed is out" in auction and "two high" in auction


def test_the_called_card_lookup_shows_cards_as_the_form_does(client):
    html = client.get("/reference/called-cards?young=clubs").text
    chips = re.findall(r'class="chip" data-card="(\w+)"[^>]*>([^<]+)</a>', html)
    shown = dict(chips)
    assert shown["TC"] == "10♣" and shown["KS"] == "K♠" and shown["CH"] == "C♥" and shown["XXI"] == "XXI"
    assert all(code != text for code, text in chips if code[-1] in "CDHS" and len(code) == 2)


# -- every game's sheets, from the registry (issue: Sussex Tarot is one package among six) --------------------


def precached(client) -> list[str]:
    worker = client.get("/sw.js").text
    return re.findall(r'^  "([^"]+)",$', re.search(r"const PRECACHE = \[(.*?)\];", worker, re.S).group(1), re.M)


def test_the_offline_cache_keeps_every_registered_games_page_and_sheets(client):
    from companion.games import GAMES

    kept = precached(client)
    expected = ["/reference/"]
    for game in GAMES.values():
        expected.append(f"/reference/games/{game.id}")  # the link under every game's hand form, Sussex's too
        for sheet in game.sheets:
            if "<" not in sheet.rule:
                expected += [f"/reference/{sheet.rule}", *(f"/reference/{sheet.rule}?{q}" for q in sheet.also)]
    assert [url for url in kept if url.startswith("/reference")] == expected
    for url in ("/reference/games/sussex", "/reference/bids", "/reference/called-cards?young=spades"):
        assert url in kept
    # The service worker's install fails as a whole if any one of them does.
    for url in kept:
        assert client.get(url).status_code == 200, url


def test_a_games_own_sheet_is_served_listed_in_its_place_and_kept_offline(tmp_path, monkeypatch):
    """A game brings its sheets through its ``Game``: the reference blueprint asks, and imports no game."""
    from companion.games import GAMES
    from companion.games.base import Sheet, SheetPage
    from tests.conftest import make_app

    tapp = GAMES["tapp"]
    asked = []

    def sheet(self, endpoint, query, options, **values):
        asked.append((endpoint, query, options, values))
        if values.get("bid") == "none":
            raise LookupError(values["bid"])
        return SheetPage(self.templates.reference, self.reference_context())

    extra = (Sheet("tapp/bids", "tapp_bids", "Tapp bids", "What each bid pays.", also=("seats=3",), session=True),
             Sheet("tapp/bids/<bid>", "tapp_bid"))  # fmt: skip
    monkeypatch.setattr(type(tapp), "sheets", extra)
    monkeypatch.setattr(type(tapp), "sheet", sheet)
    app = make_app(tmp_path / "sheets.sqlite3")
    client = app.test_client()
    assert client.get("/reference/tapp/bids?seats=3").status_code == 200
    assert asked[-1] == ("tapp_bids", {"seats": ["3"]}, {"counting": "traditional"}, {})
    assert client.get("/reference/tapp/bids/three").status_code == 200 and asked[-1][3] == {"bid": "three"}
    assert client.get("/reference/tapp/bids/none").status_code == 404
    assert "/reference/tapp/bids" in precached(client) and "/reference/tapp/bids?seats=3" in precached(client)
    assert "/reference/tapp/bids/<bid>" not in client.get("/sw.js").text
    assert "/reference/bids" in precached(client)  # Sussex Tarot's, still


def test_a_sheet_that_follows_a_session_of_another_game_shows_the_defaults(client):
    page = client.get("/new/tapp?players=3").text
    data = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cat", "first_dealer": "0", "deals": "3", "stake": "0/1"}
    board = client.post("/new/tapp?players=3", data={**data, "csrf_token": csrf_from(page)}).headers["Location"]
    html = client.get(f"/reference/house-rules?session={board.rsplit('/', 1)[1]}").text
    assert re.search(r'<dt class="chosen">✔ declarer</dt>', html) and "fixed when it started" in html
