"""The balance report: one self-contained HTML page of plots (matplotlib, embedded as
PNG data) and the figures behind them, from a live run or from ``--record`` files.

Plots: score distributions by seat and by bot, win rates with their 95 % intervals (by
seat, by bot, by turn order), game length, event counters, and the differences of a
variant against its base, and the skill ladder as a curve. The page is drawn by a Jinja2
template (``_shared/report.html.j2``, in the build's sandboxed, autoescaped environment),
so text from data (game and bot names, folders) is escaped; the PNGs carry no date or
version, so the same run gives the same bytes.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from markupsafe import Markup

from generator.engine.tally import Tally

Figure = Any  # matplotlib.figure.Figure (imported lazily: the CLI starts fast)
COLOURS = ["#b5651d", "#2e6f8e", "#6a8d3a", "#8e3b6f", "#c9a227", "#555555"]


def figure(rows: int = 1, cols: int = 1, height: float = 3.0,
            width: float = 4.2) -> tuple[Figure, Any]:
    import matplotlib

    matplotlib.use("Agg")
    # labels are data (event names, bot names from a record file): never mathtext, so a
    # name like "$\\frac{$" is printed as it is instead of parsed
    matplotlib.rcParams["text.parse_math"] = False
    from matplotlib.figure import Figure as MplFigure

    fig = MplFigure(figsize=(width * cols, height * rows), dpi=100, layout="constrained")
    return fig, fig.subplots(rows, cols, squeeze=False)


def _png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def score_plot(tally: Tally, lineup: Sequence[str]) -> Figure:
    """By seat and by bot; a solo game has one of each, so one panel."""
    panels = [("seat", tally.seat_hist), ("bot", tally.bot_hist)][: 1 + (tally.players > 1)]
    fig, axes = figure(1, len(panels))
    for ax, (label, hists) in zip(axes[0], panels, strict=True):
        for i, hist in enumerate(hists):
            name = f"seat {i + 1}" if label == "seat" else f"{i + 1}: {lineup[i]}"
            values, counts = zip(*sorted(hist.items()), strict=True) if hist else ((), ())
            ax.hist(values, bins=min(30, max(1, len(values))), weights=counts,
                    histtype="step", linewidth=1.6, color=COLOURS[i % 6], label=name)
        ax.set(title=f"final score by {label}", xlabel="score", ylabel="games")
        ax.legend(fontsize="small")
    return fig


def _rates(ax: Any, rows: list[dict[str, Any]], names: list[str], title: str,
           fair: float) -> None:
    rates = [r["rate"] for r in rows]
    errors = [[r["rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["rate"] for r in rows]]
    ax.bar(names, rates, yerr=errors, capsize=4, color=COLOURS[: len(rows)])
    ax.axhline(fair, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set(title=title, ylabel="win rate", ylim=(0, 1))
    ax.legend(fontsize="small")


def win_plot(summary: dict[str, Any]) -> Figure:
    fig, axes = figure(1, 3)
    fair = 1 / summary["players"]
    _rates(axes[0][0], summary["seats"], [f"seat {x['seat']}" for x in summary["seats"]],
           "wins by seat", fair)
    _rates(axes[0][1], summary["lineup"], [f"{x['position']}: {x['bot']}"
                                           for x in summary["lineup"]], "wins by bot", fair)
    _rates(axes[0][2], summary["wins_by_turn_order"],
           [f"#{x['order']}" for x in summary["wins_by_turn_order"]],
           "wins by turn order", fair)
    return fig


def length_plot(tally: Tally) -> Figure:
    fig, axes = figure(width=7)
    lengths = sorted(tally.lengths.items())
    ax = axes[0][0]
    ax.bar([t for t, _ in lengths], [n for _, n in lengths], width=0.8, color=COLOURS[1])
    ax.set(title="game length", xlabel="turns", ylabel="games")
    # a turn either side, so that whole turns are ticked even when every game is as long
    ax.set_xlim(lengths[0][0] - 1, lengths[-1][0] + 1) if lengths else None
    for axis in (ax.xaxis, ax.yaxis):  # whole turns, whole games
        axis.get_major_locator().set_params(integer=True)
    return fig


def event_plot(summary: dict[str, Any]) -> Figure:
    events = summary["events"]
    fig, axes = figure(height=0.8 + 0.4 * max(1, len(events)), width=7)
    ax = axes[0][0]
    names = list(events)
    means = [events[n]["mean"] for n in names]
    errors = [[m - events[n]["ci95"][0] for n, m in zip(names, means, strict=True)],
              [events[n]["ci95"][1] - m for n, m in zip(names, means, strict=True)]]
    colours = [COLOURS[0] if events[n]["total"] else "#cc0000" for n in names]
    ax.barh(names, means, xerr=errors, capsize=3, color=colours)
    ax.set(title="events per game, with 95 % intervals (red: never happened)",
           xlabel="mean per game")
    ax.invert_yaxis()
    return fig


def _relative(differences: dict[str, Any]) -> list[str]:
    """The measures a change relative to the base can be drawn for (decisiveness has a
    plot of its own)."""
    from generator.engine.compare import decisive
    from generator.engine.quality import TENTHS

    folded = {decisive(k) for k in range(TENTHS)}
    return [n for n, d in differences.items() if d["base"] and n not in folded]


def difference_plot(differences: dict[str, Any]) -> Figure:
    """Each measure's change, relative to its base value, with its 95 % interval."""
    names = _relative(differences)
    fig, axes = figure(height=0.9 + 0.4 * max(1, len(names)), width=8)
    ax = axes[0][0]
    for i, name in enumerate(names):
        d = differences[name]
        scale = 100 / abs(d["base"])
        lo, hi = (x * scale for x in d["ci95"])
        colour = COLOURS[0] if d["significant"] else "#888888"
        ax.errorbar(d["delta"] * scale, i, xerr=[[d["delta"] * scale - lo],
                                                 [hi - d["delta"] * scale]],
                    fmt="o", color=colour, capsize=4)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(names)), names)
    ax.set(title="variant against base (orange: significant)", xlabel="change, % of base")
    ax.invert_yaxis()
    return fig


