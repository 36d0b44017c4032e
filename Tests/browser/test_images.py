"""Issue 13 in headless Chromium: a site whose pictures went through the image pipeline (real files from
Tests/ScrolleryTestSites/Fixtures/images/, local originals in static/). Every picture loads from the site's
own variants in the browser's best format, at its true upright shape, over its placeholder, with no
layout shift while the pictures arrive; a picture that could not be had shows its alt text and "Image
unavailable"; and axe-core finds nothing serious.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from server import FaultServer
from conftest import REPO, console_errors, wait_for
from test_infinite_scroll import CLS_OBSERVER, READY, screenshot
from test_theme import BINARY, COUNT, OPEN, SHOTS, audit, open_viewer

FIXTURES = REPO / "Tests" / "ScrolleryTestSites" / "Fixtures" / "images"
GOOD = ["photo.jpg", "orientation-6.jpg", "alpha.png", "animated.gif", "tiny.png", "cmyk.jpg"]
BAD = ["truncated.jpg", "not-an-image.jpg", "huge-header.png"]

CONFIG = """\
title: Picture Test Gallery
pageSize: 24
source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
item: { id: "{{id}}", title: "{{name}}", image: "photos/{{name}}", alt: "Picture {{name}}" }
images: { widths: [320, 640, 1280], formats: [webp, jpeg], placeholder: color }
"""


@pytest.fixture(scope="module")
def picture_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pictures")
    (folder / "static" / "photos").mkdir(parents=True)
    for name in GOOD + BAD:
        shutil.copy(FIXTURES / name, folder / "static" / "photos" / name)
    (folder / "data").mkdir()
    items = [{"id": f"p{i + 1}", "name": name} for i, name in enumerate(GOOD + BAD)]
    (folder / "data" / "page-1.json").write_text(json.dumps(items))
    (folder / "scrollery.yml").write_text(CONFIG)
    run = subprocess.run([str(BINARY), "build", str(folder)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert f"{len(GOOD + BAD)} images ({len(GOOD)} processed, 0 reused, {len(BAD)} failed)" in run.stdout, run.stdout
    with FaultServer(folder / "public") as server:
        server.delay("/images/", 0.3)  # the pictures arrive after the page: the frames hold their place
        yield server


CARDS = """return [].map.call(document.querySelectorAll('.feed > article'), function (a) {
    var img = a.querySelector('img'), f = a.querySelector('.frame').getBoundingClientRect();
    return { title: a.querySelector('.card-title').textContent, frame: [f.width, f.height],
             src: img ? img.currentSrc : null, natural: img ? [img.naturalWidth, img.naturalHeight] : null,
             complete: img ? img.complete : null, background: getComputedStyle(a.querySelector('.frame')).backgroundColor,
             text: a.querySelector('.frame').textContent.trim() }; })"""


def test_every_picture_loads_from_its_variants_upright_and_the_bad_ones_say_so(picture_site, browser):
    d = browser(1280, 900, init_script=CLS_OBSERVER)
    d.get(picture_site.origin + "/")
    wait_for(d, READY, 10)
    wait_for(d, "return [].every.call(document.querySelectorAll('.feed img'), function (i) { return i.complete; })",
             20, "every picture to load")
    cards = {c["title"]: c for c in d.execute_script(CARDS)}
    assert set(cards) == set(GOOD + BAD)
    for name in GOOD:
        card = cards[name]
        assert card["src"].startswith(picture_site.origin + "/images/"), card
        assert card["src"].endswith(".webp"), f"{name}: Chromium takes the WebP source, got {card['src']}"
        assert card["natural"][0] > 0, f"{name} did not decode in the browser"
    # Stored 300×200 with EXIF orientation 6: shown tall, in a tall frame.
    tall = cards["orientation-6.jpg"]
    assert tall["natural"][1] > tall["natural"][0] and tall["frame"][1] > tall["frame"][0], tall
    for name in BAD:
        card = cards[name]
        assert card["src"] is None, f"{name}: no picture, and no link to the broken original"
        assert f"Picture {name}" in card["text"] and "Image unavailable" in card["text"], card
    # A transparent picture shows the page through, not its placeholder colour.
    alpha = d.execute_script("return getComputedStyle(document.querySelector('#item-3 .frame')).backgroundColor")
    assert alpha in ("rgba(0, 0, 0, 0)", "transparent"), alpha
    cls = d.execute_script("return window.__cls")
    print(f"\nCLS while {len(GOOD)} pictures arrived 0.3 s late: {cls}")
    assert cls == 0, d.execute_script("return window.__shifts")
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(d, SHOTS / "pictures-desktop.png")


def test_the_placeholder_colour_shows_until_the_picture_arrives(picture_site, browser):
    picture_site.delay("/images/", 3)
    try:
        d = browser(1280, 900)
        d.get(picture_site.origin + "/")
        wait_for(d, READY, 10)
        frame = d.find_element(By.CSS_SELECTOR, "#item-1 .frame")
        # The picture's average colour (the browser writes the inline #rrggbb back as rgb()).
        style = frame.get_attribute("style")
        assert "background: rgb(" in style, style
        background = d.execute_script("return getComputedStyle(arguments[0]).backgroundColor", frame)
        assert background in style, (background, style)
        assert not d.execute_script("return document.querySelector('#item-1 img').complete")
    finally:
        picture_site.delay("/images/", 0.3)


def test_axe_finds_no_serious_or_critical_violation_on_pictures(picture_site, browser):
    d = browser(1280, 900)
    d.get(picture_site.origin + "/")
    wait_for(d, READY, 10)
    result, bad = audit(d)
    print(f"\naxe on the picture page: {[(v['id'], v['impact']) for v in result['violations']]}")
    assert bad == [], Axe(d).report(bad)


# the viewer shows another photo than arguments[0] (its count), not a loading note
STEPPED = """var c = document.querySelector('.viewer-count').textContent;
    return c != arguments[0] && c != 'Loading…'"""


def test_the_viewer_shows_a_large_variant_and_steps_over_an_unavailable_picture(picture_site, browser):
    d = browser(1280, 900)
    d.get(picture_site.origin + "/")
    wait_for(d, READY, 10)
    open_viewer(d, 1)
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10,
             "the viewer's picture")
    shown = d.execute_script("return document.querySelector('.viewer-img').currentSrc")
    assert "/images/" in shown, shown
    width = d.execute_script("return document.querySelector('.viewer-img').naturalWidth")
    assert width >= 640, f"the viewer shows a {width} px variant on a 1280 px screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / "viewer-pictures.png"))
    # Walk to the end: the unavailable pictures are cards too, and nothing throws.
    for _ in range(len(GOOD + BAD) - 1):
        shown = d.execute_script(COUNT)
        d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        wait_for(d, STEPPED, 10, f"the viewer to step on from {shown!r}", shown)
    assert d.execute_script(OPEN)
    assert console_errors(d) == []
