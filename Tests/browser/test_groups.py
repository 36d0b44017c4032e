"""Issue 50 in headless Chromium: a group's value pages scroll on into the next page of the same value,
as the main listing does; an item page links to its values; the list of values and a value page pass axe.

The site: 120 items, 24 a page; every item is tagged `all`, and `even` or `odd`; served under /gallery/.
"""

from __future__ import annotations

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import BASE, build_and_serve, wait_for, wait_shown, wait_until
from test_infinite_scroll import READY, positions

ITEMS = 120
CONFIG = """title: Groups
pageSize: 24
source: { url: "data/page-{{page}}.json", items: /items, paginate: { style: page, first: 1 } }
item: { id: "{{id}}", title: "{{author}}", image: "images/1.svg", width: "4", height: "3" }
images: { enabled: false }
groups:
  tag: { values: "{{#tags}}{{.}}\\n{{/tags}}", title: "Tagged {{value}}" }
"""


@pytest.fixture(scope="module")
def groups_site(tmp_path_factory):
    items = [{"id": str(n), "author": f"Photographer {n}", "tags": ["all", "even" if n % 2 == 0 else "odd"]}
             for n in range(1, ITEMS + 1)]
    yield from build_and_serve(tmp_path_factory, "groups", CONFIG, items)


def test_a_value_page_scrolls_on_into_the_values_next_pages_in_order(groups_site, browser):
    d = browser(1280, 900)
    d.get(groups_site.origin + f"{BASE}tag/even/")
    wait_for(d, READY, 10, "the script to start")
    assert d.find_element(By.CSS_SELECTOR, "h1.group-title").text == "Tagged even"
    assert positions(d) == list(range(1, 25))
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: len(positions(d)) >= 48, 10, "the value's second page added by the scroll")
    assert positions(d)[:48] == list(range(1, 49))
    titles = d.execute_script(
        "return [].map.call(document.querySelectorAll('.card-title a'), function (a) { return a.textContent })")
    assert titles[:3] == ["Photographer 2", "Photographer 4", "Photographer 6"]
    assert titles[24] == "Photographer 50"


def test_an_item_page_links_to_its_values_pages(groups_site, browser):
    d = browser(1280, 900)
    d.get(groups_site.origin + f"{BASE}items/7/")
    links = {a.text: a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".item-groups a")}
    assert links["odd"].endswith(f"{BASE}tag/odd/")
    assert links["all"].endswith(f"{BASE}tag/all/")
    d.find_element(By.LINK_TEXT, "odd").click()
    wait_for(d, "return document.querySelector('h1.group-title') !== null", 10)
    assert d.find_element(By.CSS_SELECTOR, "h1.group-title").text == "Tagged odd"


@pytest.mark.parametrize("path", ["tag/", "tag/all/"], ids=["values", "value"])
def test_axe_finds_no_serious_or_critical_violation_on_group_pages(groups_site, browser, path):
    d = browser(1280, 900)
    d.get(groups_site.origin + BASE + path)
    wait_for(d, "return document.readyState == 'complete'", 10)
    if path != "tag/":
        wait_for(d, READY, 10)
        wait_shown(d)
    counts = d.execute_script(
        "return [].map.call(document.querySelectorAll('.group-value-count'), function (c) { return c.textContent })")
    if path == "tag/":
        assert counts == ["120", "60", "60"]
    axe = Axe(d)
    axe.inject()
    result = axe.run(options="{resultTypes: ['violations']}")
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    print(f"\naxe on {path}: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], axe.report(bad)
