"""Fuzz: random template text and random YAML values in a copied deck. Whatever comes in,
``validate`` and ``build`` end with exit 0 or 1 and located lines: no traceback, no hang."""

from __future__ import annotations

import contextlib
import functools
import io
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.render import sandbox

SNIPPETS = [
    "{{ face.id }}", "{{ face.name }}", "{{ w / 2 }}", "{% for i in range(3) %}x{% endfor %}",
    "{% if face %}", "{% endif %}", "{{ ", " }}", "{% ", " %}", "<rect width='1'/>", "<g>",
    "</g>", "<text>", "</text>", "{{ face.__class__ }}", "{{ cycler.__init__ }}",
    "{{ 'x' * 10**8 }}", "{{ range(10**7)|list }}", "{{ 1/0 }}", "{{ face|attr('x') }}",
    "<image href='http://example.com/x.png'/>", "<image href='../x.png'/>", "&", "<",
    "{% set n = namespace(s='x') %}{% for i in range(30) %}{% set n.s = n.s ~ n.s %}"
    "{% endfor %}", "{{ data.deck.pieces[0].faces|length }}", "{{ undefined_name }}",
    "{% include 'nope.svg.j2' %}", "{% extends '/etc/passwd' %}", "{{ '%s' % face }}",
]
TEMPLATE = st.lists(st.one_of(st.sampled_from(SNIPPETS), st.text(max_size=12)), max_size=8)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                   st.text(max_size=20))
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)
# the deck's own files, or a bundled template line that drew the deck's text (a print-lint
# error names the data line in its message)
LOCATED = re.compile(r"^((copperdale|<bundled>|_bundled_)/\S+:\d+:\d+: error: .* \([\w-]+\)"
                     r"|copperplate: error: .*)$")
KEEP = object()  # leave the data alone: the template is then drawn
FIELDS = ["name: Jack", "label: J", "value: 1", "suit: spades", "size: poker", "kind: card"]


@functools.cache
def warmed_up() -> None:
    """The bundled game validated once in this process: the first face drawn in a process
    imports fontTools, reads the fonts and may compile the shared templates, and on a
    loaded machine that alone can pass the test's short 0.5 s budget."""
    assert _run("validate", "copperdale")[0] == 0


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(list(argv))
    return code, out.getvalue()


def _edit_value(deck: Path, field: str, value: Any) -> None:
    text = deck.read_text(encoding="utf-8")
    dumped = yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    dumped = dumped.removesuffix("\n...").removesuffix("...").strip() or "''"
    key = field.split(":")[0]
    deck.write_text(text.replace(field, f"{key}: {dumped}", 1), encoding="utf-8")


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(template=TEMPLATE, field=st.sampled_from(FIELDS),
       value=st.one_of(st.just(KEEP), st.text(max_size=20), VALUE))
def test_random_templates_and_values_end_in_exit_0_or_1(
        template: list[str], field: str, value: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    warmed_up()  # a process's one-time costs are not the template's
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.5)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        game = root / "copperdale"
        shutil.copytree(BUNDLED_COMPONENTS / "copperdale", game)
        (game / "templates").mkdir()
        (game / "templates" / "card-back.svg.j2").write_text(
            '{% extends "_shared/base.svg.j2" %}{% block art %}' + "".join(template)
            + "{% endblock %}", encoding="utf-8")
        if value is not KEEP:
            _edit_value(game / "deck.yaml", field, value)
        monkeypatch.chdir(root)
        for argv in (["validate"], ["build", "--out", "out"]):
            code, out = _run(*argv, "copperdale", "--components", ".")
            assert code in (0, 1), out
            assert "Traceback" not in out
            if code == 1:
                assert LOCATED.match(out.splitlines()[0]), out
            if code == 1 and argv[0] == "build":
                assert not (root / "out").exists()
