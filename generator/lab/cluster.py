"""``--cluster ADDRESS``: play on an existing Dask distributed cluster (the optional
``cluster`` extra). A Dask ``Client`` already has the ``submit(fn, *args)`` whose futures
give ``result()`` that the local process pool has, so the run itself is the same code.

Dask waits for a scheduler's handshake without a time limit and believes the length it
announces, so a peer that accepts and stays silent hangs the run, and one that answers
garbage makes it allocate exabytes. The address is therefore first asked for that
handshake here, with a deadline and a size limit, before Dask is let near it. Once
connected, the run waits for a worker at most ``WORKER_SECONDS``, and each wait for a
chunk's result looks every ``STEP_SECONDS`` whether the client still runs and a worker
is still there: a chunk may rightly take many minutes, but a cluster whose workers are
gone (or a scheduler that went away) ends the run with one line instead of a hang."""

from __future__ import annotations

import socket
import struct
import time
from typing import Any

CONNECT_SECONDS = 5.0  # to connect, and again for the scheduler's first message
MAX_HANDSHAKE_BYTES = 1 << 20  # a scheduler's handshake is a few hundred bytes
DEFAULT_PORT = 8786
WORKER_SECONDS = 60.0  # the longest a run waits with no worker to play its games
STEP_SECONDS = 1.0  # how often a wait for a result looks at the cluster


class ClusterError(Exception):
    """No cluster to play on: the extra is missing or the scheduler does not answer (the
    command turns it into its usage error)."""


def connect(address: str) -> Any:
    probe(address, CONNECT_SECONDS)
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs the optional Dask extra: "
                         "pip install '.[cluster]'") from None
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except Exception as exc:  # whatever Dask makes of a peer that is not a scheduler
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"--cluster: cannot reach a Dask scheduler at '{address}' "
                         f"({reason})") from None
    try:
        client.wait_for_workers(1, timeout=WORKER_SECONDS)
    except Exception:  # noqa: BLE001 - Dask's TimeoutError, or a scheduler gone meanwhile
        client.close()
        raise ClusterError(f"--cluster: the scheduler at '{address}' has no worker (waited "
                           f"{WORKER_SECONDS:g} s): start one with 'dask worker "
                           f"{address}'") from None
    return Watched(client)


class Watched:
    """A Dask client whose futures' waits give up when the cluster can no longer answer:
    the client stopped, or no worker for ``patience`` seconds (``clock``: monotonic)."""

    def __init__(self, client: Any, patience: float = WORKER_SECONDS,
                 clock: Any = time.monotonic) -> None:
        self.client, self.patience, self.clock = client, patience, clock

    def submit(self, fn: Any, /, *args: Any) -> WatchedFuture:
        return WatchedFuture(self.client.submit(fn, *args), self)

    def workers(self) -> int:
        return len(self.client.scheduler_info().get("workers", {}))

    def close(self) -> None:
        self.client.close()

    def alive(self, since: float | None) -> float | None:
        """When the cluster was last seen without a worker (None: it has one); raises
        ``ClusterError`` once the client stopped or that lasted past ``patience``."""
        if self.client.status not in ("running", "connecting"):
            raise ClusterError(f"--cluster: the connection to the scheduler was lost "
                               f"({self.client.status})")
        if self.workers():
            return None
        now = self.clock()
        if since is not None and now - since > self.patience:
            raise ClusterError(f"--cluster: no worker for {self.patience:g} s; the run "
                               "stopped (start workers and run it again)")
        return now if since is None else since


class WatchedFuture:
    def __init__(self, future: Any, cluster: Watched) -> None:
        self.future, self.cluster = future, cluster

    def result(self) -> Any:
        since: float | None = None
        while True:
            try:
                return self.future.result(timeout=STEP_SECONDS)
            except TimeoutError:
                since = self.cluster.alive(since)

    def cancel(self) -> None:
        self.future.cancel()


def probe(address: str, seconds: float) -> None:
    """A TCP scheduler at ``address`` sends its handshake within ``seconds``: a frame
    length of a sane size, then that many bytes. Other transports are left to Dask."""
    where = _host_port(address)
    if where is None:
        return
    deadline = time.monotonic() + seconds
    try:
        with socket.create_connection(where, timeout=seconds) as peer:
            (size,) = struct.unpack("Q", _read(peer, 8, deadline))
            if not 0 < size <= MAX_HANDSHAKE_BYTES:
                raise ClusterError(f"--cluster: '{address}' is not a Dask scheduler (its "
                                 f"first message announces {size} bytes)")
            _read(peer, size, deadline)
    except TimeoutError:
        raise ClusterError(f"--cluster: '{address}' did not answer within {seconds:g} s "
                         "(is it a Dask scheduler?)") from None
    except OSError as exc:
        raise ClusterError(f"--cluster: cannot reach a Dask scheduler at '{address}' "
                         f"({exc.strerror or exc})") from None


def _host_port(address: str) -> tuple[str, int] | None:
    """``tcp://host:port`` (or ``host:port``, ``host``) as a socket address; None for
    another transport."""
    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return None
    host, colon, port = rest.rpartition(":")
    if not colon or "]" in port:  # no port, or an IPv6 address without one
        host, port = rest, str(DEFAULT_PORT)
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--cluster: '{address}' has no valid port")
    return host.strip("[]"), int(port)


def _read(peer: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes before ``deadline``; a peer that closes early is an OSError."""
    chunks: list[bytes] = []
    while size:
        peer.settimeout(max(deadline - time.monotonic(), 0.001))
        chunk = peer.recv(min(size, 1 << 16))
        if not chunk:
            raise ConnectionResetError(0, "it closed the connection")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
