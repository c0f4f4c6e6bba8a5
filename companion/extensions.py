"""Extension objects, created once and bound to an app in ``create_app``."""

from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_static_digest import FlaskStaticDigest
from flask_wtf.csrf import CSRFProtect

from .db import Database

compress = Compress()
csrf = CSRFProtect()
db = Database()
#: Per client address (behind a proxy, TRUST_PROXY makes that the phone's); storage RATELIMIT_STORAGE_URI.
limiter = Limiter(key_func=get_remote_address)
static_digest = FlaskStaticDigest()
