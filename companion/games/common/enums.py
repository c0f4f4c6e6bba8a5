"""The base of the rules' enums."""

from enum import Enum


class GameEnum(Enum):
    """An enum hashed by identity: members are singletons, and ``Enum``'s own
    ``__hash__`` runs in Python, which was the engine's largest single cost."""

    __hash__ = object.__hash__
