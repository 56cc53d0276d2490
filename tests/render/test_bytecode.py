"""Compiled templates on disk: used across processes, keyed by the compiling environment,
verified before use."""

from __future__ import annotations

import sys
from pathlib import Path

import jinja2
import pytest
from jinja2.ext import Extension

from generator.render.bytecode import CompiledTemplates
from generator.render.drawn import read
from generator.render.marks import SourceLines
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


def shipped(folder: Path, cache: Path, beside: Path) -> jinja2.Environment:
    """An environment whose templates in ``folder`` count as shipped with the package."""
    store = CompiledTemplates(cache, shipped=(folder,), beside=beside)
    return DeckSandbox(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                       bytecode_cache=store)


def test_a_shipped_template_keeps_its_code_beside_the_package(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    cache, beside = tmp_path / "cache", tmp_path / "package" / "__pycache__" / "templates"
    first = shipped(folder, cache, beside).get_template("t.j2").render(n=2)
    assert len(list(beside.rglob("*.jinja"))) == 1 and entries(cache) == []
    compiled: list[object] = []
    monkeypatch.setattr(DeckSandbox, "compile", lambda *a, **k: compiled.append(a))
    other_cache = tmp_path / "empty-cache"  # a cold cache folder: the code beside serves
    assert shipped(folder, other_cache, beside).get_template("t.j2").render(n=2) == first
    assert compiled == [] and entries(other_cache) == []


def test_a_strangers_template_keeps_its_code_in_the_cache_folder(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    cache, beside = tmp_path / "cache", tmp_path / "package"
    store = CompiledTemplates(cache, shipped=(tmp_path / "elsewhere",), beside=beside)
    DeckSandbox(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                bytecode_cache=store).get_template("t.j2").render(n=1)
    assert len(entries(cache)) == 1 and not beside.exists()


@pytest.mark.parametrize("why", ["read-only package", "no bytecode written"])
def test_a_package_that_cannot_take_the_code_sends_it_to_the_cache_silently(
        why: str, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    cache, beside = tmp_path / "cache", tmp_path / "package"
    monkeypatch.setattr("sys.dont_write_bytecode", why == "no bytecode written")
    if why == "read-only package":
        beside.write_text("a file where the folder would go")
    assert shipped(folder, cache, beside).get_template("t.j2").render(n=1) == "<t>0</t>"
    assert len(entries(cache)) == 1 and capsys.readouterr().err == ""
    assert shipped(folder, tmp_path / "cold", beside).get_template("t.j2").render(n=2) == (
        "<t>0</t><t>2</t>")


def test_stale_code_beside_the_package_is_compiled_again(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    cache, beside = tmp_path / "cache", tmp_path / "package"
    shipped(folder, cache, beside).get_template("t.j2").render(n=1)
    (entry,) = beside.rglob("*.jinja")
    entry.write_bytes(b"garbage")
    assert shipped(folder, cache, beside).get_template("t.j2").render(n=2) == (
        "<t>0</t><t>2</t>")
    (folder / "t.j2").write_text(SOURCE.replace("* 2", "* 7"))
    assert shipped(folder, cache, beside).get_template("t.j2").render(n=2) == (
        "<t>0</t><t>7</t>")


def test_marked_templates_compile_the_same_in_every_folder(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lint's marks name the template's absolute file, so their compiled code is kept
    once for every working directory; the lint shows the file relative to the one it runs
    in when it reads the drawing."""
    cache = tmp_path / "cache"
    (folder / "m.j2").write_text('<svg>\n<text x="1">a</text></svg>')
    drawn = []
    for where in (tmp_path, folder):
        monkeypatch.chdir(where)
        marked = make(folder, cache).overlay(extensions=[SourceLines])
        drawn.append(marked.get_template("m.j2").render())
    assert drawn[0] == drawn[1] and f'data-src="{folder / "m.j2"}:2"' in drawn[0]
    assert len(entries(cache)) == 1
    assert [line.source for line in read(drawn[0]).lines] == ["m.j2:2"]  # seen from folder


def test_the_fingerprint_follows_the_environment_as_it_is_now() -> None:
    """Worked out once per kind of environment and options, it is still what they say:
    the same text as written out in full, and another once an option changes."""
    from importlib.metadata import version

    from generator.render import bytecode

    env = DeckSandbox(trim_blocks=True)
    options = [f"{name}={bytecode._stable(getattr(env, name, None))}"
               for name in bytecode.COMPILE_OPTIONS]
    full = "|".join([bytecode.FORMAT, version("jinja2"), sys.version, "", "DeckSandbox",
                     *options])
    assert bytecode.compiler_fingerprint(env) == full
    assert bytecode.compiler_fingerprint(DeckSandbox(trim_blocks=True)) == full
    env.trim_blocks = False
    assert bytecode.compiler_fingerprint(env) != full
    assert "trim_blocks=False" in bytecode.compiler_fingerprint(env)


def test_the_fingerprints_kept_hold_no_environment() -> None:
    """Kept by the names of its extensions, not the extensions (each holds its
    environment): an environment the process lets go of is not kept alive by its key."""
    import gc
    import weakref

    from generator.render import bytecode

    env = DeckSandbox(extensions=[SourceLines])
    gone = weakref.ref(env)
    bytecode.compiler_fingerprint(env)
    del env
    gc.collect()
    assert gone() is None


@pytest.mark.parametrize("damage", ["none", "magic", "checksum", "torn", "empty code"])
def test_an_entry_is_read_as_jinja_reads_it(damage: str) -> None:
    """The stored bucket reads an entry's code in one piece: the same code as Jinja2's
    own reading, and the same refusals (another magic, another source, a torn entry)."""
    import io
    import marshal
    import pickle

    from jinja2.bccache import Bucket, bc_magic

    from generator.render.bytecode import StoredBucket

    env = jinja2.Environment()
    code = compile(env.compile(SOURCE, raw=True), "t.j2", "exec")
    data = bc_magic + pickle.dumps("sum", 2) + marshal.dumps(code)
    data = {"none": data, "magic": b"x" + data[1:],
            "checksum": bc_magic + pickle.dumps("other", 2) + marshal.dumps(code),
            "torn": data[:-9], "empty code": data[:-len(marshal.dumps(code))]}[damage]
    ours, theirs = StoredBucket(env, "k", "sum"), Bucket(env, "k", "sum")
    ours.load_bytecode(io.BytesIO(data))
    theirs.load_bytecode(io.BytesIO(data))
    assert ours.code == theirs.code
    assert (ours.code is None) is (damage != "none")
