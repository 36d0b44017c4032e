"""Sections in headless Chromium: headings collapse their section's cards (also those the infinite scroll
adds later), a page that starts with a new section is added without any layout shift, the continued
heading of an added page is not shown, the picker regroups the cards (loaded and added later) by day,
week, month, year or not at all and remembers the choice, its headings read as the build's (at year
boundaries too), and axe finds nothing serious.

The site is the fixture site (conftest.py) with its dates rewritten into months of 12 items, newest
first, and `sections: { by: month }`; 96 items, 4 pages of 24. Sections start at items 1, 13, 25, 37
(pages 2 and 3 start with a new section), then 49, 55, 67, 79, 91: page 4 starts inside the section of
items 67-78 (a continued heading).
"""

from __future__ import annotations

import datetime
import gzip
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from server import FaultServer
from conftest import REPO, console_errors, scroll_seen, wait_for, wait_shown, wait_until, write_fixture_site
from test_infinite_scroll import AT_REST, CLS_OBSERVER, READY, layout_shift
from test_theme import audit

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
    assert size <= 2304 and scroll <= 4096
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
        wait_shown(d)  # the added page's cards and pictures in view faded in
    cls, shifts = layout_shift(d)
    print(f"\nCLS with sections as pages are added: {cls}")
    assert cls == 0, shifts
    # the heading sticks at the top while its cards are in view
    d.execute_script("document.getElementById('item-20').scrollIntoView({block: 'start'})")
    scroll_seen(d)  # the scroll rendered
    top = d.execute_script("return document.getElementById('section-13').closest('article')"
                           ".getBoundingClientRect().top")
    assert abs(top) <= 1, top


