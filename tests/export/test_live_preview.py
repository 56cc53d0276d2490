"""``copperplate watch`` serves its preview: a rebuild pushes an event to every open page,
which then shows the new page; nothing but the preview is served, only to requests that
name the server. Driven in-process (the server in a thread, the rebuilds called here):
every wait is on an event, a backstop timeout only guards against a hang."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from gametree import edit

with warnings.catch_warnings():  # Starlette asks for httpx2, which the project does not pin
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.cli import main
from generator.commands import watch as watch_command
from generator.commands.watch import deck_watcher
from generator.export.live import Watcher
from generator.serve.live import Beacon, live_page, make_live_app, served
from generator.serve.server import listen

BACKSTOP = 120.0  # seconds: only against a hang, never a measure of speed
PORT = 8766


def touch_later(path: Path) -> None:
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))


@pytest.fixture
def deck(tmp_path: Path) -> tuple[Watcher, Path, Path]:
    """A watched game of one's own, built once: its watcher, its cards, its preview folder."""
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    return watcher, decks / "mine" / "cards.yaml", tmp_path / "out" / "mine" / "preview"


def numbers(reply: httpx.Response, run: str | None = None) -> Iterator[int]:
    """The rounds a server-sent-events stream of the live preview carries, as they come,
    each told with the watch's ``run`` (when given)."""
    event = None
    for line in reply.iter_lines():
        if line.startswith("event: "):
            event = line[len("event: "):]
        elif line.startswith("data: ") and event == "preview":
            told, number = line[len("data: "):].split()
            assert run is None or told == run
            yield int(number)


def test_a_rebuild_pushes_an_event_and_the_page_served_is_the_new_one(deck):
    watcher, cards, folder = deck
    with served(folder, listen(0, "watch")) as (address, beacon):
        watcher.written = beacon.bump
        with httpx.Client(base_url=address, timeout=BACKSTOP) as client:
            waiting = client.get("/")  # before the first build: a page that waits for it
            assert "first build" in waiting.text
            assert f'data-run="{beacon.run}" data-number="0"' in waiting.text
            with client.stream("GET", "/events") as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                told = numbers(stream, beacon.run)
                assert next(told) == 0
                assert watcher.rebuild().pdf is not None
                assert next(told) == 1
                first = client.get("/")
                assert "<h2>Cards</h2>" in first.text and 'data-number="1"' in first.text
                edit(cards, "name: Cards", "name: Trail cards")
                touch_later(cards)
                assert watcher.poll() is not None
                assert next(told) == 2  # pushed by the rebuild, not asked for
                again = client.get("/")
        assert "<h2>Trail cards</h2>" in again.text and 'data-number="2"' in again.text
        tag = f'<script src="/live.js" data-run="{beacon.run}" data-number="2"></script>\n'
        assert again.text.replace(tag, "") == (
            folder / "index.html").read_text(encoding="utf-8")  # the page as written, + 1 tag
        images = [line.split('src="')[1].split('"')[0] for line in again.text.splitlines()
                  if '<img src="img/' in line]
        assert len(images) == 12
        with httpx.Client(base_url=address, timeout=BACKSTOP) as client:
            for name in images:
                got = client.get(f"/{name}")
                assert got.status_code == 200 and got.content == (folder / name).read_bytes()
                assert got.headers["content-type"] == "image/png"


def test_numbers_bumped_together_are_one_event_and_a_closed_beacon_ends_the_stream():
    beacon = Beacon()

    async def listen_to_it() -> list[int]:
        told = beacon.numbers()
        seen = [await anext(told)]
        bumped = threading.Thread(target=lambda: (beacon.bump(), beacon.bump()))
        bumped.start()  # from another thread, as the watch does
        bumped.join()
        seen.append(await anext(told))
        threading.Thread(target=beacon.close).start()
        seen.extend([number async for number in told])  # ends: the beacon closed
        return seen

    assert asyncio.run(listen_to_it()) == [0, 2]


@pytest.fixture
def client(deck) -> TestClient:
    watcher, _, folder = deck
    watcher.rebuild()
    (folder.parent / "secret.txt").write_text("not the preview", encoding="utf-8")
    return TestClient(make_live_app(folder, PORT, Beacon()), base_url=f"http://127.0.0.1:{PORT}")


def test_a_request_naming_another_host_is_refused(client):
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"host": f"localhost:{PORT}"}).status_code == 200
    for host in ("evil.example", f"evil.example:{PORT}", "127.0.0.1:1", "127.0.0.1"):
        assert client.get("/", headers={"host": host}).status_code == 421
        assert client.get("/events", headers={"host": host}).status_code == 421


@pytest.mark.parametrize("path", ["/img/..%2Fsecret.txt", "/img/..%2F..%2Fsecret.txt",
                                  "/../secret.txt", "/secret.txt", "/img/x.svg",
                                  "/img/.hidden.png", "/img/missing.png", "/img/",
                                  "/mine-a4.pdf", "/img/%2Fetc%2Fpasswd"])
def test_nothing_but_the_preview_is_served(client, path):
    got = client.get(path)
    assert got.status_code == 404 and b"not the preview" not in got.content


def test_a_link_in_the_preview_folder_is_not_followed(client, deck):
    _, _, folder = deck
    (folder / "img" / "leak.png").symlink_to(folder.parent / "secret.txt")
    assert client.get("/img/leak.png").status_code == 404


