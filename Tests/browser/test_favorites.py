"""Favorites in headless Chromium, on the fixture site (conftest.py: 400 items under /gallery/, favorites
on by default): the heart on cards (those the infinite scroll adds too), item pages and the viewer; kept
across a reload and across tabs; the favorites page (newest first, remove and undo, export and import, a
share link opened in another browser); a disabled or full storage; JavaScript off; axe.
"""

from __future__ import annotations

import base64
import gzip
import json
import re

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import BASE, PAGE_SIZE, asset, REPO, console_errors, wait_for, wait_shown, wait_until
from test_infinite_scroll import CLS_OBSERVER, layout_shift, open_page, positions
from test_theme import OPEN, audit, open_viewer

KEY = f"scrollery:favorites:v1:{BASE}"
FAVORITES = f"{BASE}favorites/"
SCRIPT_READY = "return !!document.querySelector('button.fav:not([hidden])')"
PAGE_READY = "return !!document.querySelector('.favorites-app:not([hidden])')"
STORED = f"return JSON.parse(localStorage.getItem('{KEY}') || '[]')"
TITLES = "return [].map.call(document.querySelectorAll('.favorites-list .card-title'), h => h.textContent)"
STATUS = "return document.querySelector('.favorites-status, .fav-toast').textContent"


def heart(d, position):
    return d.find_element(By.CSS_SELECTOR, f"#item-{position} button.fav")


def pressed(d, position):
    return heart(d, position).get_attribute("aria-pressed") == "true"


def press(d, position):
    d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", f"item-{position}")
    was = pressed(d, position)
    heart(d, position).click()
    wait_until(lambda: pressed(d, position) != was, 5, f"the heart of item {position} to turn")


def open_gallery(d, site, path=BASE):
    open_page(d, site.url(path))
    wait_for(d, SCRIPT_READY, 10, "favorites.js to show the hearts")


def open_favorites(d, site, fragment=""):
    d.get(site.url(FAVORITES + fragment))
    wait_for(d, PAGE_READY, 10, "the favorites page to start")


def stored_ids(d):
    return [e["id"] for e in d.execute_script(STORED)]


# ---- the script --------------------------------------------------------------------------------------


def test_the_scripts_are_separate_small_and_loaded_only_where_used(built_site):
    gallery = built_site / BASE.strip("/")
    sizes = {}
    for name in ("favorites.js", "favorites-page.js", "scrollery.js"):
        served = (gallery / "assets" / name).read_bytes()
        assert served == (REPO / "templates" / name).read_bytes(), "the binary's theme is stale: rebuild it"
        sizes[name] = len(gzip.compress(served, compresslevel=9))
        text = served.decode()
        imports = r"\bimport\s*\(|\bimport\s+[\w{*][^;\n]*\bfrom\s*['\"]|\brequire\s*\(|\bimportScripts\s*\("
        assert not re.search(imports, text), f"{name} imports code"
        assert not re.search(r"\b(?:https?:)?//[\w.-]+\.\w{2,}", text), f"{name} refers to another host"
        if name.startswith("favorites"):  # stored and shared data never goes into the page as HTML
            assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", text), f"{name} writes HTML"
    print(f"\ngzipped: {sizes}")
    assert sizes["favorites.js"] <= 3584 and sizes["favorites-page.js"] <= 4096 and sizes["scrollery.js"] <= 4096
    hearts = f'<script src="{BASE}assets/{asset(gallery, "favorites.js")}" defer></script>'
    page = f'<script src="{BASE}assets/{asset(gallery, "favorites-page.js")}" defer></script>'
    for path in ("index.html", "page/2/index.html", "items/5/index.html"):
        html = (gallery / path).read_text()
        assert hearts in html and page not in html, path
    html = (gallery / "favorites" / "index.html").read_text()
    assert html.index(hearts) < html.index(page), "the page's script must run after favorites.js"
    assert "assets/favorites" not in (gallery / "404.html").read_text()


# ---- hearts --------------------------------------------------------------------------------------------


