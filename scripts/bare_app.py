"""The stack's own ceiling for `make bench`: Flask returning a short constant."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "ok"
