"""Entry point for servers: ``gunicorn wsgi:app`` or ``flask --app wsgi run``."""

from companion import create_app

app = create_app()
