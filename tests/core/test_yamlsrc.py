"""The safe YAML loader: positions, duplicate keys, located syntax errors, bombs."""

from pathlib import Path

import pytest

from generator.data.yamlsrc import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, YamlError, load, loads

P = Path("x.yaml")


def test_positions_of_nested_values_are_one_based() -> None:
    src = loads("a:\n  b: [1, 2]\n  c:\n    - d: hi\n", P)
    assert src.data == {"a": {"b": [1, 2], "c": [{"d": "hi"}]}}
    assert src.position(("a", "b", 1)) == (2, 10)
    assert src.position(("a", "c", 0, "d")) == (4, 10)
    assert src.position(("a", "c", 0, "d"), key=True) == (4, 7)


def test_unknown_path_falls_back_to_the_deepest_known_parent() -> None:
    src = loads("a:\n  b: 1\n", P)
    assert src.position(("a", "zzz", 3)) == (2, 3)


def test_every_duplicate_key_is_reported_and_reading_goes_on() -> None:
    src = loads("name: a\nother: 1\nname: b\nlist:\n  - {x: 1, x: 2}\n", P)
    assert [(p.line, p.col, p.rule) for p in src.problems] == [
        (3, 1, "duplicate-key"), (5, 12, "duplicate-key")]
    assert "first at line 1" in src.problems[0].message
    assert src.data == {"name": "a", "other": 1, "list": [{"x": 1}]}  # the first one stands


def test_syntax_error_is_located() -> None:
    with pytest.raises(YamlError) as err:
        loads("a: [1, 2\nb: 3\n", P)
    assert err.value.problem.rule == "yaml-syntax"
    assert err.value.problem.line == 2


def test_python_tags_are_refused() -> None:
    with pytest.raises(YamlError) as err:
        loads("a: !!python/object/apply:os.system ['echo hi']\n", P)
    assert (err.value.problem.line, err.value.problem.col) == (1, 4)


def test_alias_bomb_stops_with_an_error_instead_of_eating_memory() -> None:
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        refs = ",".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    with pytest.raises(YamlError) as err:
        loads("\n".join(lines) + "\n", P)
    assert err.value.problem.rule == "yaml-too-large"


def test_file_that_is_not_utf8_is_located_by_line_and_column(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_bytes(b"id: x\nname: caf\xe9\n")
    with pytest.raises(YamlError) as err:
        load(f)
    assert "UTF-8" in err.value.problem.message
    assert (err.value.problem.line, err.value.problem.col) == (2, 10)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(YamlError) as err:
        load(tmp_path / "nope.yaml")
    assert err.value.problem.rule == "file-missing"


def test_nesting_past_the_depth_limit_is_one_located_error() -> None:
    flow = "a: " + "[" * 100_000 + "\n"
    block = "a:\n" + "".join(" " * i + "-\n" for i in range(1, 200))
    for text, where in ((flow, (1, MAX_DEPTH + 3)), (block, (MAX_DEPTH + 1, MAX_DEPTH + 1))):
        with pytest.raises(YamlError) as err:
            loads(text, P)
        assert err.value.problem.rule == "yaml-too-deep"
        assert err.value.problem.message == f"nested deeper than {MAX_DEPTH} levels"
        assert (err.value.problem.line, err.value.problem.col) == where
    assert loads("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", P).data


def big_deck(size: int) -> str:
    """A deck of cards just under ``size`` bytes (the running length kept, not recounted)."""
    lines, i, length = ["pieces:"], 0, len("pieces:") + 1
    while length < size - 80:
        lines.append(f'  - {{id: card-{i}, name: "Card number {i}", count: 1, cost: {i % 7}}}')
        length += len(lines[-1]) + 1
        i += 1
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_the_largest_accepted_file_loads_and_a_larger_one_is_named_by_size(
        tmp_path: Path) -> None:
    f = tmp_path / "big.yaml"
    f.write_text(big_deck(MAX_FILE_BYTES))
    src = load(f)
    assert src.data["pieces"][-1]["cost"] == (len(src.data["pieces"]) - 1) % 7
    f.write_text(big_deck(MAX_FILE_BYTES) + "x: " + "y" * 100 + "\n")
    with pytest.raises(YamlError) as err:
        load(f)
    assert err.value.problem.message == (f"file is {f.stat().st_size} bytes, over the limit of "
                                         f"{MAX_FILE_BYTES} bytes for one YAML file (split it)")


def test_too_many_plain_values_does_not_blame_aliases() -> None:
    with pytest.raises(YamlError) as err:
        loads("[" + "1," * (MAX_NODES + 1) + "]\n", P)
    assert err.value.problem.message.startswith(f"the file holds more than {MAX_NODES} values")
    assert "alias" not in err.value.problem.message


def test_a_control_character_in_text_is_reported_at_its_value() -> None:
    src = loads('id: x\nname: "Gold\\x07 Rush"\n', P)
    assert [(p.line, p.col, p.rule) for p in src.problems] == [(2, 7, "text-control-char")]
    assert "U+0007" in src.problems[0].message


def test_every_document_after_the_first_is_refused() -> None:
    with pytest.raises(YamlError) as err:
        loads("a: 1\n---\nb: 2\n", P)
    assert (err.value.problem.line, err.value.problem.rule) == (2, "yaml-syntax")


def test_aliases_expand_like_copies_with_the_anchor_position() -> None:
    src = loads("a: &x {b: [1, 2]}\nc: *x\nd: [*x]\n", P)
    assert src.data == {"a": {"b": [1, 2]}, "c": {"b": [1, 2]}, "d": [{"b": [1, 2]}]}
    assert src.position(("c", "b", 1)) == (1, 15)