def decisiveness_plot(summary: dict[str, Any]) -> Figure:
    """How often the sole leader at each tenth of the game wins, with 95 % intervals."""
    shown = [d for d in summary["quality"]["decisiveness"] if d["games"]]
    fig, axes = figure(width=7)
    ax = axes[0][0]
    tenths = [d["tenth"] * 10 for d in shown]
    rates = [d["rate"] for d in shown]
    ax.errorbar(tenths, rates, yerr=[[d["rate"] - d["ci95"][0] for d in shown],
                                     [d["ci95"][1] - d["rate"] for d in shown]],
                fmt="o-", color=COLOURS[1], capsize=4)
    ax.axhline(1 / summary["players"], color="black", linestyle="--", linewidth=1,
               label="fair share")
    ax.set(title="decisiveness: the leader at each point of the game wins",
           xlabel="% of the game played", ylabel="leader's win rate", ylim=(0, 1), xlim=(0, 100))
    ax.legend(fontsize="small")
    return fig


def decisiveness_difference_plot(shown: Sequence[tuple[int, dict[str, Any]]]) -> Figure:
    """The variant's decisiveness less the base's at each tenth, with 95 % intervals."""
    fig, axes = figure(width=7)
    ax = axes[0][0]
    for at, d in shown:
        ax.errorbar(at, d["delta"], yerr=[[d["delta"] - d["ci95"][0]],
                                          [d["ci95"][1] - d["delta"]]],
                    fmt="o", color=COLOURS[0] if d["significant"] else "#888888", capsize=4)
    ax.axhline(0, color="black", linewidth=1)
    ax.set(title="decisiveness, variant less base (orange: significant)",
           xlabel="% of the game played", ylabel="change in the leader's win rate",
           xlim=(0, 100), ylim=(-1, 1))
    return fig


