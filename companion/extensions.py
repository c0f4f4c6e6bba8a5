"""Extension objects, created once and bound to an app in ``create_app``."""

from flask_compress import Compress
from flask_static_digest import FlaskStaticDigest
from flask_wtf.csrf import CSRFProtect

from .db import Database

compress = Compress()
csrf = CSRFProtect()
db = Database()
static_digest = FlaskStaticDigest()
