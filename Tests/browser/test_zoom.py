"""Zoom and pan (issue 51, point 1), in the viewer and on the item page, on a site whose pictures went
through the image pipeline (variants of 320, 640 and 1280 px): a double click goes between the fitted
picture and its full size, the wheel and + - 0 zoom in steps, a drag and (zoomed) the arrow keys pan,
kept to the picture's edges; not zoomed, the arrows walk. Past the pixels of the variant on screen the
next larger one is requested once (Resource Timing), with nothing moving (CLS 0). The item page loads
viewer.js for the zoom only when it is first used.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, console_errors, wait_for, wait_until
from server import FaultServer
from test_infinite_scroll import CLS_OBSERVER, READY
from test_theme import BINARY, OPEN, audit, open_viewer

PHOTO = REPO / "Tests" / "ScrolleryTestSites" / "Fixtures" / "images" / "photo.jpg"  # 1600 x 1067
CONFIG = """\
title: Zoom Test Gallery
pageSize: 24
source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
item: { id: "{{id}}", title: "{{name}}", image: "photos/{{name}}", alt: "Picture {{name}}" }
images: { widths: [320, 640, 1280], formats: [webp, jpeg], placeholder: color }
"""


@pytest.fixture(scope="module")
def zoom_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zoom")
    (folder / "static" / "photos").mkdir(parents=True)
    names = ["a.jpg", "b.jpg", "c.jpg"]
    for name in names:
        shutil.copy(PHOTO, folder / "static" / "photos" / name)
    (folder / "data").mkdir()
    (folder / "data" / "page-1.json").write_text(json.dumps([{"id": f"p{i + 1}", "name": n}
                                                             for i, n in enumerate(names)]))
    (folder / "scrollery.yml").write_text(CONFIG)
    run = subprocess.run([str(BINARY), "build", str(folder)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    with FaultServer(folder / "public") as server:
        yield server


# the picture's scale and translation (its computed transform), and its box on screen
STATE = """var i = arguments[0] ? document.querySelector(arguments[0]) : document.querySelector('.viewer-img'),
    m = new DOMMatrix(getComputedStyle(i).transform), r = i.getBoundingClientRect();
