"""The merge remembers a form's parsed and recoded content by its bytes as stored and the
filters that decode them, without decoding the bytes to tell forms apart."""

from __future__ import annotations

import zlib

import pikepdf
from pikepdf import Name

from generator.render.fontmerge import _content_key

TEXT = b"BT /f-0-0 1 Tf <01> Tj ET"


def test_a_forms_content_is_keyed_by_its_stored_bytes_and_their_filters() -> None:
    pdf = pikepdf.new()
    plain, again = pdf.make_stream(TEXT), pdf.make_stream(TEXT)
    packed = pdf.make_stream(zlib.compress(TEXT))
    packed.Filter = Name.FlateDecode
    unfiltered = pdf.make_stream(zlib.compress(TEXT))  # the same stored bytes, read as they are
    other = pdf.make_stream(TEXT.replace(b"<01>", b"<02>"))
    assert _content_key(plain) == _content_key(again)
    assert len({_content_key(s) for s in (plain, packed, unfiltered, other)}) == 4
    assert packed.read_bytes() == plain.read_bytes()  # a different key for the same content
