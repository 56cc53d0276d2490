"""A ``compare`` run started from the studio: the deck in the components folder against
the rulebook's (a game of one's own: against the game as the studio opened it), on the
same seeds, played in a thread while the page shows its progress; its verdict is the
command line's, word for word (``copperplate compare GAME --base rulebook|OPENED --variant
DIR --games N --jobs 1`` gives the same)."""

from __future__ import annotations

import contextlib
import io
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_GAMES = 2000  # a run from a web page stays a few minutes at most
OPENED = "the game as the studio opened it"  # a game of one's own is compared with it


@dataclass
class Run:
    game: str
    deck: Path
    games: int
    number: int = 1  # the studio's first run, second…: how the page orders its answers
    base: Path | None = None  # None: the rulebook's deck; else a components folder
    done: int = 0
    verdict: str = ""
    error: str = ""
    report: dict[str, Any] = field(default_factory=dict)
    finished: threading.Event = field(default_factory=threading.Event)

    def state(self) -> dict[str, Any]:
        return {"run": self.number, "games": self.games, "done": self.done,
                "finished": self.finished.is_set(), "verdict": self.verdict,
                "error": self.error}

    def page(self) -> str | None:
        """The finished comparison as a report page, as ``copperplate report`` draws one
        (each measure's verdict and the plot of the differences); None until it is done."""
        if not self.finished.is_set() or not self.report:
            return None
        from generator.engine.compare import verdict
        from generator.lab.balance_report import difference_section, page

        before = "the rulebook" if self.base is None else OPENED
        intro = f"{self.game}: {before} against this deck, the same {self.report['games']} seeds"
        return page(f"{self.game}: this deck against {before}", intro,
                    [("Differences", difference_section(self.report["differences"], verdict))])

    def start(self) -> None:
        threading.Thread(target=self._play, name="studio-compare", daemon=True).start()

    def argv(self) -> list[str]:
        base = "rulebook" if self.base is None else str(self.base)
        return ["compare", self.game, "--base", base, "--variant", str(self.deck),
                "--games", str(self.games), "--jobs", "1"]

    def _play(self) -> None:
        from generator import __version__
        from generator.commands import compare
        from generator.commands.common import UsageError, command_parser
        from generator.commands.compare import comparison, human
        from generator.commands.runs import playable, run_numbers, run_plan
        from generator.commands.simulate_cli import plan_for
        from generator.engine.compare import Pairing, PairTally, play_pair_chunk

        args = command_parser([compare], __version__).parse_args(self.argv())
        said = io.StringIO()
        try:
            spec = playable(self.game, self.deck)  # a game of one's own too
            numbers = run_numbers(args)
            with contextlib.redirect_stderr(said):  # a deck's problems, if any
                plans = [plan_for(spec, args, numbers, self.base),
                         plan_for(spec, args, numbers, self.deck)]
            if plans[0] is None or plans[1] is None:
                self.error = said.getvalue() or "a deck has errors"
                return
            pairing = Pairing(plans[0], plans[1])
            outcome = run_plan(pairing, 1, None, on_chunk=self._seen, worker=play_pair_chunk,
                               empty=PairTally)
            self.report = comparison(self.game, pairing, outcome)
            if self.base is not None:  # the studio's copy, named for what it holds
                args.base = OPENED  # (read by the verdict's heading alone)
            self.verdict = human(self.report, args)
        except UsageError as exc:
            self.error = str(exc)
        except Exception as exc:  # the page shows why the run stopped, not an endless bar
            self.error = f"the run stopped: {type(exc).__name__}: {exc}"
        finally:
            self.finished.set()

    def _seen(self, chunk: Any) -> None:
        self.done += int(chunk[0].games)
