"""Compiled templates on disk: used across processes, keyed by the compiling environment,
verified before use."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from jinja2.ext import Extension

from generator.render.bytecode import CompiledTemplates
from generator.render.sandbox import DeckSandbox

SOURCE = "{% for i in range(n) %}<t>{{ i * 2 }}</t>{% endfor %}\n"


class Marks(Extension):
    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return source.replace("<t>", "<t mark='1'>")


def make(folder: Path, cache: Path, **options: object) -> jinja2.Environment:
    return DeckSandbox(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                       bytecode_cache=CompiledTemplates(cache), **options)  # type: ignore[arg-type]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "t.j2").write_text(SOURCE)
    return tmp_path


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "templates").rglob("*.jinja"))


def test_a_second_environment_runs_the_stored_code(folder: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    first = make(folder, cache).get_template("t.j2").render(n=3)
    assert len(entries(cache)) == 1
    compiled: list[object] = []
    real = jinja2.Environment.compile

    def counting(self: jinja2.Environment, *args: object, **kwargs: object) -> object:
        compiled.append(args)
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(DeckSandbox, "compile", counting)
    assert make(folder, cache).get_template("t.j2").render(n=3) == first == (
        "<t>0</t><t>2</t><t>4</t>")
    assert compiled == []  # loaded, not compiled


def test_an_environment_that_compiles_differently_has_its_own_entry(
        folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain = make(folder, cache).get_template("t.j2").render(n=1)
    marked = make(folder, cache).overlay(extensions=[Marks]).get_template("t.j2").render(n=1)
    trimmed = make(folder, cache, trim_blocks=True).get_template("t.j2").render(n=1)
    assert (plain, marked) == ("<t>0</t>", "<t mark='1'>0</t>")
    assert trimmed == plain
    assert len(entries(cache)) == 3


def test_a_damaged_or_forged_entry_is_compiled_again(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    make(folder, cache).get_template("t.j2")
    (entry,) = entries(cache)
    head, _, data = entry.read_bytes().partition(b"\n")
    entry.write_bytes(head + b"\n" + data[:-8] + b"\x00" * 8)  # same length, wrong bytes
    assert make(folder, cache).get_template("t.j2").render(n=2) == "<t>0</t><t>2</t>"
    entry.write_bytes(b"garbage")
    assert make(folder, cache).get_template("t.j2").render(n=2) == "<t>0</t><t>2</t>"


def test_an_edited_template_is_never_served_stale(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    make(folder, cache).get_template("t.j2").render(n=1)
    (folder / "t.j2").write_text(SOURCE.replace("* 2", "* 5"))
    assert make(folder, cache).get_template("t.j2").render(n=2) == "<t>0</t><t>5</t>"