return {scale: m.a, x: m.e, y: m.f, width: r.width, left: r.left, right: r.right, layout: i.offsetWidth,
        src: i.currentSrc};"""
# how many times each URL ending in arguments[0] was fetched
FETCHED = """return performance.getEntriesByType('resource').filter(function (e) {
    return e.name.endsWith(arguments[0]); }).length"""
TITLE = "return document.querySelector('.viewer-title').textContent"
VIEWER_JS = """return performance.getEntriesByType('resource').filter(function (e) {
    return /\\/viewer(\\.[0-9a-f]+)?\\.js$/.test(e.name); }).length"""


def state(d, sel=None):
    return d.execute_script(STATE, sel)


def fetched(d, suffix):
    return d.execute_script(FETCHED.replace("arguments[0]", json.dumps(suffix)))


def test_a_double_click_zooms_to_full_size_and_loads_the_larger_variant_once(zoom_site, browser):
    d = browser(500, 700, init_script=CLS_OBSERVER)
    d.get(zoom_site.origin + "/")
    wait_for(d, READY, 10)
    open_viewer(d, 1)
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    fitted = state(d)
    assert fitted["scale"] == 1 and fitted["src"].endswith("-640.jpg"), fitted  # 100vw = 500 px: the 640
    assert fetched(d, "-1280.jpg") == 0
    img = d.find_element(By.CSS_SELECTOR, ".viewer-img")
    ActionChains(d).double_click(img).perform()
    zoomed = wait_for(d, "var s = (function () {" + STATE + "})(); return s.scale > 1 && s", 5, "the zoom")
    # full size: a pixel of the largest variant (1280 px) to a pixel of the screen
    assert abs(zoomed["width"] - 1280) < 2, zoomed
    assert zoomed["layout"] == fitted["layout"], "the picture's box changed: the page around it moved"
    wait_until(lambda: state(d)["src"].endswith("-1280.jpg"), 10, "the 1280 px variant shown")
    assert fetched(d, "-1280.jpg") == 1
    # zooming on, and out and in again, asks for nothing more
    d.switch_to.active_element.send_keys("+")
    wait_until(lambda: state(d)["scale"] > zoomed["scale"], 5, "+ to zoom in a step")
    d.switch_to.active_element.send_keys("-")
    d.switch_to.active_element.send_keys("-")
    ActionChains(d).double_click(img).perform()
    wait_until(lambda: state(d)["scale"] == 1, 5, "a double click back to the fitted picture")
    assert state(d)["layout"] == fitted["layout"]
    ActionChains(d).double_click(img).perform()
    wait_until(lambda: state(d)["scale"] > 1, 5, "zoomed again")
    assert fetched(d, "-1280.jpg") == 1, "the larger variant was requested more than once"
    cls, shifts = d.execute_script("return [window.__cls, window.__shifts]")
    print(f"\nCLS while zooming and loading the larger variant: {cls}")
    assert cls == 0, shifts
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    assert console_errors(d) == []


def test_the_wheel_and_buttons_zoom_the_arrows_pan_when_zoomed_and_walk_when_not(zoom_site, browser):
    d = browser(1280, 900)
    d.get(zoom_site.origin + "/")
    wait_for(d, READY, 10)
    open_viewer(d, 1)
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    assert d.execute_script(TITLE) == "a.jpg"
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # not zoomed: the next photo
    wait_until(lambda: d.execute_script(TITLE) == "b.jpg", 5, "→ to the next photo")
    img = d.find_element(By.CSS_SELECTOR, ".viewer-img")
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    ActionChains(d).scroll_from_origin(ScrollOrigin.from_element(img), 0, -300).perform()
    wait_until(lambda: state(d)["scale"] > 1.5, 5, "the wheel to zoom in")
    before = state(d)
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # zoomed: pans toward the picture's right
    wait_until(lambda: state(d)["x"] < before["x"], 5, "→ to pan")
    assert d.execute_script(TITLE) == "b.jpg", "→ walked while zoomed"
    for _ in range(30):  # far past the edge: held at the picture's right edge
        d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    edge = state(d)
    stage = d.execute_script("return document.querySelector('.viewer-stage').getBoundingClientRect().right")
    assert abs(edge["right"] - stage) < 1.5, (edge, stage)
    # a drag pans back
    ActionChains(d).click_and_hold(img).move_by_offset(120, 40).release().perform()
    wait_until(lambda: state(d)["x"] > edge["x"], 5, "a drag to pan")
    assert d.execute_script(OPEN) and d.execute_script(TITLE) == "b.jpg", "the drag walked or closed the viewer"
    # 0: fitted again; the arrows walk again
    d.switch_to.active_element.send_keys("0")
    wait_until(lambda: state(d)["scale"] == 1, 5, "0 to reset")
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: d.execute_script(TITLE) == "a.jpg", 5, "← to the previous photo")
    # the named buttons
    zoom_in = d.find_element(By.CSS_SELECTOR, ".viewer-in")
    zoom_out = d.find_element(By.CSS_SELECTOR, ".viewer-out")
    assert (zoom_in.get_attribute("aria-label"), zoom_out.get_attribute("aria-label")) == ("Zoom in", "Zoom out")
    zoom_in.click()
    wait_until(lambda: abs(state(d)["scale"] - 1.5) < 0.01, 5, "the zoom-in button: a step of 1.5")
    zoom_out.click()
    wait_until(lambda: state(d)["scale"] == 1, 5, "the zoom-out button")
    # a new photo is shown fitted
    zoom_in.click()
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_until(lambda: d.execute_script(TITLE) == "b.jpg", 5, "the next photo")
    assert state(d)["scale"] == 1
    assert console_errors(d) == []


def test_a_pinch_and_a_double_tap_zoom_on_a_phone(zoom_site, browser):
    d = browser(390, 844, mobile=True)
    d.get(zoom_site.origin + "/")
    wait_for(d, READY, 10)
    open_viewer(d, 1)
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    x, y = d.execute_script("var r = document.querySelector('.viewer-img').getBoundingClientRect();"
                            "return [r.left + r.width / 2, r.top + r.height / 2]")

    def touch(kind, points):
        d.execute_cdp_cmd("Input.dispatchTouchEvent",
                          {"type": kind, "touchPoints": [{"x": px, "y": py, "id": n} for n, (px, py) in enumerate(points)]})

    touch("touchStart", [(x - 20, y), (x + 20, y)])
    for k in range(1, 6):
        touch("touchMove", [(x - 20 - 12 * k, y), (x + 20 + 12 * k, y)])
    touch("touchEnd", [])
    pinched = wait_until(lambda: state(d)["scale"] > 2, 5, "the pinch to zoom in")
    assert d.execute_script(TITLE) == "a.jpg", "the pinch walked"
    for _ in range(2):  # a double tap: back to the fitted picture
        touch("touchStart", [(x, y)])
        touch("touchEnd", [])
    wait_until(lambda: state(d)["scale"] == 1, 5, "a double tap back to fitted")
    assert pinched


def test_the_item_page_zooms_with_the_viewers_script_loaded_on_first_use(zoom_site, browser):
    d = browser(500, 800, init_script=CLS_OBSERVER)
    d.get(zoom_site.origin + "/items/p1/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    sel = ".item-frame img"
    wait_for(d, "var i = document.querySelector('.item-frame img'); return i.complete && i.naturalWidth > 0", 10)
    fitted = state(d, sel)
    assert fitted["src"].endswith("-640.webp"), fitted  # the WebP <source>, 100vw = 500 px
    assert d.execute_script(VIEWER_JS) == 0, "the zoom's script loaded before it was used"
    ActionChains(d).double_click(d.find_element(By.CSS_SELECTOR, sel)).perform()
    zoomed = wait_until(lambda: state(d, sel)["scale"] > 1 and state(d, sel), 10, "a double click to zoom")
    assert d.execute_script(VIEWER_JS) == 1
    assert abs(zoomed["width"] - 1280) < 2, zoomed
    wait_until(lambda: state(d, sel)["src"].endswith("-1280.webp"), 10, "the 1280 px WebP variant shown")
    assert fetched(d, "-1280.webp") == 1 and fetched(d, "-1280.jpg") == 0
    assert state(d, sel)["layout"] == fitted["layout"]
    # zoomed, → pans and stays on the page; 0 resets; then → goes to the next item; + zooms too
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: state(d, sel)["x"] < zoomed["x"], 5, "→ to pan")
    assert d.current_url.endswith("/items/p1/")
    body.send_keys("0")
    wait_until(lambda: state(d, sel)["scale"] == 1, 5, "0 to reset")
    body.send_keys("+")
    wait_until(lambda: abs(state(d, sel)["scale"] - 1.5) < 0.01, 5, "+ to zoom a step")
    body.send_keys("-")
    wait_until(lambda: state(d, sel)["scale"] == 1, 5, "- to zoom out")
    cls, shifts = d.execute_script("return [window.__cls, window.__shifts]")
    assert cls == 0, shifts
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    assert console_errors(d) == []
    body.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: d.current_url.endswith("/items/p2/"), 5, "→ to the next item, not zoomed")
    # + before any double click loads the zoom too
    wait_for(d, "return document.readyState == 'complete'", 10)
    d.find_element(By.TAG_NAME, "body").send_keys("+")
    wait_until(lambda: state(d, sel)["scale"] > 1.4, 10, "+ to load the zoom and zoom in")
