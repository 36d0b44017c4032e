"""Issue 14 in headless Chromium: justified rows, item pages linked to their neighbours (with the arrow
keys), no layout shift when the reader jumps to the bottom while pages load, and an axe-core audit.

The fixture site (conftest.py) has 400 items, 24 per page (17 listing pages), autoPages 4, served under
/gallery/; items 7, 57, 107, ... (n % 50 == 7) have no image size.
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from server import FaultServer
from conftest import (AUTO_PAGES, BASE, ITEMS, PAGE_SIZE, REPO, asset, console_errors, page_path, wait_for,
                      wait_shown, wait_until, write_fixture_site)
from test_infinite_scroll import CLS_OBSERVER, READY, layout_shift, open_page, positions, screenshot

SHOTS = REPO / ".build" / "screenshots"
BINARY = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
if not BINARY.is_absolute():
    BINARY = REPO / BINARY

# Each card's box and its picture's, in document order: [id, left, top (in the document, without the
# entrance animation's transform), right, frame height, frame ratio, the ratio the source gives (or null)].
BOXES = """return [].map.call(document.querySelectorAll('.feed > article'), function (a) {
    var r = a.getBoundingClientRect(), f = a.querySelector('.frame'), g = f && f.getBoundingClientRect(),
        s = getComputedStyle(a), w = parseFloat(s.getPropertyValue('--w')), h = parseFloat(s.getPropertyValue('--h')),
        dy = s.transform == 'none' ? 0 : new DOMMatrix(s.transform).m42;
    return [a.id, r.left, r.top + scrollY - dy, r.right, g ? g.height : null, g ? g.width / g.height : null,
            w && h ? w / h : null]; })"""


def rows(d):
    """The cards grouped into rows by their top edge."""
    out = []
    for box in d.execute_script(BOXES):
        if out and abs(out[-1][0][2] - box[2]) < 1:
            out[-1].append(box)
        else:
            out.append([box])
    return out


def check_justified(d, last_row_may_be_short=True):
    feed = d.execute_script("var r = document.querySelector('.feed').getBoundingClientRect(); return [r.left, r.right]")
    all_rows = rows(d)
    assert len(all_rows) >= 3, all_rows
    for i, row in enumerate(all_rows):
        heights = [b[4] for b in row if b[4] is not None]
        assert max(heights) - min(heights) <= 1.5, f"row {i}: pictures of different heights {heights}"
        for b in row:
            if b[6] is not None:  # a known size keeps its ratio (borders and rounding: 1.5 %)
                assert abs(b[5] / b[6] - 1) < 0.015, f"{b[0]}: ratio {b[5]:.3f}, the source's {b[6]:.3f}"
            else:  # an unknown size is framed at 4:3
                assert abs(b[5] - 4 / 3) < 0.02, f"{b[0]}: unknown size framed at {b[5]:.3f}"
        assert abs(row[0][1] - feed[0]) <= 1, f"row {i} does not start at the feed's left edge"
        # a page's last row ends with the page (the last of the feed, or one above a page the scroll added)
        ends_page = i == len(all_rows) - 1 or int(row[-1][0].split("-")[1]) % PAGE_SIZE == 0
        if not (ends_page and last_row_may_be_short):
            assert abs(row[-1][3] - feed[1]) <= 1.5, f"row {i} ends at {row[-1][3]}, not at {feed[1]}"
    return all_rows


# ---- 1. justified rows -----------------------------------------------------------------------------


def test_justified_rows_fill_the_width_keep_ratios_and_go_to_one_column_on_a_phone(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d = browser(1280, 900)
    open_page(d, site.url())
    assert "feed--justified" in d.find_element(By.CSS_SELECTOR, ".feed").get_attribute("class")
    desktop_rows = check_justified(d)
    assert max(len(r) for r in desktop_rows) >= 3, "a desktop row holds at least 3 pictures"
    # the last row is not stretched: its pictures are no taller than the tallest full row's
    full = [r[0][4] for r in desktop_rows[:-1]]
    assert desktop_rows[-1][0][4] <= max(full) + 1
    # card text stays readable: the titles of the first row are shown, at least 15 px, inside their card
    for box in desktop_rows[0]:
        title = d.find_element(By.CSS_SELECTOR, f"#{box[0]} .card-title")
        wait_until(title.is_displayed, 5, f"{box[0]}'s title")
        assert float(title.value_of_css_property("font-size")[:-2]) >= 15
        inside = d.execute_script("""var t = arguments[0].getBoundingClientRect(), c = arguments[0].closest('article')
            .getBoundingClientRect(); return t.left >= c.left && t.right <= c.right && t.bottom <= c.bottom""", title)
        assert inside, f"{box[0]}'s title overflows its card"
    screenshot(d, SHOTS / "justified-desktop.png")

    # no image size known (item 7): framed at 4:3, in a full row
    assert any(b[0] == "item-7" and b[6] is None for r in desktop_rows for b in r)

    phone = browser(390, 844, mobile=True)
    open_page(phone, site.url())
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390, "horizontal overflow"
    phone_rows = check_justified(phone, last_row_may_be_short=False)
    assert all(len(r) == 1 for r in phone_rows), "more than one card a row on a phone"
    screenshot(phone, SHOTS / "justified-phone.png")
    for x in (d, phone):
        assert console_errors(x) == []


def test_pages_added_by_the_scroll_keep_the_rows_above_as_they_were(site, browser):
    d = browser(1280, 900)
    open_page(d, site.url())
    before = {b[0]: b[1:5] for b in d.execute_script(BOXES)}
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(positions(d)) >= 2 * PAGE_SIZE, 10, "page 2")
    after = {b[0]: b[1:5] for b in d.execute_script(BOXES)}
    moved = [k for k, v in before.items() if any(abs(a - b) > 0.5 for a, b in zip(v, after[k]))]
    assert moved == [], f"cards of page 1 changed place or size when page 2 came: {moved}"
    # page 2 starts a row of its own, and its rows are justified too
    assert after["item-25"][1] > after["item-24"][1] and abs(after["item-25"][0] - after["item-1"][0]) < 1
    check_justified(d)


def test_grid_layout_is_kept_as_an_option(tmp_path, browser):
    site_dir = tmp_path / "site"
    write_fixture_site(site_dir)
    with open(site_dir / "scrollery.yml", "a") as f:
        f.write("theme:\n  layout: grid\n")
    run = subprocess.run([str(BINARY), "build", str(site_dir), "--max-items", "48", "-q"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    d = browser(1280, 900)
    with FaultServer(site_dir / "public") as server:
        d.get(server.origin + "/")
        wait_for(d, READY, 10)
        grid_checks(d)


def grid_checks(d):
    assert "feed--grid" in d.find_element(By.CSS_SELECTOR, ".feed").get_attribute("class")
    columns = d.execute_script("return getComputedStyle(document.querySelector('.feed')).gridTemplateColumns")
    assert len(columns.split(" ")) >= 3, columns
    lefts = sorted({round(b[1]) for b in d.execute_script(BOXES)})
    assert len(lefts) == len(columns.split(" ")), "cards are not in the grid's columns"


# ---- 2. item pages: previous and next, keys, share tags ---------------------------------------------


# Records, in the page, that a key press has been handled (its keyup came, after its keydown went through
# every listener) and whether a navigation started meanwhile (the Navigation API's navigate event fires as
# it starts). An unload takes the record with it.
KEY_WATCH = """var key = arguments[0]; window.__key = { up: false, to: null };
    addEventListener('keyup', function (e) { if (e.key == key) window.__key.up = true; });
    navigation.addEventListener('navigate', function (e) { window.__key.to = e.destination.url; });"""


def press_on_body(d, key, *keys):
    """Presses `keys` on the body (`key` is the one that acts, after any modifiers) and waits until the page
    has handled them: if they started a navigation, until it has taken the window."""
    d.execute_script(KEY_WATCH, key)
    d.find_element(By.TAG_NAME, "body").send_keys(*keys)
    done = wait_for(d, "var k = window.__key; return !k ? 'left' : k.up && (k.to || 'stayed')", 5, f"{key} handled")
    if done != "stayed":
        wait_until(lambda: d.execute_script("return !window.__key"), 10, f"the navigation {key} started")


def test_item_pages_link_to_neighbours_across_listing_pages_and_the_arrow_keys_follow_them(site, browser):
    d = browser(1280, 900)
    d.get(site.url(f"{BASE}items/{PAGE_SIZE}/"))  # the last item of listing page 1
    wait_for(d, "return document.readyState == 'complete'", 10)
    nxt = d.find_element(By.CSS_SELECTOR, ".item-nav a[rel=next]")
    assert nxt.get_attribute("href") == site.url(f"{BASE}items/{PAGE_SIZE + 1}/")
    assert f"Photographer {PAGE_SIZE + 1}" in nxt.text
    assert d.find_element(By.CSS_SELECTOR, ".item-nav a[rel=prev]").get_attribute("href") == \
        site.url(f"{BASE}items/{PAGE_SIZE - 1}/")
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(d, SHOTS / "item-desktop.png")

    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: d.current_url == site.url(f"{BASE}items/{PAGE_SIZE + 1}/"), 10, "→ to the next item")
    assert d.find_element(By.CSS_SELECTOR, "h1").text == f"Photographer {PAGE_SIZE + 1}"
    wait_for(d, "return document.readyState == 'complete'", 10)
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: d.current_url == site.url(f"{BASE}items/{PAGE_SIZE}/"), 10, "← back")
    wait_for(d, "return document.readyState == 'complete'", 10)
    # a modifier (Alt+← is the browser's own back) is left alone
    press_on_body(d, "ArrowRight", Keys.SHIFT, Keys.ARROW_RIGHT)
    assert d.current_url == site.url(f"{BASE}items/{PAGE_SIZE}/")

    # the ends: the first only forward, the last only back
    d.get(site.url(f"{BASE}items/1/"))
    assert not d.find_elements(By.CSS_SELECTOR, ".item-nav a[rel=prev]")
    assert d.find_elements(By.CSS_SELECTOR, ".item-nav a[rel=next]")
    wait_for(d, "return document.readyState == 'complete'", 10)
    press_on_body(d, "ArrowLeft", Keys.ARROW_LEFT)
    assert d.current_url == site.url(f"{BASE}items/1/")
    d.get(site.url(f"{BASE}items/{ITEMS}/"))
    assert not d.find_elements(By.CSS_SELECTOR, ".item-nav a[rel=next]")
    assert d.find_element(By.CSS_SELECTOR, ".item-nav a[rel=prev]").get_attribute("href") == \
        site.url(f"{BASE}items/{ITEMS - 1}/")
    # the share tags: title and description, no URL-valued tags under a path base URL
    metas = d.execute_script("""var o = {}, q = 'meta[property^="og:"], meta[name^="twitter:"]';
        [].forEach.call(document.querySelectorAll(q), function (m) { o[m.getAttribute('property') || m.name] = m.content; });
        return o""")
    assert metas["og:title"] == f"Photographer {ITEMS}" and metas["twitter:card"] == "summary"
    assert "og:url" not in metas and "og:image" not in metas
    assert console_errors(d) == []


def test_item_navigation_works_without_javascript(site, browser):
    d = browser(js=False)
    d.get(site.url(f"{BASE}items/{2 * PAGE_SIZE}/"))
    d.find_element(By.CSS_SELECTOR, ".item-nav a[rel=next]").click()
    wait_until(lambda: d.current_url == site.url(f"{BASE}items/{2 * PAGE_SIZE + 1}/"), 10, "the next item")


# ---- 3. no layout shift when jumping to the bottom while pages load ----------------------------------


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_jump_to_the_bottom_while_pages_load_shifts_nothing(site, browser, size):
    width, height = size
    d = browser(width, height, mobile=width < 500, init_script=CLS_OBSERVER)
    site.delay(f"{BASE}page/", 0.4)  # pages arrive while the reader is at the bottom
    open_page(d, site.url())
    wait_for(d, "return document.readyState == 'complete'", 10)
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    footer_top = d.execute_script("return document.getElementById('footer').getBoundingClientRect().top")
    assert footer_top < height, "the footer is not in view at the bottom"
    want = (1 + AUTO_PAGES) * PAGE_SIZE
    wait_until(lambda: len(positions(d)) >= want, 20, f"{AUTO_PAGES} pages loaded at the bottom")
    wait_for(d, "return !!document.querySelector('.pager [data-act=more]')", 10, "'Load more'")
    wait_shown(d)  # the last page's cards and pictures in view faded in
    top = d.execute_script("return document.getElementById('footer').getBoundingClientRect().top")
    assert abs(top - footer_top) <= 1, f"the footer moved from {footer_top} to {top}"
    assert d.find_element(By.CSS_SELECTOR, ".pager [data-act=more]").is_displayed()
    cls, shifts = layout_shift(d)
    print(f"\nCLS after jumping to the bottom at {width}x{height}: {cls} ({len(shifts)} shifts)")
    assert cls == 0, f"cumulative layout shift {cls}: {shifts}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"bottom-{'phone' if width < 500 else 'desktop'}.png"))
    assert console_errors(d) == []


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_first_page_that_arrives_in_parts_shifts_nothing_while_it_loads(site, browser, size):
    # A slow network hands the browser the page a part at a time. A justified row is laid out from the
    # cards that follow it, so a feed painted half-parsed would move when the rest arrives: the page
    # asks the browser (rel=expect, blocking=render) not to paint before the feed is whole.
    width, height = size
    site.trickle(BASE, pieces=6, pause=0.25)
    d = browser(width, height, mobile=width < 500, init_script=CLS_OBSERVER)
    open_page(d, site.url())
    wait_for(d, "return document.readyState == 'complete'", 10)
    wait_shown(d)  # the cards and pictures in view faded in
    cls, shifts = layout_shift(d)
    print(f"\nCLS while a first page arrives in 6 parts at {width}x{height}: {cls}")
    assert cls == 0, shifts
    assert len(positions(d)) >= PAGE_SIZE


def test_a_page_added_while_the_last_row_is_in_view_shifts_nothing(site, browser):
    d = browser(1280, 900, init_script=CLS_OBSERVER)
    open_page(d, site.url())
    wait_for(d, "return document.readyState == 'complete'", 10)
    d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", f"item-{PAGE_SIZE}")
    wait_until(lambda: len(positions(d)) >= 2 * PAGE_SIZE, 10, "page 2 added below the row in view")
    wait_shown(d)  # page 2's cards and pictures in view faded in
    cls, shifts = layout_shift(d)
    print(f"\nCLS with page 1's last row in view as page 2 is added: {cls}")
    assert cls == 0, shifts


# ---- 4. accessibility: axe-core --------------------------------------------------------------------


# no finite animation is running: a fade's half-way colours are not the page's colours
STILL = """return document.getAnimations().every(function (a) {
    return a.playState != 'running' || a.effect.getComputedTiming().endTime == Infinity; })"""


def audit(d):
    wait_for(d, STILL, 10, "the page's animations to end")
    axe = Axe(d)
    axe.inject()
    result = axe.run(options="{resultTypes: ['violations']}")
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    return result, bad


@pytest.mark.parametrize("path", [BASE, page_path(3), f"{BASE}items/30/"], ids=["page-1", "page-3", "item"])
def test_axe_finds_no_serious_or_critical_violation(site, browser, path):
    d = browser(1280, 900)
    d.get(site.url(path))
    wait_for(d, "return document.readyState == 'complete'", 10)
    if "items" not in path:
        wait_for(d, READY, 10)
        d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")  # a page added
        wait_until(lambda: len(positions(d)) >= 2 * PAGE_SIZE, 10, "a page added by the scroll")
        d.execute_script("window.scrollTo(0, 0)")
        wait_shown(d)  # the cards in view faded in
    result, bad = audit(d)
    print(f"\naxe on {path}: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)


def test_item_script_is_tiny(built_site):
    served = (built_site / BASE.strip("/") / "assets" / "item.js").read_bytes()
    assert served == (REPO / "templates" / "item.js").read_bytes(), "the binary's theme is stale: rebuild it"
    size = len(gzip.compress(served, compresslevel=9))
    print(f"\nitem.js: {size} bytes gzipped")
    assert size < 1024


# ---- 5. the viewer (viewer.js, loaded on first use) ----------------------------------------------------

OPEN = "var v = document.querySelector('dialog.viewer'); return !!(v && v.open)"
COUNT = "return document.querySelector('.viewer-count').textContent"
VIEWER_TITLE = "return document.querySelector('.viewer-title').textContent"


# the card has faded in and is not moving (its entrance transition, and its picture's, are over)
CARD_STILL = """var c = document.getElementById(arguments[0]);
    return getComputedStyle(c).opacity == '1'
        && c.getAnimations({ subtree: true }).every(function (a) { return a.playState != 'running'; })"""


def open_viewer(d, position):
    d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", f"item-{position}")
    wait_for(d, CARD_STILL, 10, f"item {position} shown and still", f"item-{position}")
    d.find_element(By.CSS_SELECTOR, f"#item-{position} .frame").click()
    wait_for(d, OPEN, 10, "the viewer to open")


VIEWER_FIELDS = """return Array.prototype.map.call(document.querySelectorAll('.viewer-fields dt'), function (t) {
    var v = t.nextElementSibling, a = v.querySelector('a');
    return [t.textContent, v.textContent, a ? a.getAttribute('href') : null, v.getBoundingClientRect().height > 0];
})"""


def test_the_viewer_shows_each_items_fields_which_its_card_keeps_hidden(site, browser):
    d = browser(1280, 900)
    d.get(site.url(BASE))
    wait_for(d, READY, 10)
    hidden = d.execute_script("var l = document.querySelector('#item-3 .card-fields');"
                              "return [!!l, l && l.hidden, l && l.getBoundingClientRect().height]")
    assert hidden == [True, True, 0], "item.fields without theme.cardFields: in the card, not shown"
    open_viewer(d, 3)
    wait_until(lambda: len(d.execute_script(VIEWER_FIELDS)) == 2, 5, "the fields in the viewer")
    assert d.execute_script(VIEWER_FIELDS) == [
        ["Photographer", "Photographer 3", None, True],
        ["Original", "https://example.org/photos/3", "https://example.org/photos/3", True],
    ]
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.execute_script(VIEWER_FIELDS)[:1] == [["Photographer", "Photographer 4", None, True]], 5,
               "the next photo's fields, and only its own")
    assert len(d.execute_script(VIEWER_FIELDS)) == 2
    result, bad = audit(d)
    print(f"\naxe on the open viewer: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)
    assert console_errors(d) == []


def test_viewer_opens_on_a_picture_walks_across_pages_and_back_closes_it(site, browser, built_site):
    viewer = f"{BASE}assets/{asset(built_site / BASE.strip('/'), 'viewer.js')}"  # the name the page gives
    d = browser(1280, 900, init_script=CLS_OBSERVER)
    open_page(d, site.url())
    assert site.count(viewer) == 0, "the viewer's script loaded before it was used"
    last = PAGE_SIZE - 1
    open_viewer(d, last)
    assert site.count(viewer) == 1 and site.count(f"{BASE}assets/viewer.js") == 0
    v = d.find_element(By.CSS_SELECTOR, "dialog.viewer")
    assert v.get_attribute("aria-modal") == "true"
    assert d.execute_script("return document.getElementById(document.querySelector('dialog.viewer')"
                            ".getAttribute('aria-labelledby')).textContent") == f"Photographer {last}"
    assert d.current_url == site.url(f"{BASE}items/{last}/"), "the address is not the item's page"
    assert d.execute_script(COUNT) == f"Photo {last} of many"
    assert d.execute_script("return document.querySelector('dialog.viewer').contains(document.activeElement)")
    img = d.execute_script("return document.querySelector('.viewer-img').getAttribute('src')")
    assert img == d.execute_script(f"return document.querySelector('#item-{last} img').currentSrc")
    SHOTS.mkdir(parents=True, exist_ok=True)
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    d.save_screenshot(str(SHOTS / "viewer-desktop.png"))

    # → twice: the last card of page 1, then past it: page 2 loads underneath and the walk goes on
    body = d.switch_to.active_element
    body.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == f"Photographer {PAGE_SIZE}", 5, "the next photo")
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == f"Photographer {PAGE_SIZE + 1}", 10, "page 2's first photo")
    assert PAGE_SIZE + 1 in positions(d), "page 2's cards are not in the feed underneath"
    assert d.current_url == site.url(f"{BASE}items/{PAGE_SIZE + 1}/")
    assert d.execute_script(COUNT) == f"Photo {PAGE_SIZE + 1} of many"
    # the on-screen buttons, and ←
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == f"Photographer {PAGE_SIZE + 2}", 5, "next by button")
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == f"Photographer {PAGE_SIZE + 1}", 5, "← back one")

    # back closes the viewer and focus returns to the card shown last, in view
    d.back()
    wait_until(lambda: not d.execute_script(OPEN), 5, "back to close the viewer")
    wait_until(lambda: d.execute_script("return document.activeElement.id") == f"item-{PAGE_SIZE + 1}", 5,
               "focus on the card")
    assert d.current_url.startswith(site.url(BASE)) and "/items/" not in d.current_url
    assert d.execute_script("var r = document.activeElement.getBoundingClientRect();"
                            "return r.top < innerHeight && r.bottom > 0")
    cls, shifts = d.execute_script("return [window.__cls, window.__shifts]")
    print(f"\nCLS while opening, walking and closing the viewer: {cls}")
    assert cls == 0, shifts
    assert console_errors(d) == []


def test_viewer_keyboard_only_esc_and_reload(site, browser):
    d = browser(1280, 900)
    open_page(d, site.url())
    d.execute_script("document.getElementById('item-3').focus()")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(d, OPEN, 10, "Enter on a card to open the viewer")
    assert d.execute_script(VIEWER_TITLE) == "Photographer 3"
    # Tab stays inside the modal dialog
    for _ in range(8):
        d.switch_to.active_element.send_keys(Keys.TAB)
        assert d.execute_script("return document.querySelector('dialog.viewer').contains(document.activeElement)")
    d.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_until(lambda: not d.execute_script(OPEN), 5, "Esc to close")
    wait_until(lambda: d.current_url == site.url(BASE), 5, "the listing page's address back")
    assert d.execute_script("return document.activeElement.id") == "item-3"
    # reload while a photo is shown: its static item page
    open_viewer(d, 5)
    d.refresh()
    wait_for(d, "return document.readyState == 'complete'", 10)
    assert d.find_element(By.CSS_SELECTOR, "h1").text == "Photographer 5"
    assert d.find_elements(By.CSS_SELECTOR, ".item-nav a[rel=next]")


def test_viewer_before_the_first_card_loads_the_page_above(site, browser):
    d = browser(1280, 900)
    open_page(d, site.url(page_path(4)))
    first = 3 * PAGE_SIZE + 1
    open_viewer(d, first)
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == f"Photographer {first - 1}", 10, "page 3's last photo")
    assert positions(d)[0] == 2 * PAGE_SIZE + 1, "page 3 is not in the feed above"


def test_viewer_swipes_on_a_phone_and_passes_axe(site, browser):
    d = browser(390, 844, mobile=True)
    open_page(d, site.url())
    open_viewer(d, 2)
    r = d.execute_script("var r = document.querySelector('.viewer-stage').getBoundingClientRect();"
                         "return [r.left + r.width / 2, r.top + r.height / 2]")

    def swipe(dx):
        x, y = r
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for k in range(1, 6):
            d.execute_cdp_cmd("Input.dispatchTouchEvent",
                              {"type": "touchMove", "touchPoints": [{"x": x + dx * k / 5, "y": y}]})
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    swipe(-150)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == "Photographer 3", 5, "a swipe left to the next photo")
    swipe(150)
    wait_until(lambda: d.execute_script(VIEWER_TITLE) == "Photographer 2", 5, "a swipe right back")
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / "viewer-phone.png"))
    result, bad = audit(d)
    print(f"\naxe on the open viewer: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)


def test_a_page_older_than_a_deploy_loads_the_viewer_by_its_plain_name(site, browser, built_site):
    """A page opened before a deploy names the viewer's fingerprinted file of then, which the deploy has
    deleted: the load fails, and the plain name, which always holds the current viewer, is loaded."""
    viewer = f"{BASE}assets/{asset(built_site / BASE.strip('/'), 'viewer.js')}"
    site.fail(viewer, times=1, status=404)
    d = browser(1280, 900)
    open_page(d, site.url())
    open_viewer(d, 2)
    assert site.count(viewer, 404) == 1 and site.count(f"{BASE}assets/viewer.js", 0) == 1  # 0: served
    assert d.execute_script(VIEWER_TITLE) == "Photographer 2"


def test_viewer_script_is_small_and_separate(built_site):
    served = (built_site / BASE.strip("/") / "assets" / "viewer.js").read_bytes()
    assert served == (REPO / "templates" / "viewer.js").read_bytes(), "the binary's theme is stale: rebuild it"
    size = len(gzip.compress(served, compresslevel=9))
    scroll = len(gzip.compress((REPO / "templates" / "scrollery.js").read_bytes(), compresslevel=9))
    print(f"\nviewer.js: {size} bytes gzipped; scrollery.js: {scroll}")
    assert size <= 6144 and scroll <= 4096
    page = (built_site / BASE.strip("/") / "index.html").read_text()
    # named by the page (data-viewer), loaded by none of its scripts
    assert not re.search(r'<script\b[^>]*\bsrc="[^"]*viewer', page), \
        "the viewer must load on first use, not with the page"
