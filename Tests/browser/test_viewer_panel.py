"""The viewer's information panel (issue 51): a named button and the `i` key show and hide the title,
date, description, fields and the link to the item's page; focus stays in the viewer; axe finds nothing
serious with the panel shown or hidden. And the download (`item.download`) on the item page and in the
viewer, with the `download` attribute.
"""

from __future__ import annotations

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import BASE, build_and_serve, console_errors, wait_until
from test_infinite_scroll import open_page
from test_theme import OPEN, audit, open_viewer

PANEL = """var p = document.getElementById('viewer-info'), b = document.querySelector('.viewer-about');
    return [p.hidden, b.getAttribute('aria-expanded'), p.getBoundingClientRect().height > 0]"""
INSIDE = "return document.querySelector('dialog.viewer').contains(document.activeElement)"


def test_the_information_panel_toggles_by_button_and_key(site, browser):
    d = browser(1280, 900)
    open_page(d, site.url())
    open_viewer(d, 3)
    about = d.find_element(By.CSS_SELECTOR, ".viewer-about")
    assert about.get_attribute("aria-label") == "Information"
    assert about.get_attribute("aria-controls") == "viewer-info"
    assert d.execute_script(PANEL) == [False, "true", True]
    panel = d.find_element(By.ID, "viewer-info")
    assert d.find_element(By.CSS_SELECTOR, ".viewer-title").text == "Photographer 3"
    assert d.find_element(By.CSS_SELECTOR, ".viewer-date").text
    link = d.find_element(By.CSS_SELECTOR, "#viewer-info a.viewer-page")
    assert link.get_attribute("href") == site.url(f"{BASE}items/3/") and link.text == "Open the photo’s page"
    assert panel.find_element(By.CSS_SELECTOR, ".viewer-fields dd").text == "Photographer 3"
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)

    d.switch_to.active_element.send_keys("i")
    wait_until(lambda: d.execute_script(PANEL) == [True, "false", False], 5, "i to hide the panel")
    assert d.execute_script(INSIDE) and d.execute_script(OPEN)
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    # the next photo keeps the panel as the reader left it; the button brings it back
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.find_element(By.CSS_SELECTOR, ".viewer-title").get_attribute("textContent")
               == "Photographer 4", 5, "the next photo")
    assert d.execute_script(PANEL)[0] is True
    about.click()
    wait_until(lambda: d.execute_script(PANEL) == [False, "true", True], 5, "the button to show the panel")
    d.switch_to.active_element.send_keys("I")
    wait_until(lambda: d.execute_script(PANEL)[0] is True, 5, "I to hide it")
    # reached by Tab, inside the viewer's focus loop
    seen = []
    for _ in range(8):
        d.switch_to.active_element.send_keys("\t")
        seen.append(d.execute_script("return document.activeElement.className"))
        assert d.execute_script(INSIDE)
    assert any("viewer-about" in c for c in seen), seen
    assert console_errors(d) == []


DOWNLOAD_CONFIG = """\
title: Downloads
baseURL: /
output: public
pageSize: 12
source:
  url: data/page-{{page}}.json
  items: /items
item:
  id: "{{id}}"
  title: "{{title}}"
  image: "images/1.svg"
  width: "400"
  height: "300"
  download: "{{dl}}"
"""


@pytest.fixture(scope="module")
def download_site(tmp_path_factory):
    # the odd items have a file to download, the even ones none
    items = [{"id": str(n), "title": f"Photo {n}", "dl": f"https://example.org/files/{n}.svg" if n % 2 else ""}
             for n in range(1, 7)]
    yield from build_and_serve(tmp_path_factory, "scrollery-download", DOWNLOAD_CONFIG, items)


DL = """var a = document.querySelector('.viewer-download');
    return [a.hidden, a.hasAttribute('download'), a.getAttribute('href'), a.textContent]"""


def test_the_viewer_and_the_item_page_offer_the_download(download_site, browser):
    d = browser(1280, 900)
    open_page(d, download_site.origin + BASE)
    open_viewer(d, 1)
    wait_until(lambda: d.execute_script(DL)[2] == "https://example.org/files/1.svg", 5, "the download link")
    assert d.execute_script(DL) == [False, True, "https://example.org/files/1.svg", "Download"]
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.execute_script(DL)[0] is True, 5, "no download for item 2")
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    d.get(download_site.origin + f"{BASE}items/3/")
    a = d.find_element(By.CSS_SELECTOR, ".item-download a")
    assert a.get_attribute("download") is not None and a.get_attribute("href") == "https://example.org/files/3.svg"
    d.get(download_site.origin + f"{BASE}items/2/")
    assert d.find_elements(By.CSS_SELECTOR, "a[download]") == []
    assert console_errors(d) == []
