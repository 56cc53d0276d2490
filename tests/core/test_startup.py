"""What a process pays once: a command loads only the machinery its job uses.

Each test runs a fresh interpreter (a module imported by an earlier test would hide the
one this test is about) and reads which modules it ended with.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from generator.entry import quiet_start


def modules_after(code: str, *args: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code`` (``sys.argv[1:]`` is
    ``args``)."""
    tail = "; print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", f"import sys; {code}{tail}", *args],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


NAMED_RULES = ("from pathlib import Path; from generator.games import GAMES; "
               "from generator.deck.validate import named_rules; "
               "folder = Path(sys.argv[1]); spec, _ = named_rules(GAMES[folder.name], folder); "
               "assert (spec.make_game is None) == (sys.argv[2] == 'plain')")


def test_a_game_of_ones_own_without_a_rules_file_never_loads_the_rules_engine(
        tmp_path: Path) -> None:
    game = tmp_path / "my-deck"
    game.mkdir()
    (game / "game.yaml").write_text("name: My deck\n", encoding="utf-8")
    plain = modules_after(NAMED_RULES, str(game), "plain")
    assert "generator.rulesfile.hook" not in plain
    assert not {m for m in plain if m.startswith("generator.engine")}  # nothing is played
    (game / "rules.yaml").write_text("phases: []\n", encoding="utf-8")
    assert "generator.rulesfile.hook" in modules_after(NAMED_RULES, str(game), "playable")


def test_fonts_are_cut_without_loading_lxml_which_stays_importable() -> None:
    code = ("from generator.render.fontsubset import _subset, installed_font; "
            "_subset(installed_font('DejaVuSans'), frozenset('Bench')); "
            "assert 'lxml' not in sys.modules; import lxml.etree")
    loaded = modules_after(code)
    assert "fontTools.subset" in loaded and "lxml.etree" in loaded


def test_fonts_are_cut_without_the_body_of_varlib_which_stays_importable_whole() -> None:
    code = ("from generator.render.fontsubset import _subset, installed_font; "
            "_subset(installed_font('DejaVuSans'), frozenset('Bench')); "
            "assert 'fontTools.varLib.merger' not in sys.modules; "
            "assert 'fontTools.varLib' not in sys.modules; "
            "import fontTools.varLib; from fontTools.varLib import varStore; "
            "assert callable(fontTools.varLib.build); "
            "assert varStore is sys.modules['fontTools.varLib.varStore']")
    loaded = modules_after(code)
    assert {"fontTools.subset", "fontTools.varLib.varStore", "fontTools.varLib.merger"} <= loaded


def test_the_collector_is_off_while_the_command_line_loads_and_as_it_was_after() -> None:
    code = ("import gc; from generator.entry import main; sys.argv = ['copperplate', 'list']; "
            "main(); print('collector', gc.isenabled(), gc.get_freeze_count() > 10_000)")
    assert "collector True True" in subprocess.run(
        [sys.executable, "-c", f"import sys; {code}"], capture_output=True, text=True,
        check=True).stdout
    try:
        with quiet_start():
            assert not gc.isenabled()
        assert gc.isenabled()
        gc.disable()  # one who turned it off keeps it off
        with quiet_start():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


def test_the_last_collection_at_exit_has_nothing_to_walk_after_a_command() -> None:
    """``validate`` hands back what it set aside (``fewer_collections``): some 47,000
    objects the interpreter's last collection would walk and free for nothing as the
    process ends (2.5 % of a cold validate's instructions)."""
    code = ("import gc, sys; from generator.entry import main; "
            "sys.argv = ['copperplate', 'validate', 'copperdale']; code = main(); "
            "print('left', code, len(gc.get_objects()), gc.get_freeze_count() > 10_000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "COPPERPLATE_VALIDATE_MEMO": "off"})
    assert out.stdout.splitlines()[-1] == "left 0 0 True"


def _pydantic_plugins_after_a_command(**env: str) -> str:
    code = ("import os, sys; from generator.entry import main; "
            "sys.argv = ['copperplate', 'list']; main(); "
            "print('plugins', repr(os.environ.get('PYDANTIC_DISABLE_PLUGINS')))")
    clean = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**clean, **env}).stdout
    return out.splitlines()[-1]


def test_pydantic_plug_ins_stay_out_of_a_command_unless_the_user_asks_for_them() -> None:
    assert _pydantic_plugins_after_a_command() == "plugins '__all__'"
    assert _pydantic_plugins_after_a_command(PYDANTIC_DISABLE_PLUGINS="") == "plugins ''"
    assert (_pydantic_plugins_after_a_command(PYDANTIC_DISABLE_PLUGINS="logfire")
            == "plugins 'logfire'")


REMEMBERED = ("import sys, generator.cli; code = generator.cli.main(['validate', 'copperdale']); "
              "print(code, sorted(m for m in sys.modules if m in sys.argv[1:]))")
ONLY_FOR_TROUBLE = ("xml.etree.ElementTree", "ctypes", "traceback", "difflib")


def test_a_remembered_validate_loads_no_junit_writer_folder_swap_crash_trace_or_hints(
        tmp_path: Path) -> None:
    """A junit report, a build's folder swap, a crashed check and a "did you mean" each
    import their module when they happen: a validate answered from the memo has none."""
    env = {**os.environ, "COPPERPLATE_CACHE": str(tmp_path / "cache"),
           "COPPERPLATE_VALIDATE_MEMO": "on"}
    for _ in range(2):  # the second is answered from the memo
        out = subprocess.run([sys.executable, "-c", REMEMBERED, *ONLY_FOR_TROUBLE],
                             capture_output=True, text=True, check=True, env=env).stdout
    assert out.splitlines()[-1] == "0 []"


def test_a_remembered_validate_never_loads_the_schema_or_pydantic(tmp_path: Path) -> None:
    """A pre-commit hook's usual run: nothing changed, the memo answers for every game.
    The schema (pydantic and its models: about two thirds of such a run's instructions)
    is read only when a game is checked."""
    env = {**os.environ, "COPPERPLATE_CACHE": str(tmp_path / "cache"),
           "COPPERPLATE_VALIDATE_MEMO": "on"}
    code = ("import sys, generator.cli; code = generator.cli.main(['validate']); "
            "print(code, sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' "
            "or m.startswith('generator.schema')))")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env=env).stdout
    assert "pydantic" in first.splitlines()[-1]  # checked: the schema was read
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env=env).stdout
    assert again.splitlines()[-1] == "0 []"
