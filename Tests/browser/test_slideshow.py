"""The viewer's slideshow (issue 51, point 2), on a fixture site of 30 items in pages of 12 with
`theme.slideshow.interval: 0.3`: its named button (aria-pressed) and the `p` key start it; it advances
across a page boundary (the scroll's loader brings the next page), stops on a key, a pointer or a hidden
tab, and at the end of the gallery; a photo fades in, but not with `prefers-reduced-motion`.
"""

from __future__ import annotations

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import build_and_serve, console_errors, page_timer, wait_for, wait_until
from test_infinite_scroll import open_page
from test_theme import OPEN, audit, open_viewer

BASE = "/gallery/"
CONFIG = """\
title: Slides
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
scroll:
  autoPages: 0
theme:
  slideshow: { interval: 0.3 }
"""
TITLE = "return document.querySelector('.viewer-title').textContent"
PRESSED = "return document.querySelector('.viewer-show').getAttribute('aria-pressed')"
# counts the animations the page starts (a photo's fade-in)
COUNT_ANIMATIONS = """window.__animations = 0;
var animate = Element.prototype.animate;
Element.prototype.animate = function () { window.__animations++; return animate.apply(this, arguments); };"""


@pytest.fixture(scope="module")
def slides(tmp_path_factory):
    items = [{"id": str(n), "title": f"Slide {n}"} for n in range(1, 31)]
    yield from build_and_serve(tmp_path_factory, "scrollery-slides", CONFIG, items)


def title(d):
    return d.execute_script(TITLE)


def number(d):
    return int(title(d).split()[-1])


def test_the_slideshow_crosses_a_page_and_stops_on_a_key(slides, browser):
    d = browser(1280, 900, init_script=COUNT_ANIMATIONS)
    open_page(d, slides.origin + BASE)
    assert d.execute_script("return document.querySelector('.feed').getAttribute('data-slideshow')") == "0.3"
    open_viewer(d, 11)
    button = d.find_element(By.CSS_SELECTOR, ".viewer-show")
    assert button.get_attribute("aria-label") == "Slideshow" and d.execute_script(PRESSED) == "false"
    button.click()
    assert d.execute_script(PRESSED) == "true"
    wait_until(lambda: number(d) >= 12, 5, "the slideshow to advance")
    wait_until(lambda: number(d) >= 14, 10, "the slideshow to go on into page 2")
    assert d.execute_script("return !!document.getElementById('item-13')"), "page 2 is not in the feed"
    assert d.execute_script("return window.__animations") > 0, "no photo faded in"
    d.switch_to.active_element.send_keys("x")  # any key
    wait_until(lambda: d.execute_script(PRESSED) == "false", 5, "a key to stop the slideshow")
    shown = title(d)
    page_timer(d, 1000)  # more than three intervals
    assert title(d) == shown, "the slideshow went on after a key"
    # the p key starts it again, and stops it
    d.switch_to.active_element.send_keys("p")
    wait_until(lambda: title(d) != shown, 5, "p to start the slideshow")
    d.switch_to.active_element.send_keys("p")
    wait_until(lambda: d.execute_script(PRESSED) == "false", 5, "p to stop it")
    assert d.execute_script(OPEN)
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    assert console_errors(d) == []


def test_the_slideshow_stops_at_the_end_on_a_pointer_and_on_a_hidden_tab(slides, browser):
    d = browser(1280, 900)
    open_page(d, slides.origin + f"{BASE}page/3/")
    open_viewer(d, 28)
    d.switch_to.active_element.send_keys("p")
    wait_until(lambda: title(d) == "Slide 30", 5, "the slideshow to reach the last photo")
    wait_until(lambda: d.execute_script(PRESSED) == "false", 5, "the slideshow to stop at the end")
    assert d.execute_script("return document.querySelector('.viewer-count').textContent") == "Photo 30 of 30"
    # a pointer on the picture pauses it
    d.find_element(By.CSS_SELECTOR, ".viewer-prev").click()
    wait_until(lambda: title(d) == "Slide 29", 5, "back one")
    d.switch_to.active_element.send_keys("p")
    assert d.execute_script(PRESSED) == "true"
    d.execute_script("var i = document.querySelector('.viewer-img');"
                     "i.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));"
                     "i.dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));")
    assert d.execute_script(PRESSED) == "false"
    # the tab hidden pauses it
    d.switch_to.active_element.send_keys("p")
    assert d.execute_script(PRESSED) == "true"
    d.execute_script("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                     "document.dispatchEvent(new Event('visibilitychange'))")
    assert d.execute_script(PRESSED) == "false"
    assert console_errors(d) == []


def test_the_slideshow_shows_no_motion_with_reduced_motion(slides, browser):
    d = browser(1280, 900, reduced_motion=True, init_script=COUNT_ANIMATIONS)
    open_page(d, slides.origin + BASE)
    open_viewer(d, 2)
    d.switch_to.active_element.send_keys("p")
    wait_until(lambda: number(d) >= 4, 5, "the slideshow to advance twice")
    d.switch_to.active_element.send_keys("p")
    assert d.execute_script("return window.__animations") == 0, "a photo was animated with reduced motion"
    wait_for(d, "return document.getAnimations().length == 0", 5)
