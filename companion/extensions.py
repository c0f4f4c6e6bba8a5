"""Extension objects, created once and bound to an app in ``create_app``."""

from .db import Database
from .web.security import CsrfGuard

csrf = CsrfGuard()
db = Database()
