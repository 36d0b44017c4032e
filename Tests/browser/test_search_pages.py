"""Search over a word too common for its shard (issue 33): the shard keeps the word's best postings and
page files hold them all. In headless Chromium, on a fixture site where one word is in every one of
2,600 titles: a one-word query shows the best results first and the exact count without loading a
page file or a file of cards (the shard carries the first results' cards); a query with a rarer word
finds exactly its items through the one page that holds them; and scrolling past the best postings
loads the pages and goes on in the same order.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from conftest import build_and_serve, console_errors, wait_for, wait_until
from test_search import READY, STATUS, TITLES, type_query

BASE = "/gallery/"
SEARCH = f"{BASE}search/"
ITEMS = 2600
BEST = 512  # SearchLimits.topPostings
FILLER = ["calm", "blue", "wide", "grey"]

CONFIG = """\
title: Common Words Gallery
baseURL: /
output: public
pageSize: 100
source:
  url: data/page-{{page}}.json
  items: /items
item:
  id: "{{id}}"
  title: "{{title}}"
  image: "images/1.svg"
  width: 400
  height: 300
search:
  enabled: true
  fields: [title]
"""


def title_of(n: int) -> str:
    """Every title has "sea"; its length in terms is 5 + n % 5 (+1 for the lighthouse ones)."""
    words = ["Photo", str(n), "by", "the", "sea"] + FILLER[: n % 5]
    if n % 200 == 7:
        words.append("lighthouse")
    if n % 100 == 3:
        # A pair of Han characters (one bigram term) and a word of Yi syllables: 26 of each, so the
        # one-letter prefixes 夜 and ꀀ get prefix tables, whose range holds every pair starting with 夜.
        words += [chr(0x591C) + chr(0x4E00 + n // 100), chr(0xA000) + chr(0xA001 + n // 100)]
    return " ".join(words)


def length_of(n: int) -> int:
    return len(title_of(n).split())


# search.js's order for "sea": every title has it once, so BM25 falls with the length; ties in gallery order.
SEA_ORDER = sorted(range(1, ITEMS + 1), key=lambda n: (length_of(n), n))
LIGHTHOUSES = [n for n in range(1, ITEMS + 1) if n % 200 == 7]


@pytest.fixture(scope="module")
def common_site(tmp_path_factory):
    items = [{"id": str(n), "title": title_of(n)} for n in range(1, ITEMS + 1)]
    yield from build_and_serve(tmp_path_factory, "scrollery-common", CONFIG, items, timeout=300)


def index_files(d, kind):
    """The index files of one kind (`t`, shards; `g`, pages) the page has fetched so far."""
    return d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('/search/index/' + arguments[0] + '-'))", kind)


def card_files(d):
    """The files of result cards the page has fetched so far."""
    return d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/docs/'))")


def cards(d):
    return d.execute_script(TITLES)


def test_a_common_word_ranks_its_best_without_a_page(common_site, browser):
    d = browser()
    d.get(common_site.origin + SEARCH)
    wait_for(d, READY, 10, "search.js to start")
    type_query(d, "sea ")
    wait_until(lambda: d.execute_script(STATUS) == "2,600 results.", 10, "the exact count of a split word")
    assert cards(d) == [title_of(n) for n in SEA_ORDER[:12]]
    assert index_files(d, "g") == [], "the best postings in the shard are enough for the first results"
    assert card_files(d) == [], "the shard carries the first results' cards"
    assert console_errors(d) == []


def test_a_rare_words_first_cards_come_with_its_shard_and_the_rest_from_files(common_site, browser):
    d = browser()
    d.get(common_site.origin + SEARCH)
    wait_for(d, READY, 10, "search.js to start")
    type_query(d, "lighthouse ")
    wait_until(lambda: d.execute_script(STATUS) == f"{len(LIGHTHOUSES)} results.", 10, "the lighthouse count")
    # One word in every title: BM25 falls with the length, ties in gallery order.
    order = sorted(LIGHTHOUSES, key=lambda n: (length_of(n), n))
    assert cards(d) == [title_of(n) for n in order[:12]]
    assert card_files(d) == [], "the first 12 cards came with the shard"
    d.execute_script("arguments[0].click()", d.find_element(By.CSS_SELECTOR, ".search-more"))
    wait_until(lambda: len(cards(d)) == len(LIGHTHOUSES), 10, "the 13th after Show more")
    assert cards(d) == [title_of(n) for n in order]
    assert console_errors(d) == []


def test_a_pair_of_han_characters_is_looked_up_whole_without_a_prefix_table(common_site, browser):
    d = browser()
    d.get(common_site.origin + SEARCH)
    wait_for(d, READY, 10, "search.js to start")
    # Pasted: one input event, so no one-letter prefix is looked up on the way.
    d.execute_script(
        "var b = document.querySelector('#search-q'); b.value = arguments[0];"
        "b.dispatchEvent(new Event('input', { bubbles: true }))", chr(0x591C) + chr(0x4E00 + 5))
    wait_until(lambda: d.execute_script(STATUS) == "1 result.", 10, "the pair's one item")
    assert cards(d) == [title_of(503)]
    assert index_files(d, "p") == [], "a pair is a whole term: no longer term starts it, no prefix table"
    assert len(index_files(d, "t")) == 1
    assert console_errors(d) == []


def test_a_rarer_word_finds_exactly_its_items_through_the_pages(common_site, browser):
    d = browser()
    d.get(common_site.origin + SEARCH)
    wait_for(d, READY, 10, "search.js to start")
    type_query(d, "sea lighthouse")
    wait_until(lambda: d.execute_script(STATUS) == f"{len(LIGHTHOUSES)} results.", 10, "the lighthouse count")
    # Most lighthouse items are not among the best of "sea": only the page that holds them tells.
    assert len(set(LIGHTHOUSES) - set(SEA_ORDER[:BEST])) > 0
    d.execute_script("arguments[0].click()", d.find_element(By.CSS_SELECTOR, ".search-more"))
    wait_until(lambda: len(cards(d)) == len(LIGHTHOUSES), 10, "the last of the 13 after Show more")
    assert sorted(cards(d)) == sorted(title_of(n) for n in LIGHTHOUSES)
    assert len(index_files(d, "g")) == 1
    assert console_errors(d) == []


def test_scrolling_past_the_best_reads_the_pages_and_keeps_the_order(common_site, browser):
    d = browser()
    d.get(common_site.origin + SEARCH + "?q=sea")
    wait_for(d, READY, 10, "search.js to start")
    wait_until(lambda: d.execute_script(STATUS) == "2,600 results.", 10, "the results of the address's query")
    more = d.find_element(By.CSS_SELECTOR, ".search-more")
    shown = len(cards(d))
    while shown <= BEST:
        assert not more.get_attribute("hidden")
        d.execute_script("arguments[0].click()", more)
        wait_until(lambda: len(cards(d)) > shown, 10, "more results after Show more")
        shown = len(cards(d))
    assert len(index_files(d, "g")) == 1, "past the best postings, the word's page is read"
    assert cards(d) == [title_of(n) for n in SEA_ORDER[:shown]]
    assert console_errors(d) == []