def quality_section(summary: dict[str, Any]) -> str:
    """The quality measures: the decisiveness curve and one line per measure."""
    from generator.engine.quality import quality_words

    plot = image(decisiveness_plot(summary), "Decisiveness") if summary["players"] > 1 else ""
    return plot + items(quality_words(summary["quality"]))


@cache
def _parts() -> Any:
    """The report template's macros (``table``, ``image``, ``items``, ``paragraph``,
    ``page``), each returning escaped HTML."""
    from generator.files.bundled import BUNDLED_TEMPLATES
    from generator.render.svg import environment

    return environment((BUNDLED_TEMPLATES,)).get_template("_shared/report.html.j2").module


def html_table(rows: list[list[Any]], head: list[str]) -> str:
    """A table of ``rows`` under ``head``, every cell escaped."""
    return str(_parts().table(head, rows))


def items(lines: Sequence[str]) -> str:
    """A list of plain-text lines, each escaped."""
    return str(_parts().items(list(lines)))


def _interval(x: dict[str, Any]) -> str:
    return f"{x['rate']:.1%} [{x['ci95'][0]:.1%}, {x['ci95'][1]:.1%}]"


def summary_table(summary: dict[str, Any]) -> str:
    rows = [[f"seat {s['seat']}", _interval(s), s["score"]["mean"],
             f"[{s['score']['ci95'][0]}, {s['score']['ci95'][1]}]"] for s in summary["seats"]]
    rows += [[f"bot {b['position']}: {b['bot']}", _interval(b), b["score"]["mean"],
              f"[{b['score']['ci95'][0]}, {b['score']['ci95'][1]}]"] for b in summary["lineup"]]
    return html_table(rows, ["who", "wins (95 % interval)", "mean score", "95 % interval"])


STYLE = ("body{font-family:sans-serif;max-width:1300px;margin:1em auto;color:#222}"
         "img{max-width:100%;display:block;margin:.5em 0}table{border-collapse:collapse}"
         "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
         "h1{color:#8a4b12}.note{color:#555}")


def page(title: str, intro: str, sections: list[tuple[str, str]]) -> str:
    """The HTML page: ``sections`` are (heading, HTML body) pairs, each body made by this
    module's parts (``html_table``, ``image``, ``items``…): trusted as it is."""
    made = _parts().page(title, intro, Markup(STYLE),
                         [(heading, Markup(body)) for heading, body in sections])
    return str(made).rstrip("\n") + "\n"


def image(fig: Figure, alt: str) -> str:
    """The figure as an embedded PNG."""
    return str(_parts().image(alt, _png(fig)))


def run_sections(summary: dict[str, Any], tally: Tally) -> list[tuple[str, str]]:
    """The plots and figures of one run (one deck)."""
    plots: list[tuple[str, Callable[[], Figure]]] = [
        ("Scores", lambda: score_plot(tally, summary["bots"]))]
    if summary["players"] > 1:
        plots.append(("Win rates", lambda: win_plot(summary)))
    plots.append(("Game length", lambda: length_plot(tally)))
    if summary["events"]:
        plots.append(("Events", lambda: event_plot(summary)))
    sections = [(name, image(make(), name)) for name, make in plots]
    sections.append(("Quality of the game", quality_section(summary)))
    done = f"ties: {summary['ties']}; completed {summary['completed']} of {summary['games']}"
    sections.insert(1, ("Figures", summary_table(summary) + str(_parts().paragraph(done))))
    return sections


