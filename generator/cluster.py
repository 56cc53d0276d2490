"""``--cluster ADDRESS``: play on an existing Dask distributed cluster (the optional
``cluster`` extra). A Dask ``Client`` already has the ``submit(fn, *args)`` whose futures
give ``result()`` that the local process pool has, so the run itself is the same code.

Dask waits for a scheduler's handshake without a time limit and believes the length it
announces, so a peer that accepts and stays silent hangs the run, and one that answers
garbage makes it allocate exabytes. The address is therefore first asked for that
handshake here, with a deadline and a size limit, before Dask is let near it."""

from __future__ import annotations

import socket
import struct
import time
from typing import Any

CONNECT_SECONDS = 5.0  # to connect, and again for the scheduler's first message
MAX_HANDSHAKE_BYTES = 1 << 20  # a scheduler's handshake is a few hundred bytes
DEFAULT_PORT = 8786


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
        return Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except Exception as exc:  # whatever Dask makes of a peer that is not a scheduler
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"--cluster: cannot reach a Dask scheduler at '{address}' "
                         f"({reason})") from None


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
