"""The theme's words in the site's language (issue 51, point 6), on fixture sites of their own: a
`language: fr` site shows no English word of the theme's anywhere (listing page with the scroll's
announcement, the open viewer, an item page, the favorites, search and 404 pages), and an Arabic site is
laid out right to left, with the viewer's arrows, keys and swipes mirrored; axe finds nothing serious
on either.
"""

from __future__ import annotations

import re

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import build_and_serve, console_errors, wait_for, wait_until
from test_theme import OPEN, audit, open_viewer

BASE = "/gallery/"
ITEMS = 30
READY = "return document.documentElement.classList.contains('js') && !!document.querySelector('.feed')"
COUNT = "return document.querySelector('.viewer-count').textContent"

CONFIG = """\
title: Galerie
language: {language}
baseURL: /
output: public
pageSize: 12
source:
  url: data/page-{{{{page}}}}.json
  items: /items
item:
  id: "{{{{id}}}}"
  title: "{{{{title}}}}"
  image: "images/1.svg"
  width: "400"
  height: "300"
  alt: "{{{{title}}}}"
  date: "{{{{date}}}}"
  link: "https://example.org/{{{{id}}}}"
search:
  enabled: true
sections: {{ by: month }}
scroll:
  autoPages: 0
"""

# Words of the theme's English that French never uses (French shares "Page", "Photos", "section",
# "Pagination", "Site", "Original"…), matched as whole words.
ENGLISH = {
    "Skip", "content", "footer", "Favorites", "Favorite", "Built", "with", "Search", "gallery", "Gallery",
    "Previous", "Next", "next", "previous", "items", "item", "reached", "end", "Image", "unavailable",
    "Close", "viewer", "Load", "more", "Open", "of", "many", "Back", "by", "Day", "Week", "Month", "Year",
    "None", "Loading", "Retry", "loaded", "End", "Remove", "Share", "link", "Export", "Import", "file",
    "results", "result", "Words", "find", "Any", "Show", "found", "the", "to", "Cards", "continued",
    "Undated", "newest", "first", "yet", "press", "heart", "needs", "Every", "Go", "Zoom", "in", "out",
    "Slideshow",
}

# Every text of the page a reader meets: element text (scripts, styles and, with scripts on, the raw text
# of <noscript> aside; hidden parts included,
# as a screen reader may read them) and the attributes read aloud or shown.
TEXTS = """var out = [], walk = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ALL);
for (var n = walk.currentNode; n; n = walk.nextNode()) {
  if (n.nodeType === 3 && !n.parentElement.closest('script, style, noscript')) out.push(n.data);
  if (n.nodeType === 1) ['aria-label', 'placeholder', 'title', 'value'].forEach(function (a) {
    if (n.hasAttribute(a)) out.push(n.getAttribute(a)); });
}
return out.join(' ');"""


def english_words(d):
    return sorted({w for w in re.findall(r"[A-Za-z]+\.?", d.execute_script(TEXTS)) if w in ENGLISH})


def site_of(tmp_path_factory, language):
    items = [{"id": str(n), "title": f"Vue {n}", "date": f"2026-{1 + (n - 1) // 10:02d}-15"}
             for n in range(1, ITEMS + 1)]
    yield from build_and_serve(tmp_path_factory, f"scrollery-words-{language}",
                               CONFIG.format(language=language), items)


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    yield from site_of(tmp_path_factory, "fr")


@pytest.fixture(scope="module")
def arabic(tmp_path_factory):
    yield from site_of(tmp_path_factory, "ar")


