"""What ``copperplate pieces`` prints: a ranked table in words, and the HTML page (a
forest plot of every piece's effect with its 95 % interval, the table, the restricted
play and, for a variant, the pieces that moved)."""

from __future__ import annotations

import argparse
from typing import Any

from generator.lab.balance_report import COLOURS, STYLE, Figure, figure, image

FLAG = "out of line"


def _signed(x: float) -> str:
    return f"{x:+.3g}"


def _interval(ci: list[float] | None) -> str:
    return "" if ci is None else f"[{_signed(ci[0])}, {_signed(ci[1])}]"


def intro(out: dict[str, Any]) -> str:
    players = out["players"]
    return (f"{out['game']}: {out['games']} games, {players} player{'s' * (players > 1)}, "
            f"bots {','.join(out['bots'])}, seed {out['seed']}; a piece's effect is what "
            "holding it adds to a seat's result "
            + ("(medals)" if players == 1 else "(score less the table's mean)")
            + " beyond holding any other piece")


def _row_words(r: dict[str, Any]) -> str:
    effect = "no effect to measure" if r["effect"] is None else (
        f"{_signed(r['effect'])} {_interval(r['ci95'])}")
    flag = f"  <- {FLAG}" if r["flagged"] else ""
    return (f"{r['rank']:>4}  {r['id']:<24} held {r['held_rate']:>6.1%}  "
            f"effect {effect}{flag}")


def _restricted_words(r: dict[str, Any]) -> str:
    t = r["restricted"]
    judged = "significant" if t["significant"] else "not significant"
    refused = (f"refused in {t['refused_games']} of {t['games']} games" if t["refused_games"]
               else "never refused: chance hands it out, or no seat reached for it")
    return (f"  {r['id']}: worth {_signed(t['worth'])} {_interval(t['ci95'])} to the seat "
            f"that may take it ({judged}); {refused}")


def _moved_words(out: dict[str, Any], args: argparse.Namespace) -> list[str]:
    """The pieces that moved (else the three largest changes), and those removed."""
    changes = sorted(out["moved"], key=lambda m: -abs(m["delta"]))
    moved = [m for m in changes if m["moved"]]
    said = (f"{len(moved)} piece{'s' * (len(moved) != 1)} moved" if moved else
            "no piece moved beyond chance; the largest changes" if changes else
            "no piece has an effect on both decks to compare (see the note)")
    lines = [f"variant {args.variant} against base {args.base}: {said}"]
    lines += [f"  {m['id']}: effect {_signed(m['base'])} -> {_signed(m['variant'])}, "
              f"change {_signed(m['delta'])} {_interval(m['ci95'])}"
              + ("  <- moved" if m["moved"] else "") for m in (moved or changes[:3])]
    lines += [f"  {piece}: no copies in the variant" for piece in out["removed"]]
    return lines


def text(out: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [intro(out), f"{'rank':>4}  {'piece':<24} {'':>11}  effect [95 % interval]"]
    lines += [_row_words(r) for r in out["pieces"]]
    restricted = [r for r in out["pieces"] if r.get("restricted")]
    if restricted:
        lines.append("restricted play (the same seeds, seat i mod players forbidden the "
                     "piece; worth = its result unrestricted less restricted):")
        lines += [_restricted_words(r) for r in restricted]
    if "moved" in out:
        lines += _moved_words(out, args)
    lines += [f"note: {n}" for n in out["notes"]]
    if out["interrupted"]:
        lines.append(f"stopped by Ctrl-C after {out['games']} games")
    lines += [f"violation: {v}" for v in out["violations"][:20]]
    return "\n".join(lines)


def forest_plot(rows: list[dict[str, Any]], title: str,
                base: dict[str, float] | None = None) -> Figure:
    """Every piece with an effect, strongest on top: its interval, flagged in colour; with
    a variant, the base deck's effect as a hollow mark beside it."""
    shown = [r for r in rows if r["effect"] is not None]
    fig, axes = figure(height=1.1 + 0.24 * max(1, len(shown)), width=8)
    ax = axes[0][0]
    for i, r in enumerate(shown):
        colour = COLOURS[0] if r["flagged"] else "#888888"
        ax.errorbar(r["effect"], i, xerr=[[r["effect"] - r["ci95"][0]],
                                          [r["ci95"][1] - r["effect"]]],
                    fmt="o", color=colour, capsize=3)
        if base is not None and r["id"] in base:
            ax.plot(base[r["id"]], i, "o", mfc="none", color=COLOURS[1])
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(shown)), [f"{r['rank']}. {r['name']}" for r in shown])
    ax.set(title=title, xlabel="what holding it adds beyond any other piece (95 % interval)")
    ax.invert_yaxis()
    return fig


def _table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    cells = [[r["rank"], r["id"], r["name"], f"{r['held_rate']:.1%}", r["taken"], r["played"],
              "" if r["effect"] is None else _signed(r["effect"]), _interval(r["ci95"]),
              "" if r["p"] is None else f"{r['p']:.3g}", FLAG if r["flagged"] else ""]
             for r in rows]
    return {"head": ["rank", "id", "name", "held", "taken", "played", "effect",
                     "95 % interval", "p", "flag"], "rows": cells}


def html_page(out: dict[str, Any], args: argparse.Namespace) -> str:
    """The answers first (flags, the suspects' restricted play, what moved), then every
    piece, then every change of a variant: the bundled template ``pieces-report.html.j2``
    in the build's sandboxed, autoescaped environment."""
    from markupsafe import Markup

    from generator.data.components import BUNDLED_TEMPLATES
    from generator.render.svg import environment

    answers = [f"{FLAG}: {r['id']} ({r['name']}), effect {_signed(r['effect'])} "
               f"{_interval(r['ci95'])}" for r in out["pieces"] if r["flagged"]]
    answers += out["notes"]
    answers += [_restricted_words(r).strip() for r in out["pieces"] if r.get("restricted")]
    base = None
    if "moved" in out:
        answers += [line.strip() for line in _moved_words(out, args)]
        base = {r["id"]: r["effect"] for r in out["base"]["pieces"] if r["effect"] is not None}
    title = "effect of holding each piece (orange: flagged" + (
        "; hollow: the base deck)" if base is not None else ")")
    # the one fragment not escaped here: the <img> of the plot, made by the shared helper
    plot = Markup(image(forest_plot(out["pieces"], title, base), "pieces by effect"))
    template = environment((BUNDLED_TEMPLATES,)).get_template("_shared/pieces-report.html.j2")
    return template.render(
        title=f"{out['game']}: which piece is out of line", intro=intro(out), style=STYLE,
        answers=answers, plot=plot, pieces=_table(out["pieces"]),
        moved=_moved(out, args) if "moved" in out else None) + "\n"


def _moved(out: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    cells = [[m["id"], _signed(m["base"]), _signed(m["variant"]), _signed(m["delta"]),
              _interval(m["ci95"]), "moved" if m["moved"] else ""]
             for m in sorted(out["moved"], key=lambda m: -abs(m["delta"]))]
    return {"variant": args.variant, "base": args.base, "removed": out["removed"],
            "table": {"head": ["piece", "base effect", "variant effect", "change",
                               "95 % interval", ""], "rows": cells}}