def difference_section(differences: dict[str, Any], words: Callable[[str, Any], str],
                       notes: Sequence[str] = ()) -> str:
    """Every measure's change with its interval, plotted and in ``words`` (decisiveness
    on one line), then the notes."""
    from generator.engine.compare import difference_lines, tenths

    body = image(difference_plot(differences), "variant against base") if _relative(
        differences) else ""
    shown = tenths(differences)
    if shown:
        body += image(decisiveness_difference_plot(shown), "decisiveness, variant less base")
    lines = difference_lines(differences, words) + [f"note: {n}" for n in notes]
    return body + items(lines)


def lineup_of(records: Sequence[Any]) -> list[str]:
    """The bot of each lineup position, read off recorded games."""
    first = records[0]
    names = [""] * first.players
    for seat, position in enumerate(first.positions):
        names[position] = first.bots[seat]
    return names


def summary_of(game_id: str, tally: Tally, lineup: list[str]) -> dict[str, Any]:
    """The figures the report shows, from a tally alone (records carry no run options)."""
    return {"game": game_id, "players": tally.players, "games": tally.games, "bots": lineup,
            **tally.summary(lineup)}


def _elo(rate: float, fair: float, games: int) -> float:
    """Rating points a win share ``rate`` is worth against a fair share ``fair`` (Elo's
    400 · log10 of the odds ratio; a share of 0 or 1 is taken as half a game from it)."""
    edge = 0.5 / max(1, games)
    rate = min(max(rate, edge), 1 - edge)
    return 400 * math.log10(rate / (1 - rate) * (1 - fair) / fair)


def skill_curve(duels: Sequence[Any]) -> tuple[list[float], list[float], list[float]]:
    """Each rung's skill above the first rung, and a band: the duels' gains added up
    (medals a game in a solo game, else rating points), the band adding up each duel's
    95 % interval ends (wider than a joint interval: a conservative band)."""
    curve, low, high = [0.0], [0.0], [0.0]
    for d in duels:
        steps = [d.value, *d.ci95]
        if d.players > 1:
            steps = [_elo(x, d.fair, d.games) for x in steps]
        for values, step in zip((curve, low, high), steps, strict=True):
            values.append(values[-1] + step)
    return curve, low, high


def ladder_plot(duels: Sequence[Any]) -> Figure:
    """The skill curve (left) and each rung's duel with the one below it (right)."""
    fig, axes = figure(1, 2, width=5.5)
    names = [duels[0].lower, *(d.upper for d in duels)]
    solo = duels[0].players == 1
    curve, low, high = skill_curve(duels)
    ax = axes[0][0]
    ax.fill_between(range(len(names)), low, high, color=COLOURS[1], alpha=0.2,
                    label="95 % intervals added up")
    ax.plot(range(len(names)), curve, "o-", color=COLOURS[1], label="skill")
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
    ax.set(title="skill curve: each rung above the first",
           ylabel="medals a game" if solo else "rating points (Elo)")
    ax.legend(fontsize="small")
    ax = axes[0][1]
    for i, d in enumerate(duels):
        colour = COLOURS[0] if d.verdict == "beats" else "#cc0000"
        ax.errorbar(i, d.value, yerr=[[d.value - d.ci95[0]], [d.ci95[1] - d.value]],
                    fmt="o", color=colour, capsize=4)
    ax.axhline(duels[0].fair, color="black", linestyle="--", linewidth=1,
               label="no better" if solo else "fair share")
    ax.set_xticks(range(len(duels)), [f"{d.upper}\nvs {d.lower}" for d in duels])
    ax.set(title="each rung against the one below (red: not beaten)",
           ylabel="medals gained a game" if solo else "upper rung's win share")
    ax.set_xlim(-0.5, len(duels) - 0.5)
    if not solo:
        ax.set_ylim(0, 1)
    ax.legend(fontsize="small")
    return fig


def ladder_section(duels: Sequence[Any]) -> str:
    """The skill curve, then each duel in words."""
    return image(ladder_plot(duels), "Skill ladder") + items([d.words() for d in duels])
