"""``python -m companion`` called in-process: the same ``main()``, given the arguments and standard input, its exit
status and what it wrote captured. The program itself (``__main__``, the process's exit status and its UTF-8 out)
is run as a subprocess once, in ``tests/games/sussex/test_examples.py``."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from unittest import mock

from companion.cli import main


@dataclass(frozen=True)
class Done:
    """What a run of the command line did, named as ``subprocess.CompletedProcess`` names it."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str, stdin: str = "") -> Done:
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stdin", io.StringIO(stdin)), redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit_:  # argparse's own refusals
            status = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    return Done(status, out.getvalue(), err.getvalue())