def test_axe_finds_nothing_serious_with_sections(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server, path="/page/2/")
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(d.execute_script(CARDS)) >= 48, 10, "a page added by the scroll")
    d.execute_script("window.scrollTo(0, 0)")
    wait_shown(d)  # the cards in view faded in
    result, bad = audit(d)
    print(f"\naxe with sections: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)
    # regrouped by week by the picker, a section collapsed
    Select(d.find_element(By.ID, "section-picker")).select_by_value("week")
    d.find_element(By.CSS_SELECTOR, ".js-section button").click()
    wait_shown(d)  # the regrouped cards in view shown, the toggle's turn over
    result, bad = audit(d)
    print(f"axe regrouped by week: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)
    d.get(server.origin + "/sections/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)


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


# ---- the picker ------------------------------------------------------------------------------------

# The headings shown, in order: [first card's position after it, its <h2>'s text] (a continued heading's
# note left out); headings hidden by the picker or by the page break are not shown.
SHOWN = """return [].filter.call(document.querySelectorAll('.feed > .feed-section'), h => h.getClientRects().length)
  .map(h => { var c = h.nextElementSibling; while (c && !c.classList.contains('card')) c = c.nextElementSibling;
    return [c ? +c.dataset.position : 0, h.querySelector('h2').firstChild.textContent.trim()]; })"""


def fixture_date(n: int) -> datetime.date:
    """The date of item n in `sections_site`."""
    block = (n - 1) // 12 if n <= 48 else (n + 5) // 12
    return datetime.date(2025 - block // 12, 12 - block % 12, 1)


def heading_of(day: datetime.date, by: str) -> tuple[str, str]:
    """Python's own reading of a section (an oracle independent of both the build and the script)."""
    if by == "day":
        return day.isoformat(), f"{day:%A} {day.day} {day:%B} {day.year}"
    if by == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week}", f"Week {week}, {year}"
    if by == "month":
        return day.isoformat()[:7], f"{day:%B} {day.year}"
    return str(day.year), str(day.year)


def expected(positions, by):
    if by == "none":
        return []
    out, last = [], None
    for p in positions:
        key, text = heading_of(fixture_date(p), by)
        if key != last:
            out.append([p, text])
            last = key
    return out


def pick(d, by):
    Select(d.find_element(By.ID, "section-picker")).select_by_value(by)


def test_the_picker_regroups_the_loaded_cards_and_those_the_scroll_adds(sections_site, browser):
    server, public = sections_site
    assert 'data-date="2025-12-01"' in (public / "index.html").read_text()
    d = open_site(browser, server)
    picker = d.find_element(By.CSS_SELECTOR, ".section-picker")
    assert picker.is_displayed()
    assert d.find_element(By.CSS_SELECTOR, "label[for='section-picker']").text == "Sections by"
    assert Select(d.find_element(By.ID, "section-picker")).first_selected_option.get_attribute("value") == "month"
    built = d.execute_script(SHOWN)
    assert built == expected(range(1, 25), "month") == [[1, "December 2025"], [13, "November 2025"]]
    for by in ("week", "day", "year", "none"):
        pick(d, by)
        assert d.execute_script(SHOWN) == expected(d.execute_script(CARDS), by), by
    # the scroll adds page 2 (and 3) while grouped by week: their cards are grouped by week too
    pick(d, "week")
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(d.execute_script(CARDS)) >= 48, 10, "page 2 added by the scroll")
    scroll_seen(d)  # a further page the scroll asks for is under way, and waited for
    wait_for(d, AT_REST, 10, "the feed at rest")
    loaded = d.execute_script(CARDS)
    assert loaded == list(range(1, len(loaded) + 1))
    assert d.execute_script(SHOWN) == expected(loaded, "week")
    # real headings with a collapse button each, sticky, in the feed; the build's are hidden meanwhile
    structure = d.execute_script("""return [].map.call(document.querySelectorAll('.feed > .js-section'), h => {
        if (h.tagName === 'I') return 'break';
        var b = h.querySelector('button'), t = h.querySelector('h2');
        return [h.getAttribute('aria-labelledby') === t.id, b.getAttribute('aria-expanded'),
                getComputedStyle(h).position, h.tabIndex]; })""")
    assert [s for s in structure if s != "break"] == [[True, "true", "sticky", -1]] * len(expected(loaded, "week"))
    assert d.execute_script("return [].every.call(document.querySelectorAll('.feed > .feed-section:not(.js-section)'),"
                            " h => !h.getClientRects().length)")
    # back to the build's grouping: the build's own headings (with their archive links), none of ours
    pick(d, "month")
    assert d.execute_script("return document.querySelectorAll('.js-section').length") == 0
    assert d.execute_script(SHOWN) == expected(loaded, "month")
    assert d.find_element(By.CSS_SELECTOR, "#section-13 a").get_attribute("href").endswith("/sections/#section-13")
    assert console_errors(d) == []


def test_the_choice_survives_a_reload_and_a_storage_failure_never_throws(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server)
    pick(d, "year")
    d.refresh()
    wait_for(d, "return document.documentElement.classList.contains('sections-js')", 10, "sections.js")
    assert Select(d.find_element(By.ID, "section-picker")).first_selected_option.get_attribute("value") == "year"
    assert d.execute_script(SHOWN) == expected(d.execute_script(CARDS), "year") == [[1, "2025"]]
    assert console_errors(d) == []
    # storage that throws on every use (disabled, or full): the picker still regroups, nothing is thrown
    broken = """Object.defineProperty(window, 'localStorage', {get() {
        throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""
    d = open_site(browser, server, init_script=broken)
    pick(d, "week")
    assert d.execute_script(SHOWN) == expected(d.execute_script(CARDS), "week")
    assert console_errors(d) == []


def test_collapse_works_after_switching(sections_site, browser):
    server, _ = sections_site
    d = open_site(browser, server)
    pick(d, "week")
    toggle = d.find_element(By.CSS_SELECTOR, ".js-section button")
    first = d.execute_script(SHOWN)[0:2]  # the first two sections: [1, …], [13, …]
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    hidden = "return [].map.call(document.querySelectorAll('.card[hidden]'), c => +c.dataset.position)"
    assert d.execute_script(hidden) == list(range(first[0][0], first[1][0]))
    toggle.send_keys(Keys.ENTER)  # keyboard too
    assert toggle.get_attribute("aria-expanded") == "true" and d.execute_script(hidden) == []
    # a week that goes on to the next page (items 67-78 on pages 3 and 4), collapsed: the cards of it that
    # the scroll adds come hidden, and the scroll goes on
    d = open_site(browser, server, path="/page/3/")
    pick(d, "week")
    d.execute_script("document.querySelector('.js-section:not(i) + .card[data-position=\"67\"]')"
                     ".previousElementSibling.querySelector('button').click()")
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(d.execute_script(CARDS)) >= 48, 10, "page 4 added by the scroll")
    scroll_seen(d)  # the scroll is over: no page is under way (page 4 is the last)
    wait_for(d, AT_REST, 10, "the feed at rest")
    assert d.execute_script(hidden) == list(range(67, 79))
    assert d.execute_script(VISIBLE) == 48 - 12
    # switching keeps each grouping's collapsed sections apart: by month, nothing is collapsed
    pick(d, "month")
    assert d.execute_script(hidden) == []
    assert console_errors(d) == []


def test_without_javascript_the_picker_is_not_shown(sections_site, browser):
    server, _ = sections_site
    d = browser(1280, 900, js=False)
    d.get(server.origin + "/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    assert not d.find_element(By.CSS_SELECTOR, ".section-picker").is_displayed()
    assert d.find_element(By.ID, "section-13").is_displayed()
    assert d.find_element(By.CSS_SELECTOR, "#section-13 a").get_attribute("href").endswith("/sections/#section-13")


# ---- headings at year boundaries: the script's against the build's ----------------------------------

BOUNDARY_DATES = [
    "2024-12-29", "2024-12-30", "2025-01-01", "2025-12-28", "2025-12-29", "2026-01-01T23:30:00-05:00",
    "2026-01-04", "2026-01-05", "2020-12-31", "2021-01-03", "2021-01-04", "2026-12-31", "2027-01-01",
    "2027-01-03", "2027-01-04", "not a date", "2026-02-30", None, "2000-02-29", "1999-12-31",
    "2009-12-31 10:00", "2010-01-03", "0099-06-15",
]
GROUPINGS = ("day", "week", "month", "year")
# English; Russian (month names inflected in a date, "г." after the year); Japanese (numbers, no spaces)
LANGUAGES = ("en", "ru", "ja")


@pytest.fixture(scope="module")
def boundary_sites(tmp_path_factory):
    """The same items (BOUNDARY_DATES) built once per language and grouping, under /en/day/, /ru/week/, …"""
    root = tmp_path_factory.mktemp("scrollery-boundaries")
    site = root / "site"
    write_fixture_site(site)
    page = site / "data" / "page-1.json"
    data = json.loads(page.read_text())
    for item, date in zip(data["items"], BOUNDARY_DATES):
        if date is None:
            del item["date"]
        else:
            item["date"] = date
    page.write_text(json.dumps(data))
    config = (site / "scrollery.yml").read_text()
    for language in LANGUAGES:
        for by in GROUPINGS:
            (site / "scrollery.yml").write_text(config + f"language: {language}\nsections: {{ by: {by} }}\n")
            run = subprocess.run([str(BINARY), "build", str(site), "--max-items", str(len(BOUNDARY_DATES)), "-q",
                                  "--base-url", f"/{language}/{by}/", "--output", str(root / "out" / language / by)],
                                 capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, run.stderr
    with FaultServer(root / "out") as server:
        yield server, root / "out"


def build_headings(html: str):
    return [[int(p), t] for p, t in re.findall(
        r'<h2 class="feed-section-title" id="section-(\d+)"><a href="[^"]*">([^<]*)</a>', html)]


def test_headings_made_by_the_script_read_as_the_builds_at_year_boundaries(boundary_sites, browser):
    server, out = boundary_sites
    builds = {by: build_headings((out / "en" / by / "index.html").read_text()) for by in GROUPINGS}
    assert [1, "Sunday 29 December 2024"] in builds["day"]
    # 2026-01-01 (a Thursday) is in week 1 of 2026; 2027-01-01 (a Friday) in week 53 of 2026; 2021-01-03 in
    # week 53 of 2020; 2024-12-30 in week 1 of 2025; an offset never moves a date to another day
    week = dict(builds["week"])
    assert week[1] == "Week 52, 2024" and week[2] == "Week 1, 2025" and week[4] == "Week 52, 2025"
    assert week[5] == "Week 1, 2026" and 6 not in week and 7 not in week and week[8] == "Week 2, 2026"
    assert [6, "Thursday 1 January 2026"] in builds["day"]
    assert "Week 53, 2020" in week.values() and "Week 53, 2026" in week.values() and "Undated" in week.values()
    d = browser(1280, 900)
    for language in LANGUAGES:
        builds = {by: build_headings((out / language / by / "index.html").read_text()) for by in GROUPINGS}
        for site in GROUPINGS:
            d.get(server.origin + f"/{language}/{site}/")
            wait_for(d, "return document.documentElement.classList.contains('sections-js')", 10, "sections.js")
            assert d.execute_script("return document.documentElement.lang") == language
            for by in GROUPINGS:
                pick(d, by)
                assert d.execute_script(SHOWN) == builds[by], f"{by} on the {language} site built by {site}"
    assert console_errors(d) == []


def test_headings_in_the_sites_language(boundary_sites):
    _, out = boundary_sites
    ru = {by: dict(build_headings((out / "ru" / by / "index.html").read_text())) for by in GROUPINGS}
    assert ru["day"][1] == "воскресенье, 29 декабря 2024\u202fг."
    assert ru["month"][1] == "декабрь 2024\u202fг." and "Без даты" in ru["month"].values()
    assert ru["week"][1] == "Неделя 52, 2024"
    ja = {by: dict(build_headings((out / "ja" / by / "index.html").read_text())) for by in GROUPINGS}
    assert ja["day"][1] == "2024年12月29日 日曜日" and ja["month"][1] == "2024年12月" and ja["year"][1] == "2024年"
    assert ja["week"][1] == "2024年 第52週" and "日付なし" in ja["week"].values()


def test_headings_made_by_the_script_ignore_the_browsers_time_zone(boundary_sites, browser):
    """A date is the day it names for the reader too: far east (UTC+14) and far west (UTC-11) of UTC, the
    script's headings still read as the build's."""
    server, out = boundary_sites
    builds = {by: build_headings((out / "en" / by / "index.html").read_text()) for by in GROUPINGS}
    d = browser(1280, 900)
    for zone, offset in (("Pacific/Kiritimati", -840), ("Pacific/Pago_Pago", 660)):
        d.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        d.get(server.origin + "/en/month/")
        wait_for(d, "return document.documentElement.classList.contains('sections-js')", 10, "sections.js")
        assert d.execute_script("return new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()") == offset
        for by in GROUPINGS:
            pick(d, by)
            assert d.execute_script(SHOWN) == builds[by], f"{by} in {zone}"
    assert console_errors(d) == []
