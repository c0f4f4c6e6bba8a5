"""Money in pre-decimal coin, counted as whole halfpence.

Every amount in the game is a whole number of halfpence, so the engine never
touches floats. ``Money`` is the value type; its text form is the s/d
notation players write on a score sheet.

>>> Money.from_sd("1/6")
Money(halfpence=36)
>>> str(Money.from_sd("1/6"))
'1/6'
>>> str(Money(1)), str(Money(24)), str(Money(-18)), str(Money(0))
('0/0½', '1/-', '-0/9', '0/-')
>>> Money.from_sd("£1 2/6").pounds_text()
'£1 2/6'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HALF = "½"
PENCE_PER_SHILLING = 12
SHILLINGS_PER_POUND = 20

_SD = re.compile(
    r"""^\s*(?P<sign>[-−])?\s*
        (?:£\s*(?P<pounds>\d{1,9})\s*)?
        (?:(?P<shillings>\d{1,9})\s*/\s*(?P<pence>-|\d{1,2}(?:½|\.5)?|½))?
        \s*$""",
    re.VERBOSE,
)


class MoneyError(ValueError):
    """Raised for text that is not an amount in s/d."""


@dataclass(frozen=True, order=True, slots=True)
class Money:
    """An amount of money as a whole number of halfpence (may be negative)."""

    halfpence: int

    @classmethod
    def pence(cls, pence: int | float) -> Money:
        """Money from pence, allowing a half (``Money.pence(1.5)`` is 1½d).

        >>> Money.pence(1.5)
        Money(halfpence=3)
        """
        doubled = pence * 2
        if doubled != int(doubled):
            raise MoneyError(f"{pence}d is not a whole number of halfpence")
        return cls(int(doubled))

    @classmethod
    def from_sd(cls, text: str) -> Money:
        """Parse s/d text: ``1/6``, ``1/-``, ``0/0½``, ``-0/9``, ``£1 2/6``.

        >>> Money.from_sd("3/10½").halfpence
        93
        >>> Money.from_sd("1/12")
        Traceback (most recent call last):
        ...
        companion.games.common.money.MoneyError: pence must be 0 to 11 in '1/12'
        """
        if not isinstance(text, str):
            raise MoneyError("an amount must be text such as 1/6")
        match = _SD.match(text)
        if not match or (match["pounds"] is None and match["shillings"] is None):
            raise MoneyError(f"{text!r} is not an amount: write shillings/pence, e.g. 1/6, 1/-, 0/9½")
        pence_text = match["pence"] or "-"
        half = pence_text.endswith(("½", ".5"))
        whole = pence_text.removesuffix("½").removesuffix(".5")
        pence = 0 if whole in ("-", "") else int(whole)
        if pence >= PENCE_PER_SHILLING:
            raise MoneyError(f"pence must be 0 to 11 in {text!r}")
        shillings = int(match["shillings"] or 0)
        if match["pounds"] is not None:
            if shillings >= SHILLINGS_PER_POUND:
                raise MoneyError(f"shillings must be 0 to 19 after pounds in {text!r}")
            shillings += int(match["pounds"]) * SHILLINGS_PER_POUND
        total = (shillings * PENCE_PER_SHILLING + pence) * 2 + (1 if half else 0)
        return cls(-total if match["sign"] else total)

    def __str__(self) -> str:
        shillings, pence = self._parts()
        return f"-{shillings}/{pence}" if self.halfpence < 0 else f"{shillings}/{pence}"

    def _parts(self) -> tuple[int, str]:
        whole_pence, half = divmod(abs(self.halfpence), 2)
        shillings, pence = divmod(whole_pence, PENCE_PER_SHILLING)
        if half:
            return shillings, f"{pence}{HALF}"
        return shillings, str(pence) if pence else "-"

    def pounds_text(self) -> str:
        """s/d text, with pounds split off once the amount reaches £1.

        >>> Money.from_sd("-25/-").pounds_text()
        '-£1 5/-'
        >>> Money.from_sd("19/11½").pounds_text()
        '19/11½'
        """
        shillings, pence = self._parts()
        if shillings < SHILLINGS_PER_POUND:
            return str(self)
        sign = "-" if self.halfpence < 0 else ""
        pounds, shillings = divmod(shillings, SHILLINGS_PER_POUND)
        if shillings == 0 and pence == "-":
            return f"{sign}£{pounds}"
        return f"{sign}£{pounds} {shillings}/{pence}"

    def __add__(self, other: Money) -> Money:
        return Money(self.halfpence + other.halfpence)

    def __sub__(self, other: Money) -> Money:
        return Money(self.halfpence - other.halfpence)

    def __neg__(self) -> Money:
        return Money(-self.halfpence)

    def __abs__(self) -> Money:
        return Money(abs(self.halfpence))

    def __mul__(self, times: int) -> Money:
        return Money(self.halfpence * times)

    __rmul__ = __mul__

    def __bool__(self) -> bool:
        return self.halfpence != 0


def true_minus(text: str) -> str:
    """Amount text as shown to people: a leading hyphen becomes a true minus sign (which no spreadsheet
    takes for a formula); the hyphen of "1/-" stays.

    >>> true_minus("-1/-"), true_minus("1/-"), true_minus("0/-")
    ('−1/-', '1/-', '0/-')
    """
    return "\u2212" + text[1:] if text.startswith("-") else text
