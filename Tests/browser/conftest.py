"""Fixtures for the browser tests of the default theme's infinite scroll (issue 6).

Once per session: write a fixture site of 400 items (pageSize 24, so 17 listing pages) into a
temporary folder, build it with the real `scrollery` binary under the base URL /gallery/, and serve
it with a fault-injecting server on 127.0.0.1. Each test gets fresh headless Chromium windows from
the `browser` factory.

Environment:
  SCROLLERY_BIN      the binary (default: .build/debug/scrollery under the repository root)
  CHROMIUM_BIN       default /usr/bin/chromium
  CHROMEDRIVER_BIN   default /usr/bin/chromedriver
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

# Selenium must never try to download a driver or send usage statistics: CI is offline.
os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402

from server import FaultServer  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BASE = "/gallery/"
ITEMS = 400
PAGE_SIZE = 24
AUTO_PAGES = 4
PAGES = -(-ITEMS // PAGE_SIZE)  # 17
SOURCE_PAGE_SIZE = 50  # the JSON source pages; independent of PAGE_SIZE on purpose
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")


def page_path(n: int) -> str:
    """The URL path of listing page n."""
    return BASE if n == 1 else f"{BASE}page/{n}/"


def page_of(position: int) -> int:
    return (position - 1) // PAGE_SIZE + 1


def page_range(n: int) -> tuple[int, int]:
    """First and last position on listing page n."""
    return (n - 1) * PAGE_SIZE + 1, min(n * PAGE_SIZE, ITEMS)


def build_and_serve(tmp_path_factory, name: str, config: str, items: list, timeout: int = 120):
    """Writes a site of its own: `items` as one source page, every picture the sample's first SVG (as
    `images/1.svg`), `config` as its scrollery.yml; builds it with the real binary under /gallery/; and
    yields a FaultServer over the output (for a module-scoped fixture to `yield from`)."""
    binary = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `swift build --product scrollery` (or set SCROLLERY_BIN)")
    tmp = tmp_path_factory.mktemp(name)
    site = tmp / "site"
    (site / "static" / "images").mkdir(parents=True)
    svg = next((REPO / "site" / "static" / "images").glob("*.svg"))
    (site / "static" / "images" / "1.svg").write_bytes(svg.read_bytes())
    (site / "data").mkdir()
    (site / "data" / "page-1.json").write_text(json.dumps({"items": items}))
    (site / "scrollery.yml").write_text(config)
    out = tmp / "out"
    run = subprocess.run([str(binary), "build", str(site), "--base-url", "/gallery/", "--output",
                          str(out / "gallery")], cwd=tmp, capture_output=True, text=True, timeout=timeout)
    if run.returncode != 0:
        pytest.fail(f"scrollery build failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    with FaultServer(out) as server:
        yield server


# ---- the fixture site ------------------------------------------------------------------------------

CONFIG = f"""\
# Written by Tests/browser/conftest.py: {ITEMS} items, {PAGES} listing pages.
title: Scroll Test Gallery
description: A fixture gallery for the browser tests.
baseURL: /
output: public
pageSize: {PAGE_SIZE}
source:
  url: data/page-{{{{page}}}}.json
  items: /items
  paginate: {{ style: page, first: 1 }}
item:
  id: "{{{{id}}}}"
  title: "{{{{author}}}}"
  image: "images/{{{{image}}}}.svg"
  width: "{{{{width}}}}"
  height: "{{{{height}}}}"
  alt: "Photo {{{{id}}}} by {{{{author}}}}"
  date: "{{{{date}}}}"
  link: "{{{{url}}}}"
  fields: {{ photographer: "{{{{author}}}}", original: "{{{{url}}}}" }}  # in the viewer; on no card
scroll:
  autoPages: {AUTO_PAGES}
