"""Waiting for an event of a child process, never for a stretch of time: a test that
signals a child does so once the child shows it is under way (a file appears in a folder,
seen by the system's file events), so it holds on a loaded machine."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import watchfiles

BACKSTOP_MS = 250
"""How long one wait for a file event may last before the event and the child are looked
at anyway: the watch is only armed when first waited on, so a file made just before it
would otherwise be missed. A backstop against that race, not a guess at the child's speed."""


def file_events(folder: Path, child: subprocess.Popen[str] | subprocess.Popen[bytes]
                ) -> Iterator[None]:
    """Once per batch of changes under ``folder`` (and at each backstop), until the child
    ends."""
    for _changes in watchfiles.watch(folder, watch_filter=None, debounce=0, step=1,
                                     rust_timeout=BACKSTOP_MS, yield_on_timeout=True,
                                     raise_interrupt=False):
        yield None
        if child.poll() is not None:
            return


def wait_for(event: Callable[[], bool], child: subprocess.Popen[str], folder: Path) -> None:
    """Until ``event()`` holds, looked at whenever something changes under ``folder``;
    fails at once if the child ends first. No time limit of its own: the CI job's is the
    backstop, not a guess at how loaded the machine is."""
    if event():
        return
    for _ in file_events(folder, child):
        if event():
            return
    if event():  # the child made it, then ended
        return
    raise AssertionError(f"the child ended first: {child.communicate()}")