def test_french_site_has_no_english_word_of_the_theme(french, browser):
    d = browser(1280, 900)
    d.get(french.origin + BASE)
    wait_for(d, READY, 10, "the script to start")
    wait_for(d, "return !!document.querySelector('.pager [data-act=more]')", 10, "the Load more button")
    assert d.find_element(By.CSS_SELECTOR, ".pager [data-act=more]").text == "Charger la suite"
    d.find_element(By.CSS_SELECTOR, ".pager [data-act=more]").click()
    wait_for(d, "return document.querySelectorAll('.card').length >= 24", 10, "page 2 added")
    live = wait_for(d, "return [].map.call(document.querySelectorAll('[aria-live]'), e => e.textContent).join('|')"
                       ".match(/Page 2 chargée[^|]*/)", 10, "the announcement in French")
    assert live[0] == "Page 2 chargée, éléments 13 à 24."
    wait_for(d, "return !!document.querySelector('.feed-section-toggle .sr-only')", 10, "the sections script")
    assert english_words(d) == [], "English on the listing page"
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    open_viewer(d, 2)
    wait_until(lambda: d.execute_script(COUNT).startswith("Photo 2 sur"), 5, "the viewer's count in French")
    assert english_words(d) == [], "English in the open viewer"
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    for path, ready in [
        (f"{BASE}items/3/", "return document.readyState == 'complete'"),
        (f"{BASE}favorites/", "return !!document.querySelector('.favorites-app:not([hidden])')"),
        (f"{BASE}search/?q=vue", "return /résultat/.test(document.querySelector('.search-status').textContent)"),
        (f"{BASE}search/?q=zzzz", "return document.querySelector('.search-status').textContent == 'Aucun résultat.'"),
        (f"{BASE}sections/", "return document.readyState == 'complete'"),
        (f"{BASE}404.html", "return document.readyState == 'complete'"),
    ]:
        d.get(french.origin + path)
        wait_for(d, ready, 10, path)
        assert english_words(d) == [], f"English on {path}"
    assert console_errors(d) == []


def test_french_site_without_javascript_has_no_english_word(french, browser):
    d = browser(1280, 900, js=False)
    for path in [BASE, f"{BASE}search/", f"{BASE}favorites/"]:
        d.get(french.origin + path)
        assert english_words(d) == [], f"English on {path} without JavaScript"
    d.get(french.origin + f"{BASE}search/")
    assert "La recherche a besoin de JavaScript." in d.find_element(By.TAG_NAME, "main").text


def test_arabic_site_is_right_to_left(arabic, browser):
    d = browser(1280, 900)
    d.get(arabic.origin + BASE)
    wait_for(d, READY, 10, "the script to start")
    assert d.execute_script("return document.documentElement.dir") == "rtl"
    # the cards of a row run from the right: the first card's right edge is the feed's
    x = d.execute_script("""var f = document.querySelector('.feed').getBoundingClientRect();
        var a = document.getElementById('item-1').getBoundingClientRect(),
            b = document.getElementById('item-2').getBoundingClientRect();
        return [f.right - a.right, a.left - b.right, a.top == b.top];""")
    assert abs(x[0]) < 2 and x[1] > 0 and x[2], x
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    open_viewer(d, 2)
    wait_until(lambda: d.execute_script(COUNT).startswith("الصورة 2 من"), 5, "the count in Arabic")
    prev, nxt = (d.find_element(By.CSS_SELECTOR, c).rect["x"] for c in (".viewer-prev", ".viewer-next"))
    assert prev > nxt, "the previous photo's button is not on the right"
    assert d.find_element(By.CSS_SELECTOR, ".viewer-next").get_attribute("aria-label") == "الصورة التالية"
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)  # left reads forward
    wait_until(lambda: d.execute_script(COUNT).startswith("الصورة 3 من"), 5, "← to the next photo")
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: d.execute_script(COUNT).startswith("الصورة 2 من"), 5, "→ back to the previous photo")
    # a swipe to the right (the finger moves toward the end of the line) goes on to the next photo
    d.execute_script("""var s = document.querySelector('.viewer-stage');
        s.dispatchEvent(new PointerEvent('pointerdown', {clientX: 300, bubbles: true}));
        s.dispatchEvent(new PointerEvent('pointerup', {clientX: 500, bubbles: true}));""")
    wait_until(lambda: d.execute_script(COUNT).startswith("الصورة 3 من"), 5, "a swipe to the next photo")
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    assert d.execute_script(OPEN)
    assert console_errors(d) == []


def test_a_word_is_filled_in_one_pass(french, browser):
    """`Scrollery.t` fills each `{name}` of a word from the values given, in one pass, as the build fills the
    words it writes: a value is written as it is (a title with `$&` or a `{name}` of its own stays whole),
    a name used twice is filled twice, and a name without a value stays."""
    d = browser(1280, 900)
    d.get(french.origin + BASE)
    wait_for(d, READY, 10, "the script to start")
    got = d.execute_script("""var S = window.Scrollery;
S.T.testRemoved = '« {title} » retiré.'; S.T.testTwice = '{n} / {n} {total}';
return [S.t('testRemoved', {title: 'Chats $& chiens {total} $1'}), S.t('testTwice', {n: 3}), S.t('testTwice')];""")
    assert got == ["« Chats $& chiens {total} $1 » retiré.", "3 / 3 {total}", "{n} / {n} {total}"]
    assert console_errors(d) == []