def test_a_favorite_survives_a_reload_and_the_item_page_shows_it(site, browser):
    d = browser()
    open_gallery(d, site)
    b = heart(d, 3)
    assert b.tag_name == "button" and b.get_attribute("aria-pressed") == "false"
    assert b.get_attribute("textContent") == "Favorite: Photographer 3"
    press(d, 3)
    assert stored_ids(d) == ["3"]
    entry = d.execute_script(STORED)[0]
    assert entry["title"] == "Photographer 3" and entry["url"] == f"{BASE}items/3/"
    assert entry["img"]["src"].startswith(BASE) and entry["img"]["w"] > 0 and entry["img"]["h"] > 0
    assert entry["img"]["alt"] == "Photo 3 by Photographer 3" and entry["date"] and entry["added"] > 0
    d.refresh()
    wait_for(d, SCRIPT_READY, 10)
    assert pressed(d, 3) and not pressed(d, 4)
    d.get(site.url(f"{BASE}items/3/"))
    wait_for(d, SCRIPT_READY, 10)
    item = d.find_element(By.CSS_SELECTOR, ".item button.fav")
    assert item.get_attribute("aria-pressed") == "true"
    item.click()  # un-favorite from the item page
    wait_until(lambda: item.get_attribute("aria-pressed") == "false", 5, "the item page's heart to turn off")
    assert stored_ids(d) == []
    assert console_errors(d) == []


@pytest.mark.parametrize("path", [BASE, f"{BASE}items/3/"], ids=["list", "item"])
def test_showing_the_hearts_moves_nothing(site, browser, path, built_site):
    d = browser(init_script=CLS_OBSERVER)
    site.delay(f"{BASE}assets/{asset(built_site / BASE.strip('/'), 'favorites.js')}", 0.6)  # the page is painted before the hearts show
    d.get(site.url(path))
    wait_for(d, SCRIPT_READY, 10)
    assert d.execute_script("return performance.getEntriesByType('paint').length") > 0
    wait_for(d, "return document.readyState == 'complete'", 10)
    cls, shifts = layout_shift(d)  # (after the next frames: layout-shift entries are reported then)
    assert cls == 0, f"cumulative layout shift {cls}: {shifts}"


def test_a_long_title_is_cut_and_an_unavailable_picture_kept_as_such(site, browser):
    d = browser()
    open_gallery(d, site)
    d.execute_script("""var c = document.getElementById('item-6');
        c.querySelector('.card-title a').textContent = 'T'.repeat(600);
        c.querySelector('.frame').className = 'frame frame--unavailable';
        c.querySelector('.frame').innerHTML = '<p class="frame-unavailable" role="img" aria-label="Alt 6. Image unavailable">'
          + '<span class="frame-alt">Alt 6</span> <span class="frame-note">Image unavailable</span></p>';""")
    press(d, 6)
    entry = d.execute_script(STORED)[0]
    assert entry["title"] == "T" * 500 and entry["img"]["na"] is True and entry["img"]["alt"] == "Alt 6"
    assert "src" not in entry["img"]
    open_favorites(d, site)
    note = d.find_element(By.CSS_SELECTOR, ".favorites-list .frame-unavailable")
    assert note.get_attribute("aria-label") == "Alt 6. Image unavailable" and "Image unavailable" in note.text
    assert not d.find_elements(By.CSS_SELECTOR, ".favorites-list img")


def test_the_heart_is_a_keyboard_button_with_a_visible_focus(site, browser):
    d = browser()
    open_gallery(d, site)
    d.execute_script("document.querySelector('#item-2 .card-title a').focus()")
    ActionChains(d).send_keys(Keys.TAB).perform()
    active = d.switch_to.active_element
    assert active.get_attribute("data-fav") == "2", "Tab from the card's title does not reach its heart"
    outline = d.execute_script("var s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert outline[0] == "solid" and float(outline[1].rstrip("px")) >= 2
    ActionChains(d).send_keys(Keys.SPACE).perform()
    wait_until(lambda: pressed(d, 2), 5, "Space to press the heart")
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait_until(lambda: not pressed(d, 2), 5, "Enter to release it")


def test_cards_added_by_the_infinite_scroll_get_their_hearts(site, browser):
    d = browser()
    open_gallery(d, site, f"{BASE}page/2/")
    press(d, PAGE_SIZE + 5)  # kept from page 2's own page
    open_gallery(d, site)
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(positions(d)) >= 2 * PAGE_SIZE, 10, "page 2 added by the scroll")
    wait_until(lambda: pressed(d, PAGE_SIZE + 5), 5, "the added card's heart to show the favorite")
    hidden = d.execute_script("return [].filter.call(document.querySelectorAll('.feed button.fav'), b => b.hidden).length")
    assert hidden == 0, "hearts of added cards are still hidden"
    press(d, PAGE_SIZE + 6)
    assert sorted(stored_ids(d)) == [str(PAGE_SIZE + 5), str(PAGE_SIZE + 6)]


