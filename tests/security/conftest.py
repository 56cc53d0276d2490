"""A stranger's deck to attack: the bundled Copperdale with its templates and a picture of
its own, in ``tmp_path/mydecks``, and a secret beside it that must never be printed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES

SECRET = "s3cret-token-7f1c9a"
LOCATED = re.compile(r"^\S+:\d+:\d+: error: .+ \([\w-]+\)$")
CARD_BACK = """{% extends "_shared/base.svg.j2" %}
{% block art %}
<image href="art/back.png" x="0" y="0" width="{{ w }}" height="{{ h }}"/>
{% endblock %}
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COPPERPLATE_TEST_SECRET", SECRET)
    monkeypatch.chdir(tmp_path)
    return make_deck(tmp_path)


def make_deck(base: Path) -> Path:
    """``base/mydecks/copperdale``, with ``base/secret.txt`` beside the tree."""
    folder = base / "mydecks" / "copperdale"
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", folder)
    shutil.copytree(BUNDLED_TEMPLATES / "copperdale", folder / "templates")
    (folder / "art").mkdir()
    (folder / "art" / "back.png").write_bytes(png((4, 4)))
    (folder / "templates" / "card-back.svg.j2").write_text(CARD_BACK, encoding="utf-8")
    (base / "secret.txt").write_text(f'<svg>{SECRET}</svg>\n', encoding="utf-8")
    return folder


def png(size: tuple[int, int]) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(out, "PNG")
    return out.getvalue()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def refused_everywhere(capsys: pytest.CaptureFixture[str], expected: str) -> list[str]:
    """``validate`` (text and GitHub) and ``build`` each stop with exit 1 and located errors
    holding ``expected``; the secret is in no output and nothing is written. The
    error lines, for more checks."""
    lines = []
    for argv in (["validate"], ["validate", "--format", "github"], ["build", "--out", "out"]):
        code, out = run(capsys, *argv, "copperdale", "--components", "mydecks")
        assert code == 1, out
        assert SECRET not in out
        errors = [line for line in out.splitlines()
                  if ": error: " in line or line.startswith("::error")]
        assert errors, out  # one for each template or file that is refused
        assert all(expected in error for error in errors), out
        if argv[-1] != "github":
            assert all(LOCATED.match(error) for error in errors), errors
        lines.append(errors[0])
    assert not Path("out").exists()
    return lines
