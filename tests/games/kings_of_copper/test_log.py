"""The move-by-move log is a referee's record (issue 13, item 7): from its text alone one
can follow every dollar and every chip, the Anaconda Sapphire, bumps, entries and curses,
and tell a tunnel roll from a doubles re-roll."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games.kings_of_copper.bots import GreedyBot

MONEY = re.compile(r"^\s+\$ (the bank|\w+) pays (the bank|\w+) \$(\d+)")
CHIP_IN = re.compile(r"^\s+(\w+) (?:takes|takes \(free\)|digs out|robs \w+ of) ([\w-]+) \(")
CASHED = re.compile(r"for the chip ([\w-]+) \(")
ROBBED = re.compile(r"^\s+(\w+) robs (\w+) of ([\w-]+) \(")
KEPT = re.compile(r"snake-eyes: (\w+) already holds the Anaconda Sapphire")
ANACONDA = re.compile(r"snake-eyes: (\w+) takes the Anaconda Sapphire(?: from (\w+))?")


def _game_log(game, seed: int, players: int = 4) -> tuple[list[str], object]:  # type: ignore[no-untyped-def]
    bots = [("greedy", GreedyBot)] + [("random", RandomBot)] * (players - 1)
    record = play(game, players, bots, f"log/{seed}", log=True)
    assert record.completed
    lines = [line for entry in record.log for line in entry.split("\n")]
    return lines, replay(game, players, record.actions)


def _referee(lines: list[str], colors: list[str], start: int) -> tuple[dict[str, int], dict[str, Counter[str]], str | None]:
    money = {c: start for c in colors}
    hands: dict[str, Counter[str]] = {c: Counter() for c in colors}
    anaconda = None
    for line in lines:
        if m := MONEY.match(line):
            payer, payee, amount = m.group(1), m.group(2), int(m.group(3))
            money[payer] = money.get(payer, 0) - amount
            money[payee] = money.get(payee, 0) + amount
            if c := CASHED.search(line):
                hands[payee][c.group(1)] -= 1
        elif m := ROBBED.match(line):
            hands[m.group(1)][m.group(3)] += 1
            hands[m.group(2)][m.group(3)] -= 1
        elif m := CHIP_IN.match(line):
            hands[m.group(1)][m.group(2)] += 1
        elif m := ANACONDA.search(line):
            assert m.group(2) == anaconda
            anaconda = m.group(1)
        elif m := KEPT.search(line):
            assert m.group(1) == anaconda
    money.pop("the bank", None)
    return money, hands, anaconda


@pytest.mark.parametrize("seed", [36, 5, 11])
def test_a_referee_follows_every_dollar_and_chip_from_the_log(game, seed: int) -> None:  # type: ignore[no-untyped-def]
    lines, final = _game_log(game, seed)
    colors = [final.color(p) for p in range(4)]
    money, hands, anaconda = _referee(lines, colors, game.tables.rules.start_money)
    assert [money[c] for c in colors] == final.s.money
    for seat, color in enumerate(colors):
        # kept as counted: a chip line the referee cannot read shows as a count below 0
        held = {chip: n for chip, n in hands[color].items() if n}
        assert held == Counter(final.s.hands[seat]), color
    holder = final.color(final.s.anaconda) if final.s.anaconda is not None else None
    assert anaconda == holder


def test_the_log_names_bumps_entries_and_curses(game) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join(line for seed in (36, 5) for line in _game_log(game, seed)[0])
    assert re.search(r"\w+ bumps \w+'s token on \S+ back to Start", text)
    assert re.search(r"\w+ token \d enters on \S+ \(First Square\)", text)
    assert "doubles: " in text and "rolls again (doubles)" in text


def test_a_tunnel_roll_reads_differently_from_a_doubles_re_roll(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t02", "t22", "start", "start"], ["start"] * 4], roll=(3, 3))
    st.apply_action(("die", 3, 0, "t05"))
    st.apply_action(("die", 3, 1, "t25"))
    assert st.action_to_string(("roll", 1, 2)) == "red rolls again (doubles) 1 + 2"
    st.apply_action(("roll", 2, 5))
    st.apply_action(("total", 7, 1, "t32"))
    assert st.s.pending[0][0] == "tunnel-roll"
    assert st.action_to_string(("roll", 3, 4)) == (
        "red rolls for the tunnel (token 1 on t05): 3 + 4\n    the tunnel opens")


def test_the_ladder_curse_and_the_anaconda_are_logged(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["east-hill-m4", "t22", "start", "start"], ["t32"] + ["start"] * 3],
            roll=(1, 6), anaconda=1)
    st.s.mines["walkerville-m1"].owner = 0
    assert "red passed under its own ladder: one die for the next 7 turns" in \
        st.action_to_string(("die", 1, 0, "walkerville-m1"))
    st = at(tokens=[["t22", "start", "start", "start"], ["t32"] + ["start"] * 3],
            stage="roll", anaconda=1)
    assert st.action_to_string(("roll", 1, 1)).endswith(
        "snake-eyes: red takes the Anaconda Sapphire from blue")


def _deep_mining_log(at, mine: str, *actions: tuple[object, ...]) -> list[str]:  # type: ignore[no-untyped-def]
    """The log lines of ``actions``, red owning ``mine`` (its green chip taken) with a
    Character card and tokens on the mine and beside it; purses left out."""
    st = at(tokens=[[mine, "walkerville-o1", "t12", "start"], ["start"] * 4],
            characters=["michael-hickey", None])
    st.s.hands[0].append(st.s.mines[mine].green)
    st.s.mines[mine].green, st.s.mines[mine].owner = None, 0
    lines = []
    for action in actions:
        lines += st.action_to_string(action).split("\n")
        st.apply_action(action)
    return [re.sub(r" \[[^]]*\]$", "", line) for line in lines]


def test_the_log_tells_each_step_of_deep_mining(at) -> None:  # type: ignore[no-untyped-def]
    # the stored game never deep-mines: its words are pinned here, as a referee reads
    # them (the chip lines are the ones CHIP_IN follows)
    lex = "walkerville-m2"
    assert _deep_mining_log(at, lex, ("peek", lex), ("dig", lex), ("d10", 1)) == [
        "red pays to peek at the deep chip of the Lexington mine",
        "    $ red pays the bank $50 for a peek",
        "    red sees copper-ore ($100 blue) under the mine",
        "red digs deep at the Lexington mine",
        "    $ red pays the bank $50 for the dig",
        "the cave-in die shows 1",
        "    red digs out copper-ore ($100 blue) face down"]
    assert _deep_mining_log(at, "uptown-m1", ("peek", "uptown-m1")) == [
        "red pays to peek at the deep chip of the Original mine",
        "    $ red pays the bank $50 for a peek",
        "    red takes (free) fools-gold ($0 blue) face down",
        "    $ the bank pays red $50 for the peek back (Fool's Gold)"]
    assert _deep_mining_log(at, lex, ("peek", lex), ("dig", lex), ("d10", 0))[5:9] == [
        "the cave-in die shows 0",
        "    cave-in: red token 1 on walkerville-m2 goes back to Start",
        "    cave-in: red token 2 on walkerville-o1 goes back to Start",
        "    the Lexington Title goes back on its mine; red's turn ends"]