def test_the_viewer_has_the_cards_heart(site, browser):
    d = browser()
    open_gallery(d, site)
    open_viewer(d, 4)
    v = wait_for(d, "return document.querySelector('dialog.viewer button.fav')", 5, "a heart in the viewer")
    assert v.get_attribute("aria-pressed") == "false" and v.get_attribute("textContent") == "Favorite: Photographer 4"
    v.click()
    wait_until(lambda: v.get_attribute("aria-pressed") == "true", 5, "the viewer's heart to turn")
    assert pressed(d, 4) and stored_ids(d) == ["4"]
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: v.get_attribute("textContent") == "Favorite: Photographer 5", 5, "the next photo's heart")
    assert v.get_attribute("aria-pressed") == "false"
    d.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_until(lambda: not d.execute_script(OPEN), 5, "the viewer to close")
    assert console_errors(d) == []


def test_hearts_follow_another_tab(site, browser):
    d = browser()
    open_gallery(d, site)
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    open_gallery(d, site)
    press(d, 7)
    d.switch_to.window(first)
    wait_until(lambda: pressed(d, 7), 5, "the first tab's heart to follow the storage event")
    # and the favorites page in a second tab follows the first
    d.switch_to.new_window("tab")
    open_favorites(d, site)
    assert d.execute_script(TITLES) == ["Photographer 7"]
    favorites = d.current_window_handle
    d.switch_to.window(first)
    press(d, 9)
    d.switch_to.window(favorites)
    wait_until(lambda: d.execute_script(TITLES) == ["Photographer 9", "Photographer 7"], 5,
               "the favorites page to follow the other tab")


# ---- the favorites page ----------------------------------------------------------------------------


def favorite(d, site, *positions_):
    open_gallery(d, site)
    for p in positions_:
        press(d, p)


def test_the_page_shows_them_newest_first_with_remove_and_undo(site, browser):
    d = browser()
    open_favorites(d, site)
    assert "No favorites yet" in d.find_element(By.CSS_SELECTOR, ".favorites-intro").text
    assert d.execute_script(TITLES) == []
    favorite(d, site, 3, 1, 8)
    open_favorites(d, site)
    assert d.execute_script(TITLES) == ["Photographer 8", "Photographer 1", "Photographer 3"]
    assert d.find_element(By.CSS_SELECTOR, ".favorites-intro").text.startswith("3 favorites, newest first")
    link = d.find_element(By.CSS_SELECTOR, ".favorites-list .card-title a")
    assert link.get_attribute("href") == site.url(f"{BASE}items/8/")
    img = d.find_element(By.CSS_SELECTOR, ".favorites-list .card img")
    assert img.get_attribute("alt") == "Photo 8 by Photographer 8"
    wait_for(d, "var i = document.querySelector('.favorites-list img'); return i.complete && i.naturalWidth > 0", 10)

    d.find_elements(By.CSS_SELECTOR, ".favorites-list .fav-remove")[1].click()  # Photographer 1
    wait_until(lambda: d.execute_script(TITLES) == ["Photographer 8", "Photographer 3"], 5, "the card removed")
    assert "Removed “Photographer 1”" in d.execute_script(STATUS)
    assert sorted(stored_ids(d)) == ["3", "8"]
    undo = d.switch_to.active_element
    assert undo.text == "Undo", "focus is not on the Undo button"
    undo.send_keys(Keys.ENTER)
    wait_until(lambda: d.execute_script(TITLES) == ["Photographer 8", "Photographer 1", "Photographer 3"], 5,
               "the card back in its place")
    assert "Restored" in d.execute_script(STATUS)
    assert d.switch_to.active_element.get_attribute("data-id") == "1"
    assert console_errors(d) == []


