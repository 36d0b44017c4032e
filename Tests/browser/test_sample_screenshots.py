"""The README's pictures: the repository's sample gallery (site/), built with the real binary, on a
phone and a desktop in headless Chromium. The shots go to .build/screenshots/sample-*.png; `make
screenshots` copies them to docs/images/, where the README shows them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import REPO, console_errors, wait_for
from server import FaultServer
from test_infinite_scroll import READY, png_size, screenshot
from test_theme import open_viewer

SHOTS = REPO / ".build" / "screenshots"


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    binary = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
    if not binary.is_absolute():
        binary = REPO / binary
    tmp = tmp_path_factory.mktemp("scrollery-sample")
    site = tmp / "site"
    shutil.copytree(REPO / "site", site, ignore=shutil.ignore_patterns("public", ".scrollery-cache"))
    out = tmp / "out"
    run = subprocess.run([str(binary), "build", str(site), "--output", str(out)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    with FaultServer(out) as server:
        yield server


@pytest.mark.parametrize("name, width, height, mobile, size", [
    ("sample-desktop.png", 1280, 800, False, (1280, 800)),
    ("sample-phone.png", 390, 844, True, (780, 1688)),
])
def test_the_sample_gallery_as_the_readme_shows_it(sample, browser, name, width, height, mobile, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d = browser(width, height, mobile=mobile)
    d.get(sample.origin + "/")
    wait_for(d, READY, 10, "the script to start")
    assert d.execute_script("return document.querySelector('h1').textContent") == "Sample Gallery"
    wait_for(d, "return document.querySelectorAll('.feed > article').length >= 24", 10, "the first page's cards")
    assert d.execute_script("return document.documentElement.scrollWidth") <= width, "horizontal overflow"
    screenshot(d, SHOTS / name)
    assert png_size(SHOTS / name) == size
    assert console_errors(d) == []


def test_the_sample_gallery_shows_a_video_and_zoom(sample, browser):
    """Item 3 has a YouTube video: a play mark on its card, a click-to-play poster on its page and in the
    viewer, nothing fetched from YouTube before the click; the pictures zoom in the viewer."""
    d = browser(1280, 900)
    d.get(sample.origin + "/")
    wait_for(d, READY, 10, "the script to start")
    assert d.execute_script("return !!document.querySelector('#item-3 .play-mark')")
    open_viewer(d, 3)
    wait_for(d, "return !!document.querySelector('.viewer-play')", 5, "the viewer's play button")
    assert d.execute_script("return performance.getEntriesByType('resource').every(function (e) {"
                            " return new URL(e.name).host == location.host; })"), "a request to another host"
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()  # item 4: a picture, zoomed by a double click
    wait_for(d, "var i = document.querySelector('.viewer-img'); return i.complete && i.naturalWidth > 0", 10)
    ActionChains(d).double_click(d.find_element(By.CSS_SELECTOR, ".viewer-img")).perform()
    wait_for(d, "return new DOMMatrix(getComputedStyle(document.querySelector('.viewer-img')).transform).a > 1",
             5, "a double click to zoom the sample's picture")
    d.get(sample.origin + "/items/3/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    assert d.find_element(By.CSS_SELECTOR, "a.video-play").get_attribute("data-embed") \
        == "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw?autoplay=1"
    assert console_errors(d) == []
