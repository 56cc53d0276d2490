"""``copperplate pieces``: the JSON shape, restricted play, variants and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main
from generator.deck.validate import validate_game
from generator.engine.pieces import follow
from generator.engine.playout import play
from generator.engine.restricted import Forbidding
from generator.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
RUN = ["--players", "2", "--jobs", "1", "--check", "end"]


def _pieces(argv: list[str], capsys: pytest.CaptureFixture[str],
            *after: str) -> dict:  # type: ignore[type-arg]
    assert main(["pieces", *argv, *RUN, "--json", *after]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def _no_saloon(tmp_path: Path) -> Path:
    """A variant of Boomtown Builders with every Saloon replaced by a Hotel."""
    tree = tmp_path / "decks"
    game = tree / "boomtown-builders"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("extends: boomtown-builders\nvariant: {name: No saloon}\n")
    text = (ROOT / "components/boomtown-builders/buildings.yaml").read_text()
    for old, new in (('"Saloon", count: 2', '"Saloon", count: 0'),
                     ('"Hotel", count: 2', '"Hotel", count: 4')):
        assert old in text
        text = text.replace(old, new)
    (game / "buildings.yaml").write_text(text)
    return tree


def test_json_ranks_every_piece_of_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    out = _pieces(["boomtown-builders", "--games", "6", "--suspects", "1"], capsys)
    assert {"game", "games", "players", "bots", "pieces"} <= set(out)
    assert out["bots"] == ["greedy", "greedy"] and out["games"] == 6
    data = validate_game(GAMES["boomtown-builders"], None).data
    catalogue = GAMES["boomtown-builders"].pieces.catalogue(data)  # type: ignore[union-attr]
    assert sorted(r["id"] for r in out["pieces"]) == sorted(i for i, _ in catalogue)
    assert [r["rank"] for r in out["pieces"]] == list(range(1, len(catalogue) + 1))
    for row in out["pieces"]:
        assert {"id", "name", "rank", "effect", "ci95", "flagged"} <= set(row)
    restricted = [r for r in out["pieces"] if r["restricted"]]
    assert len(restricted) == 1 and restricted[0]["rank"] == 1
    assert restricted[0]["restricted"]["games"] == 6


def test_the_same_arguments_give_the_same_ranking_whatever_the_jobs(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["boomtown-builders", "--games", "4", "--suspects", "1", "--seed", "5"]
    once = _pieces(argv, capsys)
    assert once == _pieces(argv, capsys)
    assert once == _pieces(argv, capsys, "--jobs", "2")  # the last --jobs counts


def test_every_piece_a_seat_takes_is_in_the_catalogue() -> None:
    for spec in GAMES.values():
        assert spec.pieces is not None, f"{spec.id} has no pieces.py"
        data = validate_game(spec, None).data
        game = spec.make_game(data)  # type: ignore[misc]
        players = min(max(game.min_players, 2), game.max_players)
        record = play(game, players, [("greedy", spec.bots["greedy"])] * players, "7/0",
                      check="end")
        done = follow(game, record, spec.pieces.holdings)
        known = {piece for piece, _ in spec.pieces.catalogue(data)}
        assert done.taken, f"{spec.id}: nobody took anything"
        assert set(done.taken) <= known, f"{spec.id}: {set(done.taken) - known}"


def test_a_forbidding_bot_never_chooses_the_piece() -> None:
    spec = GAMES["boomtown-builders"]
    game = spec.make_game(validate_game(spec, None).data)  # type: ignore[misc]
    greedy = spec.bots["greedy"]
    free = play(game, 2, [("greedy", greedy)] * 2, "3/0", check="end")
    piece = sorted(follow(game, free, spec.pieces.holdings).held[0])[0]  # type: ignore[union-attr]

    def forbidding(seat: int, seed: int | str) -> Forbidding:
        return Forbidding(greedy(seat, seed), piece, spec.pieces.holdings, seed)  # type: ignore[union-attr]

    bound = play(game, 2, [("greedy", forbidding), ("greedy", greedy)], "3/0", check="end")
    assert bound.completed
    assert piece not in follow(game, bound, spec.pieces.holdings).held[0]  # type: ignore[union-attr]


def test_a_variant_says_which_pieces_moved_and_which_are_gone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = _no_saloon(tmp_path)
    out = _pieces(["boomtown-builders", "--games", "4", "--suspects", "0",
                   "--variant", str(tree)], capsys)
    assert out["removed"] == ["saloon"]
    assert "saloon" not in {r["id"] for r in out["pieces"]}
    assert "saloon" in {r["id"] for r in out["base"]["pieces"]}
    assert {m["id"] for m in out["moved"]} <= {r["id"] for r in out["pieces"]}
    # 2 games: under MIN_TELLING, so no piece has an effect to compare, and it says so
    assert main(["pieces", "boomtown-builders", "--games", "2", "--suspects", "0",
                 "--variant", str(tree), *RUN]) == 0
    text = capsys.readouterr().out
    assert "  saloon: no copies in the variant\n" in text
    assert ": no piece has an effect on both decks to compare (see the note)\n" in text


@pytest.mark.parametrize("argv, message", [
    (["--piece", "no-such-card"], "unknown piece 'no-such-card' for boomtown-builders"),
    (["--games", "1"], "--games 1 is too few"),
    (["--suspects", "x"], "--suspects must be a whole number"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pieces", "boomtown-builders", *argv, *RUN]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_a_piece_the_variant_removed_cannot_be_restricted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = _no_saloon(tmp_path)
    assert main(["pieces", "boomtown-builders", "--variant", str(tree), "--piece", "saloon",
                 *RUN]) == 2
    err = capsys.readouterr().err
    assert "piece 'saloon' has no copies left in the variant" in err


def test_a_piece_the_deck_has_no_copies_of_is_not_called_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = _no_saloon(tmp_path)
    assert main(["pieces", "boomtown-builders", "--components", str(tree), "--piece",
                 "saloon", *RUN]) == 2
    err = capsys.readouterr().err
    assert err == ("copperplate: error: piece 'saloon' has no copies in the deck played: "
                   "there is nothing to restrict\n")
    assert main(["pieces", "boomtown-builders", "--components", str(tree), "--piece",
                 "salon", *RUN]) == 2  # a typo is still unknown
    assert "unknown piece 'salon' for boomtown-builders" in capsys.readouterr().err


def test_html_report_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "pieces.html"
    assert main(["pieces", "boomtown-builders", "--games", "3", "--suspects", "0", *RUN,
                 "--html", str(page)]) == 0
    text = page.read_text()
    assert "which piece is out of line" in text and "data:image/png;base64," in text
    note = "3 games are too few to say anything"
    assert note in text and note in capsys.readouterr().out


def test_the_html_report_escapes_what_the_deck_names(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from generator.commands.piece_report import html_page

    out = _pieces(["boomtown-builders", "--games", "3", "--suspects", "0"], capsys)
    out["pieces"][0].update(name="<b onclick='x'>Saloon</b>", flagged=True, effect=1.0,
                            ci95=[0.5, 1.5], p=0.01)
    page = html_page(out, argparse.Namespace(variant=None, base="rulebook"))
    assert "<b onclick" not in page and "&lt;b onclick=&#39;x&#39;&gt;Saloon&lt;/b&gt;" in page
    assert page.count("<tr>") == len(out["pieces"]) + 1 and page.endswith("</html>\n")


@pytest.mark.slow  # a Dask scheduler and two worker processes: outside the fast tier
def test_a_cluster_ranks_and_restricts_as_one_local_process(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    argv = ["boomtown-builders", "--games", "8", "--seed", "4", "--suspects", "1",
            "--variant", str(_no_saloon(tmp_path))]
    local = _pieces(argv, capsys)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = _pieces(argv, capsys, "--cluster", cluster.scheduler_address)
    assert remote == local and any(r["restricted"] for r in local["pieces"])


def test_an_unreachable_cluster_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pieces", "boomtown-builders", *RUN, "--cluster", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("copperplate: error: --cluster") and err.count("\n") == 1, err
