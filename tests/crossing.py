"""Answers made to cross on the studio page, without a clock: the studio served in this
process, Debian's chromium on its page, and requests held back with Playwright's request
routing (the server answers a held request at once; the page gets that answer only when
the test lets it go). The page marks each answer it has read, once the code reading it has
run, so a test waits for that mark rather than for a stretch of time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOKEN = "crossing-token"
HELD = "x-test-held"

# Every JSON answer the page reads counts on <html>: data-api-edit="2" once the page's
# code has run on the second /api/edit answer (a task later, so every await in between
# has run too); data-held counts the answers let go by a test.
MARK_ANSWERS = """(() => {
  const json = Response.prototype.json, seen = {};
  Response.prototype.json = async function () {
    const body = await json.call(this);
    const names = ["data" + new URL(this.url).pathname.replaceAll("/", "-")];
    if (this.headers.get("HELD")) names.push("data-held");
    setTimeout(() => {
      for (const name of names) {
        seen[name] = (seen[name] || 0) + 1;
        document.documentElement.setAttribute(name, seen[name]);
      }
    }, 0);
    return body;
  };
})();""".replace("HELD", HELD)


@contextmanager
def studio_in_chromium(browser: Any, game: str, tree: Path) -> Iterator[tuple[Any, str, Any]]:
    """A new page of ``browser`` (not yet opened), the studio's address with the token,
    and its desk. The page closes before the server stops (no connection left to wait
    for)."""
    from generator.serve.server import listen, port_of, serving
    from generator.studio.app import make_app

    sock = listen(0, "studio")
    app = make_app(game, tree, port_of(sock), TOKEN)
    try:
        with serving(app, sock):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            try:
                page = context.new_page()
                page.add_init_script(MARK_ANSWERS)
                yield page, f"http://127.0.0.1:{port_of(sock)}/?token={TOKEN}", app.desk
            finally:
                context.close()
    finally:
        app.desk.close()


def answered(page: Any, name: str, count: int) -> None:
    """Wait until the page has read ``count`` answers of ``name`` (``api-edit``, ``held``)."""
    page.wait_for_selector(f"html[data-{name}='{count}']", state="attached")


@dataclass
class Held:
    """A request the server has answered and the page has not been given yet."""

    route: Any
    answer: Any

    def json(self) -> Any:
        return self.answer.json()

    def release(self) -> None:
        self.route.fulfill(response=self.answer, headers={**self.answer.headers, HELD: "1"})


@dataclass
class Holding:
    """Requests to one path: passed on, but for the first after each ``hold`` block."""

    page: Any
    path: str
    armed: bool = False
    seen: int = 0
    held: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.route(lambda url: url.split("?")[0].endswith(self.path), self._route)

    def _route(self, route: Any) -> None:
        self.seen += 1
        if self.armed:
            self.armed = False
            self.held.append(route)
        else:
            route.fallback()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Hold the request the block makes; after it, the server's answer is in hand."""
        self.armed = True
        with self.page.expect_request(lambda r: r.url.split("?")[0].endswith(self.path)):
            yield

    def take(self) -> Held:
        for _ in range(100):  # the route follows its request event: a round trip or two
            if self.held:
                route = self.held.pop(0)
                return Held(route, route.fetch())
            self.page.title()
        raise AssertionError(f"no request to {self.path} was held")
