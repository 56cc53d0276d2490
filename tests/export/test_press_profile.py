"""``export --press-profile``: the PDF/X output intent. Ghostscript's SWOP by default (with
a note that no FOGRA39 or GRACoL profile is free to install from the registries), FOGRA39
or GRACoL built from Debian's measurement data, or the shop's own CMYK ICC file."""

from __future__ import annotations

import glob
import io
from pathlib import Path

import cairosvg
import pikepdf
import pytest

from generator.cli import main
from generator.export.base import ExportError
from generator.export.pdfx import convert
from generator.export.profiles import MEASURED, check_choice, press_profile, read_profile

ICC = sorted(glob.glob("/usr/share/ghostscript/*/iccprofiles/"))[-1]
CARD = ('<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" '
        'viewBox="0 0 63.5 88.9"><rect width="63.5" height="88.9" fill="#d55e00"/></svg>')


def test_a_cmyk_profile_is_read_with_its_own_name():
    profile = read_profile(Path(ICC) / "ps_cmyk.icc")
    assert profile.identifier == "Custom" and profile.info and profile.info == profile.condition
    assert press_profile().identifier == "CGATS TR 001"  # the default: SWOP


@pytest.mark.parametrize(("name", "message"), [("srgb.icc", "a RGB profile, not a CMYK"),
                                               ("missing.icc", "cannot be read")])
def test_a_profile_that_is_no_cmyk_press_profile_is_refused(name, message):
    with pytest.raises(ExportError, match=message):
        read_profile(Path(ICC) / name)


def test_a_file_that_is_no_icc_profile_is_refused(tmp_path):
    bad = tmp_path / "notes.icc"
    bad.write_bytes(b"x" * 200)
    with pytest.raises(ExportError, match="not an ICC profile"):
        read_profile(bad)


def test_the_output_intent_names_the_chosen_profile():
    press = read_profile(Path(ICC) / "ps_cmyk.icc")
    data = convert(cairosvg.svg2pdf(bytestring=CARD.encode()), "card", "x4", press)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.Info) == press.info
        assert str(intent.OutputConditionIdentifier) == "Custom"
        assert bytes(intent.DestOutputProfile.read_bytes())[36:40] == b"acsp"


def test_bad_press_profile_options_are_one_line_usage_errors(tmp_path, capsys):
    args = ["export", "copperdale", "--out", str(tmp_path)]
    assert main([*args, "--to", "png", "--press-profile", f"{ICC}/ps_cmyk.icc"]) == 2
    assert "--press-profile is for --to pod --preset drivethrucards" in capsys.readouterr().err
    assert main([*args, "--to", "pod", "--preset", "drivethrucards",
                 "--press-profile", f"{ICC}/srgb.icc"]) == 2
    err = capsys.readouterr().err
    assert "not a CMYK press profile" in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())  # nothing written


def test_named_profiles_need_no_file_and_anything_else_must_be_one():
    for name in ("swop", "fogra39", "gracol", None):
        check_choice(name)  # nothing built or read yet
    with pytest.raises(ExportError, match="fogra40: cannot be read"):
        check_choice("fogra40")


@pytest.mark.slow
def test_fogra39_is_built_once_from_debians_data_with_the_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path))
    profile = press_profile("fogra39")
    data = profile.path.read_bytes()
    assert data[16:20] == b"CMYK" and data[36:40] == b"acsp"
    assert profile.identifier == MEASURED["fogra39"].identifier == "FOGRA39"
    assert data[24:36] == bytes.fromhex("07d0 0001 0001 0000 0000 0000")  # no build date
    assert press_profile("fogra39").path.read_bytes() == data  # cached, not built again