"""


def write_fixture_site(site: Path) -> None:
    """A site folder of ITEMS items whose images are a handful of the sample site's SVGs."""
    sample = REPO / "site"
    images = {}  # sample id -> (width, height), read from the sample's JSON so sizes match the SVGs
    for page in sorted((sample / "data").glob("page-*.json")):
        for it in json.loads(page.read_text())["items"]:
            svg = sample / "static" / "images" / f"{it['id']}.svg"
            if it["id"].isdigit() and svg.exists() and len(images) < 12:
                images[it["id"]] = (it["width"], it["height"])
    assert len(images) >= 4, "the sample site's images are missing (site/static/images)"
    (site / "static" / "images").mkdir(parents=True)
    for i in images:
        shutil.copy(sample / "static" / "images" / f"{i}.svg", site / "static" / "images" / f"{i}.svg")
    ids = sorted(images, key=int)
    items = []
    for n in range(1, ITEMS + 1):
        image = ids[n % len(ids)]
        w, h = images[image]
        items.append({"id": str(n), "author": f"Photographer {n}", "image": image, "width": w, "height": h,
                      "date": f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}", "url": f"https://example.org/photos/{n}"})
        if n % 50 == 7:  # no image size known: the theme frames it at 4:3 (issue 14)
            del items[-1]["width"], items[-1]["height"]
    (site / "data").mkdir()
    for k in range(0, ITEMS, SOURCE_PAGE_SIZE):
        page = {"items": items[k:k + SOURCE_PAGE_SIZE], "page": k // SOURCE_PAGE_SIZE + 1}
        (site / "data" / f"page-{k // SOURCE_PAGE_SIZE + 1}.json").write_text(json.dumps(page, indent=1))
    (site / "scrollery.yml").write_text(CONFIG)


def asset(gallery: Path, name: str) -> str:
    """The fingerprinted name the pages load `name` by (`viewer.js` -> `viewer.<hex>.js`): the one file in
    gallery/assets with a hex part before the extension and the plain file's bytes."""
    stem, ext = name.rsplit(".", 1)
    plain = (gallery / "assets" / name).read_bytes()
    found = [p.name for p in (gallery / "assets").iterdir()
             if re.fullmatch(re.escape(stem) + r"\.[0-9a-f]{16,32}\." + re.escape(ext), p.name)
             and p.read_bytes() == plain]
    assert len(found) == 1, f"{name}: fingerprinted copies {found}"
    return found[0]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """Builds the fixture site once with the real binary; returns the served root (it holds gallery/)."""
    binary = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `swift build --product scrollery` (or set SCROLLERY_BIN)")
    tmp = tmp_path_factory.mktemp("scrollery-browser")
    site = tmp / "site"
    write_fixture_site(site)
    out = tmp / "out"
    run = subprocess.run([str(binary), "build", str(site), "--base-url", BASE, "--output", str(out / "gallery")],
                         cwd=tmp, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        pytest.fail(f"scrollery build failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    gallery = out / "gallery"
    for n in range(1, PAGES + 1):
        assert (gallery / page_path(n).removeprefix(BASE) / "index.html").exists(), f"page {n} was not built"
    assert not (gallery / "page" / str(PAGES + 1)).exists()
    return out


@pytest.fixture(scope="session")
def server(built_site):
    with FaultServer(built_site) as s:
        yield s


@pytest.fixture
def site(server):
    """The server with no faults and an empty log; `site.url(path)` makes an absolute URL."""
    server.reset()
    yield Site(server)
    server.reset()


class Site:
    def __init__(self, server: FaultServer):
        self.server = server

    def url(self, path: str = BASE) -> str:
        return self.server.origin + path

    def __getattr__(self, name):
        return getattr(self.server, name)


# ---- browsers ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chrome_paths():
    # Fail, never skip: CI installs chromium and chromium-driver, and a missing browser must be loud.
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
    if missing:
        pytest.fail("missing " + ", ".join(missing) +
                    ": install them with `apt-get install -y chromium chromium-driver` "
                    "(or set CHROMIUM_BIN / CHROMEDRIVER_BIN)", pytrace=False)
    return CHROMIUM, CHROMEDRIVER


@pytest.fixture
def browser(chrome_paths):
    """A factory of headless Chromium windows, all closed after the test.

    browser(width=1280, height=900, js=True, reduced_motion=False, mobile=False, init_script=None, bfcache=True)
    `init_script` runs in every new document before the page's own scripts; `bfcache=False` turns the
    back/forward cache off, so going back loads the page again (and the script must restore the place).
    """
    made = []

    def make(width=1280, height=900, js=True, reduced_motion=False, mobile=False, init_script=None, bfcache=True):
        o = webdriver.ChromeOptions()
        o.binary_location = chrome_paths[0]
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--mute-audio",
                  "--disable-background-networking", "--disable-component-update", "--lang=en-US",
                  f"--window-size={width},{height}"):
            o.add_argument(a)
        if reduced_motion:
            o.add_argument("--force-prefers-reduced-motion")
        if not bfcache:
            o.add_argument("--disable-back-forward-cache")
            o.add_argument("--disable-features=BackForwardCache")
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        if not js:
            o.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        if mobile:
            o.add_experimental_option("mobileEmulation", {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True},
                "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                             "(KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"})
        d = webdriver.Chrome(options=o, service=webdriver.ChromeService(executable_path=chrome_paths[1]))
        made.append(d)
        d.set_page_load_timeout(20)
        d.set_script_timeout(20)
        if not mobile:
            # --window-size sets the outer window; make the viewport exactly width x height.
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        if reduced_motion:
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        if init_script:
            d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": init_script})
        return d

    yield make
    for d in made:
        try:
            d.quit()
        except Exception:  # a crashed browser must not hide the test's own failure
            pass


# ---- helpers for the tests -----------------------------------------------------------------------


def wait_for(driver, script: str, timeout: float = 10, message: str | None = None, *args):
    """Polls a JavaScript expression (a `return ...` body) until it is truthy; returns its value."""
    end = time.monotonic() + timeout
    value = None
    while True:
        value = driver.execute_script(script, *args)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout}s waiting for: {message or script} (last: {value!r})")
        time.sleep(0.05)


def wait_until(predicate, timeout: float = 10, message: str = "condition"):
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout}s waiting for {message}")
        time.sleep(0.05)


def next_frames(driver, count: int = 2):
    """Waits for `count` animation frames of the page: with two, the frame after the present one has been
    laid out and painted (what it shifted is reported, the transitions it started are running)."""
    driver.execute_async_script("""var done = arguments[arguments.length - 1], left = arguments[0];
        (function frame() { if (left-- > 0) requestAnimationFrame(frame); else done(); })();""", count)


def scroll_seen(driver):
    """Waits until the page has handled the present scroll position: its scroll events have run and its
    IntersectionObservers have been told. An observer made now is notified of the next frame's
    intersections in the same task as the page's own, after them (observers are notified in the order they
    were made); a frame more for their callbacks' effects to be rendered."""
    driver.execute_async_script("""var done = arguments[arguments.length - 1];
        var o = new IntersectionObserver(function () {
            o.disconnect(); requestAnimationFrame(function () { done(); }); });
        o.observe(document.documentElement);""")


def page_timer(driver, ms: int):
    """Waits for a timer of `ms` in the page, on the clock the page's own timers run on. Only for a check
    that something does NOT happen, whose window is a timer of the script (its length says which)."""
    driver.execute_async_script("setTimeout(arguments[arguments.length - 1], arguments[0])", ms)


def marker_request(driver, path: str):
    """The page fetches `path` (with a query, so nothing is cached) and waits for the answer: the server has
    then logged every request the page started before it, so a count read now is final."""
    status = driver.execute_async_script("""var done = arguments[arguments.length - 1];
        fetch(arguments[0] + '?marker=' + Date.now(), { cache: 'no-store' })
            .then(function (r) { done(r.status); }, function (e) { done(String(e)); });""", path)
    assert status == 200, f"the marker request for {path} answered {status}"


# Every card and picture in view is fully shown: no finite CSS animation or transition is running (the
# loading spinner's is infinite), every card in the cards' IntersectionObserver's root (the viewport less
# its bottom 40 px) has opacity 1, every picture in view has arrived (or failed) and faded in.
SHOWN_IN_VIEW = """return document.getAnimations().every(function (a) {
        return a.playState != 'running' || a.effect.getComputedTiming().iterations == Infinity; })
    && [].every.call(document.querySelectorAll('.feed > .card, main img'), function (e) {
        var r = e.getBoundingClientRect(), img = e.tagName == 'IMG';
        if (!e.getClientRects().length || r.bottom <= 0 || r.top >= innerHeight - (img ? 0 : 40)) return true;
        return getComputedStyle(e).opacity == '1' && (!img || e.complete); })"""


def wait_shown(driver, timeout: float = 10, message: str = "the cards and pictures in view to be shown"):
    """Waits until what is in view has faded in and nothing moves (SHOWN_IN_VIEW); first a frame for a
    scroll just made to be handled (the cards it brings in start their transitions)."""
    scroll_seen(driver)
    return wait_for(driver, SHOWN_IN_VIEW, timeout, message)


def console_errors(driver, ignore=()):
    """SEVERE browser-log entries, minus those containing any string in `ignore`."""
    return [e for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and not any(s in e["message"] for s in ignore)]