def test_the_page_needs_nothing_of_the_site_but_itself(site, browser):
    """Offline: all the favorites page shows was kept in the browser when the heart was pressed, so it asks
    the server for nothing but itself and its scripts and styles (and the pictures, which show when they
    can): no listing page, item page or data file."""
    d = browser()
    favorite(d, site, 5, 2)
    site.server.reset()
    open_favorites(d, site)
    assert d.execute_script(TITLES) == ["Photographer 2", "Photographer 5"]
    links = d.find_elements(By.CSS_SELECTOR, ".favorites-list .card-title a")
    assert [a.get_attribute("href") for a in links] == [site.url(f"{BASE}items/2/"), site.url(f"{BASE}items/5/")]
    asked = {path for path, _ in site.server.log}
    assert FAVORITES in asked
    others = {p for p in asked if p != FAVORITES and not p.startswith((f"{BASE}assets/", f"{BASE}images/"))}
    assert others <= {"/favicon.ico"}, f"the favorites page asked for {sorted(others)}"


def test_export_writes_the_list_and_import_merges_a_file(site, browser, tmp_path):
    d = browser()
    favorite(d, site, 2, 5)
    open_favorites(d, site)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    d.find_element(By.CSS_SELECTOR, "[data-fav-act=export]").click()
    exported = downloads / "favorites.json"
    wait_until(lambda: exported.exists() and exported.stat().st_size > 0, 10, "favorites.json downloaded")
    data = json.loads(exported.read_text())
    assert data["format"] == "scrollery-favorites" and data["version"] == 1 and data["site"] == BASE
    assert data["items"] == d.execute_script(STORED)
    assert {e["id"] for e in data["items"]} == {"2", "5"}

    # another browser imports it, into favorites of its own
    other = browser()
    favorite(other, site, 11)
    open_favorites(other, site)
    other.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(exported))
    wait_until(lambda: "Imported 2 favorites" in other.execute_script(STATUS), 5, "the import")
    assert sorted(stored_ids(other)) == ["11", "2", "5"]
    assert sorted(other.execute_script(TITLES)) == ["Photographer 11", "Photographer 2", "Photographer 5"]
    # the same file again adds nothing
    other.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(exported))
    wait_until(lambda: "Imported 0 favorites (2 were here already)" in other.execute_script(STATUS), 5, "again")
    assert len(stored_ids(other)) == 3
    assert console_errors(other) == []


GOOD = {"id": "x1", "title": "Fine", "url": f"{BASE}items/1/", "added": 1}


@pytest.mark.parametrize("content", [
    "not json {",
    json.dumps([GOOD]),  # no envelope
    json.dumps({"format": "scrollery-favorites", "version": 2, "items": [GOOD]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "url": "javascript:alert(1)"}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "url": "https://evil.example/"}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "url": "//evil.example/"}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "title": 7}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "title": "t" * 501}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "img": {"src": "data:text/html,x"}}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, {**GOOD, "id": "x2", "img": {"src": f"{BASE}a.jpg", "bg": "url(https://evil.example/t.gif)"}}]}),
    json.dumps({"format": "scrollery-favorites", "version": 1, "items": [GOOD, GOOD]}),  # the same id twice
], ids=["not-json", "no-envelope", "version", "javascript-url", "other-site", "scheme-relative", "title-type",
        "title-length", "data-image", "css-url", "duplicate"])
def test_a_bad_import_file_changes_nothing(site, browser, tmp_path, content):
    d = browser()
    favorite(d, site, 6)
    open_favorites(d, site)
    before = d.execute_script(f"return localStorage.getItem('{KEY}')")
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    d.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(bad))
    wait_until(lambda: "Nothing was imported" in d.execute_script(STATUS), 5, "the import's error")
    assert d.execute_script(f"return localStorage.getItem('{KEY}')") == before
    assert d.execute_script(TITLES) == ["Photographer 6"]
    assert console_errors(d) == []


