"""What a name may be, on the server and in the phone (which has no database): one line, and short."""

import unicodedata

#: The longest player name: the scoreboard's columns are narrow on a phone.
MAX_NAME = 30
MAX_GROUP_NAME = 60


def one_line(text: str) -> bool:
    """No control characters (NUL, tabs, line breaks): a name is one line, and PostgreSQL refuses NUL.

    >>> one_line("Ann-Marie 🂡"), one_line("Ann\\tBob"), one_line("\\x00")
    (True, False, False)
    """
    return not any(unicodedata.category(c) == "Cc" for c in text)