def test_the_page_allows_its_own_inline_code_by_hash_and_nothing_else():
    page, policy = live_page("<html><head><style>p{}</style></head><body><script>go()"
                             "</script></body></html>", "ab12", 7)
    assert '<script src="/live.js" data-run="ab12" data-number="7"></script>\n</head>' in page
    assert "'unsafe-inline'" not in policy and "default-src 'none'" in policy
    assert "script-src 'self' 'sha256-" in policy and "style-src 'sha256-" in policy
    _, other = live_page("<html><head><style>p{}</style></head><body><script>stop()"
                         "</script></body></html>", "ab12", 7)
    assert other != policy  # another script: another hash
    _, bare = live_page("<html><head></head><body></body></html>", "ab12", 0)
    assert "script-src 'self';" in bare and "style-src 'none';" in bare


def test_a_port_in_use_is_one_line_and_exit_2(capsys, deck, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        capsys.readouterr()  # (what making the deck printed)
        assert main(["watch", "mine", "--components", str(tmp_path / "decks"), "--out",
                     str(tmp_path / "out"), "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and not out  # before anything is built
    assert f"127.0.0.1:{port} is in use (another watch?)" in err
    assert not (tmp_path / "out").exists()


def test_a_second_watch_serves_on_a_free_port(capsys, monkeypatch, deck, tmp_path):
    with socket.socket() as taken:  # the default port, held by "another watch"
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        monkeypatch.setattr(watch_command, "DEFAULT_PORT", taken.getsockname()[1])
        assert main(["watch", "mine", "--components", str(tmp_path / "decks"), "--out",
                     str(tmp_path / "out"), "--rounds", "1"]) == 0
        out = capsys.readouterr().out
        assert "preview at http://127.0.0.1:" in out and "mine-a4.pdf" in out
        assert f"127.0.0.1:{taken.getsockname()[1]}/" not in out


def test_no_serve_serves_nothing(capsys, deck, tmp_path):
    assert main(["watch", "mine", "--components", str(tmp_path / "decks"), "--out",
                 str(tmp_path / "out"), "--rounds", "1", "--no-serve"]) == 0
    out = capsys.readouterr().out
    assert "preview at" not in out and "mine-a4.pdf" in out


@pytest.mark.slow  # a real browser: run by make test, not the fast tier
def test_in_chromium_the_open_page_shows_a_save_with_its_search_kept(deck):
    """The page is open and searched; a save is rebuilt; the page shows the new name and
    the new picture without a reload of its own, under its strict content policy (the
    search still works: its inline script is allowed by hash). The watch stopped and
    started again on the same port: the page loads itself anew."""
    from browser import browser_page

    watcher, cards, folder = deck
    sock = listen(0, "watch")
    port = sock.getsockname()[1]
    with browser_page() as page:
        refused: list[str] = []
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        with served(folder, sock) as (address, beacon):
            watcher.written = beacon.bump
            assert watcher.rebuild().pdf is not None
            page.goto(address)
            page.wait_for_selector("html[data-shown='1']")
            page.fill("#search", "sun")
            hidden = "[...document.querySelectorAll('.face')].filter(f => f.hidden).length"
            assert page.evaluate(hidden) == 3  # the moon faces
            before = page.get_attribute("figure[data-face='sun-1'] img", "src")
            page.evaluate("window.kept = true")  # gone if the page were loaded again
            edit(cards, "name: Cards", "name: Trail cards")
            edit(cards, "title: Dawn", "title: Daybreak")
            touch_later(cards)
            assert watcher.poll() is not None
            page.wait_for_selector("html[data-shown='2']")  # the event, then the new page
            assert page.inner_text("#piece-cards h2") == "Trail cards"
            after = page.get_attribute("figure[data-face='sun-1'] img", "src")
            assert after != before and after.startswith("img/cards-sun-1-")
            # (the page's policy forbids eval: waits are selectors, or a promise awaited)
            assert page.eval_on_selector("figure[data-face='sun-1'] img",
                                         "img => img.decode().then(() => img.naturalWidth)") > 0
            assert page.evaluate(hidden) == 3 and page.input_value("#search") == "sun"
            assert page.evaluate("window.kept") is True
        with served(folder, listen(port, "watch")) as (_, again):  # a new watch, same port
            page.wait_for_selector(f"script[data-run='{again.run}']", state="attached")
            assert page.evaluate("window.kept") is None  # loaded anew
            assert page.inner_text("#piece-cards h2") == "Trail cards"
        assert refused == []


@pytest.mark.parametrize("value", ["-1", "65536", "1.5", "abc"])
def test_a_port_out_of_range_is_one_line_exit_2(capsys, tmp_path, value):
    try:
        code = main(["watch", "copperdale", "--components", str(tmp_path), "--port", value])
    except SystemExit as stop:  # argparse's own refusal
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "--port" in err, err


@pytest.mark.slow  # a fresh process and its first build: a few CPU seconds
def test_ctrl_c_ends_the_open_streams_and_the_watch(deck, tmp_path):
    """The watch as a command, a page's stream open: Ctrl-C ends the stream, the server
    and the process at once, in one line (each step waits on the child's own output)."""
    import signal
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen(
        [sys.executable, "-m", "generator", "watch", "mine", "--components",
         str(tmp_path / "decks"), "--out", str(tmp_path / "out"), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = iter(child.stdout.readline, "")
        address = next(line for line in lines if line.startswith("preview at ")).split()[2]
        assert next(lines).startswith("preview in ")  # the first round is written
        with httpx.Client(base_url=address, timeout=BACKSTOP) as client, \
                client.stream("GET", "/events") as stream:
            told = numbers(stream)
            assert next(told) == 1
            child.send_signal(signal.SIGINT)
            assert list(told) == []  # the stream ends: the watch stopped it
        _, err = child.communicate(timeout=BACKSTOP)
    finally:
        child.kill()
    assert child.returncode == 130 and err.strip() == "copperplate: interrupted"
    with socket.socket() as again:  # the port is free again: no one listens there
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", int(address.rsplit(":", 1)[1].strip("/"))))
