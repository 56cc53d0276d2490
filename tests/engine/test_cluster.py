"""``--cluster``: a local Dask scheduler with two worker processes plays the same games as
one local process, to the byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main

pytestmark = pytest.mark.slow  # outside the fast tier (make test-fast)

distributed = pytest.importorskip("distributed")

ARGV = ["--games", "10", "--players", "3", "--seed", "9", "--bots", "greedy,random,random",
        "--rotate", "--check", "end", "--json"]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    for side in (out, out.get("base", {}), out.get("variant", {})):
        side.pop("seconds", None)
    return out  # type: ignore[no-any-return]


def test_a_cluster_gives_the_local_results(capsys: pytest.CaptureFixture[str]) -> None:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        for command in (["simulate", "copper-creek"],
                        ["compare", "copper-creek", "--base", "rulebook", "--variant",
                         str(Path(__file__).resolve().parents[2] / "components")]):
            local = _run(command + ARGV + ["--jobs", "1"], capsys)
            assert _run(command + ARGV + ["--cluster", address], capsys) == local
