"""Search in headless Chromium (issue 33), on a fixture site of its own with `search.enabled`: typing
shows results and announces their count, a facet narrows them, the address carries the query and
reload and back keep it, a diacritic-free query finds the accented title, a CJK query finds by bigram,
the page's folding is Swift's (search_folding.json, checked against SearchText.swift by a Swift test),
and axe finds nothing serious.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, build_and_serve, console_errors, wait_for, wait_until
from test_theme import audit

BASE = "/gallery/"
SEARCH = f"{BASE}search/"
ITEMS = 120
READY = "return document.querySelector('.search[data-ready]') !== null"
STATUS = "return document.querySelector('.search-status').textContent"
TITLES = "return [].map.call(document.querySelectorAll('.search-results .card-title'), h => h.textContent)"

CONFIG = """\
title: Search Test Gallery
baseURL: /
output: public
pageSize: 24
source:
  url: data/page-{{page}}.json
  items: /items
item:
  id: "{{id}}"
  title: "{{title}}"
  image: "images/{{image}}.svg"
  width: "{{width}}"
  height: "{{height}}"
search:
  enabled: true
  fields: [title, description]
  filters:
    tag: "{{#tags}}{{.}}\\n{{/tags}}"
sections: { by: month, field: taken }
"""

SPECIAL = {
    5: "Reykjavík harbour at night",
    9: "Fernández in Straße",
    13: "東京都の夜景",
    17: "Harbour lights",
    21: "İstanbul bridge",
}


def title_of(n: int) -> str:
    return SPECIAL.get(n, f"Photo {n} of the river")


def tags_of(n: int) -> list[str]:
    return ["night" if n % 2 else "day", f"set {n % 3}"]


def taken_of(n):
    """The month of item n: January for the first 40, February for the next 40, March for the rest."""
    return f"2026-0{1 + (n - 1) // 40}-15"


@pytest.fixture(scope="module")
def search_site(tmp_path_factory):
    items = [{"id": str(n), "title": title_of(n), "image": "1", "width": 400, "height": 300, "tags": tags_of(n),
              "taken": taken_of(n)} for n in range(1, ITEMS + 1)]
    yield from build_and_serve(tmp_path_factory, "scrollery-search", CONFIG, items)


def open_search(d, server, query=""):
    d.get(server.origin + SEARCH + query)
    wait_for(d, READY, 10, "search.js to start")


def type_query(d, text):
    box = d.find_element(By.CSS_SELECTOR, "#search-q")
    box.clear()
    box.send_keys(text)


def wait_results(d, predicate, message):
    """Waits until the titles of the results satisfy `predicate`; returns them."""
    def check():
        titles = d.execute_script(TITLES)
        return titles if predicate(titles) else None
    return wait_until(check, 10, message)


def query_of(d):
    return parse_qs(urlparse(d.current_url).query)


def test_typing_shows_results_and_announces_the_count(search_site, browser):
    d = browser()
    open_search(d, search_site)
    region = d.find_element(By.CSS_SELECTOR, ".search-status")
    assert region.get_attribute("role") == "status" and region.get_attribute("aria-live") == "polite"
    type_query(d, "harbour")
    titles = wait_results(d, lambda t: len(t) == 2, "two harbour results")
    # Both have the word in their title; BM25 puts the shorter title first.
    assert titles == ["Harbour lights", "Reykjavík harbour at night"]
    wait_until(lambda: d.execute_script(STATUS) == "2 results.", 5, "the count in the live region")
    wait_until(lambda: query_of(d).get("q") == ["harbour"], 5, "the query in the address")
    # Cards look like the gallery's: a picture in a frame, a linked title.
    card = d.find_element(By.CSS_SELECTOR, ".search-results article.card")
    assert card.find_element(By.CSS_SELECTOR, ".frame img").get_attribute("src").endswith("/gallery/images/1.svg")
    assert card.find_element(By.CSS_SELECTOR, ".card-title a").get_attribute("href").startswith(
        search_site.origin + BASE + "items/")
    # The last word is a prefix while typing.
    type_query(d, "lig")
    wait_results(d, lambda t: t == ["Harbour lights"], "a prefix finds its word")
    assert console_errors(d) == []


def test_a_facet_narrows_the_results_and_the_address_carries_it(search_site, browser):
    d = browser()
    open_search(d, search_site)
    type_query(d, "river")
    titles = wait_results(d, lambda t: len(t) >= 12, "the first river results")
    # Equal scores keep the gallery's order.
    assert titles[:3] == ["Photo 1 of the river", "Photo 2 of the river", "Photo 3 of the river"]
    wait_until(lambda: d.execute_script(STATUS) != "", 5, "the count")
    total = int(d.execute_script(STATUS).split()[0])
    assert total > 12 + 48
    # Infinite scroll: scrolling to the end of the results shows the rest, each once, in order.
    def scrolled_to_all():
        d.execute_script("document.querySelector('.search-more-box').scrollIntoView()")
        return len(d.execute_script(TITLES)) == total
    wait_until(scrolled_to_all, 10, "every result after scrolling")
    everything = d.execute_script(TITLES)
    assert everything[:3] == titles[:3] and len(set(everything)) == total
    select = d.find_element(By.CSS_SELECTOR, "select[name=tag]")
    options = [o.text for o in select.find_elements(By.TAG_NAME, "option")]
    assert "night (60)" in options and "day (60)" in options
    d.execute_script("arguments[0].value = 'night'; arguments[0].dispatchEvent(new Event('change'))", select)
    wait_until(lambda: int((d.execute_script(STATUS).split() or ["0"])[0]) < total, 5, "fewer results")
    assert query_of(d) == {"q": ["river"], "tag": ["night"]}


def test_the_date_filter_uses_the_sections(search_site, browser):
    d = browser()
    open_search(d, search_site, "?q=river")
    wait_until(lambda: d.execute_script(STATUS) != "", 10, "the count")
    total = int(d.execute_script(STATUS).split()[0])
    select = d.find_element(By.CSS_SELECTOR, "select[name=date]")
    options = [o.text for o in select.find_elements(By.TAG_NAME, "option")][1:]
    # Newest first, by the sections' headings, with the items of each month.
    assert options == ["March 2026 (40)", "February 2026 (40)", "January 2026 (40)"], options
    d.execute_script("arguments[0].value = '2026-02'; arguments[0].dispatchEvent(new Event('change'))", select)
    wait_until(lambda: int((d.execute_script(STATUS).split() or ["0"])[0]) < total, 5, "fewer results")
    # Only February's items (41 to 80) are left, and the address carries the month.
    def february_only():
        d.execute_script("document.querySelector('.search-more-box').scrollIntoView()")
        titles = d.execute_script(TITLES)
        count = int(d.execute_script(STATUS).split()[0])
        return len(titles) == count and titles
    titles = wait_until(february_only, 10, "every February result")
    numbers = {int(t.split()[1]) for t in titles if t.startswith("Photo ")}
    assert numbers and all(41 <= n <= 80 for n in numbers), sorted(numbers)
    assert query_of(d) == {"q": ["river"], "date": ["2026-02"]}
    assert console_errors(d) == []


def test_reload_and_back_keep_the_query(search_site, browser):
    d = browser(bfcache=False)
    open_search(d, search_site, "?q=harbour&tag=night")
    wait_results(d, lambda t: t == ["Harbour lights", "Reykjavík harbour at night"], "results of the address")
    assert d.find_element(By.CSS_SELECTOR, "#search-q").get_attribute("value") == "harbour"
    d.refresh()
    wait_for(d, READY, 10)
    wait_results(d, lambda t: len(t) == 2, "results after a reload")
    d.find_element(By.CSS_SELECTOR, ".search-results .card-title a").click()
    wait_until(lambda: "/items/" in d.current_url, 10, "the item page")
    d.back()
    wait_for(d, READY, 10)
    wait_results(d, lambda t: len(t) == 2, "results after going back")
    assert query_of(d).get("q") == ["harbour"]


@pytest.mark.parametrize("query,title", [
    ("reykjavik", "Reykjavík harbour at night"),
    ("fernandez strasse", "Fernández in Straße"),
    ("ISTANBUL", "İstanbul bridge"),
    ("東京", "東京都の夜景"),
    ("夜景", "東京都の夜景"),
])
def test_folded_and_cjk_queries_find_their_titles(search_site, browser, query, title):
    d = browser()
    open_search(d, search_site, "?q=" + query)
    titles = wait_results(d, lambda t: len(t) >= 1, f"results for {query}")
    assert titles[0] == title


def test_a_results_picture_opens_the_viewer_and_closing_it_keeps_the_query(search_site, browser):
    d = browser()
    open_search(d, search_site, "?q=harbour")
    wait_results(d, lambda t: len(t) == 2, "results")
    d.find_element(By.CSS_SELECTOR, ".search-results article.card .frame").click()
    wait_for(d, "var v = document.querySelector('dialog.viewer'); return !!(v && v.open)", 10, "the viewer")
    assert d.execute_script("return document.querySelector('.viewer-title').textContent") == "Harbour lights"
    assert "/items/" in d.current_url
    loaded = d.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
                              ".filter(p => p.includes('/assets/viewer'))")
    assert len(loaded) == 1 and re.search(r"/assets/viewer\.[0-9a-f]{16,32}\.js$", loaded[0]), loaded
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.execute_script("return document.querySelector('.viewer-title').textContent")
               == "Reykjavík harbour at night", 5, "the next result in the viewer")
    d.find_element(By.CSS_SELECTOR, "dialog.viewer").send_keys(Keys.ESCAPE)
    wait_until(lambda: query_of(d).get("q") == ["harbour"], 5, "the search address back")
    assert d.execute_script(TITLES) == ["Harbour lights", "Reykjavík harbour at night"]


def test_the_listing_pages_box_goes_to_the_search_page(search_site, browser):
    d = browser()
    d.get(search_site.origin + BASE)
    box = d.find_element(By.CSS_SELECTOR, "form[role=search] input[type=search][name=q]")
    box.send_keys("lights", Keys.ENTER)
    wait_until(lambda: urlparse(d.current_url).path == SEARCH, 10, "the search page")
    wait_results(d, lambda t: t == ["Harbour lights"], "its result")


def test_the_page_folds_as_swift_does(search_site, browser):
    d = browser()
    open_search(d, search_site)
    cases = json.loads((REPO / "Tests" / "browser" / "search_folding.json").read_text(encoding="utf-8"))
    got = d.execute_script(
        "return arguments[0].map(c => [c[0], ScrollerySearch.fold(c[0]), ScrollerySearch.terms(c[0])])", cases)
    differ = [(want, had) for want, had in zip([[c[0], c[1], c[2]] for c in cases], got) if want != had]
    assert len(got) == len(cases) > 1000
    assert differ == [], f"{len(differ)} inputs fold otherwise in the page (Swift's, then the page's): {differ[:5]}"


def test_one_letter_loads_little(search_site, browser):
    d = browser()
    open_search(d, search_site)
    type_query(d, "r")
    wait_until(lambda: d.execute_script(STATUS).endswith("results.") or d.execute_script(STATUS) == "No results.",
               5, "a one-letter query to finish")
    index_files = d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/index/'))")
    assert len(index_files) <= 1 + 8 + 1


# Records each element of class search-glyphs added to the page: its text, and whether it was laid out
# (read as it is added, before the page removes it).
RECORD_GLYPHS = """
window.__glyphs = [];
new MutationObserver(function (records) {
  records.forEach(function (r) {
    [].forEach.call(r.addedNodes, function (n) {
      if (n.classList && n.classList.contains('search-glyphs')) {
        window.__glyphs.push({ text: n.textContent, hidden: n.getAttribute('aria-hidden') });
      }
    });
  });
}).observe(document, { childList: true, subtree: true });
"""


def test_the_page_lays_out_its_titles_scripts_before_the_first_query(search_site, browser):
    """The root's glyphs (a character of each script of the titles: í, 東, の, İ in the fixture's gallery
    order) are laid out once, hidden, while the page is idle, before anything is typed, and then removed."""
    d = browser(init_script=RECORD_GLYPHS)
    open_search(d, search_site)
    root = d.execute_async_script(
        "var done = arguments[0]; fetch('index.json').then(r => r.json()).then(done, e => done(String(e)));")
    assert root["glyphs"] == "í東のİ"
    recorded = wait_until(lambda: d.execute_script("return window.__glyphs.length ? window.__glyphs : null"), 5,
                          "the page to lay out the root's glyphs")
    assert recorded == [{"text": "í東のİ", "hidden": "true"}]
    assert d.execute_script("return document.querySelector('.search-glyphs')") is None
    assert d.execute_script("return document.querySelectorAll('.search-results .card').length") == 0
    assert d.find_element(By.CSS_SELECTOR, "#search-q").get_attribute("value") == ""


def test_without_javascript_the_page_says_it_needs_it(search_site, browser):
    d = browser(js=False)
    d.get(search_site.origin + SEARCH)
    assert "needs JavaScript" in d.find_element(By.TAG_NAME, "main").text


def test_axe_finds_nothing_serious_on_the_search_page(search_site, browser):
    d = browser()
    open_search(d, search_site, "?q=harbour")
    wait_results(d, lambda t: len(t) == 2, "results")
    result, bad = audit(d)
    print(f"\naxe on search: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)
