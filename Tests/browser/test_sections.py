"""Issue 15 (sections) in headless Chromium: headings collapse their section's cards (also those the
infinite scroll adds later), a page that starts with a new section is added without any layout shift,
the continued heading of an added page is not shown, and axe finds nothing serious.

The site is the fixture site (conftest.py) with its dates rewritten into months of 12 items, newest
first, and `sections: { by: month }`; 96 items, 4 pages of 24. Sections start at items 1, 13, 25, 37
(pages 2 and 3 start with a new section), then 49, 55, 67, 79, 91: page 4 starts inside the section of
items 67-78 (a continued heading).
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from server import FaultServer
from conftest import REPO, console_errors, wait_for, wait_until, write_fixture_site
from test_infinite_scroll import CLS_OBSERVER, READY

BINARY = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
if not BINARY.is_absolute():
    BINARY = REPO / BINARY

CARDS = "return [].map.call(document.querySelectorAll('.feed > .card'), a => +a.dataset.position)"
VISIBLE = "return [].filter.call(document.querySelectorAll('.feed > .card'), a => a.offsetParent !== null).length"


@pytest.fixture(scope="module")
def sections_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("scrollery-sections")
    site = root / "site"
    write_fixture_site(site)
    for page in sorted((site / "data").glob("page-*.json")):
        data = json.loads(page.read_text())
        for item in data["items"]:
            n = int(item["id"])
            block = (n - 1) // 12 if n <= 48 else (n + 5) // 12
            item["date"] = f"{2025 - block // 12}-{12 - block % 12:02d}-01"
        page.write_text(json.dumps(data))
    with open(site / "scrollery.yml", "a") as f:
        f.write("sections: { by: month }\n")
    run = subprocess.run([str(BINARY), "build", str(site), "--max-items", "96", "-q"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    with FaultServer(site / "public") as server:
        yield server, site / "public"


def open_site(browser, server, path="/", **options):
    d = browser(1280, 900, **options)
    d.get(server.origin + path)
    wait_for(d, READY, 10, "the script to start")
    wait_for(d, "return document.documentElement.classList.contains('sections-js')", 10, "sections.js")
    return d


def test_headings_are_in_the_feed_and_the_script_is_small(sections_site):
    server, public = sections_site
    page = (public / "index.html").read_text()
    assert page.count('class="feed-section"') == 2  # items 1 and 13
    size = len(gzip.compress((public / "assets" / "sections.js").read_bytes(), compresslevel=9))
    scroll = len(gzip.compress((public / "assets" / "scrollery.js").read_bytes(), compresslevel=9))
    print(f"\nsections.js: {size} bytes gzipped; scrollery.js: {scroll}")
    assert size <= 1024 and scroll <= 4096
    assert "feed-section--continued" not in (public / "page" / "2" / "index.html").read_text()
    assert 'id="section-67-page-4"' in (public / "page" / "4" / "index.html").read_text()


def test_a_heading_collapses_its_cards_and_those_added_later(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server)
    toggle = d.find_element(By.CSS_SELECTOR, "#section-1 ~ button, .feed-section button[data-section='section-1']")
    assert toggle.is_displayed() and toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    hidden = d.execute_script("return [].filter.call(document.querySelectorAll('.card[hidden]'), c => 1).length")
    assert hidden == 12
    toggle.click()
    assert d.execute_script("return document.querySelectorAll('.card[hidden]').length") == 0
    # On page 3, collapse the section of items 67-78, which goes on to page 4; then the scroll adds page 4.
    d = open_site(browser, server, path="/page/3/")
    d.find_element(By.CSS_SELECTOR, "button[data-section='section-67']").click()
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(d.execute_script(CARDS)) >= 48, 10, "page 4 added by the scroll")
    hidden = d.execute_script(
        "return [].map.call(document.querySelectorAll('.card[hidden]'), c => +c.dataset.position)")
    assert hidden == list(range(67, 79)), hidden
    # page 4's continued heading of that section is not shown below the page break
    shown = d.execute_script("return getComputedStyle(document.getElementById('section-67-page-4')"
                             ".closest('article')).display")
    assert shown == "none"
    # the scroll went on past the collapsed section: every other card is shown
    assert d.execute_script(VISIBLE) == 48 - 12
    assert console_errors(d) == []


def test_a_page_starting_with_a_new_section_is_added_without_layout_shift(sections_site, browser):
    server, _ = sections_site
    # Pages 2 and 3 each start with a new section (items 25 and 49), with page 1's last row in view.
    d = open_site(browser, server, init_script=CLS_OBSERVER)
    wait_for(d, "return document.readyState == 'complete'", 10)
    for want in (48, 72):
        last = f"item-{want - 24}"
        d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", last)
        wait_until(lambda: len(d.execute_script(CARDS)) >= want, 10, f"{want} cards")
        time.sleep(0.5)
    cls, shifts = d.execute_script("return [window.__cls, window.__shifts]")
    print(f"\nCLS with sections as pages are added: {cls}")
    assert cls == 0, shifts
    # the heading sticks at the top while its cards are in view
    d.execute_script("document.getElementById('item-20').scrollIntoView({block: 'start'})")
    time.sleep(0.3)
    top = d.execute_script("return document.getElementById('section-13').closest('article')"
                           ".getBoundingClientRect().top")
    assert abs(top) <= 1, top


def test_axe_finds_nothing_serious_with_sections(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server, path="/page/2/")
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(d.execute_script(CARDS)) >= 48, 10, "a page added by the scroll")
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.8)
    axe = Axe(d)
    axe.inject()
    result = axe.run(options="{resultTypes: ['violations']}")
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    print(f"\naxe with sections: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], axe.report(bad)
    d.get(server.origin + "/sections/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    axe.inject()
    result = axe.run(options="{resultTypes: ['violations']}")
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], axe.report(bad)


def test_page_down_and_up_go_past_the_break_before_a_heading_and_skip_hidden_cards(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server)
    focused = "var a = document.activeElement; return a.id || a.getAttribute('aria-labelledby')"
    d.execute_script("document.getElementById('item-12').focus()")
    d.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    assert d.execute_script(focused) == "section-13"
    d.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    assert d.execute_script(focused) == "item-13"
    d.execute_script("document.getElementById('item-13').focus()")
    d.switch_to.active_element.send_keys(Keys.PAGE_UP)
    d.switch_to.active_element.send_keys(Keys.PAGE_UP)
    assert d.execute_script(focused) == "item-12"
    # a collapsed section's cards are skipped: from its heading, Page Up goes to the card above it
    d.find_element(By.CSS_SELECTOR, "button[data-section='section-1']").click()
    d.execute_script("document.getElementById('item-13').focus()")
    for _ in range(3):
        d.switch_to.active_element.send_keys(Keys.PAGE_UP)
    assert d.execute_script(focused) == "section-1"
