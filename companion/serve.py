"""``flask --app wsgi serve`` (``make serve``): the app for a whole table's phones on the local network.

It listens on every interface, works out the address the other phones use
(this machine's address on the local network), sets it as ``BASE_URL`` so
share links and QR codes point there, prints it with a QR code to scan, and
hands over to gunicorn with the app's settings (``companion.gunicorn_conf``).
"""

from __future__ import annotations

import os
import socket
import sys

import click
import segno


def lan_address() -> str:
    """This machine's IPv4 address on the local network (127.0.0.1 when it has none).

    Connecting a UDP socket only chooses the route: no packet is sent.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


@click.command("serve")
@click.option("--port", default=5000, show_default=True, help="the port phones connect to")
@click.option("--workers", default=2, show_default=True, help="gunicorn worker processes")
def serve_command(port: int, workers: int) -> None:
    """Serve the app to the phones on this network, and print its address with a QR code."""
    base = os.environ.get("BASE_URL") or f"http://{lan_address()}:{port}"
    click.echo(f"\nSussex Tarot Companion for the table: {base}\n")
    click.echo("Phones on the same Wi-Fi open that address, or scan:\n")
    segno.make(base, error="m").terminal(compact=True)
    click.echo("\nStop with Ctrl+C.\n")
    sys.stdout.flush()
    os.environ["BASE_URL"] = base
    os.execv(sys.executable, gunicorn_command(f"0.0.0.0:{port}", workers))


def gunicorn_command(bind: str, workers: int, *extra: str) -> list[str]:
    """gunicorn with this app's settings (``companion.gunicorn_conf``: gevent workers, which slow clients
    cannot hold up) on ``bind``."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "python:companion.gunicorn_conf",
        "-w",
        str(workers),
        *extra,
        "-b",
        bind,
        "wsgi:app",
    ]
