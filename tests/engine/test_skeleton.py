"""Every game package follows the one skeleton (README, "Adding a game"), read from its
source: ``state.py`` imports no rules, phase, words or invariants module; phase modules
never import ``rules.py``; ``words`` has exactly ``action_to_string`` and
``describe_state``, ``invariants`` exactly ``broken``; ``checks`` is a package whose
parts each keep a ``PART`` and are joined in one place; no import runs up to the
commands, the console or the studio, and no modules of a game import each other in a
circle. The toy (``toy/``) is made as the README says, so the README is followed for real.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.games import REGISTERED

ROOT = Path(__file__).resolve().parents[2]
FRONT = ("generator.commands", "generator.cli", "generator.studio", "generator.entry")
NEVER_IN_STATE = {"rules", "words", "invariants", "bots", "picture", "pieces", "checks"}


@dataclass(frozen=True)
class Package:
    name: str  # dotted, as imported
    folder: Path

    def modules(self) -> dict[str, Path]:
        """Each module of the package by its dotted name inside it (``checks.board``)."""
        found = {}
        for path in sorted(self.folder.rglob("*.py")):
            parts = path.relative_to(self.folder).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name or "__init__"] = path
        return found

    def imports(self, module: str) -> tuple[set[str], set[str]]:
        """The package's own modules that ``module`` imports, and every other module."""
        modules = self.modules()
        path = modules[module]
        here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        own: set[str] = set()
        other: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                other.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                    inside = ".".join([*base, *(node.module or "").split(".")]).strip(".")
                elif (node.module or "").startswith(self.name):
                    inside = (node.module or "")[len(self.name):].strip(".")
                else:
                    other.add(node.module or "")
                    continue
                for alias in node.names:
                    sub = f"{inside}.{alias.name}".strip(".")
                    own.add(sub if sub in modules else inside or "__init__")
        own.discard(module)
        return own, other


PACKAGES = {game_id: Package(module, ROOT / Path(*module.split(".")))
            for game_id, module in REGISTERED}
PACKAGES["toy"] = Package("tests.engine.toy", ROOT / "tests" / "engine" / "toy")
GAMES = list(PACKAGES)


def public(path: Path) -> set[str]:
    """The names a module defines at its top level that do not start with ``_``."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_") and n != "annotations"}


@pytest.mark.parametrize("game_id", GAMES)
def test_state_imports_no_rules_phase_words_or_invariants(game_id: str) -> None:
    """``state.py`` may use the game's plain data modules (tables, the model, a town's or
    a city's cells); never the rules, a phase (a module that works on the State, so
    imports ``state``), words, invariants, bots, pictures, pieces or checks."""
    package = PACKAGES[game_id]
    own, _ = package.imports("state")
    phases = {m for m in package.modules() if "state" in package.imports(m)[0]}
    wrong = {m for m in own if m in phases | NEVER_IN_STATE or m.split(".")[0] == "checks"}
    assert not wrong, f"{game_id}/state.py imports {sorted(wrong)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_package_face_imports_rules(game_id: str) -> None:
    package = PACKAGES[game_id]
    importers = [m for m in package.modules() if m != "__init__"
                 and "rules" in package.imports(m)[0]]
    assert importers == [], f"{game_id}: {importers} import rules.py"


@pytest.mark.parametrize("game_id", GAMES)
def test_words_and_invariants_have_the_skeleton_names(game_id: str) -> None:
    modules = PACKAGES[game_id].modules()
    assert public(modules["words"]) == {"action_to_string", "describe_state"}
    assert public(modules["invariants"]) == {"broken"}


@pytest.mark.parametrize("game_id", GAMES)
def test_checks_are_parts_joined_in_one_place(game_id: str) -> None:
    """Each module of ``checks/`` that registers checks keeps its own ``PART``; parts never
    import each other (they may share a helper module that registers nothing), and
    ``checks/__init__.py`` joins every part in one ``Registry.joined``."""
    package = PACKAGES[game_id]
    modules = package.modules()
    inside = sorted(m for m in modules if m.startswith("checks."))
    assert modules["checks"].name == "__init__.py" and inside, f"{game_id}: no checks package"
    parts = [m for m in inside if "PART" in public(modules[m])]
    for helper in set(inside) - set(parts):
        assert ".check(" not in modules[helper].read_text(encoding="utf-8"), (
            f"{helper} registers checks without a PART")
    for part in parts:
        siblings = package.imports(part)[0] & {"checks", *parts}
        assert not siblings, f"{part} imports {sorted(siblings)}"
    face = modules["checks"].read_text(encoding="utf-8")
    joined = [node for node in ast.walk(ast.parse(face)) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "joined"]
    assert len(joined) == 1, f"{game_id}: CHECKS is not one Registry.joined"
    named = {ast.unparse(arg) for arg in joined[0].args[1:]}
    assert parts and named == {f"{p.split('.', 1)[1]}.PART" for p in parts}


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_imports_up_or_only_to_register(game_id: str) -> None:
    package = PACKAGES[game_id]
    for module, path in package.modules().items():
        _, other = package.imports(module)
        up = sorted(o for o in other if o.startswith(FRONT))
        assert up == [], f"{game_id}/{path.name} imports {up}"
        assert "F401" not in path.read_text(encoding="utf-8"), f"{path}: an import to register"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_modules_of_a_game_import_each_other_in_a_circle(game_id: str) -> None:
    package = PACKAGES[game_id]
    graph = {m: package.imports(m)[0] - {"__init__"} for m in package.modules()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            raise AssertionError(f"{game_id}: circle {' -> '.join(path + (module,))}")
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, path + (module,))
        done.add(module)

    for module in graph:
        visit(module, ())
