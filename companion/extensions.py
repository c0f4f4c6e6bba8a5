"""Extension objects, created once and bound to an app in ``create_app``."""

from flask_wtf import CSRFProtect

from .db import Database

csrf = CSRFProtect()
db = Database()
