"""Time loading the largest YAML file the loader accepts (``MAX_FILE_BYTES`` of one-line
card faces), and a file of bare values up to ``MAX_NODES``: the README's "loads in a few
seconds" figure.

    .venv/bin/python bench/yaml_load.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.data.yamlsrc import MAX_FILE_BYTES, MAX_NODES, YamlError, load  # noqa: E402


def faces(size: int) -> str:
    lines, i, length = ["pieces:"], 0, 8
    while length < size - 80:
        lines.append(f'  - {{id: card-{i}, name: "Card number {i}", count: 1, cost: {i % 7}}}')
        length += len(lines[-1]) + 1
        i += 1
    return "\n".join(lines) + "\n"


def timed(text: str) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.yaml"
        path.write_text(text, encoding="utf-8")
        started = time.process_time()
        try:
            load(path)
            outcome = "loaded"
        except YamlError as exc:
            outcome = exc.problem.rule
        return time.process_time() - started, outcome


def main() -> None:
    print("| file | bytes | CPU s | outcome |\n|---|---:|---:|---:|")
    for label, text in (("card faces, largest accepted", faces(MAX_FILE_BYTES)),
                        (f"bare values, {MAX_NODES + 1}", "[" + "1," * (MAX_NODES + 1) + "]\n")):
        seconds, outcome = timed(text)
        print(f"| {label} | {len(text.encode())} | {seconds:.2f} | {outcome} |")


if __name__ == "__main__":
    main()