def share_link(d):
    d.find_element(By.CSS_SELECTOR, "[data-fav-act=share]").click()
    field = d.find_element(By.CSS_SELECTOR, "#favorites-link")
    wait_until(lambda: field.is_displayed() and field.get_attribute("value"), 5, "the share link")
    return field.get_attribute("value")


def test_a_share_link_shows_the_same_favorites_in_another_browser(site, browser):
    d = browser()
    favorite(d, site, 10, 20, 15)
    open_favorites(d, site)
    mine = d.execute_script(TITLES)
    link = share_link(d)
    assert link.startswith(site.url(FAVORITES + "#share=")) and len(link) < 4200
    assert "Share link ready, 3 favorites" in d.execute_script(STATUS)

    other = browser()  # a fresh profile: nothing stored
    other.get(link)
    wait_for(other, PAGE_READY, 10)
    assert other.find_element(By.CSS_SELECTOR, ".favorites-title").text == "Shared favorites"
    assert other.execute_script(TITLES) == mine
    src = other.execute_script("return [].map.call(document.querySelectorAll('.favorites-list img'), i => i.getAttribute('src'))")
    assert src == d.execute_script("return [].map.call(document.querySelectorAll('.favorites-list img'), i => i.getAttribute('src'))")
    assert other.execute_script(STORED) == []
    assert not other.find_elements(By.CSS_SELECTOR, ".favorites-list .fav-remove")
    other.find_element(By.CSS_SELECTOR, "[data-fav-act=adopt]").click()
    wait_until(lambda: other.find_element(By.CSS_SELECTOR, ".favorites-title").text == "Favorites", 5, "own list")
    assert "Added 3 of the 3 shared favorites" in other.execute_script(STATUS)
    assert other.execute_script(TITLES) == mine and sorted(stored_ids(other)) == ["10", "15", "20"]
    assert "#share=" not in other.current_url
    assert console_errors(other) == []


def test_a_share_link_holds_what_fits_and_says_so(site, browser):
    d = browser()
    open_favorites(d, site)
    many = [{"id": f"n{i}", "title": f"A long title for favorite number {i} " + "x" * 40,
             "url": f"{BASE}items/{i}/", "added": 1000 + i, "img": {"src": f"{BASE}images/{i}.svg", "w": 300, "h": 200}}
            for i in range(1, 201)]
    d.execute_script(f"localStorage.setItem('{KEY}', arguments[0])", json.dumps(many))
    open_favorites(d, site)
    link = share_link(d)
    assert len(link) < 4200
    status = d.execute_script(STATUS)
    assert "of your 200 favorites, the newest" in status and "export a file" in status
    data = link.split("#share=")[1]
    rows = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    assert 10 < len(rows) < 200 and rows[0][0] == "n200"  # the newest first


def share(rows) -> str:
    return "#share=" + base64.urlsafe_b64encode(json.dumps(rows).encode()).decode().rstrip("=")


@pytest.mark.parametrize("fragment", [
    "#share=%%%",
    share("not a list"),
    "#share=" + base64.urlsafe_b64encode(b"not json").decode().rstrip("="),
    share([["a", "T", "https://evil.example/x"]]),
    share([["a", "T", "items/1/"], ["a", "T", "items/2/"]]),
    share([["a", "T" * 501, "items/1/"]]),
    share([["a", "T", 7]]),
    share([["a", "<img src=x onerror=alert(1)>", "items/1/", "../../x.jpg"]]),
    share([["a", "T", "items/1/", "data:image/svg+xml,<svg/>"]]),
], ids=["not-base64", "not-a-list", "not-json", "other-site", "duplicate", "title-length", "path-type", "dot-dot",
        "data-image"])
