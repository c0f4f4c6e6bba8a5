import pytest

from companion.games.sussex import OLD_TRUMPS, PACK, Category, Suit, card, cards_by_category, category_of, suit_cards


def test_pack_has_78_cards_and_130_points():
    assert len(PACK) == 78 and len({c.code for c in PACK}) == 78
    assert sum(c.points for c in PACK) == 130
    assert sum(c.points for c in OLD_TRUMPS) == 34
    for suit in Suit:
        assert sum(c.points for c in suit_cards(suit)) == 24


@pytest.mark.parametrize("young", list(Suit))
def test_category_counts_for_every_young_suit(young):
    counts = {cat: len(cards) for cat, cards in cards_by_category(young).items()}
    assert counts == {
        Category.BANNED: 16,
        Category.ALE: 3,
        Category.SMALL_BEER: 13,
        Category.WATER: 16,
        Category.GUBBER: 30,
    }


@pytest.mark.parametrize(
    ("code", "young", "category"),
    [
        ("F", "clubs", "banned"),
        ("XXI", "clubs", "banned"),
        ("XVI", "hearts", "banned"),
        ("I", "spades", "banned"),
        ("XV", "clubs", "ale"),
        ("XIII", "clubs", "ale"),
        ("XII", "clubs", "small-beer"),
        ("II", "hearts", "small-beer"),
        ("KD", "diamonds", "banned"),
        ("QS", "hearts", "banned"),
        ("CH", "hearts", "small-beer"),
        ("JH", "hearts", "small-beer"),
        ("CH", "clubs", "water"),
        ("TH", "hearts", "water"),
        ("1C", "clubs", "water"),
        ("TH", "clubs", "gubber"),
        ("7C", "hearts", "gubber"),
    ],
)
def test_category_of(code, young, category):
    assert category_of(card(code), Suit(young)).id == category


def test_rank_order_differs_in_red_and_black():
    assert [c.code for c in suit_cards(Suit.SPADES)][4:] == ["TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "1S"]
    assert [c.code for c in suit_cards(Suit.HEARTS)][4:] == ["1H", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"]


def test_suit_card_needs_young_trumps():
    with pytest.raises(ValueError):
        category_of(card("7C"), None)
