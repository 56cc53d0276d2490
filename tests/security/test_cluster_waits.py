"""Every wait on a cluster ends: no worker to start with, workers gone mid-run, or the
connection lost is one line, never a hang. The waits are driven by a fake clock here;
one test starts a real local scheduler that has no worker."""

from __future__ import annotations

from typing import Any

import pytest

from generator.cli import main
from generator.lab import cluster


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 10.0  # every look at the cluster is ten seconds later
        return self.now


class Never:
    """A future whose result never comes."""

    def result(self, timeout: float | None = None) -> Any:
        raise TimeoutError

    def cancel(self) -> None:
        pass


class Client:
    def __init__(self, workers: int, status: str = "running") -> None:
        self.workers, self.status = workers, status

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {f"w{i}": {} for i in range(self.workers)}}

    def submit(self, fn: Any, *args: Any) -> Never:
        return Never()


def test_a_result_waited_for_with_no_worker_left_ends_past_the_patience() -> None:
    watched = cluster.Watched(Client(workers=0), patience=30, clock=Clock())
    with pytest.raises(cluster.ClusterError, match="no worker for 30 s"):
        watched.submit(print).result()


def test_a_lost_connection_ends_the_wait() -> None:
    watched = cluster.Watched(Client(workers=2, status="closed"), clock=Clock())
    with pytest.raises(cluster.ClusterError, match="connection to the scheduler was lost"):
        watched.submit(print).result()


def test_a_long_chunk_with_a_worker_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk may rightly take many minutes: while a worker is there, the wait goes on."""
    client = Client(workers=1)
    watched = cluster.Watched(client, patience=30, clock=Clock())
    looks = {"n": 0}
    real = watched.alive

    def counted(since: float | None) -> float | None:
        looks["n"] += 1
        if looks["n"] == 100:  # a thousand fake seconds with a worker: then it leaves
            client.workers = 0
        return real(since)

    monkeypatch.setattr(watched, "alive", counted)
    with pytest.raises(cluster.ClusterError, match="no worker"):
        watched.submit(print).result()
    assert looks["n"] > 100  # it waited past the patience while the worker was there


@pytest.mark.slow
def test_a_scheduler_without_workers_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "WORKER_SECONDS", 1.0)
    with distributed.LocalCluster(n_workers=0, processes=False,
                                  dashboard_address=None) as local:
        code = main(["simulate", "copperdale", "--games", "2", "--cluster",
                     local.scheduler_address])
    err = capsys.readouterr().err
    assert code == 2 and "has no worker" in err and len(err.strip().splitlines()) == 1
