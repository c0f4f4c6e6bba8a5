"""Hypothesis strategies for hand records (valid ones, and nonsense)."""

from __future__ import annotations

from hypothesis import strategies as st

from companion.games.sussex import (
    PACK,
    Bid,
    Bonus,
    Category,
    MartletKind,
    MartletLevel,
    MartletValues,
    Side,
    StingerSettlesWith,
    Suit,
    category_of,
    most_points,
    points_if_valat,
)

PLAIN_BONUSES = [b for b in Bonus if not b.derived]
ANNOUNCEABLE_BONUSES = [b.id for b in Bonus]
SIDES = ["declarer", "defence"]


@st.composite
def declarations(draw):
    out = []
    for group in (["8-old", "10-old"], ["three-kings", "four-kings"], ["three-queens", "four-queens"]):
        choice = draw(st.sampled_from([None, *group]))
        if choice:
            out.append(choice)
    for single in ("trull", "four-royals"):
        if draw(st.booleans()):
            out.append(single)
    courts = draw(st.integers(0, 4))
    out += draw(st.lists(st.sampled_from(["vibrant-court", "full-court"]), min_size=courts, max_size=courts))
    return draw(st.permutations(out))


def _holder(draw, kind: str | None, category: Category, declarer: int) -> tuple[int, bool]:
    """Who holds the called card, and whether in their trug (stung), as ``kind`` of game needs."""
    others = [s for s in range(4) if s != declarer]
    if category is Category.BANNED or kind == "silent-solo":
        return declarer, False
    if kind == "partner":
        return draw(st.sampled_from(others)), False
    if kind == "stung":
        return draw(st.sampled_from(others)), True
    holder = draw(st.integers(0, 3))
    return holder, holder != declarer and draw(st.booleans())


@st.composite
def valid_hands(draw, kind: str | None = None):
    """A valid hand record as JSON; ``kind`` pins the kind of game."""
    young = draw(st.sampled_from(list(Suit)))
    declarer = draw(st.integers(0, 3))
    cards = list(PACK)
    if kind == "announced-solo":
        cards = [c for c in PACK if category_of(c, young) is Category.BANNED]
    elif kind is not None:
        cards = [c for c in PACK if category_of(c, young) is not Category.BANNED]
    called = draw(st.sampled_from(cards))
    category = category_of(called, young)
    holder, in_trug = _holder(draw, kind, category, declarer)
    points = draw(st.integers(0, 130))
    hand = {
        "bid": draw(st.sampled_from([b.id for b in Bid])),
        "declarer": declarer,
        "young_trumps": young.value,
        "holder": holder,
        "in_trug": in_trug,
        "points": points,
        "declarations": draw(declarations()),
    }
    if draw(st.integers(0, 9)) == 0 and category is not Category.BANNED:
        hand["called_category"] = category.id
    else:
        hand["called_card"] = called.code
    if in_trug:
        hand["stinger_points"] = draw(st.integers(0, 130 - points))
    allowed = [b for b in PLAIN_BONUSES if not (b is Bonus.ANOINTED_ULTIMO and category is Category.BANNED)]
    bonuses = draw(st.dictionaries(st.sampled_from(allowed), st.sampled_from(SIDES)))
    valat = bonuses.get(Bonus.VALAT)
    if valat is not None:  # the other side keeps only its trugs: the points follow (points_if_valat)
        hand["points"] = draw(st.sampled_from(points_if_valat(Side(valat), holder != declarer and not in_trug)))
        if in_trug:
            most = 130 - hand["points"] if valat == "defence" else min(130 - hand["points"], most_points(2))
            hand["stinger_points"] = draw(st.integers(0, most))
    if in_trug and bonuses.get(Bonus.ANOINTED_ULTIMO) == "declarer":
        bonuses[Bonus.ANOINTED_ULTIMO] = "defence"
    hand["bonuses"] = {b.id: side for b, side in bonuses.items()}
    announce_from = [b for b in ANNOUNCEABLE_BONUSES if not (b == "anointed-ultimo" and category is Category.BANNED)]
    announced = draw(st.lists(st.sampled_from(announce_from), unique=True, max_size=4))
    old = [m.id for m in MartletLevel if m.kind is MartletKind.OLD]
    young_levels = [m.id for m in MartletLevel if m.kind is MartletKind.YOUNG]
    announced += [x for x in (draw(st.sampled_from([None, *old])), draw(st.sampled_from([None, *young_levels]))) if x]
    hand["announced"] = announced
    hand["martlets"] = {"declarer": draw(st.integers(0, 3)), "defence": draw(st.integers(0, 3))}
    hand["young_martlets"] = {"declarer": draw(st.integers(0, 2)), "defence": draw(st.integers(0, 2))}
    hand["house_rules"] = {
        "stinger_settles_with": draw(st.sampled_from([r.value for r in StingerSettlesWith])),
        "martlet_values": draw(st.sampled_from([r.value for r in MartletValues])),
    }
    return hand


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@st.composite
def nonsense_hands(draw):
    """A valid hand with some fields replaced, dropped or added at random."""
    hand = draw(valid_hands())
    keys = list(hand) + ["bogus"]
    for key in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=4, unique=True)):
        if draw(st.booleans()):
            hand.pop(key, None)
        else:
            hand[key] = draw(json_values)
    return hand
