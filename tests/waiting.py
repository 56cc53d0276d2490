"""Waiting for an event of a child process, never for a stretch of time: a test that
signals a child does so once the child shows it is under way (a file appears), so it
holds on a loaded machine."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable


def wait_for(event: Callable[[], bool], child: subprocess.Popen[str]) -> None:
    """Until ``event()`` holds; fails at once if the child ends first. No time limit of its
    own: the CI job's is the backstop, not a guess at how loaded the machine is."""
    while not event():
        if child.poll() is not None:
            raise AssertionError(f"the child ended first: {child.communicate()}")
        time.sleep(0.01)  # a poll interval, not a wait for the child's progress
