"""``copperplate fetch``: a published CSV saved into a deck, only from the address given,
bounded in time and size; served here from 127.0.0.1."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.sheets.fetch import FetchError, fetch_csv

PAGES = {
    "/deck.csv": b"id,name,kind,size,template\ndeck,Deck,card,poker,card.svg.j2\n",
    "/broken.csv": b"id,name\n\xff\xfe not text\n",
    "/list.csv": b"id,tags\nx,\"[a, b\"\n",
}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        body = PAGES.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", "text/csv")
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_published_csv_is_saved_as_it_was_sent(server: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "cards.csv"
    assert main(["fetch", f"{server}/deck.csv", "--out", str(target)]) == 0
    assert target.read_bytes() == PAGES["/deck.csv"]


@pytest.mark.parametrize("page, says", [("/broken.csv", "not UTF-8"),
                                        ("/list.csv", "not a list"),
                                        ("/missing.csv", "404")])
def test_a_bad_table_or_answer_writes_nothing(server: str, tmp_path: Path, page: str,
                                              says: str) -> None:
    target = tmp_path / "cards.csv"
    target.write_bytes(b"id\nold\n")
    with pytest.raises(FetchError) as failed:
        fetch_csv(f"{server}{page}", target)
    assert says in str(failed.value)
    assert target.read_bytes() == b"id\nold\n"


def test_a_sheet_over_the_size_bound_is_refused(server: str, tmp_path: Path) -> None:
    with pytest.raises(FetchError, match="more than 20 bytes"):
        fetch_csv(f"{server}/deck.csv", tmp_path / "cards.csv", limit=20)
    assert not (tmp_path / "cards.csv").exists()


def test_a_server_that_never_answers_times_out(tmp_path: Path) -> None:
    with socket.socket() as silent:  # accepts the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/deck.csv"
        with pytest.raises(FetchError, match="timed out"):
            fetch_csv(url, tmp_path / "cards.csv", timeout=0.2)


def test_only_an_http_address_is_fetched(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.csv"
    secret.write_text("id\nsecret\n")
    assert main(["fetch", f"file://{secret}", "--out", str(tmp_path / "cards.csv")]) == 1
    assert "not an http(s) address" in capsys.readouterr().err
    assert main(["fetch", "http://127.0.0.1:1/x.csv", "--out",
                 str(tmp_path / "nowhere" / "x.csv")]) == 2
