"""``report``: one self-contained HTML page whose every plot loads in headless Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser import browser_page

from generator.cli import main

RUN = ["--games", "6", "--players", "2", "--bots", "greedy,random", "--rotate",
       "--check", "end", "--jobs", "1"]


def _plots_loaded(html: Path) -> list[str]:
    """The alt text of every plot, after checking in Chromium that each one drew."""
    with browser_page() as p:
        p.goto(html.resolve().as_uri())
        images = p.evaluate("Array.from(document.images).map("
                            "i => [i.complete && i.naturalWidth > 0, i.alt])")
    assert images and all(ok for ok, _ in images), images
    return [alt for _, alt in images]


@pytest.mark.slow  # a real browser: run by make test, not the fast tier
def test_a_live_report_shows_every_plot(tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    assert main(["report", "boomtown-builders", *RUN, "--html", str(html)]) == 0
    text = html.read_text()
    assert not re.search(r"(src|href)=['\"]?(https?:|//|file:)", text)  # self-contained
    assert _plots_loaded(html) == ["Scores", "Win rates", "Game length", "Events", "Decisiveness"]
    again = tmp_path / "again.html"
    assert main(["report", "boomtown-builders", *RUN, "--html", str(again)]) == 0
    assert again.read_bytes() == html.read_bytes()  # same run, same bytes


@pytest.mark.slow  # a real browser: run by make test, not the fast tier
def test_a_report_of_recorded_comparison(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    assert main(["compare", "boomtown-builders", "--base", "rulebook", "--variant",
                 str(Path(__file__).resolve().parents[2] / "components"), *RUN,
                 "--record", str(record)]) == 0
    capsys.readouterr()
    html = tmp_path / "report.html"
    assert main(["report", "boomtown-builders", "--record", str(record), "--html",
                 str(html)]) == 0
    plots = _plots_loaded(html)
    assert plots[0] == "variant against base" and plots.count("Win rates") == 2
    assert "score_mean: the variant leaves mean score" in html.read_text()
    # what was played is said, as a live run's report says it
    assert re.search(r"\d+ recorded games on each deck, \d+ players, bots \w+", html.read_text())


def test_records_of_another_game_are_refused(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    assert main(["simulate", "copperdale", "--games", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["report", "boomtown-builders", "--record", str(record), "--html",
                 str(tmp_path / "r.html")]) == 1
    assert "a copperdale game, not boomtown-builders (game-record)" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("argv", [
    ["--record", "/no/such/run.jsonl"],
    ["--games", "0"],
    ["--variant", ".", "--components", "."],
    ["--variant", ".", "--games", "1"],  # one game: no interval for any difference
    ["--ladder", "greedy"],
    ["--ladder", "random,nobody"],
    ["--ladder", "random,greedy", "--bots", "greedy"],
    ["--ladder", "random,greedy", "--players", "2"],  # a solo game
])
def test_report_usage_errors_write_nothing(argv: list[str], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "r.html"
    assert main(["report", "copperdale", *argv, "--html", str(html)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("copperplate: error: ") and err.count("\n") == 1
    assert not html.exists()


@pytest.mark.slow  # two runs' dozen plots: some seconds
def test_a_comparison_report_shows_both_decks_quality_and_the_change(tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    components = str(Path(__file__).resolve().parents[2] / "components")
    assert main(["report", "cold-comfort", "--variant", components, "--games", "4",
                 "--players", "2", "--jobs", "1", "--check", "end", "--html", str(html)]) == 0
    text = html.read_text()
    alts = re.findall(r"<img class='plot' alt='([^']*)'", text)
    assert alts[:2] == ["variant against base", "decisiveness, variant less base"]
    assert alts.count("Decisiveness") == 2  # each deck's curve
    for words in ("first-player advantage", "decisiveness (the sole", "lead changes:",
                  "length spread"):
        assert text.count(f"<li>{words}") == 2, words
    assert text.count("; stalls: ") == 2
    assert "<li>length_sd: the variant leaves the spread of game length" in text
    assert "<li>note: no difference in 4 games: every measure is the same" in text


def test_the_difference_section_plots_decisiveness_apart_and_says_the_notes() -> None:
    from generator.engine.compare import verdict
    from generator.lab.balance_report import difference_section

    one = {"base": 0.5, "variant": 0.6, "delta": 0.1, "ci95": [-0.1, 0.3],
           "significant": False}
    differences = {"score_mean": {**one, "base": 10.0, "variant": 11.0, "delta": 1.0,
                                  "ci95": [0.5, 1.5]},
                   "decisiveness_30pct_rate": one, "decisiveness_90pct_rate": one}
    body = difference_section(differences, verdict, ["too few"])
    alts = re.findall(r"<img class='plot' alt='([^']*)'", body)
    assert alts == ["variant against base", "decisiveness, variant less base"]
    items = re.findall(r"<li>([^<]*)</li>", body)
    assert items[0].startswith("score_mean: the variant raises mean score from 10")
    assert items[1].startswith("decisiveness (how often the sole leader at each tenth of the "
                               "game wins), variant less base: 30% +10% [-10%, +30%], 90%")
    assert items[2:] == ["note: too few"]
    # a comparison with no tenth on both decks has no decisiveness plot
    body = difference_section({"score_mean": differences["score_mean"]}, verdict)
    assert re.findall(r"alt='([^']*)'", body) == ["variant against base"]
    # nothing to compare (one game): no empty plot, only the note
    assert difference_section({}, verdict, ["1 game"]) == "<ul><li>note: 1 game</li></ul>"


@pytest.mark.parametrize("lengths", [{18: 60}, {38: 1, 47: 1, 48: 3, 59: 2, 74: 1}])
def test_the_game_length_plot_ticks_whole_turns_and_games(lengths: dict[int, int]) -> None:
    from collections import Counter

    from generator.engine.tally import Tally
    from generator.lab.balance_report import length_plot

    tally = Tally(2)
    tally.lengths = Counter(lengths)
    ax = length_plot(tally).axes[0]
    ax.figure.canvas.draw()  # ticks are placed when drawn
    for ticks, shown in ((ax.get_xticks(), ax.get_xlim()), (ax.get_yticks(), ax.get_ylim())):
        inside = [t for t in ticks if shown[0] <= t <= shown[1]]
        assert len(inside) >= 2 and all(t == int(t) for t in inside), inside
    if len(lengths) == 1:  # every game as long: that length is ticked under its bar
        assert min(lengths) in ax.get_xticks()


def test_a_ladder_report_draws_the_skill_curve(tmp_path: Path) -> None:
    html = tmp_path / "ladder.html"
    assert main(["report", "boomtown-builders", "--ladder", "random,greedy,mcts:2",
                 "--games", "4", "--jobs", "1", "--html", str(html)]) == 0
    assert _plots_loaded(html) == ["Skill ladder"]
    text = html.read_text()
    assert "4 games a duel, 2 players" in text
    # every duel said in words, each rung against the one below it
    assert re.search(r"<li>greedy (beats|not told from|loses to) random: \d+%", text)
    assert re.search(r"<li>mcts:2 (beats|not told from|loses to) greedy: \d+%", text)


def test_a_solo_ladder_pairs_the_seeds(tmp_path: Path) -> None:
    html = tmp_path / "ladder.html"
    assert main(["report", "copperdale", "--ladder", "random,greedy", "--games", "3",
                 "--jobs", "1", "--html", str(html)]) == 0
    assert re.search(r"greedy (beats|not told from|loses to) random: [+-]\d+\.\d "
                     r"\[[+-][\d.]+, [+-][\d.]+\] medals a game, same seeds, 3 games",
                     html.read_text())
