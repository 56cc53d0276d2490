"""Reprint only what changed (``build --changed-since REV|DIR``): the playtester's loop.

Every copy of every piece has a short content hash of the SVG each of its sides draws
(``copy_hashes``; the manifest keeps it per item). Against a previous build folder the old
hashes come from its manifest; against a git revision the game's component folder (and,
for a bundled game, its templates) is taken from that revision and hashed the same way.
A copy whose front or back hash differs, or that is new, is reprinted with its back.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from generator.data.components import LoadedGame
from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.render.document import Document
from generator.render.errors import BuildError
from generator.render.jobs import jobs
from generator.render.stamp import short_hash

Key = tuple[str, int]  # (component, copy number)
Hashes = dict[tuple[str, int, str], str]  # (component, copy, side) -> hash
def copy_hashes(loaded: LoadedGame, bleed: float = 3.0) -> Hashes:
    """The content hash of each side of every copy (a die: all six faces together); none
    for a game that did not load."""
    doc: Document = Document()
    out: Hashes = {}
    if loaded.data is None:
        return out
    for job in jobs(loaded, bleed):
        for copy in job.copies:
            fronts = (job.die_faces(doc, copy) if job.kind == "die"
                      else [job.front(doc, copy)])
            out[(job.piece.id, copy.number, "front")] = short_hash(
                "".join(doc.arts[a] for a in fronts))
            back = job.back(doc, copy)
            if back is not None:
                out[(job.piece.id, copy.number, "back")] = short_hash(doc.arts[back])
    return out


def changed(now: Hashes, before: Hashes) -> list[Key]:
    """Copies whose front or back differs from before, or that are new, in order."""
    keys = dict.fromkeys((c, n) for c, n, _ in now)
    return [k for k in keys if any(now.get((*k, s)) != before.get((*k, s))
                                   for s in ("front", "back"))]


def hashes_in_folder(folder: Path, game_id: str, paper: str) -> Hashes:
    """The hashes a previous build left in ``folder/GAME/manifest-PAPER.json``."""
    path = folder / game_id / f"manifest-{paper}.json"
    try:
        items = json.loads(path.read_text(encoding="utf-8"))["items"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"{path}: no build of {game_id} on {paper} to compare with "
                         f"({exc.__class__.__name__}): build it into that folder first") from exc
    return {(i["component"], i["copy"], i["side"]): i.get("hash", "") for i in items}


def hashes_at_revision(loaded: LoadedGame, revision: str,
                       load: Callable[[Path], LoadedGame], bleed: float) -> Hashes:
    """The hashes of the game as it was at a git revision of the tree that holds it."""
    top = _git(loaded.folder, "rev-parse", "--show-toplevel").strip()
    if not top:
        raise BuildError(f"{loaded.folder} is in no git repository: --changed-since takes "
                         "a revision only there (or a build folder)")
    _git(Path(top), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}",
         error=f"'{revision}' is no revision of {top} (nor a build folder)")
    bundled = loaded.folder.resolve() == (BUNDLED_COMPONENTS / loaded.game_id).resolve()
    paths = [loaded.folder.resolve()] + ([BUNDLED_TEMPLATES / loaded.game_id] if bundled else [])
    with tempfile.TemporaryDirectory(prefix="copperplate-rev-") as tmp:
        game = Path(tmp) / "tree" / loaded.game_id
        for path in paths:
            _extract(Path(top), revision, path, Path(tmp))
        old = Path(tmp) / loaded.folder.resolve().relative_to(top)
        if not old.is_dir():  # the game is new since then: everything changed
            return {}
        shutil.copytree(old, game)
        if bundled and (Path(tmp) / "t").exists():
            shutil.copytree(Path(tmp) / "t", game / "templates", dirs_exist_ok=True)
        return copy_hashes(load(game.parent), bleed)


def _extract(top: Path, revision: str, path: Path, into: Path) -> None:
    relative = path.resolve().relative_to(top)
    run = subprocess.run(["git", "-C", str(top), "archive", "--format=tar", revision,
                          str(relative)], capture_output=True, check=False)
    if run.returncode != 0:  # not in that revision (a game or templates added since)
        return
    data = run.stdout
    archive = into / "part.tar"
    archive.write_bytes(data)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    if path.parent == BUNDLED_TEMPLATES and (into / relative).exists():
        (into / relative).rename(into / "t")  # the copy's own templates


def _git(where: Path, *args: str, error: str | None = None) -> str:
    run = subprocess.run(["git", "-C", str(where), *args], capture_output=True, text=True,
                         check=False)
    if run.returncode != 0 and error is not None:
        raise BuildError(error)
    return run.stdout if run.returncode == 0 else ""


def reprint_list(game_id: str, keys: list[Key], since: str) -> str:
    """One line per piece: how many copies changed, and which (as the manifest numbers
    them), so the old ones can be picked out and thrown away."""
    copies: dict[str, list[int]] = {}
    for component, number in keys:
        copies.setdefault(component, []).append(number)
    lines = [f"{game_id}: {len(keys)} piece(s) changed since {since}, reprinted with their "
             "backs:"]
    lines += [f"  {component}: {len(numbers)} (copies {_ranges(numbers)})"
              for component, numbers in copies.items()]
    return "\n".join(lines) + "\n"


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 7 -> "1-3, 7"."""
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans)