def test_a_bad_share_link_shows_nothing_of_it(site, browser, fragment):
    d = browser()
    open_favorites(d, site, fragment)
    assert d.find_element(By.CSS_SELECTOR, ".favorites-title").text == "Shared favorites"
    assert "damaged" in d.find_element(By.CSS_SELECTOR, ".favorites-intro").text
    assert d.execute_script(TITLES) == []
    assert not d.find_element(By.CSS_SELECTOR, "[data-fav-act=adopt]").is_displayed()
    assert console_errors(d) == []


def test_shared_text_is_text_and_shared_paths_stay_on_the_site(site, browser):
    rows = [["a", "<img src=x onerror=\"window.pwned=1\">", "items/1/"], ["b", "B", "javascript:alert(1)"],
            ["c", "C", "//evil.example/x", "//evil.example/t.gif"]]
    d = browser()
    open_favorites(d, site, share(rows))
    assert d.execute_script(TITLES) == [r[1] for r in rows]
    assert not d.execute_script("return window.pwned || document.querySelector('.favorites-list .card-title img')")
    links = d.execute_script("return [].map.call(document.querySelectorAll('.favorites-list a'), a => a.href)")
    assert links == [site.url(f"{BASE}items/1/"), site.url(f"{BASE}javascript:alert(1)"),
                     site.url(f"{BASE}//evil.example/x")]
    src = d.execute_script("return document.querySelector('.favorites-list img').src")
    assert src.startswith(site.url(BASE)), src
    assert console_errors(d, ignore=("t.gif",)) == []


# ---- storage that cannot be used ------------------------------------------------------------------------

FULL = """Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""
DENIED = """Object.defineProperty(window, 'localStorage', { configurable: true,
  get: function () { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });"""


@pytest.mark.parametrize("script, words", [(FULL, "storage for this site is full"), (DENIED, "does not let the site store")],
                         ids=["full", "disabled"])
def test_a_full_or_disabled_storage_shows_a_message_not_an_exception(site, browser, script, words):
    d = browser(init_script=script)
    open_gallery(d, site)
    heart(d, 2).click()
    toast = wait_for(d, "var t = document.querySelector('.fav-toast'); return t && t.textContent && t", 5, "the message")
    assert words in toast.text and toast.is_displayed()
    assert d.execute_script("return document.querySelector('.fav-toast').getAttribute('role')") == "status"
    assert not pressed(d, 2)
    toast.find_element(By.CSS_SELECTOR, "button").click()  # Dismiss
    wait_until(lambda: not toast.is_displayed(), 5, "the message to go")
    open_favorites(d, site)
    if script is DENIED:
        assert words in d.execute_script(STATUS)
    assert console_errors(d) == []


# ---- without JavaScript, and axe ----------------------------------------------------------------------


def test_without_javascript_no_heart_shows_and_the_page_says_why(site, browser):
    d = browser(js=False)
    d.get(site.url())
    hearts = d.find_elements(By.CSS_SELECTOR, "button.fav")
    assert len(hearts) == PAGE_SIZE and not any(h.is_displayed() for h in hearts)
    d.find_element(By.LINK_TEXT, "Favorites").click()
    wait_until(lambda: d.current_url == site.url(FAVORITES), 5, "the favorites page")
    assert "needs JavaScript" in d.find_element(By.CSS_SELECTOR, ".favorites-nojs").text
    assert not d.find_element(By.CSS_SELECTOR, "[data-fav-act=share]").is_displayed()


@pytest.mark.parametrize("state", ["empty", "three", "shared"])
def test_axe_finds_nothing_serious_on_the_favorites_page(site, browser, state):
    d = browser()
    if state != "empty":
        favorite(d, site, 1, 2, 3)
    open_favorites(d, site)
    if state == "shared":
        d.get(share_link(d))
        wait_for(d, "return document.querySelector('.favorites-title').textContent == 'Shared favorites'", 5)
    wait_shown(d)  # pictures faded in
    result, bad = audit(d)
    print(f"\naxe on favorites ({state}): {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)


def test_axe_finds_nothing_serious_on_a_page_with_hearts_pressed(site, browser):
    d = browser()
    favorite(d, site, 1, 2)
    d.execute_script("window.scrollTo(0, 0)")
    wait_shown(d)  # the cards in view faded in
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
