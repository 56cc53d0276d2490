"""``--cluster ADDRESS``: play on an existing Dask distributed cluster (the optional
``cluster`` extra). A Dask ``Client`` already has the ``submit(fn, *args)`` whose futures
give ``result()`` that the local process pool has, so the run itself is the same code."""

from __future__ import annotations

from typing import Any

CONNECT_SECONDS = 5


class ClusterError(Exception):
    """No cluster to play on: the extra is missing or the scheduler does not answer (the
    command turns it into its usage error)."""


def connect(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs the optional Dask extra: "
                         "pip install '.[cluster]'") from None
    try:
        return Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"--cluster: cannot reach a Dask scheduler at '{address}' "
                         f"({reason})") from None
