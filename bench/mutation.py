"""The mutation run over a game's rules modules: how many small edits of the rules code
(a ``<`` made ``<=``, a ``+ 1`` dropped, a constant changed) no test notices.

mutmut (the ``mutation`` extra: ``pip install '.[mutation]'``) edits each module in a
copy of the tree and runs the game's tests (the fast tier, ``-m "not slow"``) against
every edit; a *surviving* mutant is an edit every test passed. It is CPU-heavy, so it is
run by hand, never by ``make test``, one game (or one module) at a time:

    .venv/bin/python bench/mutation.py copperdale scoring.py
    .venv/bin/python bench/mutation.py cold-comfort scoring.py turn.py --jobs 2

It prints killed / survived / other per module and the surviving mutants' names (see one
with ``mutmut show NAME`` inside the printed work folder, which is kept).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = Path(sys.executable).with_name("mutmut")
TREE = ("generator", "tests", "components", "templates", "pyproject.toml")
RESULT = re.compile(r"^\s*(\S+): (\w[\w ]*)$")


def setup_cfg(package: str, modules: list[str]) -> str:
    """mutmut's settings: mutate only the named modules, run only the game's tests."""
    only = "\n    ".join(f"generator/games/{package}/{m}" for m in modules)
    return ("[mutmut]\nsource_paths = generator\n"
            f"only_mutate =\n    {only}\n"
            "also_copy =\n    components\n    templates\n"
            f"pytest_add_cli_args_test_selection =\n    tests/games/{package}\n"
            "    tests/engine/test_every_game.py\n"
            "pytest_add_cli_args =\n    -m\n    not slow\n    -p\n    no:cacheprovider\n")


def copy_tree(work: Path) -> None:
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "mutants"))
        else:
            shutil.copy2(source, work / name)


def tally(results: str) -> dict[str, Counter[str]]:
    """``mutmut results --all true`` lines (``NAME: status``) counted per module."""
    per: dict[str, Counter[str]] = {}
    for line in results.splitlines():
        found = RESULT.match(line)
        if found:
            name, status = found.groups()
            module = name.split(".x")[0]
            per.setdefault(module, Counter())[status] += 1
    return per


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id, e.g. copperdale")
    parser.add_argument("modules", nargs="+", help="modules of the game's package, e.g. "
                        "scoring.py")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once")
    args = parser.parse_args(argv)
    package = args.game.replace("-", "_")
    work = Path(tempfile.mkdtemp(prefix=f"mutation-{args.game}-"))
    copy_tree(work)
    (work / "setup.cfg").write_text(setup_cfg(package, args.modules), encoding="utf-8")
    subprocess.run([str(MUTMUT), "run", "--max-children", str(args.jobs)], cwd=work,
                   check=False, stdout=subprocess.DEVNULL)
    done = subprocess.run([str(MUTMUT), "results", "--all", "true"], cwd=work,
                          capture_output=True, text=True, check=False)
    for module, counts in sorted(tally(done.stdout).items()):
        total = sum(counts.values())
        print(f"{module}: {total} mutants, {counts['killed']} killed, "
              f"{counts['survived']} survived, "
              f"{total - counts['killed'] - counts['survived']} other")
    survivors = [m.group(1) for m in map(RESULT.match, done.stdout.splitlines())
                 if m and m.group(2) == "survived"]
    print("survived:", *survivors, sep="\n  ")
    print(f"(work folder kept: {work})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
